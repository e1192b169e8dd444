#include "heap_allocator.h"

#include <iterator>

namespace fabshmem {

HeapAllocator::HeapAllocator(size_t capacity) : capacity_(capacity) {
    if (capacity_ > 0) free_[0] = capacity_;
}

std::optional<size_t> HeapAllocator::allocate(size_t size, size_t alignment) {
    if (size == 0 || alignment == 0 || (alignment & (alignment - 1)) != 0) return std::nullopt;
    if (alignment < kMinAlignment) alignment = kMinAlignment;
    if (size > capacity_) return std::nullopt;
    size_t rounded = (size + kMinAlignment - 1) & ~(kMinAlignment - 1);
    for (auto it = free_.begin(); it != free_.end(); ++it) {
        size_t range_start = it->first, range_size = it->second;
        size_t start = (range_start + alignment - 1) & ~(alignment - 1);
        size_t padding = start - range_start;
        if (padding > range_size || range_size - padding < rounded) continue;
        free_.erase(it);
        if (padding) free_[range_start] = padding;
        size_t tail = range_size - padding - rounded;
        if (tail) free_[start + rounded] = tail;
        live_[start] = Block{rounded, size};
        live_bytes_ += size;
        return start;
    }
    return std::nullopt;
}

HeapAllocator::ReleaseResult HeapAllocator::release(size_t offset) {
    auto it = live_.find(offset);
    if (it == live_.end()) {
        return live_block_containing(offset) ? ReleaseResult::inside_live_block
                                             : ReleaseResult::not_live;
    }
    Block block = it->second;
    live_.erase(it);
    live_bytes_ -= block.requested;
    insert_free(offset, block.size);
    return ReleaseResult::released;
}

std::optional<std::pair<size_t, size_t>> HeapAllocator::live_block_containing(size_t offset) const {
    auto it = live_.upper_bound(offset);
    if (it == live_.begin()) return std::nullopt;
    --it;
    if (offset >= it->first + it->second.size) return std::nullopt;
    return std::make_pair(it->first, it->second.requested);
}

size_t HeapAllocator::largest_free_range() const {
    size_t largest = 0;
    for (const auto &range : free_) largest = range.second > largest ? range.second : largest;
    return largest;
}

void HeapAllocator::insert_free(size_t offset, size_t size) {
    auto next = free_.lower_bound(offset);
    if (next != free_.end() && offset + size == next->first) {
        size += next->second;
        next = free_.erase(next);
    }
    if (next != free_.begin()) {
        auto prev = std::prev(next);
        if (prev->first + prev->second == offset) {
            prev->second += size;
            return;
        }
    }
    free_[offset] = size;
}

}  // namespace fabshmem
