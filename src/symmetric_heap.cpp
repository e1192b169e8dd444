#include "symmetric_heap.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "log.h"
#include "parse.h"

namespace fabshmem {

SymmetricHeap::~SymmetricHeap() { release_memory(); }

bool SymmetricHeap::reserve_host(size_t user_bytes, const std::string &shared_name) {
    size_t bytes = user_bytes + kInternalBytes;
    // Reserve address space with room to align the base, then place the heap inside it.
    // MAP_NORESERVE: pages are committed on first touch, so a large heap costs nothing unused.
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
    if (!shared_name.empty()) {
        // Shared memory in place of the private pages, so PEs of this node can map it.
        int fd = shm_open(shared_name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
        bool ok = fd >= 0 && ftruncate(fd, static_cast<off_t>(bytes)) == 0 &&
                  mmap(base_, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) != MAP_FAILED;
        int saved_errno = errno;
        if (fd >= 0) close(fd);
        if (!ok) {
            if (fd >= 0) shm_unlink(shared_name.c_str());
            FS_ERROR("cannot place the symmetric heap (%s bytes) in shared memory %s: %s; make "
                     "room in /dev/shm, or set FABSHMEM_DISABLE_IPC=1 to reach PEs of this node "
                     "through the fabric",
                     format_size(user_bytes).c_str(), shared_name.c_str(), std::strerror(saved_errno));
            release_memory();
            return false;
        }
        shared_name_ = shared_name;
    }
    allocator_.emplace(bytes);
    allocator_->allocate(kInternalBytes);  // offset 0: the library's own area
    return true;
}

void SymmetricHeap::unlink_shared_name() {
    if (!shared_name_.empty()) shm_unlink(shared_name_.c_str());
    shared_name_.clear();
}

void SymmetricHeap::release_memory() {
    unlink_shared_name();
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
