// Fuzz target for the environment parsers (src/parse.cpp, src/config.cpp), in libFuzzer's
// form. Properties checked on every input:
//  - no parser crashes, overflows or reads past the input (the sanitizers watch);
//  - a size that parses formats back to text that parses to the same size;
//  - every variable of the environment table given the input either parses or is refused
//    with a message that names the variable and quotes the value.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "config.h"
#include "parse.h"

namespace {

[[noreturn]] void property_failed(const char *what, const std::string &input) {
    std::fprintf(stderr, "fuzz_parse: %s for input '%s'\n", what, input.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace fabshmem;
    std::string text(reinterpret_cast<const char *>(data), size);
    size_t bytes = 0;
    if (parse_size(text, &bytes)) {
        size_t again = 0;
        if (!parse_size(format_size(bytes), &again) || again != bytes)
            property_failed("format_size does not round-trip", text);
    }
    bool flag = false;
    parse_bool(text, &flag);
    long number = 0;
    parse_int(text, &number);

    // setenv takes C strings: the value ends at the first NUL, as it would in a real environment.
    std::string value = text.substr(0, text.find('\0'));
    for (const EnvVar &var : env_vars()) {
        setenv(var.name, value.c_str(), 1);
        Config config;
        std::string error;
        if (!load_config(&config, &error) &&
            (error.find(var.name) == std::string::npos || error.find("'" + value + "'") == std::string::npos))
            property_failed("a refusal does not name the variable and value", text);
        unsetenv(var.name);
    }
    return 0;
}
