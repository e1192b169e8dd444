#include "ipc/ipc_transport.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "log.h"

namespace fabshmem {
namespace {

struct HeapName {
    char name[96];  // empty: this PE's heap is not shared
};

}  // namespace

IpcTransport::~IpcTransport() {
    for (char *base : peer_bases_)
        if (base) munmap(base, heap_size_);
}

std::unique_ptr<IpcTransport> open_ipc_transport(Bootstrap &bootstrap, const std::string &heap_name,
                                                 size_t heap_size, Status *status) {
    HeapName mine{};
    std::snprintf(mine.name, sizeof mine.name, "%s", heap_name.c_str());
    std::vector<HeapName> names(bootstrap.size());
    *status = bootstrap.allgather(&mine, sizeof mine, names.data());
    if (*status != Status::ok) return nullptr;

    std::vector<char *> bases(bootstrap.size(), nullptr);
    if (!heap_name.empty()) {
        for (int pe : bootstrap.node_pes()) {
            if (pe == bootstrap.rank() || !names[pe].name[0]) continue;
            int fd = shm_open(names[pe].name, O_RDWR, 0);
            struct stat st{};
            void *base = MAP_FAILED;
            if (fd >= 0 && fstat(fd, &st) == 0 && static_cast<size_t>(st.st_size) == heap_size)
                base = mmap(nullptr, heap_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
            int saved_errno = errno;
            if (fd >= 0) close(fd);
            if (base == MAP_FAILED) {
                FS_ERROR("cannot map the heap of PE %d on this node (%s): %s; set "
                         "FABSHMEM_DISABLE_IPC=1 to reach it through the fabric",
                         pe, names[pe].name, fd < 0 ? std::strerror(saved_errno) : "size differs");
                *status = Status::invalid_argument;
                for (char *mapped : bases)
                    if (mapped) munmap(mapped, heap_size);
                return nullptr;
            }
            bases[pe] = static_cast<char *>(base);
        }
    }
    return std::make_unique<IpcTransport>(std::move(bases), heap_size);
}

}  // namespace fabshmem
