// The symmetric heap's allocator API (realloc under both faces' names), and the program's
// buffers registered with it. Allocation is collective and deterministic: the same calls in the
// same order give the same offsets on every PE.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <cstring>
#include <string>
#include <vector>

#include "cuda_support.h"
#include "log.h"
#include "nvshmem.h"
#include "nvshmemx.h"
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

// A block that does not fit in a GPU heap gets GPU memory of its own past the heap, as
// NVSHMEM's heap grows on demand. Every PE comes here together: the heap's allocator is in the
// same state on each. Its start is aligned to the mapping granularity (2 MiB on the H200),
// which no allowed alignment exceeds (base_alignment()).
void *allocate_past_heap(Runtime &rt, const char *function, size_t size, bool zero, std::string *why) {
    ExtensionSpace::Segment segment;
    segment.requested = size;
    auto start = add_extension_segment(rt, function, segment, "", why);
    if (!start) return nullptr;
    void *block = rt.extension.address(*start);
    std::string error;
    if (zero && !cuda::memset_device(block, 0, size, &error)) fatal("%s: %s", function, error.c_str());
    sync_all(rt);
    return block;
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
        std::string not_grown;
        if (rt.heap.kind() == HeapKind::cuda) {
            if (void *block = allocate_past_heap(rt, function, size, zero, &not_grown)) return block;
            not_grown = "; nor could the heap grow: " + not_grown;
        }
        const char *why = size > rt.heap.user_size() ? "is larger than the whole symmetric heap"
                                                     : "does not fit in what is free of the symmetric heap";
        FS_ERROR("%s(%zu bytes) failed: the request %s (FABSHMEM_SYMMETRIC_SIZE=%s; %zu block(s) "
                 "of %s live, largest free range %s)%s; free blocks with nvshmem_free or raise "
                 "FABSHMEM_SYMMETRIC_SIZE",
                 function, size, why, format_size(rt.heap.user_size()).c_str(), rt.heap.live_blocks(),
                 human_size(rt.heap.live_bytes()).c_str(), human_size(rt.heap.largest_free_range()).c_str(),
                 not_grown.c_str());
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
    if (auto segment = rt.extension.segment_containing(ptr, 1)) {  // past the heap
        if (segment->program_buffer)
            fatal("%s(%p): this is the symmetric address of a buffer registered with "
                  "nvshmemx_buffer_register_symmetric; release it with nvshmemx_buffer_unregister_symmetric",
                  function, ptr);
        if (ptr != rt.extension.address(segment->start))
            fatal("%s(%p): this points %zu bytes into the block at %p; pass the pointer that "
                  "nvshmem_malloc returned",
                  function, ptr, static_cast<size_t>(static_cast<char *>(ptr) - rt.extension.address(segment->start)),
                  static_cast<void *>(rt.extension.address(segment->start)));
        remove_extension_segment(rt, *segment);
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

// Collective, like every allocation: a new block, the old contents, the old block freed.
void *reallocate(const char *function, void *ptr, size_t size) {
    Runtime &rt = runtime_for(function);
    if (!ptr) return allocate(function, size, 64, false);
    if (size == 0) {
        release(function, ptr);
        return nullptr;
    }
    auto block = rt.heap.contains(ptr, 1) ? rt.heap.live_block_containing(rt.heap.offset_of(ptr)) : std::nullopt;
    if (!block || rt.heap.base() + block->first != ptr)
        fatal("%s(%p): this is not a block from nvshmem_malloc (or shmem_malloc); pass what an allocation returned",
              function, ptr);
    void *grown = allocate(function, size, 64, false);
    if (!grown) return nullptr;
    size_t keep = std::min(size, block->second);
    rt.route(rt.my_pe).put(*symmetric_offset(rt, grown, keep), ptr, keep, rt.my_pe, true);
    release(function, ptr);
    return grown;
}

}  // namespace

extern "C" {

void *nvshmem_realloc(void *ptr, size_t size) { return reallocate("nvshmem_realloc", ptr, size); }
void *shmem_realloc(void *ptr, size_t size) { return reallocate("shmem_realloc", ptr, size); }

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

void *nvshmemx_buffer_register_symmetric(void *buf_ptr, size_t size, int) {
    const char *function = "nvshmemx_buffer_register_symmetric";
    Runtime &rt = runtime_for(function);
    ExtensionSpace::Segment segment;
    segment.requested = size;
    segment.program_buffer = buf_ptr;
    std::string refused, why;
    char text[200];
    if (!buf_ptr || size == 0) {
        refused = "the buffer is NULL or its size 0";
    } else if (rt.heap.kind() != HeapKind::cuda) {
        refused = "the symmetric heap is in host memory (FABSHMEM_HEAP=host, or no GPU): only GPU memory can join it";
    } else if (symmetric_offset(rt, buf_ptr, 1)) {
        refused = "it is symmetric memory already (the heap, or a registered buffer's symmetric address)";
    } else if (auto other = rt.extension.registration_overlapping(buf_ptr, size)) {
        std::snprintf(text, sizeof text, "it overlaps the buffer %p (%zu bytes) registered before; unregister that first",
                      other->program_buffer, other->requested);
        refused = text;
    } else if (cuda::vmm_retain(buf_ptr, size, &segment.handle, &refused) && node_peers_share_heaps(rt)) {
        // Node peers map it from a file descriptor: a buffer made without that handle type is
        // refused here, on every PE, rather than failing once the others have mapped theirs.
        int fd = cuda::vmm_export(segment.handle, &refused);
        if (fd >= 0) close(fd);
        else refused += "; this node's PEs map it by file descriptor: create it with requestedHandleTypes = "
                        "CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR (as NVIDIA's user-buffer example does)";
    }
    auto start = add_extension_segment(rt, function, segment, refused, &why);
    if (!start) {
        FS_ERROR("%s(%p, %zu bytes) failed: %s; returning NULL", function, buf_ptr, size, why.c_str());
        return nullptr;
    }
    sync_all(rt);  // every PE has it mapped before any PE's program uses it
    return rt.extension.address(*start);
}

int nvshmemx_buffer_unregister_symmetric(void *mmap_ptr, size_t size) {
    const char *function = "nvshmemx_buffer_unregister_symmetric";
    Runtime &rt = runtime_for(function);
    auto segment = rt.extension.segment_containing(mmap_ptr, 1);
    if (!segment || !segment->program_buffer || rt.extension.address(segment->start) != mmap_ptr) {
        FS_ERROR("%s(%p, %zu bytes): this is not an address that nvshmemx_buffer_register_symmetric returned "
                 "(or it was unregistered already)",
                 function, mmap_ptr, size);
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    if (segment->requested != size) {
        FS_ERROR("%s(%p, %zu bytes): the buffer was registered with %zu bytes; pass the same size", function, mmap_ptr,
                 size, segment->requested);
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    remove_extension_segment(rt, *segment);  // the program's buffer stays its own
    return NVSHMEMX_SUCCESS;
}

int nvshmemx_buffer_register(void *addr, size_t length) {
    const char *function = "nvshmemx_buffer_register";
    Runtime &rt = runtime_for(function);
    std::string refused = rt.local_buffers.add(addr, length, rt.device != nullptr);
    if (refused.empty()) return NVSHMEMX_SUCCESS;
    FS_ERROR("%s(%p, %zu bytes) failed: %s", function, addr, length, refused.c_str());
    return NVSHMEMX_ERROR_INVALID_VALUE;
}

int nvshmemx_buffer_unregister(void *addr) {
    const char *function = "nvshmemx_buffer_unregister";
    Runtime &rt = runtime_for(function);
    quiet_all(rt);  // this PE's operations in flight may still use the buffer
    if (rt.local_buffers.remove(addr)) return NVSHMEMX_SUCCESS;
    FS_ERROR("%s(%p): no buffer registered with nvshmemx_buffer_register starts there (pass the address "
             "registered, once)",
             function, addr);
    return NVSHMEMX_ERROR_INVALID_VALUE;
}

void nvshmemx_buffer_unregister_all(void) {
    Runtime &rt = runtime_for("nvshmemx_buffer_unregister_all");
    quiet_all(rt);
    rt.local_buffers.remove_all();
}

void *nvshmem_ptr(const void *dest, int pe) {
    Runtime &rt = runtime_for("nvshmem_ptr");
    if (pe < 0 || pe >= rt.n_pes) return nullptr;
    // Heap blocks (and the heap's extension), global and static variables (OpenSHMEM's
    // symmetric data objects).
    if (auto offset = symmetric_offset(rt, dest, 1)) return rt.route(pe).local_address(*offset, pe);
    return nullptr;
}

}  // extern "C"
