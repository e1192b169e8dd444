// Status codes passed up from the first place that sees a failure (which logs the cause).
#pragma once

namespace fabshmem {

enum class Status {
    ok,
    invalid_argument,
    out_of_memory,
    not_supported,
    fabric_error,
    bootstrap_error,
};

inline const char *to_string(Status s) {
    switch (s) {
        case Status::ok: return "ok";
        case Status::invalid_argument: return "invalid argument";
        case Status::out_of_memory: return "out of memory";
        case Status::not_supported: return "not supported";
        case Status::fabric_error: return "fabric error";
        case Status::bootstrap_error: return "bootstrap error";
    }
    return "unknown status";
}

}  // namespace fabshmem
