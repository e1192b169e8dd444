// The symmetric heap of one PE: one region reserved at init, an internal area at its start
// (barrier flags), and the user area handed out by a deterministic allocator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "heap_allocator.h"

namespace fabshmem {

class SymmetricHeap {
public:
    // Bytes at the start of the heap that the library keeps for itself.
    static constexpr size_t kInternalBytes = 4096;
    // The base is aligned this much, so an offset aligned to at most this is an aligned address.
    static constexpr size_t kBaseAlignment = size_t{2} << 20;
    static constexpr size_t kBarrierFlagsOffset = 0;  // 64 uint64_t: one per dissemination round

    SymmetricHeap() = default;
    SymmetricHeap(const SymmetricHeap &) = delete;
    SymmetricHeap &operator=(const SymmetricHeap &) = delete;
    ~SymmetricHeap();

    // Maps `user_bytes` plus the internal area of zeroed host memory. With a `shared_name`
    // the memory is a POSIX shared-memory object of that name, which PEs of the same node
    // map (providers/ipc). False (after logging the cause) when the OS refuses.
    bool reserve_host(size_t user_bytes, const std::string &shared_name = "");
    // Removes the shared-memory name once every peer has mapped it (the mapping stays).
    void unlink_shared_name();
    void release_memory();

    char *base() const { return base_; }
    size_t size() const { return size_; }
    size_t user_size() const { return size_ - kInternalBytes; }

    bool contains(const void *ptr, size_t bytes) const {
        uintptr_t p = reinterpret_cast<uintptr_t>(ptr), b = reinterpret_cast<uintptr_t>(base_);
        return p >= b && p - b <= size_ && bytes <= size_ - (p - b);
    }
    size_t offset_of(const void *ptr) const {
        return static_cast<size_t>(static_cast<const char *>(ptr) - base_);
    }
    uint64_t *barrier_flags() const {
        return reinterpret_cast<uint64_t *>(base_ + kBarrierFlagsOffset);
    }

    // User blocks, as heap offsets. Thread-safe.
    std::optional<size_t> allocate(size_t size, size_t alignment);
    HeapAllocator::ReleaseResult release(size_t offset);
    std::optional<std::pair<size_t, size_t>> live_block_containing(size_t offset) const;
    size_t live_blocks() const;
    size_t live_bytes() const;
    size_t largest_free_range() const;

private:
    char *base_ = nullptr;
    size_t size_ = 0;
    void *mapping_ = nullptr;  // base_ rounded down to the mapping, for munmap
    size_t mapping_size_ = 0;
    std::string shared_name_;  // until unlinked
    mutable std::mutex mutex_;
    std::optional<HeapAllocator> allocator_;  // whole-heap offsets; the internal area is a block
};

}  // namespace fabshmem
