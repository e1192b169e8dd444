#include "ipc_transport.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "log.h"
#include "memory_limit.h"
#include "shared_memory_fault.h"

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
    uint64_t extension_size;  // its GPU heap's extension window; 0: none
};

// What comes with a segment's file descriptor.
struct SegmentNote {
    int32_t from_pe;
    uint64_t start, bytes;
};

// How long a PE waits for a node peer's descriptor of a new segment: the peers are in the same
// collective call, so only a hung or dead peer takes this long.
constexpr int kDescriptorTimeoutMs = 60000;

std::string mailbox_name(const char *heap_name) { return std::string(heap_name) + ".fd"; }

// Maps a node peer's shared memory, noted so that a write tmpfs has no page for is reported.
// `over_limit`: the mapping failed against this process's address-space limit (said in `error`).
void *map_shared(const char *name, size_t bytes, int pe, const char *what, std::string *error, bool *over_limit) {
    int fd = shm_open(name, O_RDWR, 0);
    if (fd < 0) {
        int saved_errno = errno;
        *error = std::strerror(saved_errno);
        if (saved_errno == ENOENT)  // a PE that failed removes its name; a container has its own /dev/shm
            *error += " in this PE's /dev/shm (has PE " + std::to_string(pe) +
                      " ended? do the two run in containers with separate /dev/shm?)";
        return nullptr;
    }
    struct stat st{};
    void *base = MAP_FAILED;
    if (fstat(fd, &st) != 0) {
        *error = std::strerror(errno);
    } else if (static_cast<size_t>(st.st_size) != bytes) {
        *error = "its size differs: " + std::to_string(st.st_size) + " bytes, " + std::to_string(bytes) + " expected";
    } else if ((base = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
        int saved_errno = errno;
        std::string limit = mapping_limit(saved_errno, bytes);
        *error = std::strerror(saved_errno) + limit;
        *over_limit = !limit.empty();
    } else {
        note_shared_mapping(base, bytes, pe, what);
    }
    close(fd);
    return base == MAP_FAILED ? nullptr : base;
}

}  // namespace

IpcTransport::~IpcTransport() {
    for (Peer &peer : peers_.entries()) {
        for (void *mapping : {peer.host_mapping, static_cast<void *>(peer.statics)}) forget_shared_mapping(mapping);
        if (peer.host_mapping) munmap(peer.host_mapping, peer.host_mapping_size);
        if (peer.statics) munmap(peer.statics, peer.statics_size);
        if (peer.cuda_mapping) cuda::ipc_close(peer.cuda_mapping);
    }
    for (const ExtensionView &view : extension_views_)  // its segments are unmapped by now
        cuda::vmm_unreserve(peers_.on_node(view.pe).extension, view.size);
}

// Sends this PE's new segment to every node peer with a window for it, and maps theirs.
// Sending never waits (a full queue is retried while receiving), so any number of node peers
// exchange at once without deadlock.
void IpcTransport::add_extension(const ExtensionSegment &segment) {
    if (!mailbox_) return;
    std::vector<const ExtensionView *> to;
    for (const ExtensionView &view : extension_views_) to.push_back(&view);
    size_t expected = to.size();
    if (!expected) return;
    std::string error;
    int fd = cuda::vmm_export(segment.cuda_handle, &error);
    if (fd < 0)
        fatal("cannot share a new part of the GPU heap with this node's PEs: %s; set FABSHMEM_DISABLE_IPC=1 "
              "to reach them through the fabric",
              error.c_str());
    SegmentNote note{my_pe_, segment.start, segment.bytes};
    size_t received = 0;
    while (!to.empty() || received < expected) {
        for (auto it = to.begin(); it != to.end();) {
            auto sent = mailbox_->send((*it)->mailbox, &note, sizeof note, fd, &error);
            if (sent == FdMailbox::SendResult::failed)
                fatal("cannot send PE %d the descriptor of a new part of the GPU heap: %s; is it still running?",
                      (*it)->pe, error.c_str());
            it = sent == FdMailbox::SendResult::sent ? to.erase(it) : it + 1;
        }
        if (received == expected) continue;
        SegmentNote theirs{};
        int their_fd = -1;
        if (!mailbox_->receive(&theirs, sizeof theirs, &their_fd, to.empty() ? kDescriptorTimeoutMs : 1, &error)) {
            if (!to.empty()) continue;  // nothing yet; send the rest first
            fatal("waiting for node peers' descriptors of a new part of the GPU heap: %s (%zu of %zu arrived); "
                  "every PE must make the same allocation and registration calls",
                  error.c_str(), received, expected);
        }
        uint64_t handle = 0;
        int from = theirs.from_pe;
        error.clear();
        bool mapped = from >= 0 && from < peers_.n_pes() && peers_[from].extension &&
                      theirs.start == segment.start && theirs.bytes == segment.bytes &&
                      cuda::vmm_import(their_fd, &handle, &error) &&
                      cuda::vmm_map(peers_[from].extension + theirs.start, theirs.bytes, handle, &error);
        close(their_fd);
        cuda::vmm_release(handle);  // the mapping keeps the memory
        if (!mapped)
            fatal("cannot map PE %d's new part of the GPU heap (%llu bytes at %llu in its window, this PE's: %zu at "
                  "%zu): %s",
                  from, static_cast<unsigned long long>(theirs.bytes), static_cast<unsigned long long>(theirs.start),
                  segment.bytes, segment.start, error.empty() ? "the segments differ" : error.c_str());
        ++received;
    }
    close(fd);
}

void IpcTransport::remove_extension(const ExtensionSegment &segment) {
    for (const ExtensionView &view : extension_views_)
        cuda::vmm_unmap(peers_[view.pe].extension + segment.start, segment.bytes);
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
    mine.extension_size = space.extension.size;
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
    // The extension's descriptors arrive here: bound before the cards go out, so no peer sends
    // to a mailbox that is not there yet, and a PE without one says so in its card.
    std::unique_ptr<FdMailbox> mailbox;
    if (cuda_heap && mine.name[0] && mine.extension_size) {
        mailbox = std::make_unique<FdMailbox>();
        if (!mailbox->open(mailbox_name(mine.name), &error)) {
            FS_WARN("cannot open a socket for sharing the GPU heap's growth with this node's PEs (%s); the heap "
                    "cannot grow past FABSHMEM_SYMMETRIC_SIZE, nor take registered buffers",
                    error.c_str());
            mailbox.reset();
            mine.extension_size = 0;
        }
    }
    const std::vector<int> &node = bootstrap.node_pes();
    std::vector<IpcCard> cards(node.size());  // only node peers need them
    *status = bootstrap.node_allgather(&mine, sizeof mine, cards.data());
    if (*status != Status::ok) return nullptr;

    IpcTransport::NodePeers peers(bootstrap.size(), node);
    std::vector<IpcTransport::ExtensionView> views;
    bool over_limit = false;
    auto fail = [&](int pe, const char *what) {
        FS_ERROR("cannot map the heap of PE %d on this node (%s: %s); %sset FABSHMEM_DISABLE_IPC=1 "
                 "to reach it through the fabric",
                 pe, what, error.c_str(),
                 over_limit ? "each PE maps the heaps of its node peers beside its own: raise the limit before the "
                              "launch, set FABSHMEM_SYMMETRIC_SIZE to a smaller size, or "
                            : "");
        *status = Status::invalid_argument;
        IpcTransport cleanup(std::move(peers), cuda_heap, bootstrap.rank(), nullptr, std::move(views));  // unmaps
        return std::unique_ptr<Transport>();
    };
    if (!mine.name[0]) return std::make_unique<IpcTransport>(std::move(peers), cuda_heap, bootstrap.rank());
    for (size_t i = 0; i < node.size(); ++i) {
        int pe = node[i];
        const IpcCard &card = cards[i];
        if (pe == bootstrap.rank() || !card.name[0]) continue;
        IpcTransport::Peer &peer = peers.on_node(pe);
        size_t host_bytes = cuda_heap ? space.signals.size : space.data.size;
        peer.host_mapping = map_shared(card.name, host_bytes, pe, cuda_heap ? "signal words" : "symmetric heap", &error, &over_limit);
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
            peer.statics = static_cast<char *>(map_shared(card.static_name, mine.static_size, pe, "global and static variables", &error, &over_limit));
            if (!peer.statics) return fail(pe, card.static_name);
            peer.statics_size = mine.static_size;
        }
        if (mailbox && card.extension_size) {  // both have windows
            peer.extension = static_cast<char *>(cuda::vmm_reserve(card.extension_size, 0, &error));
            if (!peer.extension) return fail(pe, "reserving address space for its heap's extension");
            views.push_back({pe, card.extension_size, mailbox_name(card.name)});
        }
    }
    return std::make_unique<IpcTransport>(std::move(peers), cuda_heap, bootstrap.rank(), std::move(mailbox),
                                          std::move(views));
}

std::string describe_ipc() { return "PEs of this node: POSIX shared memory (host heap), CUDA IPC (GPU heap)"; }

}  // namespace

extern const TransportEntry transport_entry_ipc = {"ipc", open_ipc, describe_ipc};

}  // namespace fabshmem
