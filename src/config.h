// The parsed environment (see env_table.h for names, defaults and help).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fabshmem {

enum class EnvKind { Size, Bool, Int, String };

struct EnvVar {
    const char *name;
    const char *alias;
    EnvKind kind;
    const char *default_value;
    const char *help;
};

const std::vector<EnvVar> &env_vars();

struct Config {
    size_t symmetric_size = 0;
    std::string heap;
    bool gpu_exclusive = false;
    std::string provider;
    std::string nic;
    bool disable_ipc = false;
    bool static_data = true;
    bool staged = false;
    size_t max_msg_size = 0;
    bool info = false;
    bool debug = false;
    long bootstrap_timeout = 0;
    long peer_timeout = 0;
    long progress_cpu = -1;
    long progress_spin_us = 0;
    bool progress_nap = false;
};

// Reads every variable of the table. On a bad value returns false with a message naming
// the variable, the value and what is accepted.
bool load_config(Config *config, std::string *error);

}  // namespace fabshmem
