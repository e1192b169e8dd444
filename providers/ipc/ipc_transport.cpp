#include "ipc_transport.h"

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

// What each PE publishes: the shared-memory name of its host region (empty: not shared) and,
// for a GPU heap, the CUDA IPC handle of its allocation and where the heap starts in it.
struct IpcCard {
    char name[96];
    cuda::IpcHandle handle;
    uint64_t data_delta;
    char static_name[96];  // its static data's shared-memory name; empty: not shared
    uint64_t static_size;
};

void *map_shared(const char *name, size_t bytes, std::string *error) {
    int fd = shm_open(name, O_RDWR, 0);
    struct stat st{};
    void *base = MAP_FAILED;
    if (fd >= 0 && fstat(fd, &st) == 0 && static_cast<size_t>(st.st_size) == bytes)
        base = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) *error = fd < 0 ? std::strerror(errno) : "its size differs";
    if (fd >= 0) close(fd);
    return base == MAP_FAILED ? nullptr : base;
}

}  // namespace

IpcTransport::~IpcTransport() {
    for (Peer &peer : peers_) {
        if (peer.host_mapping) munmap(peer.host_mapping, peer.host_mapping_size);
        if (peer.statics) munmap(peer.statics, peer.statics_size);
        if (peer.cuda_mapping) cuda::ipc_close(peer.cuda_mapping);
    }
}

namespace {

// Maps the host regions (and GPU heaps, through CUDA IPC) of this node's PEs that share them.
// Collective: every PE publishes its card.
std::unique_ptr<Transport> open_ipc(const TransportContext &context, Status *status) {
    Bootstrap &bootstrap = context.bootstrap;
    const SymmetricSpace &space = context.space;
    const std::string &heap_name = space.shared_name;

    bool cuda_heap = space.cuda;
    IpcCard mine{};
    std::snprintf(mine.name, sizeof mine.name, "%s", heap_name.c_str());
    std::snprintf(mine.static_name, sizeof mine.static_name, "%s", space.statics_shared_name.c_str());
    mine.static_size = space.statics.size;
    std::string error;
    if (cuda_heap && !heap_name.empty()) {
        if (!cuda::ipc_get_handle(space.cuda_allocation, &mine.handle, &error)) {
            FS_ERROR("cannot share the GPU heap with this node's PEs (%s); set "
                     "FABSHMEM_DISABLE_IPC=1 to reach them through the fabric",
                     error.c_str());
            mine.name[0] = '\0';
        }
        mine.data_delta = static_cast<uint64_t>(space.data.base - static_cast<char *>(space.cuda_allocation));
    }
    const std::vector<int> &node = bootstrap.node_pes();
    std::vector<IpcCard> cards(node.size());  // only node peers need them
    *status = bootstrap.node_allgather(&mine, sizeof mine, cards.data());
    if (*status != Status::ok) return nullptr;

    std::vector<IpcTransport::Peer> peers(bootstrap.size());
    auto fail = [&](int pe, const char *what) {
        FS_ERROR("cannot map the heap of PE %d on this node (%s: %s); set FABSHMEM_DISABLE_IPC=1 "
                 "to reach it through the fabric",
                 pe, what, error.c_str());
        *status = Status::invalid_argument;
        IpcTransport cleanup(std::move(peers), cuda_heap);  // unmaps what was mapped
        return std::unique_ptr<Transport>();
    };
    if (!mine.name[0]) return std::make_unique<IpcTransport>(std::move(peers), cuda_heap);
    for (size_t i = 0; i < node.size(); ++i) {
        int pe = node[i];
        const IpcCard &card = cards[i];
        if (pe == bootstrap.rank() || !card.name[0]) continue;
        IpcTransport::Peer &peer = peers[pe];
        size_t host_bytes = cuda_heap ? space.signals.size : space.data.size;
        peer.host_mapping = map_shared(card.name, host_bytes, &error);
        if (!peer.host_mapping) return fail(pe, card.name);
        peer.host_mapping_size = host_bytes;
        peer.signals = static_cast<char *>(peer.host_mapping);
        if (cuda_heap) {
            peer.cuda_mapping = cuda::ipc_open(card.handle, &error);
            if (!peer.cuda_mapping) return fail(pe, "CUDA IPC");
            peer.data = static_cast<char *>(peer.cuda_mapping) + card.data_delta;
        } else {
            peer.data = peer.signals;
        }
        // Static data: only between copies of one program (same segment size).
        if (mine.static_name[0] && card.static_name[0] && card.static_size == mine.static_size) {
            peer.statics = static_cast<char *>(map_shared(card.static_name, mine.static_size, &error));
            if (!peer.statics) return fail(pe, card.static_name);
            peer.statics_size = mine.static_size;
        }
    }
    return std::make_unique<IpcTransport>(std::move(peers), cuda_heap);
}

std::string describe_ipc() { return "PEs of this node: POSIX shared memory (host heap), CUDA IPC (GPU heap)"; }

}  // namespace

extern const TransportEntry transport_entry_ipc = {"ipc", open_ipc, describe_ipc};

}  // namespace fabshmem
