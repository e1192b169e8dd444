#include "symmetric_heap.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "cuda_support.h"
#include "file_limit.h"
#include "log.h"
#include "memory_limit.h"
#include "parse.h"
#include "shared_memory_fault.h"

namespace fabshmem {

SymmetricHeap::~SymmetricHeap() { release_memory(); }

char *SymmetricHeap::map_host(size_t bytes, const std::string &shared_name, void **mapping,
                              size_t *mapping_size) {
    // Reserve address space with room to align the base, then place the memory inside it.
    // MAP_NORESERVE: pages are committed on first touch, so a large heap costs nothing unused.
    *mapping_size = bytes + kHostBaseAlignment;
    void *memory = mmap(nullptr, *mapping_size, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) {
        int saved_errno = errno;
        std::string limit = mapping_limit(saved_errno, *mapping_size);
        FS_ERROR("cannot reserve %s of host memory for the symmetric heap: %s%s; %sset "
                 "FABSHMEM_SYMMETRIC_SIZE to a smaller size",
                 human_size(bytes).c_str(), std::strerror(saved_errno), limit.c_str(),
                 limit.empty() ? "" : "raise the limit before the launch, or ");
        return nullptr;
    }
    *mapping = memory;
    uintptr_t aligned = (reinterpret_cast<uintptr_t>(memory) + kHostBaseAlignment - 1) & ~(kHostBaseAlignment - 1);
    char *base = reinterpret_cast<char *>(aligned);
    if (shared_name.empty()) return base;
    // Shared memory in place of the private pages, so PEs of this node can map it.
    int fd = shm_open(shared_name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
    bool ok = fd >= 0 && ftruncate(fd, static_cast<off_t>(bytes)) == 0 &&
              mmap(base, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) != MAP_FAILED;
    int saved_errno = errno;
    if (fd >= 0) close(fd);
    if (!ok) {
        if (fd >= 0) shm_unlink(shared_name.c_str());
        if (saved_errno == EEXIST)
            FS_ERROR("cannot place the symmetric heap in shared memory: %s already exists in "
                     "/dev/shm, though its name has a random part chosen by this process; remove "
                     "it if no process of yours uses it, or set FABSHMEM_DISABLE_IPC=1",
                     shared_name.c_str());
        else if (saved_errno == EMFILE || saved_errno == ENFILE)
            FS_ERROR("cannot place %s of the symmetric heap in shared memory %s: %s%s", human_size(bytes).c_str(),
                     shared_name.c_str(), std::strerror(saved_errno), open_files_advice(saved_errno).c_str());
        else
            FS_ERROR("cannot place %s of the symmetric heap in shared memory %s: %s; make room "
                     "in /dev/shm, or set FABSHMEM_DISABLE_IPC=1 to reach PEs of this node through "
                     "the fabric",
                     human_size(bytes).c_str(), shared_name.c_str(), std::strerror(saved_errno));
        munmap(memory, *mapping_size);
        *mapping = nullptr;
        return nullptr;
    }
    shared_name_ = shared_name;
    note_shared_mapping(base, bytes, -1, kind_ == HeapKind::cuda ? "signal words" : "symmetric heap");
    return base;
}

void SymmetricHeap::start_allocator() {
    allocator_.emplace(size_);
    allocator_->allocate(kLibraryBytes);  // offset 0: the library's own area
}

bool SymmetricHeap::reserve_host(size_t user_bytes, const std::string &shared_name) {
    kind_ = HeapKind::host;
    size_ = user_bytes + kLibraryBytes;
    base_ = map_host(size_, shared_name, &mapping_, &mapping_size_);
    if (!base_) return false;
    signal_base_ = base_;
    start_allocator();
    return true;
}

bool SymmetricHeap::reserve_cuda(size_t user_bytes, const std::string &shared_name) {
    kind_ = HeapKind::cuda;
    size_ = user_bytes + kLibraryBytes;
    std::string error;
    cuda_allocation_ = cuda::malloc_device(size_ + kBaseAlignment, &error);
    if (!cuda_allocation_) {
        FS_ERROR("cannot allocate a symmetric heap of %s on the GPU (%s); set "
                 "FABSHMEM_SYMMETRIC_SIZE to a smaller size, or FABSHMEM_HEAP=host",
                 human_size(user_bytes).c_str(), error.c_str());
        return false;
    }
    uintptr_t aligned = (reinterpret_cast<uintptr_t>(cuda_allocation_) + kBaseAlignment - 1) & ~(kBaseAlignment - 1);
    base_ = reinterpret_cast<char *>(aligned);
    if (!cuda::memset_device(base_, 0, size_, &error)) {
        FS_ERROR("cannot clear the GPU symmetric heap: %s", error.c_str());
        return false;
    }
    signal_base_ = map_host(kSignalBytes, shared_name, &mapping_, &mapping_size_);
    if (!signal_base_) return false;
    start_allocator();
    return true;
}

void SymmetricHeap::unlink_shared_name() {
    std::lock_guard<std::mutex> lock(name_mutex_);  // also called by the abort path, any thread
    if (!shared_name_.empty()) shm_unlink(shared_name_.c_str());
    shared_name_.clear();
}

void SymmetricHeap::release_memory() {
    unlink_shared_name();
    forget_shared_mapping(kind_ == HeapKind::cuda ? signal_base_ : base_);
    if (mapping_) munmap(mapping_, mapping_size_);
    if (cuda_allocation_) cuda::free_device(cuda_allocation_);
    mapping_ = nullptr;
    cuda_allocation_ = nullptr;
    base_ = signal_base_ = nullptr;
    size_ = 0;
    allocator_.reset();
}

std::optional<size_t> SymmetricHeap::allocate(size_t size, size_t alignment) {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->allocate(size, alignment);
}

HeapAllocator::ReleaseResult SymmetricHeap::release(size_t offset) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (offset < kLibraryBytes) return HeapAllocator::ReleaseResult::not_live;
    return allocator_->release(offset);
}

std::optional<std::pair<size_t, size_t>> SymmetricHeap::live_block_containing(size_t offset) const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (offset < kLibraryBytes) return std::nullopt;
    return allocator_->live_block_containing(offset);
}

size_t SymmetricHeap::live_blocks() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->live_blocks() - 1;  // not the library's area
}

size_t SymmetricHeap::live_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->live_bytes() - kLibraryBytes;
}

size_t SymmetricHeap::largest_free_range() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return allocator_->largest_free_range();
}

}  // namespace fabshmem
