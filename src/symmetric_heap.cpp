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
    void *memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) {
        FS_ERROR("cannot reserve a symmetric heap of %s bytes: %s; set FABSHMEM_SYMMETRIC_SIZE "
                 "to a smaller size",
                 format_size(user_bytes).c_str(), std::strerror(errno));
        return false;
    }
    base_ = static_cast<char *>(memory);
    size_ = bytes;
    allocator_.emplace(user_bytes);
    return true;
}

void SymmetricHeap::release_memory() {
    if (base_) munmap(base_, size_);
    base_ = nullptr;
    size_ = 0;
    allocator_.reset();
}

std::optional<size_t> SymmetricHeap::allocate(size_t size, size_t alignment) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto offset = allocator_->allocate(size, alignment);
    if (!offset) return std::nullopt;
    return *offset + kInternalBytes;
}

HeapAllocator::ReleaseResult SymmetricHeap::release(size_t offset) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (offset < kInternalBytes) return HeapAllocator::ReleaseResult::not_live;
    return allocator_->release(offset - kInternalBytes);
}

std::optional<std::pair<size_t, size_t>> SymmetricHeap::live_block_containing(size_t offset) const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (offset < kInternalBytes) return std::nullopt;
    auto block = allocator_->live_block_containing(offset - kInternalBytes);
    if (!block) return std::nullopt;
    return std::make_pair(block->first + kInternalBytes, block->second);
}

size_t SymmetricHeap::live_blocks() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->live_blocks();
}

size_t SymmetricHeap::live_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->live_bytes();
}

size_t SymmetricHeap::largest_free_range() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->largest_free_range();
}

}  // namespace fabshmem
