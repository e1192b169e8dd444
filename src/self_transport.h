// This PE's own heap and static data: memory copies (cudaMemcpy for a GPU heap).
#pragma once

#include "heap_copy.h"
#include "static_data.h"
#include "symmetric_heap.h"
#include "transport.h"

namespace fabshmem {

class SelfTransport final : public Transport {
public:
    SelfTransport(const SymmetricHeap &heap, const StaticData &statics)
        : base_(heap.base()), statics_(statics.base()), signals_(heap.signal_base()),
          cuda_(heap.kind() == HeapKind::cuda) {}
    const char *name() const override { return "self"; }
    void get(void *dest, size_t offset, size_t bytes, int, bool blocking) override {
        heap_copy(cuda_ && !is_static_offset(offset), dest, at(offset), bytes, blocking);
    }
    void put(size_t offset, const void *src, size_t bytes, int, bool blocking) override {
        heap_copy(cuda_ && !is_static_offset(offset), at(offset), src, bytes, blocking);
    }
    uint64_t atomic(const AtomicRequest &request, int) override {
        return atomic_at(at(request.offset), cuda_ && !is_static_offset(request.offset), request);
    }
    void put_signal(size_t offset, uint64_t value, int) override {
        __atomic_store_n(reinterpret_cast<uint64_t *>(signals_ + offset), value, __ATOMIC_RELEASE);
    }
    void quiet() override { heap_copies_complete(cuda_); }
    void fence() override { __atomic_thread_fence(__ATOMIC_RELEASE); }
    void *local_address(size_t offset, int) override { return at(offset); }

private:
    char *at(size_t offset) const {
        return is_static_offset(offset) ? statics_ + (offset - kStaticOffset) : base_ + offset;
    }

    char *base_;
    char *statics_;  // null without symmetric static data
    char *signals_;
    bool cuda_;
};

}  // namespace fabshmem
