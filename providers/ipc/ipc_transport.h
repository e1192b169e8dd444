// PEs of the same node, through shared memory: each PE's host heap is a POSIX shared-memory
// object that the other PEs of its node map, so get and put are memory copies and
// nvshmem_ptr gives a load/store address. (A GPU heap will use CUDA IPC the same way.)
#pragma once

#include <cstring>
#include <vector>

#include "transport.h"

namespace fabshmem {

class IpcTransport final : public Transport {
public:
    IpcTransport(std::vector<char *> peer_bases, size_t heap_size)
        : peer_bases_(std::move(peer_bases)), heap_size_(heap_size) {}
    ~IpcTransport() override;

    const char *name() const override { return "ipc"; }
    bool reaches(int pe) const { return peer_bases_[pe] != nullptr; }

    void get(void *dest, size_t offset, size_t bytes, int pe, bool) override {
        std::memcpy(dest, peer_bases_[pe] + offset, bytes);
    }
    void put(size_t offset, const void *src, size_t bytes, int pe, bool) override {
        std::memcpy(peer_bases_[pe] + offset, src, bytes);
    }
    void put_signal(size_t offset, uint64_t value, int pe) override {
        __atomic_store_n(reinterpret_cast<uint64_t *>(peer_bases_[pe] + offset), value, __ATOMIC_RELEASE);
    }
    // Copies are complete when they return; the fences order them for other PEs' loads.
    void quiet() override { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
    void fence() override { __atomic_thread_fence(__ATOMIC_RELEASE); }
    void *local_address(size_t offset, int pe) override { return peer_bases_[pe] + offset; }
    std::string describe() const override { return "ipc (shared memory)"; }

private:
    std::vector<char *> peer_bases_;  // per PE: its heap mapped here, or nullptr
    size_t heap_size_;
};

}  // namespace fabshmem
