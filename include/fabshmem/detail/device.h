/* fabshmem's device API: NVSHMEM's calls inside CUDA kernels. Included by nvshmem.h when nvcc
 * compiles; needs no relocatable device code and no device library.
 *
 * - A PE whose heap is mapped here (this PE, and the PEs of this node through CUDA IPC) is
 *   reached with loads and stores; nvshmem_ptr gives the address.
 * - Any other PE (another node, or FABSHMEM_DISABLE_IPC=1) through the request ring: the
 *   thread writes a request into pinned host memory and the PE's progress thread issues the
 *   fabric operation. Blocking calls wait for it; _nbi calls complete at nvshmem_quiet.
 * - Memory ordering as in NVSHMEM: puts and nbi gets complete at quiet (and barrier_all);
 *   fence orders puts to each PE. Ring requests are carried out in ticket order, and fence
 *   or quiet wait for the fabric.
 * - The _warp forms are called by all threads of a warp with the same arguments, the _block
 *   forms by all threads of a block; nvshmem_barrier_all / nvshmem_sync_all by one thread
 *   of each PE (or by a whole warp or block with the _warp / _block forms).
 *
 * Each translation unit keeps its own copy of the library's device state in constant memory
 * (with -rdc=true, the whole program one), registered with the library when the program starts
 * and filled in at nvshmem_init. */
#ifndef FABSHMEM_DEVICE_H
#define FABSHMEM_DEVICE_H

#include <cuda_runtime.h>
#include <nv/target>
#include <stdio.h>
#include <string.h>

#include <type_traits>

#include "fabshmem/detail/device_state.h"
#include "fabshmem/detail/types.h"

// With relocatable device code (and C++17) the program's device code is linked into one
// module: one copy of the state for all of it (an inline variable), under a name
// nvshmemx_cumodule_init finds in modules the program loads itself. Otherwise each translation
// unit keeps its own copy.
#if defined(__CUDACC_RDC__) && __cplusplus >= 201703L
#define FABSHMEMI_ONE_DEVICE_STATE 1
#endif
namespace fabshmemi {
#if defined(FABSHMEMI_ONE_DEVICE_STATE)
inline __constant__ fabshmemi_device_state state;
#endif
namespace {
#if !defined(FABSHMEMI_ONE_DEVICE_STATE)
__constant__ fabshmemi_device_state state;
#endif
// A peer table of one empty entry, read instead of the state's when there is no state or the PE
// is not one of the job (see remote()).
__device__ char *const no_peer_table[1] = {nullptr};

int update_state(const fabshmemi_device_state *next) {
    return static_cast<int>(cudaMemcpyToSymbol(state, next, sizeof *next));
}
__attribute__((unused)) const int state_registered = fabshmemi_register_device_module(update_state);

// ---- errors: a message in the library's format, then the kernel traps ----------------------

__device__ __noinline__ void fail_no_state(const char *function) {
    printf("fabshmem: PE ?: error: %s was called in a kernel, but fabshmem has no GPU heap "
           "now: call it between nvshmem_init and nvshmem_finalize, with the symmetric heap on "
           "the GPU (a visible GPU, FABSHMEM_HEAP unset or cuda)\n",
           function);
    __trap();
}

__device__ __noinline__ void fail_pe(const char *function, int pe) {
    printf("fabshmem: PE %d: error: %s (in a kernel): PE %d is out of range: this job has %d "
           "PEs (0..%d)\n",
           state.my_pe, function, pe, state.n_pes, state.n_pes - 1);
    __trap();
}

__device__ __noinline__ void fail_range(const char *function, const void *address,
                                        unsigned long long bytes) {
    printf("fabshmem: PE %d: error: %s (in a kernel): the symmetric address %p (%llu bytes) is "
           "not inside the symmetric heap [%p, %p); the remote side of a transfer must be "
           "memory from nvshmem_malloc\n",
           state.my_pe, function, address, bytes, state.heap_base,
           state.heap_base + state.heap_size);
    __trap();
}

__device__ __noinline__ void fail_unreachable(const char *function, int pe) {
    printf("fabshmem: PE %d: error: %s (in a kernel): PE %d's heap is not mapped on this GPU "
           "and there is no request ring to reach it\n",
           state.my_pe, function, pe);
    __trap();
}

__device__ __noinline__ void fail_local_memory(const char *function, const void *local, int pe) {
    printf("fabshmem: PE %d: error: %s (in a kernel): the local buffer %p is the kernel's own local or "
           "shared memory (a variable, a __shared__ array), which the host that carries the transfer "
           "to PE %d (not mapped on this GPU) cannot reach; use global memory there (cudaMalloc, "
           "nvshmem_malloc)\n",
           state.my_pe, function, local, pe);
    __trap();
}

__device__ inline const fabshmemi_device_state &ready(const char *function) {
    if (state.magic != FABSHMEMI_DEVICE_STATE_MAGIC) fail_no_state(function);
    return state;
}

// Entry `pe` of a per-PE table of addresses, through the read-only cache: the tables are
// written before any kernel that uses them runs. Not __ldg, whose asm is volatile: this load's
// value depends on its address alone, so a loop's calls to one PE load it once, before the loop.
__device__ inline char *table_entry(char *const *table, int pe) {
    unsigned long long entry;
    asm("ld.global.nc.u64 %0, [%1];" : "=l"(entry) : "l"(reinterpret_cast<const unsigned long long *>(table) + pe));
    return reinterpret_cast<char *>(entry);
}

// PE `pe`'s heap as mapped here, or null.
__device__ inline char *peer_heap(int pe) { return table_entry(state.peer_heaps, pe); }

// The same for the heap's extension. Out of line: kernels that never touch it keep their
// registers (a 512-thread block has 128 per thread).
__device__ __noinline__ char *peer_extension_address(int pe, uint64_t offset) {
    char *window = table_entry(state.peer_extensions, pe);
    return window ? window + (offset - FABSHMEMI_EXTENSION_OFFSET) : nullptr;
}

// PE `pe`'s byte at heap offset `offset` as mapped here, or null (the host reaches it).
__device__ inline char *peer_address(int pe, uint64_t offset) {
    if (__builtin_expect(offset >= FABSHMEMI_EXTENSION_OFFSET, 0)) return peer_extension_address(pe, offset);
    char *heap = peer_heap(pe);
    return heap ? heap + offset : nullptr;
}

// Where a call's remote side is: its heap offset (extension offsets from
// FABSHMEMI_EXTENSION_OFFSET) and the byte as mapped here, or null (the host reaches it).
struct Remote {
    uint64_t offset;
    char *mapped;
};

// True when the library's state is there and `pe` is a PE of the job: its table entries may be read.
__device__ inline bool pe_ready(const fabshmemi_device_state &s, int pe) {
    return (s.magic == FABSHMEMI_DEVICE_STATE_MAGIC) & (static_cast<unsigned>(pe) < static_cast<unsigned>(s.n_pes));
}

// A call whose arguments failed the checks: the first check that fails, with its message.
__device__ __noinline__ void fail_checks(const char *function, const void *symmetric,
                                         unsigned long long bytes, int pe) {
    const fabshmemi_device_state &s = ready(function);
    if (pe < 0 || pe >= s.n_pes) fail_pe(function, pe);
    fail_range(function, symmetric, bytes);
}

// Whatever is not the common case (state ready, PE in range, inside the heap): the heap's
// extension (blocks that did not fit, registered buffers), or an error. Lean, calling nothing
// on the extension's way, so that reaching a registered buffer costs little more than the heap.
__device__ inline Remote remote_outside_heap(const char *function, const void *symmetric,
                                             unsigned long long bytes, int pe) {
    const fabshmemi_device_state &s = state;
    const uint64_t at = static_cast<uint64_t>(static_cast<const char *>(symmetric) - s.extension_base);
    if (pe_ready(s, pe) && s.extension_base && at <= s.extension_size && bytes <= s.extension_size - at) {
        char *window = table_entry(s.peer_extensions, pe);
        return {FABSHMEMI_EXTENSION_OFFSET + at, window ? window + at : nullptr};
    }
    fail_checks(function, symmetric, bytes, pe);
    return {0, nullptr};
}

// The same out of line, so that the common case is one branch.
__device__ __noinline__ Remote remote_checked(const char *function, const void *symmetric,
                                              unsigned long long bytes, int pe) {
    return remote_outside_heap(function, symmetric, bytes, pe);
}

// True when, besides, [offset, offset + bytes) is inside the heap: every check the calls make,
// as one branch (each check in a branch of its own made a thread's 8-byte g cost a third more).
__device__ inline bool in_heap(const fabshmemi_device_state &s, uint64_t offset, size_t bytes, int pe) {
    return pe_ready(s, pe) & (offset <= s.heap_size) & (bytes <= s.heap_size - offset);
}

// The remote side of a call on [symmetric, symmetric + bytes) at `pe`, after checking it all.
__device__ inline Remote remote(const char *function, const void *symmetric, size_t bytes, int pe) {
    const fabshmemi_device_state &s = state;
    const uint64_t offset = static_cast<uint64_t>(static_cast<const char *>(symmetric) - s.heap_base);
    // The table entry is read before the address is checked (from an empty table when the PE
    // is not one), so that its load overlaps the check instead of following its branch.
    const bool usable = pe_ready(s, pe);
    char *heap = table_entry(usable ? s.peer_heaps : no_peer_table, usable ? pe : 0);
    if (__builtin_expect(!in_heap(s, offset, bytes, pe), 0)) return remote_checked(function, symmetric, bytes, pe);
    return {offset, heap ? heap + offset : nullptr};
}

// The common case of g and p: state ready, `pe` in range, [symmetric, symmetric + bytes) inside
// the heap, and `pe`'s heap mapped here. Its byte there, else null (the caller goes out of line).
__device__ inline char *mapped_in_heap(const void *symmetric, size_t bytes, int pe) {
    const fabshmemi_device_state &s = state;
    const uint64_t offset = static_cast<uint64_t>(static_cast<const char *>(symmetric) - s.heap_base);
    const bool usable = pe_ready(s, pe);
    char *heap = table_entry(usable ? s.peer_heaps : no_peer_table, usable ? pe : 0);
    return in_heap(s, offset, bytes, pe) & (heap != nullptr) ? heap + offset : nullptr;
}

// The heap offset of [symmetric, symmetric + bytes) after checking it and `pe`.
__device__ inline uint64_t heap_offset(const char *function, const void *symmetric, size_t bytes, int pe) {
    const fabshmemi_device_state &s = state;
    const uint64_t offset = static_cast<uint64_t>(static_cast<const char *>(symmetric) - s.heap_base);
    if (__builtin_expect(!in_heap(s, offset, bytes, pe), 0)) return remote_checked(function, symmetric, bytes, pe).offset;
    return offset;
}

// ---- groups of threads that make one call together ------------------------------------------

__device__ inline unsigned linear_thread() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

struct Thread {
    __device__ unsigned rank() const { return 0; }
    __device__ unsigned size() const { return 1; }
    __device__ void sync() const {}
};
struct Warp {
    __device__ unsigned rank() const { return linear_thread() % 32; }
    __device__ unsigned size() const { return 32; }
    __device__ void sync() const { __syncwarp(); }
};
// Four consecutive warps (Hopper's warpgroup): 128 threads whose block is a whole number of
// warpgroups. Each warpgroup of the block syncs on a named barrier of its own (1 to 8; 0 is
// __syncthreads').
struct Warpgroup {
    __device__ unsigned rank() const { return linear_thread() % 128; }
    __device__ unsigned size() const { return 128; }
    __device__ void sync() const {
        if ((blockDim.x * blockDim.y * blockDim.z) % 128 != 0) {
            printf("fabshmem: PE %d: error: a _warpgroup call in a block of %u threads: warpgroups are 128 threads "
                   "(4 whole warps); launch blocks of a multiple of 128 threads\n",
                   state.my_pe, blockDim.x * blockDim.y * blockDim.z);
            __trap();
        }
        asm volatile("bar.sync %0, 128;" ::"r"(1 + linear_thread() / 128) : "memory");
    }
};
struct Block {
    __device__ unsigned rank() const { return linear_thread(); }
    __device__ unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
    __device__ void sync() const { __syncthreads(); }
};

// ---- the request ring ---------------------------------------------------------------------

// Posts a request and, with `reply`, waits until the host carried it out; returns `value`.
__device__ __noinline__ uint64_t request(const char *function, uint32_t op, int pe, uint64_t offset,
                                   const void *local, uint64_t bytes, uint64_t value, bool reply,
                                   uint32_t atomic_op = 0) {
    const fabshmemi_device_state &s = state;
    if (!s.ring) fail_unreachable(function, pe);
    unsigned long long ticket = atomicAdd(s.ring_tickets, 1ULL);
    volatile fabshmemi_request *slot = s.ring + ticket % s.ring_slots;
    // The slot is free once the request a lap ago is done: the ring is bounded, and a full
    // ring only makes threads wait for the host, which needs nothing from them to go on.
    while (slot->seq != ticket) __nanosleep(128);
    slot->op = op;
    slot->pe = pe;
    slot->bytes = bytes;
    slot->remote_offset = offset;
    slot->local = reinterpret_cast<uintptr_t>(local);
    slot->value = value;
    slot->wants_reply = reply;
    slot->atomic_op = atomic_op;
    __threadfence_system();  // the request, and the data this thread wrote, before the flag
    slot->seq = ticket + 1;
    if (!reply) return 0;
    while (slot->seq != ticket + 2) __nanosleep(64);
    __threadfence_system();
    uint64_t result = slot->value;
    __threadfence_system();  // read before the slot is handed on
    slot->seq = ticket + s.ring_slots;
    return result;
}

// ---- copies through mapped heaps (L2-coherent loads and stores) ---------------------------

// `bytes` as `Word`s, every pointer and the length multiples of its size.
template <class Word, class Group>
__device__ inline void copy_words(const Group &group, Word *d, const Word *s, size_t words) {
    const size_t rank = group.rank(), n = group.size();
    size_t i = rank;
    // Four loads in flight per thread before the stores: copies run at memory speed.
    for (; i + 3 * n < words; i += 4 * n) {
        Word a = __ldcg(s + i), b = __ldcg(s + i + n), c = __ldcg(s + i + 2 * n), e = __ldcg(s + i + 3 * n);
        __stcg(d + i, a);
        __stcg(d + i + n, b);
        __stcg(d + i + 2 * n, c);
        __stcg(d + i + 3 * n, e);
    }
    for (; i < words; i += n) __stcg(d + i, __ldcg(s + i));
}

// One side in the kernel's own local or shared memory (a thread's variable, a __shared__
// tile), which the .cg loads and stores cannot address: plain accesses there, .cg on the side
// in global memory (a mapped heap), in the widest word both addresses and the length allow.
template <class Word, class Group>
__device__ inline void copy_words_generic(const Group &group, Word *d, const Word *s, size_t words, bool d_global,
                                          bool s_global) {
    for (size_t i = group.rank(); i < words; i += group.size()) {
        const Word word = s_global ? __ldcg(s + i) : s[i];
        if (d_global) __stcg(d + i, word);
        else d[i] = word;
    }
}

template <class Group>
__device__ __noinline__ void copy_generic(const Group &group, void *dest, const void *source, size_t bytes) {
    const bool d_global = __isGlobal(dest), s_global = __isGlobal(source);
    const uintptr_t all = reinterpret_cast<uintptr_t>(dest) | reinterpret_cast<uintptr_t>(source) | bytes;
    if ((all & 15) == 0)
        return copy_words_generic(group, static_cast<int4 *>(dest), static_cast<const int4 *>(source), bytes / 16,
                                  d_global, s_global);
    if ((all & 7) == 0)
        return copy_words_generic(group, static_cast<unsigned long long *>(dest),
                                  static_cast<const unsigned long long *>(source), bytes / 8, d_global, s_global);
    if ((all & 3) == 0)
        return copy_words_generic(group, static_cast<unsigned *>(dest), static_cast<const unsigned *>(source),
                                  bytes / 4, d_global, s_global);
    return copy_words_generic(group, static_cast<unsigned char *>(dest), static_cast<const unsigned char *>(source),
                              bytes, d_global, s_global);
}

// Both sides in global memory.
template <class Group>
__device__ inline void copy(const Group &group, void *dest, const void *source, size_t bytes) {
    char *d = static_cast<char *>(dest);
    const char *s = static_cast<const char *>(source);
    const uintptr_t both = reinterpret_cast<uintptr_t>(d) | reinterpret_cast<uintptr_t>(s);
    // Small or oddly aligned copies in the widest word that divides both addresses and the
    // length: an 8-byte get by one thread is one load and one store, not eight.
    const uintptr_t all = both | bytes;
    if ((all & 15) == 0) return copy_words(group, reinterpret_cast<int4 *>(d), reinterpret_cast<const int4 *>(s), bytes / 16);
    const bool co_aligned = ((reinterpret_cast<uintptr_t>(d) ^ reinterpret_cast<uintptr_t>(s)) & 15) == 0;
    if (!co_aligned || bytes < 256) {
        if ((all & 7) == 0)
            return copy_words(group, reinterpret_cast<unsigned long long *>(d),
                              reinterpret_cast<const unsigned long long *>(s), bytes / 8);
        if ((all & 3) == 0)
            return copy_words(group, reinterpret_cast<unsigned *>(d), reinterpret_cast<const unsigned *>(s), bytes / 4);
        if ((all & 1) == 0)
            return copy_words(group, reinterpret_cast<unsigned short *>(d),
                              reinterpret_cast<const unsigned short *>(s), bytes / 2);
        return copy_words(group, reinterpret_cast<unsigned char *>(d), reinterpret_cast<const unsigned char *>(s), bytes);
    }
    // Large and equally misaligned: bytes up to a 16-byte boundary, vectors, bytes after.
    const size_t rank = group.rank(), n = group.size();
    size_t head = (16 - (reinterpret_cast<uintptr_t>(d) & 15)) & 15;
    for (size_t i = rank; i < head; i += n) d[i] = __ldcg(s + i);
    const size_t vectors = (bytes - head) / 16;
    copy_words(group, reinterpret_cast<int4 *>(d + head), reinterpret_cast<const int4 *>(s + head), vectors);
    for (size_t j = head + vectors * 16 + rank; j < bytes; j += n) d[j] = __ldcg(s + j);
}

// A copy between a mapped heap and the caller's `local` buffer (dest or source), wherever that is.
template <class Group>
__device__ inline void copy_with_local(const Group &group, void *dest, const void *source, size_t bytes,
                                       const void *local) {
    if (__isGlobal(local)) copy(group, dest, source, bytes);
    else copy_generic(group, dest, source, bytes);
}

// ---- RMA ----------------------------------------------------------------------------------

template <class Group>
__device__ inline void get(const Group &group, const char *function, void *dest,
                           const void *source, size_t bytes, int pe, bool blocking) {
    const Remote at = remote(function, source, bytes, pe);
    if (bytes == 0) return;
    if (at.mapped) {
        copy_with_local(group, dest, at.mapped, bytes, dest);
    } else if (!__isGlobal(dest)) {
        fail_local_memory(function, dest, pe);
    } else if (group.rank() == 0) {
        request(function, FABSHMEMI_OP_GET, pe, at.offset, dest, bytes, 0, blocking);
    }
    group.sync();
}

template <class Group>
__device__ inline void put(const Group &group, const char *function, void *dest,
                           const void *source, size_t bytes, int pe, bool blocking) {
    const Remote at = remote(function, dest, bytes, pe);
    if (bytes == 0) return;
    if (at.mapped) {
        copy_with_local(group, at.mapped, source, bytes, source);
    } else {
        if (!__isGlobal(source)) fail_local_memory(function, source, pe);
        group.sync();  // every thread's part of `source` is written
        if (group.rank() == 0)
            request(function, FABSHMEMI_OP_PUT, pe, at.offset, source, bytes, 0, blocking);
    }
    group.sync();
}

__device__ inline void quiet(const char *function);

// Strided: element i (of `element` bytes) between dest[i * dst] and source[i * sst]. The remote
// span is checked once; mapped peers are read or written element by element across the group,
// others take one request per element and a quiet (the call is blocking).
template <class Group>
__device__ inline void strided(const Group &group, const char *function, bool is_put, void *dest,
                               const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                               size_t element, int pe) {
    if (nelems == 0) return;
    const ptrdiff_t stride = is_put ? dst : sst, last = static_cast<ptrdiff_t>(nelems - 1) * stride;
    const char *symmetric = static_cast<const char *>(is_put ? dest : source);
    const ptrdiff_t low = last < 0 ? last : 0;
    const size_t span = static_cast<size_t>((last < 0 ? -last : last) + 1) * element;
    const Remote at = remote(function, symmetric + low * static_cast<ptrdiff_t>(element), span, pe);
    char *d = static_cast<char *>(dest);
    const char *s = static_cast<const char *>(source);
    const ptrdiff_t size = static_cast<ptrdiff_t>(element);
    if (at.mapped) {
        char *mapped = at.mapped - low * size;  // element 0's remote address
        // Every element of the local buffer lies in the same space as its first: looked at once.
        const bool local_global = __isGlobal(is_put ? source : dest);
        for (size_t i = group.rank(); i < nelems; i += group.size()) {
            const ptrdiff_t k = static_cast<ptrdiff_t>(i);
            char *to = is_put ? mapped + k * dst * size : d + k * dst * size;
            const char *from = is_put ? s + k * sst * size : mapped + k * sst * size;
            if (local_global) copy(Thread(), to, from, element);
            else copy_generic(Thread(), to, from, element);
        }
    } else {
        if (!__isGlobal(is_put ? source : dest)) fail_local_memory(function, is_put ? source : dest, pe);
        group.sync();  // every thread's part of `source` is written
        if (group.rank() == 0) {
            for (size_t i = 0; i < nelems; ++i) {
                const ptrdiff_t k = static_cast<ptrdiff_t>(i);
                const uint64_t offset = at.offset + static_cast<uint64_t>((k * stride - low) * size);
                if (is_put) request(function, FABSHMEMI_OP_PUT, pe, offset, s + k * sst * size, element, 0, false);
                else request(function, FABSHMEMI_OP_GET, pe, offset, d + k * dst * size, element, 0, false);
            }
            quiet(function);
        }
    }
    group.sync();
}

// p's store: one element of up to 8 bytes, a plain store as NVSHMEM's (the compiler may merge
// it with a neighbour's, as it may NVSHMEM's; quiet's system fence makes it visible). An
// `st.cg` store here measured 2.5% under NVSHMEM in perftest's shmem_p_bw (docs/benchmarks.md).
template <class T>
__device__ inline void store_word(T *p, T value) {
    typedef typename std::conditional<
        sizeof(T) == 1, unsigned char,
        typename std::conditional<sizeof(T) == 2, unsigned short,
                                  typename std::conditional<sizeof(T) == 4, unsigned, unsigned long long>::type>::type>::type
        Word;
    static_assert(sizeof(T) == sizeof(Word), "a 1-, 2-, 4- or 8-byte element");
    Word word;
    memcpy(&word, &value, sizeof word);
    *reinterpret_cast<Word *>(p) = word;
}

// g and p go out of line once, whatever the case (the extension, an error, the request ring):
// each out-of-line call in a loop brings a convergence barrier of its own (BSSY/BSYNC).
// `bytes` is 1, 2, 4 or 8; the word's low bytes are the element's.
__device__ __noinline__ uint64_t g_elsewhere(const char *function, const void *source, unsigned bytes, int pe) {
    const fabshmemi_device_state &s = state;
    const uint64_t offset = static_cast<uint64_t>(static_cast<const char *>(source) - s.heap_base);
    const Remote at = in_heap(s, offset, bytes, pe) ? Remote{offset, peer_heap(pe) ? peer_heap(pe) + offset : nullptr}
                                                    : remote_outside_heap(function, source, bytes, pe);
    if (!at.mapped) return request(function, FABSHMEMI_OP_GET_VALUE, pe, at.offset, nullptr, bytes, 0, true);
    switch (bytes) {
    case 1: return *reinterpret_cast<const uint8_t *>(at.mapped);
    case 2: return *reinterpret_cast<const uint16_t *>(at.mapped);
    case 4: return *reinterpret_cast<const uint32_t *>(at.mapped);
    default: return *reinterpret_cast<const uint64_t *>(at.mapped);
    }
}

__device__ __noinline__ void p_elsewhere(const char *function, void *dest, uint64_t word, unsigned bytes, int pe) {
    const fabshmemi_device_state &s = state;
    const uint64_t offset = static_cast<uint64_t>(static_cast<char *>(dest) - s.heap_base);
    const Remote at = in_heap(s, offset, bytes, pe) ? Remote{offset, peer_heap(pe) ? peer_heap(pe) + offset : nullptr}
                                                    : remote_outside_heap(function, dest, bytes, pe);
    if (!at.mapped) {
        request(function, FABSHMEMI_OP_PUT_VALUE, pe, at.offset, nullptr, bytes, word, false);
        return;
    }
    switch (bytes) {
    case 1: return store_word(reinterpret_cast<uint8_t *>(at.mapped), static_cast<uint8_t>(word));
    case 2: return store_word(reinterpret_cast<uint16_t *>(at.mapped), static_cast<uint16_t>(word));
    case 4: return store_word(reinterpret_cast<uint32_t *>(at.mapped), static_cast<uint32_t>(word));
    default: return store_word(reinterpret_cast<uint64_t *>(at.mapped), word);
    }
}

template <class T>
__device__ inline T g(const char *function, const T *source, int pe) {
    static_assert(sizeof(T) <= sizeof(uint64_t), "one word");
    // A plain load, as NVSHMEM's: it may be served from this SM's L1 (a value read before in this
    // kernel), and the compiler may merge it with others; poll with nvshmem_wait_until.
    if (const char *mapped = mapped_in_heap(source, sizeof(T), pe)) return *reinterpret_cast<const T *>(mapped);
    const uint64_t word = g_elsewhere(function, source, sizeof(T), pe);
    T value;
    memcpy(&value, &word, sizeof(T));
    return value;
}

template <class T>
__device__ inline void p(const char *function, T *dest, T value, int pe) {
    if (char *mapped = mapped_in_heap(dest, sizeof(T), pe)) {
        store_word(reinterpret_cast<T *>(mapped), value);
        return;
    }
    uint64_t word = 0;
    memcpy(&word, &value, sizeof(T));
    p_elsewhere(function, dest, word, sizeof(T), pe);
}

__device__ inline void *ptr(const void *symmetric, int pe) {
    const fabshmemi_device_state &s = ready("nvshmem_ptr");
    if (pe < 0 || pe >= s.n_pes) return nullptr;
    const char *address = static_cast<const char *>(symmetric);
    uint64_t offset = static_cast<uint64_t>(address - s.heap_base);
    if (offset >= s.heap_size) {  // the extension, or not symmetric
        uint64_t at = static_cast<uint64_t>(address - s.extension_base);
        if (!s.extension_base || at >= s.extension_size) return nullptr;
        offset = FABSHMEMI_EXTENSION_OFFSET + at;
    }
    return peer_address(pe, offset);
}

// ---- ordering and synchronisation -----------------------------------------------------------

__device__ inline void quiet(const char *function) {
    const fabshmemi_device_state &s = ready(function);
    __threadfence_system();  // stores through mapped heaps are visible to every PE
    if (!s.ring) return;
    unsigned long long issued = atomicAdd(s.ring_tickets, 0ULL);
    while (*s.ring_completed < issued) __nanosleep(128);
    __threadfence_system();
}

__device__ inline void fence(const char *function) {
    const fabshmemi_device_state &s = ready(function);
    __threadfence_system();
    if (s.ring) request(function, FABSHMEMI_OP_FENCE, s.my_pe, 0, nullptr, 0, 0, false);
}

// ---- teams ------------------------------------------------------------------------------------
// The host keeps the device's team table (state.teams) in step with its own: a handle is a slot.

__device__ __noinline__ void fail_team(const char *function, int team) {
    printf("fabshmem: PE %d: error: %s (in a kernel): team %d is not a team of this PE (NVSHMEM_TEAM_INVALID, "
           "destroyed, or made by a split this PE is not in)\n",
           state.my_pe, function, team);
    __trap();
}

// The slot of `team`, or null when there is no such team on this PE.
__device__ inline fabshmemi_device_team *find_team(const char *function, int team) {
    const fabshmemi_device_state &s = ready(function);
    if (team < 0 || team >= s.max_teams || s.teams[team].n_pes == 0) return nullptr;
    return &s.teams[team];
}

__device__ inline fabshmemi_device_team &team_for(const char *function, int team) {
    fabshmemi_device_team *t = find_team(function, team);
    if (!t) fail_team(function, team);
    return *t;
}

__device__ inline int team_translate(const char *function, int from_team, int pe, int to_team) {
    const fabshmemi_device_team *from = find_team(function, from_team), *to = find_team(function, to_team);
    if (!from || !to || pe < 0 || pe >= from->n_pes) return -1;
    int world_pe = from->members[pe];
    for (int i = 0; i < to->n_pes; ++i)
        if (to->members[i] == world_pe) return i;
    return -1;
}

// Dissemination over the team's flag words in the heaps' library area, by one thread per
// PE: in round k, member i signals member i + 2^k and waits for member i - 2^k. Epochs only
// grow while the team lives (the host zeroes a slot's flags when it frees it).
__device__ inline void sync_one_thread(const char *function, int team, bool complete_puts) {
    if (complete_puts) quiet(function);
    else __threadfence_system();
    const fabshmemi_device_state &s = state;
    fabshmemi_device_team &t = team_for(function, team);
    const int n = t.n_pes;
    if (n == 1) return;
    unsigned long long epoch = ++t.epoch;
    int round = 0;
    for (int distance = 1; distance < n; distance <<= 1, ++round) {
        int to = t.members[(t.my_index + distance) % n];
        uint64_t offset = s.team_flags_offset + (uint64_t(team) * s.max_sync_rounds + round) * sizeof epoch;
        if (char *peer = peer_heap(to))
            *reinterpret_cast<volatile unsigned long long *>(peer + offset) = epoch;
        else
            request(function, FABSHMEMI_OP_PUT_VALUE, to, offset, nullptr, sizeof epoch, epoch, false);
        const volatile unsigned long long *flag =
            reinterpret_cast<const volatile unsigned long long *>(s.heap_base + offset);
        while (*flag < epoch) __nanosleep(64);
        __threadfence_system();
    }
}

// barrier (complete_puts: quiet first) and sync over a team, by one thread, warp or block.
template <class Group>
__device__ inline int team_sync(const Group &group, const char *function, int team, bool complete_puts) {
    group.sync();
    if (group.rank() == 0) sync_one_thread(function, team, complete_puts);
    group.sync();
    return 0;
}

// ---- atomics, signals and waits --------------------------------------------------------------
// Atomics on PEs whose heaps are mapped here are system-scope CUDA atomics; on any other PE
// the host makes them through the request ring (the target then uses its GPU's atomics), so
// they are atomic with each other and with host-made atomics. The op numbers are the
// library's AtomicOp (src/atomic_ops.h).
enum AmoOp { amo_read, amo_write, amo_add, amo_and, amo_or, amo_xor, amo_compare_swap };

__device__ __noinline__ void fail_argument(const char *function, const char *what, int value) {
    printf("fabshmem: PE %d: error: %s (in a kernel): %s %d is not valid\n", state.my_pe, function, what, value);
    __trap();
}

template <class T>
__device__ inline T amo(const char *function, AmoOp op, T *dest, T value, T compare, int pe) {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "AMOs work on 4- and 8-byte types");
    const Remote at = remote(function, dest, sizeof(T), pe);
    typedef typename std::conditional<sizeof(T) == 4, unsigned int, unsigned long long>::type Word;
    Word v, c, old = 0;
    memcpy(&v, &value, sizeof v);
    memcpy(&c, &compare, sizeof c);
    if (!at.mapped) {
        uint64_t reply = request(function, FABSHMEMI_OP_ATOMIC, pe, at.offset,
                                 reinterpret_cast<const void *>(static_cast<uintptr_t>(c)), sizeof(T), v, true, op);
        old = static_cast<Word>(reply);
        T result;
        memcpy(&result, &old, sizeof result);
        return result;
    }
    Word *word = reinterpret_cast<Word *>(at.mapped);
    switch (op) {  // two's-complement addition serves signed and unsigned types alike
    case amo_read: old = atomicOr_system(word, Word(0)); break;
    case amo_write: old = atomicExch_system(word, v); break;
    case amo_add: old = atomicAdd_system(word, v); break;
    case amo_and: old = atomicAnd_system(word, v); break;
    case amo_or: old = atomicOr_system(word, v); break;
    case amo_xor: old = atomicXor_system(word, v); break;
    case amo_compare_swap: old = atomicCAS_system(word, c, v); break;
    }
    T result;
    memcpy(&result, &old, sizeof result);
    return result;
}

template <class T>
__device__ inline bool compares(const char *function, T value, int cmp, T against) {
    switch (cmp) {
    case NVSHMEM_CMP_EQ: return value == against;
    case NVSHMEM_CMP_NE: return value != against;
    case NVSHMEM_CMP_GT: return value > against;
    case NVSHMEM_CMP_LE: return value <= against;
    case NVSHMEM_CMP_LT: return value < against;
    case NVSHMEM_CMP_GE: return value >= against;
    }
    fail_argument(function, "comparison", cmp);
    return false;
}

enum Want { want_all, want_any, want_some };

// As on the host (src/api_signal.cpp): waits (`block`) or looks once until the elements that
// `status` does not exclude satisfy the comparison. Returns: all: 1 if they do; any: an index
// or SIZE_MAX; some: how many, their indices in `indices`.
template <class T, class Against>
__device__ inline size_t wait_elements(const char *function, T *ivars, size_t n, const int *status,
                                       size_t *indices, int cmp, Against against, Want want, bool block) {
    ready(function);
    size_t candidates = 0;
    for (size_t i = 0; i < n; ++i) candidates += !(status && status[i]);
    if (candidates == 0) return want == want_all ? 1 : want == want_any ? SIZE_MAX : 0;
    for (;;) {
        size_t satisfied = 0, first = SIZE_MAX;
        for (size_t i = 0; i < n; ++i) {
            if ((status && status[i]) ||
                !compares(function, *reinterpret_cast<volatile T *>(&ivars[i]), cmp, against(i)))
                continue;
            if (first == SIZE_MAX) first = i;
            if (indices && want == want_some) indices[satisfied] = i;
            ++satisfied;
        }
        bool done = want == want_all ? satisfied == candidates : satisfied > 0;
        if (done || !block) {
            __threadfence_system();  // what was written before the values is visible
            if (want == want_all) return done ? 1 : 0;
            return want == want_any ? first : satisfied;
        }
        __nanosleep(64);
    }
}

// The signal, after what this thread (or its group, synchronised) wrote before: a fence
// (system fence, or a ring fence), then an atomic on the signal word.
__device__ inline void signal_op(const char *function, uint64_t *sig, uint64_t signal, int sig_op, int pe) {
    if (sig_op != NVSHMEM_SIGNAL_SET && sig_op != NVSHMEM_SIGNAL_ADD) fail_argument(function, "signal operation", sig_op);
    if (remote(function, sig, sizeof *sig, pe).mapped) __threadfence_system();
    else request(function, FABSHMEMI_OP_FENCE, state.my_pe, 0, nullptr, 0, 0, false);
    amo<unsigned long long>(function, sig_op == NVSHMEM_SIGNAL_SET ? amo_write : amo_add,
                            reinterpret_cast<unsigned long long *>(sig), signal, 0, pe);
}

template <class Group>
__device__ inline void put_signal(const Group &group, const char *function, void *dest, const void *source,
                                  size_t bytes, uint64_t *sig, uint64_t signal, int sig_op, int pe,
                                  bool blocking) {
    put(group, function, dest, source, bytes, pe, blocking);
    if (group.rank() == 0) signal_op(function, sig, signal, sig_op, pe);
    group.sync();
}

}  // namespace
}  // namespace fabshmemi

// The collectives and the API calls over the code above.
#include "fabshmem/detail/device_collectives.h"
#include "fabshmem/detail/device_api.h"

#endif
