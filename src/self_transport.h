// This PE's own heap: plain memory copies.
#pragma once

#include <cstring>

#include "transport.h"

namespace fabshmem {

class SelfTransport final : public Transport {
public:
    explicit SelfTransport(char *heap_base) : heap_base_(heap_base) {}
    const char *name() const override { return "self"; }
    void get(void *dest, size_t offset, size_t bytes, int, bool) override {
        std::memmove(dest, heap_base_ + offset, bytes);
    }
    void put(size_t offset, const void *src, size_t bytes, int, bool) override {
        std::memmove(heap_base_ + offset, src, bytes);
    }
    void put_signal(size_t offset, uint64_t value, int) override {
        __atomic_store_n(reinterpret_cast<uint64_t *>(heap_base_ + offset), value, __ATOMIC_RELEASE);
    }
    void quiet() override { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
    void fence() override { __atomic_thread_fence(__ATOMIC_RELEASE); }
    void *local_address(size_t offset, int) override { return heap_base_ + offset; }

private:
    char *heap_base_;
};

}  // namespace fabshmem
