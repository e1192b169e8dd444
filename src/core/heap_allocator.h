// Deterministic first-fit allocator over offsets [0, capacity). Deterministic is the point:
// the same sequence of calls yields the same offsets on every PE, which is what makes the
// heap symmetric. It manages numbers only; SymmetricHeap owns the memory.
#pragma once

#include <cstddef>
#include <map>
#include <optional>

namespace fabshmem {

class HeapAllocator {
public:
    static constexpr size_t kMinAlignment = 64;  // a cache line: blocks never share one

    explicit HeapAllocator(size_t capacity);

    // Offset of a new block of `size` bytes aligned to `alignment` (a power of two), or
    // nothing when no free range fits.
    std::optional<size_t> allocate(size_t size, size_t alignment = kMinAlignment);

    enum class ReleaseResult { released, inside_live_block, not_live };
    ReleaseResult release(size_t offset);

    // The live block containing `offset`, as {start, size}.
    std::optional<std::pair<size_t, size_t>> live_block_containing(size_t offset) const;

    size_t capacity() const { return capacity_; }
    size_t live_blocks() const { return live_.size(); }
    size_t live_bytes() const { return live_bytes_; }  // as requested, without padding
    size_t largest_free_range() const;

private:
    void insert_free(size_t offset, size_t size);  // merges with neighbours

    size_t capacity_;
    size_t live_bytes_ = 0;
    std::map<size_t, size_t> free_;  // offset -> size, never adjacent to each other
    struct Block {
        size_t size;       // rounded up to kMinAlignment
        size_t requested;  // what the caller asked for
    };
    std::map<size_t, Block> live_;
};

}  // namespace fabshmem
