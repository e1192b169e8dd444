// The parsed environment: env_table.h declares each variable once (name, kind, default,
// help), and that table makes the struct below, the parser, fabshmem-info and the docs.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "env_table.h"

namespace fabshmem {

enum class EnvKind { Size, Bool, Int, String };

struct EnvVar {
    const char *name;
    const char *alias;
    EnvKind kind;
    const char *default_value;
    const char *min;  // Size and Int: the accepted range ("" for none)
    const char *max;
    const char *help;
};

const std::vector<EnvVar> &env_vars();

// One field per row of the env table, of the row's kind.
template <EnvKind> struct EnvValue;
template <> struct EnvValue<EnvKind::Size> { using type = size_t; };
template <> struct EnvValue<EnvKind::Bool> { using type = bool; };
template <> struct EnvValue<EnvKind::Int> { using type = long; };
template <> struct EnvValue<EnvKind::String> { using type = std::string; };

struct Config {
#define FABSHMEM_ENV_FIELD(field, name, alias, kind, def, lo, hi, help) EnvValue<EnvKind::kind>::type field{};
    FABSHMEM_FOR_EACH_ENV_VAR(FABSHMEM_ENV_FIELD)
#undef FABSHMEM_ENV_FIELD
};

// Reads every variable of the table. On a bad value returns false with a message naming
// the variable, the value and what is accepted.
bool load_config(Config *config, std::string *error);

}  // namespace fabshmem
