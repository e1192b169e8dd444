#include "config.h"

#include <cstdlib>

#include "parse.h"

namespace fabshmem {
namespace {

const char *kind_hint(EnvKind kind) {
    switch (kind) {
        case EnvKind::Size: return "a size such as 1073741824, 512M or 2G";
        case EnvKind::Bool: return "1/0, yes/no, true/false or on/off";
        case EnvKind::Int: return "an integer";
        case EnvKind::String: return "a string";
    }
    return "";
}

bool parse_into(EnvKind, const std::string &text, size_t *out) { return parse_size(text, out); }
bool parse_into(EnvKind, const std::string &text, bool *out) { return parse_bool(text, out); }
bool parse_into(EnvKind, const std::string &text, long *out) { return parse_int(text, out); }
bool parse_into(EnvKind, const std::string &text, std::string *out) {
    *out = text;
    return true;
}

// The value from NAME, else ALIAS, else the default; `source` says which one it was.
std::string lookup(const EnvVar &var, std::string *source) {
    if (const char *value = std::getenv(var.name)) {
        *source = var.name;
        return value;
    }
    if (var.alias[0]) {
        if (const char *value = std::getenv(var.alias)) {
            *source = var.alias;
            return value;
        }
    }
    *source = "the default of " + std::string(var.name);
    return var.default_value;
}

}  // namespace

const std::vector<EnvVar> &env_vars() {
    static const std::vector<EnvVar> vars = {
#define FABSHMEM_ENV_ENTRY(field, name, alias, kind, def, help) {name, alias, EnvKind::kind, def, help},
        FABSHMEM_FOR_EACH_ENV_VAR(FABSHMEM_ENV_ENTRY)
#undef FABSHMEM_ENV_ENTRY
    };
    return vars;
}

bool load_config(Config *config, std::string *error) {
    Config parsed;
    size_t index = 0;
#define FABSHMEM_ENV_PARSE(field, name, alias, kind, def, help)                                   \
    {                                                                                             \
        const EnvVar &var = env_vars()[index++];                                                  \
        std::string source;                                                                       \
        std::string text = lookup(var, &source);                                                  \
        if (!parse_into(EnvKind::kind, text, &parsed.field)) {                                    \
            *error = source + "='" + text + "' is not valid: expected " + kind_hint(EnvKind::kind); \
            return false;                                                                         \
        }                                                                                         \
    }
    FABSHMEM_FOR_EACH_ENV_VAR(FABSHMEM_ENV_PARSE)
#undef FABSHMEM_ENV_PARSE
    *config = parsed;
    return true;
}

}  // namespace fabshmem
