// Removing what a process that ended without cleaning up left in /dev/shm (our heap names,
// libfabric shm regions). Linux keeps POSIX shared memory there as files.
#pragma once

#include <dirent.h>
#include <unistd.h>

#include <string>

namespace fabshmem {

// Unlinks each /dev/shm entry whose name starts with `prefix` and for which `stale(rest)`
// holds, `rest` being the name after the prefix. Returns how many it removed.
template <class Stale>
int remove_dev_shm_entries(const std::string &prefix, Stale stale) {
    DIR *dir = opendir("/dev/shm");
    if (!dir) return 0;
    int removed = 0;
    while (dirent *entry = readdir(dir)) {
        std::string name = entry->d_name;
        if (name.compare(0, prefix.size(), prefix) != 0 || !stale(name.substr(prefix.size()))) continue;
        if (unlink(("/dev/shm/" + name).c_str()) == 0) ++removed;
    }
    closedir(dir);
    return removed;
}

}  // namespace fabshmem
