#include "memory_limit.h"

#include <sys/resource.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "parse.h"

namespace fabshmem {
namespace {

// A "VmSize:" / "VmData:" line of /proc/self/status, in bytes; 0 where it cannot be read.
size_t status_bytes(const char *field) {
    FILE *status = std::fopen("/proc/self/status", "r");
    if (!status) return 0;
    char line[256];
    size_t kib = 0, length = std::strlen(field);
    while (std::fgets(line, sizeof line, status))
        if (std::strncmp(line, field, length) == 0) {
            std::sscanf(line + length, "%zu", &kib);
            break;
        }
    std::fclose(status);
    return kib * 1024;
}

// "; this process may map at most ... (ulimit -v; hard limit ...) and maps ... already" where
// `resource`'s soft limit is finite and `used` + `bytes` passes it.
std::string passed_limit(int resource, const char *what, const char *option, size_t used, size_t bytes) {
    rlimit limit{};
    if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY || used + bytes <= limit.rlim_cur)
        return "";
    std::string hard = limit.rlim_max == RLIM_INFINITY ? "none" : human_size(static_cast<size_t>(limit.rlim_max));
    char text[300];
    std::snprintf(text, sizeof text, "; this process may map at most %s of %s (ulimit %s; hard limit %s) and maps %s already",
                  human_size(static_cast<size_t>(limit.rlim_cur)).c_str(), what, option, hard.c_str(),
                  human_size(used).c_str());
    return text;
}

}  // namespace

std::string mapping_limit(int error_number, size_t bytes) {
    if (error_number != ENOMEM) return "";
    std::string address_space = passed_limit(RLIMIT_AS, "address space", "-v", status_bytes("VmSize:"), bytes);
    if (!address_space.empty()) return address_space;
    // Private writable mappings (a heap that is not shared) count against the data limit too.
    return passed_limit(RLIMIT_DATA, "private memory", "-d", status_bytes("VmData:"), bytes);
}

}  // namespace fabshmem
