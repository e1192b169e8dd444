#include "symmetric_heap.h"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>

#include "log.h"
#include "parse.h"

namespace fabshmem {

SymmetricHeap::~SymmetricHeap() { release_memory(); }

bool SymmetricHeap::reserve_host(size_t user_bytes) {
    size_t bytes = user_bytes + kInternalBytes;
    // MAP_NORESERVE: pages are committed on first touch, so a large heap costs nothing unused.
    // The extra kBaseAlignment lets the base be aligned within the mapping.
    mapping_size_ = bytes + kBaseAlignment;
    void *memory = mmap(nullptr, mapping_size_, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) {
        FS_ERROR("cannot reserve a symmetric heap of %s bytes: %s; set FABSHMEM_SYMMETRIC_SIZE "
                 "to a smaller size",
                 format_size(user_bytes).c_str(), std::strerror(errno));
        return false;
    }
    mapping_ = memory;
    uintptr_t aligned = (reinterpret_cast<uintptr_t>(memory) + kBaseAlignment - 1) & ~(kBaseAlignment - 1);
    base_ = reinterpret_cast<char *>(aligned);
    size_ = bytes;
    allocator_.emplace(bytes);
    allocator_->allocate(kInternalBytes);  // offset 0: the library's own area
    return true;
}

void SymmetricHeap::release_memory() {
    if (mapping_) munmap(mapping_, mapping_size_);
    mapping_ = nullptr;
    base_ = nullptr;
    size_ = 0;
    allocator_.reset();
}

std::optional<size_t> SymmetricHeap::allocate(size_t size, size_t alignment) {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->allocate(size, alignment);
}

HeapAllocator::ReleaseResult SymmetricHeap::release(size_t offset) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (offset < kInternalBytes) return HeapAllocator::ReleaseResult::not_live;
    return allocator_->release(offset);
}

std::optional<std::pair<size_t, size_t>> SymmetricHeap::live_block_containing(size_t offset) const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (offset < kInternalBytes) return std::nullopt;
    return allocator_->live_block_containing(offset);
}

size_t SymmetricHeap::live_blocks() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->live_blocks() - 1;  // not the internal area
}

size_t SymmetricHeap::live_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->live_bytes() - kInternalBytes;
}

size_t SymmetricHeap::largest_free_range() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->largest_free_range();
}

}  // namespace fabshmem
