// This PE's own heap: memory copies (cudaMemcpy for a GPU heap).
#pragma once

#include "heap_copy.h"
#include "symmetric_heap.h"
#include "transport.h"

namespace fabshmem {

class SelfTransport final : public Transport {
public:
    explicit SelfTransport(const SymmetricHeap &heap)
        : base_(heap.base()), signals_(heap.signal_base()), cuda_(heap.kind() == HeapKind::cuda) {}
    const char *name() const override { return "self"; }
    void get(void *dest, size_t offset, size_t bytes, int, bool blocking) override {
        heap_copy(cuda_, dest, base_ + offset, bytes, blocking);
    }
    void put(size_t offset, const void *src, size_t bytes, int, bool blocking) override {
        heap_copy(cuda_, base_ + offset, src, bytes, blocking);
    }
    void put_signal(size_t offset, uint64_t value, int) override {
        __atomic_store_n(reinterpret_cast<uint64_t *>(signals_ + offset), value, __ATOMIC_RELEASE);
    }
    void quiet() override { heap_copies_complete(cuda_); }
    void fence() override { __atomic_thread_fence(__ATOMIC_RELEASE); }
    void *local_address(size_t offset, int) override { return base_ + offset; }

private:
    char *base_;
    char *signals_;
    bool cuda_;
};

}  // namespace fabshmem
