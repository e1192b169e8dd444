// The symmetric heap's allocator API. Allocation is collective and deterministic: the same
// calls in the same order give the same offsets on every PE.
#include <cstring>
#include <vector>

#include "cuda_support.h"
#include "log.h"
#include "nvshmem.h"
#include "parse.h"
#include "runtime.h"

using namespace fabshmem;

namespace {

// With FABSHMEM_DEBUG=1: every PE must ask for the same size and alignment.
void check_collective_request(Runtime &rt, const char *function, size_t size, size_t alignment) {
    if (!rt.config.debug || rt.n_pes == 1) return;
    struct Request { uint64_t size, alignment; } mine{size, alignment};
    std::vector<Request> all(rt.n_pes);
    if (rt.bootstrap->allgather(&mine, sizeof mine, all.data()) != Status::ok)
        fatal("%s: the FABSHMEM_DEBUG allocation check could not exchange sizes", function);
    for (int pe = 0; pe < rt.n_pes; ++pe) {
        if (all[pe].size != size || all[pe].alignment != alignment) {
            fatal("%s(%zu bytes, alignment %zu) is collective, but PE %d asked for %llu bytes, "
                  "alignment %llu; every PE must make the same allocation calls in the same order",
                  function, size, alignment, pe, static_cast<unsigned long long>(all[pe].size),
                  static_cast<unsigned long long>(all[pe].alignment));
        }
    }
}

void *allocate(const char *function, size_t size, size_t alignment, bool zero) {
    Runtime &rt = runtime_for(function);
    if (alignment == 0 || (alignment & (alignment - 1)) != 0) {
        FS_ERROR("%s: alignment %zu is not a power of two; returning NULL", function, alignment);
        return nullptr;
    }
    if (alignment > rt.heap.base_alignment()) {
        FS_ERROR("%s: alignment %zu is larger than the %zu bytes the symmetric heap supports; "
                 "returning NULL",
                 function, alignment, rt.heap.base_alignment());
        return nullptr;
    }
    if (size == 0) return nullptr;
    check_collective_request(rt, function, size, alignment);
    auto offset = rt.heap.allocate(size, alignment);
    if (!offset) {
        const char *why = size > rt.heap.user_size() ? "is larger than the whole symmetric heap"
                                                     : "does not fit in what is free of the symmetric heap";
        FS_ERROR("%s(%zu bytes) failed: the request %s (FABSHMEM_SYMMETRIC_SIZE=%s; %zu block(s) "
                 "of %s live, largest free range %s); free blocks with nvshmem_free or raise "
                 "FABSHMEM_SYMMETRIC_SIZE",
                 function, size, why, format_size(rt.heap.user_size()).c_str(), rt.heap.live_blocks(),
                 human_size(rt.heap.live_bytes()).c_str(), human_size(rt.heap.largest_free_range()).c_str());
        return nullptr;
    }
    void *block = rt.heap.base() + *offset;
    if (zero) {
        std::string error;
        if (rt.heap.kind() == HeapKind::host) std::memset(block, 0, size);
        else if (!cuda::memset_device(block, 0, size, &error)) fatal("%s: %s", function, error.c_str());
    }
    // Nobody may touch the block before every PE has it (and, for calloc, zeroed it).
    sync_all(rt);
    return block;
}

void release(const char *function, void *ptr) {
    Runtime &rt = runtime_for(function);
    if (!ptr) {
        sync_all(rt);
        return;
    }
    if (!rt.heap.contains(ptr, 1)) {
        fatal("%s(%p): this pointer is not in the symmetric heap; nvshmem_free takes only "
              "pointers from nvshmem_malloc/calloc/align (free malloc memory with free(), "
              "cudaMalloc memory with cudaFree())",
              function, ptr);
    }
    size_t offset = rt.heap.offset_of(ptr);
    if (auto block = rt.heap.live_block_containing(offset); block && block->first != offset) {
        fatal("%s(%p): this points %zu bytes into the block at %p; pass the pointer that "
              "nvshmem_malloc returned",
              function, ptr, offset - block->first, static_cast<void *>(rt.heap.base() + block->first));
    }
    if (!rt.heap.live_block_containing(offset)) {
        fatal("%s(%p): no live block starts here: it was already freed or never allocated; "
              "free each block exactly once",
              function, ptr);
    }
    // Every PE must be done with the block before it can be handed out again.
    quiet_all(rt);
    sync_all(rt);
    rt.heap.release(offset);
}

}  // namespace

extern "C" {

void *nvshmem_malloc(size_t size) { return allocate("nvshmem_malloc", size, 64, false); }
void *nvshmem_align(size_t alignment, size_t size) {
    return allocate("nvshmem_align", size, alignment, false);
}
void *nvshmem_calloc(size_t count, size_t size) {
    return allocate("nvshmem_calloc", checked_bytes("nvshmem_calloc", count, size), 64, true);
}
void nvshmem_free(void *ptr) { release("nvshmem_free", ptr); }

void *nvshmalloc(size_t size) { return allocate("nvshmalloc", size, 64, false); }
void nvshfree(void *ptr) { release("nvshfree", ptr); }

void *nvshmem_ptr(const void *dest, int pe) {
    Runtime &rt = runtime_for("nvshmem_ptr");
    if (pe < 0 || pe >= rt.n_pes) return nullptr;
    // Heap blocks, and global and static variables (OpenSHMEM's symmetric data objects).
    if (rt.heap.contains(dest, 1)) return rt.route(pe).local_address(rt.heap.offset_of(dest), pe);
    if (rt.statics.contains(dest, 1)) return rt.route(pe).local_address(rt.statics.offset_of(dest), pe);
    return nullptr;
}

}  // extern "C"
