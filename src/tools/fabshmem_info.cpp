// fabshmem-info: the version, build options, every environment variable (from the same table
// the library parses), and what each registered transport can use here.
//   fabshmem-info            everything
//   fabshmem-info --env-markdown   the README's environment table
#include <cstdio>
#include <cstring>
#include <string>

#include "config.h"
#include "nvshmem.h"
#include "topology.h"
#include "transport.h"

using namespace fabshmem;

namespace {

void print_env_markdown() {
    std::printf("| variable | default | range | meaning |\n|---|---|---|---|\n");
    for (const EnvVar &var : env_vars()) {
        std::string name = std::string("`") + var.name + "`";
        if (var.alias[0]) name += std::string(" (or `") + var.alias + "`)";
        std::string range = var.min[0] ? std::string(var.min) + " – " + var.max : "";
        std::printf("| %s | `%s` | %s | %s |\n", name.c_str(), var.default_value[0] ? var.default_value : "\"\"",
                    range.c_str(), var.help);
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc > 1 && std::strcmp(argv[1], "--env-markdown") == 0) {
        print_env_markdown();
        return 0;
    }
    char name[NVSHMEM_MAX_NAME_LEN];
    nvshmem_info_get_name(name);
    std::printf("%s\n", name);
#ifdef FABSHMEM_HAVE_CUDA
    std::printf("build: CUDA on\n");
#else
    std::printf("build: CUDA off (host-memory heap only)\n");
#endif
    std::printf("\nenvironment variables:\n");
    for (const EnvVar &var : env_vars()) {
        std::string range = var.min[0] ? std::string(" (") + var.min + " to " + var.max + ")" : "";
        std::printf("  %-28s default %-6s %s%s%s%s\n", var.name,
                    var.default_value[0] ? var.default_value : "\"\"", var.help, range.c_str(),
                    var.alias[0] ? "; also read from " : "", var.alias);
    }
    std::string why;
    auto topology = Topology::load(&why);
    std::printf("\nthis node: %s\n", topology ? topology->summary().c_str() : ("topology unknown: " + why).c_str());
    std::printf("\ntransports, in routing order:\n");
    for (const TransportEntry *entry : registered_transports())
        std::printf("  %-8s %s\n", entry->name, entry->describe_machine().c_str());
    return 0;
}
