// PEs of the same node without the fabric. A host heap is a POSIX shared-memory object that
// the node's other PEs map, so get and put are memcpy; a GPU heap is shared through CUDA IPC,
// so get and put are cudaMemcpy between the GPUs' memories, and its host signal region
// through shared memory. nvshmem_ptr gives the mapped address either way. The PEs' static data
// (static_data.h), shared memory too, is mapped beside. A GPU heap's extension
// (extension_space.h) is shared segment by segment: each PE sends its node peers a file
// descriptor of the new segment's memory (fd_mailbox.h), and they map it at the same place in
// the window they reserved for that PE.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "fd_mailbox.h"
#include "heap_copy.h"
#include "log.h"
#include "transport.h"

namespace fabshmem {

class IpcTransport final : public Transport {
public:
    struct Peer {
        char *data = nullptr;     // the peer's data region mapped here; nullptr: not reachable
        char *signals = nullptr;  // its signal region mapped here
        void *cuda_mapping = nullptr;  // what cudaIpcOpenMemHandle returned, to close
        void *host_mapping = nullptr;  // what mmap returned, to unmap
        size_t host_mapping_size = 0;
        char *statics = nullptr;       // its static data mapped here; nullptr: not shared
        size_t statics_size = 0;
        char *extension = nullptr;     // its GPU heap's extension window here; nullptr: none
    };
    // An entry per node peer, found by PE number through a 4-byte index per PE of the job: what
    // grows with the job is the index, not the entries (they grow with the node).
    class NodePeers {
    public:
        NodePeers(int n_pes, const std::vector<int> &node) : index_(n_pes, -1), entries_(node.size()) {
            for (size_t i = 0; i < node.size(); ++i) index_[node[i]] = static_cast<int>(i);
        }
        // A PE of another node has the empty entry: nothing mapped.
        const Peer &operator[](int pe) const { return index_[pe] < 0 ? none_ : entries_[index_[pe]]; }
        Peer &on_node(int pe) { return entries_[index_[pe]]; }  // pe: a PE of this node
        int n_pes() const { return static_cast<int>(index_.size()); }
        std::vector<Peer> &entries() { return entries_; }

    private:
        std::vector<int> index_;
        std::vector<Peer> entries_;
        Peer none_;
    };
    // A node peer's extension window as reserved here, and where it receives descriptors.
    struct ExtensionView {
        int pe;
        size_t size;
        std::string mailbox;
    };
    IpcTransport(NodePeers peers, bool cuda, int my_pe, std::unique_ptr<FdMailbox> mailbox = nullptr,
                 std::vector<ExtensionView> views = {})
        : peers_(std::move(peers)), cuda_(cuda), my_pe_(my_pe), mailbox_(std::move(mailbox)),
          extension_views_(std::move(views)) {}
    ~IpcTransport() override;

    const char *name() const override { return "ipc"; }
    size_t bytes_per_peer() const override { return sizeof(int); }  // the index; entries: node peers only
    unsigned caps() const override { return kLoadStore | kDeviceMemory; }
    bool reaches(int pe) const override { return peers_[pe].data != nullptr; }

    void get(void *dest, size_t offset, size_t bytes, int pe, bool blocking) override {
        heap_copy(cuda_ && !is_static_offset(offset), dest, at(offset, pe), bytes, blocking);
    }
    void put(size_t offset, const void *src, size_t bytes, int pe, bool blocking) override {
        heap_copy(cuda_ && !is_static_offset(offset), at(offset, pe), src, bytes, blocking);
    }
    uint64_t atomic(const AtomicRequest &request, int pe) override {
        return atomic_at(at(request.offset, pe), cuda_ && !is_static_offset(request.offset), request);
    }
    void put_signal(size_t offset, uint64_t value, int pe) override {
        __atomic_store_n(reinterpret_cast<uint64_t *>(peers_[pe].signals + offset), value, __ATOMIC_RELEASE);
    }
    // Blocking copies are complete when they return; quiet completes the rest, and the fences
    // order them for other PEs' loads.
    void quiet() override { heap_copies_complete(cuda_); }
    void fence() override { __atomic_thread_fence(__ATOMIC_RELEASE); }
    void *local_address(size_t offset, int pe) override {
        if (is_static_offset(offset) && !peers_[pe].statics) return nullptr;  // not shared with us
        if (is_extension_offset(offset) && !peers_[pe].extension) return nullptr;
        return at(offset, pe);
    }
    void add_extension(const ExtensionSegment &segment) override;
    void remove_extension(const ExtensionSegment &segment) override;
    std::string describe() const override { return cuda_ ? "ipc (CUDA IPC)" : "ipc (shared memory)"; }

private:
    char *at(size_t offset, int pe) const {
        if (is_extension_offset(offset)) {
            if (!peers_[pe].extension)
                fatal("PE %d's GPU heap past FABSHMEM_SYMMETRIC_SIZE (grown, or a registered buffer) is not "
                      "mapped on this PE (see the warnings at init); set FABSHMEM_DISABLE_IPC=1 to reach it "
                      "through the fabric", pe);
            return peers_[pe].extension + (offset - kExtensionOffset);
        }
        if (!is_static_offset(offset)) return peers_[pe].data + offset;
        if (!peers_[pe].statics)
            fatal("PE %d's global and static variables are not shared with this PE (see its "
                  "warning at init, or FABSHMEM_STATIC_DATA); use memory from nvshmem_malloc", pe);
        return peers_[pe].statics + (offset - kStaticOffset);
    }

    NodePeers peers_;
    bool cuda_;
    int my_pe_;
    std::unique_ptr<FdMailbox> mailbox_;  // GPU heap with an extension window only
    std::vector<ExtensionView> extension_views_;  // node peers only: not an entry per PE
};

}  // namespace fabshmem
