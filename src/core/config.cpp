#include "config.h"

#include <cstdlib>
#include <type_traits>

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

// Whether a parsed value lies in the variable's range (its bounds parse as the value did).
template <class T>
bool in_range(const EnvVar &var, const T &value) {
    if constexpr (std::is_same<T, size_t>::value || std::is_same<T, long>::value) {
        T low{}, high{};
        if (var.min[0] && parse_into(var.kind, var.min, &low) && value < low) return false;
        if (var.max[0] && parse_into(var.kind, var.max, &high) && value > high) return false;
    }
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
#define FABSHMEM_ENV_ENTRY(field, name, alias, kind, def, lo, hi, help) {name, alias, EnvKind::kind, def, lo, hi, help},
        FABSHMEM_FOR_EACH_ENV_VAR(FABSHMEM_ENV_ENTRY)
#undef FABSHMEM_ENV_ENTRY
    };
    return vars;
}

bool load_config(Config *config, std::string *error) {
    Config parsed;
    size_t index = 0;
#define FABSHMEM_ENV_PARSE(field, name, alias, kind, def, lo, hi, help)                       \
    {                                                                                             \
        const EnvVar &var = env_vars()[index++];                                                  \
        std::string source;                                                                       \
        std::string text = lookup(var, &source);                                                  \
        if (!parse_into(EnvKind::kind, text, &parsed.field)) {                                    \
            *error = source + "='" + text + "' is not valid: expected " + kind_hint(EnvKind::kind); \
            return false;                                                                         \
        }                                                                                         \
        if (!in_range(var, parsed.field)) {                                                       \
            *error = source + "='" + text + "' is out of range: expected " + var.min + " to " + var.max; \
            return false;                                                                         \
        }                                                                                         \
    }
    FABSHMEM_FOR_EACH_ENV_VAR(FABSHMEM_ENV_PARSE)
#undef FABSHMEM_ENV_PARSE
    *config = parsed;
    return true;
}

}  // namespace fabshmem
