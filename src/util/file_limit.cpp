#include "file_limit.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>

namespace fabshmem {
namespace {

// Listing /proc/self/fd takes a descriptor, which a process at its limit does not have: then
// each possible descriptor is asked (F_GETFD needs none).
unsigned long open_files(unsigned long allowed) {
    unsigned long count = 0;
    if (DIR *dir = opendir("/proc/self/fd")) {
        while (dirent *entry = readdir(dir))
            if (entry->d_name[0] != '.') ++count;
        closedir(dir);
        return count - 1;  // the directory's own descriptor
    }
    for (unsigned long fd = 0; fd < allowed; ++fd)
        if (fcntl(static_cast<int>(fd), F_GETFD) != -1) ++count;
    return count;
}

}  // namespace

bool allow_open_files(unsigned long needed, unsigned long *soft, unsigned long *hard) {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return true;  // nothing known: nothing to say
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < needed) {
        rlimit raised = limit;
        raised.rlim_cur = limit.rlim_max == RLIM_INFINITY ? needed : std::min<rlim_t>(needed, limit.rlim_max);
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    *soft = static_cast<unsigned long>(limit.rlim_cur);
    *hard = static_cast<unsigned long>(limit.rlim_max);
    return limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= needed;
}

std::string open_files_advice(int error_number) {
    if (error_number == ENFILE)
        return "; the system's table of open files is full (/proc/sys/fs/file-max): ask the "
               "machine's administrator, or run fewer processes on this node";
    rlimit limit{};
    if ((error_number != EMFILE && error_number != 0) || getrlimit(RLIMIT_NOFILE, &limit) != 0 ||
        limit.rlim_cur == RLIM_INFINITY)
        return "";
    unsigned long allowed = static_cast<unsigned long>(limit.rlim_cur), open = open_files(allowed);
    // A library that gives no reason failed for this one only if nearly every file is open.
    if (error_number == 0 && open + 4 < allowed) return "";
    std::string hard = limit.rlim_max == RLIM_INFINITY ? "none" : std::to_string(limit.rlim_max);
    char text[400];
    std::snprintf(text, sizeof text,
                  "; this process has %lu files open and may open %lu (ulimit -n; hard limit %s): "
                  "raise the limit before the launch (ulimit -n, which srun passes on to the job's "
                  "processes; libfabric's tcp provider takes a file for each peer a PE talks to)",
                  open, allowed, hard.c_str());
    return text;
}

}  // namespace fabshmem
