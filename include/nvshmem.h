/* fabshmem: the NVSHMEM host API over libfabric.
 * Names and signatures follow NVIDIA's NVSHMEM so that NVSHMEM programs compile unchanged.
 * Beyond NVSHMEM: the typed _g/_p calls also work from the host. */
#ifndef FABSHMEM_NVSHMEM_H
#define FABSHMEM_NVSHMEM_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

/* As NVSHMEM's headers do, these bring in CUDA's runtime and driver headers wherever the
 * compiler finds them (nvcc, or a C/C++ compiler given CUDA's include folder, as
 * `pkg-config --cflags fabshmem` does on a build with CUDA): programs rely on that. */
#if !defined(FABSHMEMI_NO_CUDA_HEADERS) && defined(__has_include)
#if __has_include(<cuda_runtime.h>) && __has_include(<cuda.h>)
#include <cuda.h>
#include <cuda_runtime.h>
#define FABSHMEMI_CUDA_HEADERS 1
#endif
#endif

#include "fabshmem/detail/types.h"

/* half and bfloat16 calls take CUDA's types where C++ sees CUDA's headers (see types.h). */
#if defined(FABSHMEMI_CUDA_HEADERS)
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#if defined(__cplusplus)
#undef FABSHMEMI_HALF
#undef FABSHMEMI_BFLOAT16
#define FABSHMEMI_HALF half
#define FABSHMEMI_BFLOAT16 __nv_bfloat16
#endif
#endif

/* The OpenSHMEM specification level NVSHMEM follows (what nvshmem_info_get_version returns;
 * NVSHMEM 3.4.5 defines 1.3 too). */
#define NVSHMEM_MAJOR_VERSION 1
#define NVSHMEM_MINOR_VERSION 3
#define NVSHMEM_VENDOR_STRING "fabshmem"
/* The NVSHMEM release whose API fabshmem offers (what nvshmemx_vendor_get_version_info
 * returns): programs that test NVSHMEM's version before using a call see it there. */
#define NVSHMEM_VENDOR_MAJOR_VERSION 3
#define NVSHMEM_VENDOR_MINOR_VERSION 4
#define NVSHMEM_VENDOR_PATCH_VERSION 5
#define NVSHMEM_VENDOR_VERSION \
    ((NVSHMEM_VENDOR_MAJOR_VERSION) * 10000 + (NVSHMEM_VENDOR_MINOR_VERSION) * 100 + (NVSHMEM_VENDOR_PATCH_VERSION))
#define NVSHMEM_MAX_NAME_LEN 256

#define FABSHMEM_VERSION_MAJOR 0
#define FABSHMEM_VERSION_MINOR 1
#define FABSHMEM_VERSION_PATCH 0

/* The calls NVSHMEM also offers inside kernels. In CUDA code (nvcc) fabshmem_device.h defines
 * them for host and device alike, and its host side calls the library's function, which is
 * declared here under another name bound to the same symbol. */
#if defined(__CUDACC__)
#define FABSHMEMI_HOST_DEVICE_DECL(ret, name, params) ret fabshmemi_host_##name params __asm__(#name);
#else
#define FABSHMEMI_HOST_DEVICE_DECL(ret, name, params) ret name params;
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Life cycle. nvshmem_init is collective; a second call only counts a reference. */
void nvshmem_init(void);
void nvshmem_finalize(void);
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_my_pe, (void))
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_n_pes, (void))
void nvshmem_info_get_version(int *major, int *minor);
/* Ends every PE of the job with exit status `status`. */
void nvshmem_global_exit(int status);
void nvshmem_info_get_name(char *name);
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmemx_vendor_get_version_info, (int *major, int *minor, int *patch))

/* Symmetric heap. Allocation calls are collective: every PE makes the same calls in the
 * same order, and then a block has the same offset in every PE's heap. */
void *nvshmem_malloc(size_t size);
void *nvshmem_calloc(size_t count, size_t size);
void *nvshmem_align(size_t alignment, size_t size);
void nvshmem_free(void *ptr);
/* Collective: a block of `size` bytes holding the old block's contents (up to the smaller
 * size); the old block is freed. NULL `ptr`: nvshmem_malloc; size 0: nvshmem_free. */
void *nvshmem_realloc(void *ptr, size_t size);
FABSHMEMI_HOST_DEVICE_DECL(void *, nvshmem_ptr, (const void *dest, int pe))

/* The tutorial's spellings of the allocator. */
void *nvshmalloc(size_t size);
void nvshfree(void *ptr);

/* Untyped RMA. `source` (get) or `dest` (put) is a symmetric address. */
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_getmem, (void *dest, const void *source, size_t nelems, int pe))
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_putmem, (void *dest, const void *source, size_t nelems, int pe))
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_getmem_nbi, (void *dest, const void *source, size_t nelems, int pe))
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_putmem_nbi, (void *dest, const void *source, size_t nelems, int pe))

#define FABSHMEM_DECLARE_TYPED_RMA(NAME, TYPE)                                                           \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_get, (TYPE *dest, const TYPE *source, size_t nelems, int pe))     \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_put, (TYPE *dest, const TYPE *source, size_t nelems, int pe))     \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_get_nbi, (TYPE *dest, const TYPE *source, size_t nelems, int pe)) \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_put_nbi, (TYPE *dest, const TYPE *source, size_t nelems, int pe)) \
    FABSHMEMI_HOST_DEVICE_DECL(TYPE, nvshmem_##NAME##_g, (const TYPE *source, int pe))                                  \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_p, (TYPE *dest, TYPE value, int pe))
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_TYPED_RMA)
#undef FABSHMEM_DECLARE_TYPED_RMA

/* Strided RMA: element i goes between dest[i * dst] and source[i * sst] (strides in elements). */
#define FABSHMEM_DECLARE_STRIDED(IPUT, IGET, ELEMENT)                                                    \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##IPUT, (ELEMENT * dest, const ELEMENT *source, ptrdiff_t dst, \
                                                      ptrdiff_t sst, size_t nelems, int pe))              \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##IGET, (ELEMENT * dest, const ELEMENT *source, ptrdiff_t dst, \
                                                      ptrdiff_t sst, size_t nelems, int pe))
#define FABSHMEM_DECLARE_TYPED_STRIDED(NAME, TYPE) FABSHMEM_DECLARE_STRIDED(NAME##_iput, NAME##_iget, TYPE)
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_TYPED_STRIDED)
#undef FABSHMEM_DECLARE_TYPED_STRIDED

/* Sized RMA: nelems elements of BITS bits each. */
#define FABSHMEM_DECLARE_SIZED(BITS)                                                                       \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_get##BITS, (void *dest, const void *source, size_t nelems, int pe))     \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_put##BITS, (void *dest, const void *source, size_t nelems, int pe))     \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_get##BITS##_nbi, (void *dest, const void *source, size_t nelems, int pe)) \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_put##BITS##_nbi, (void *dest, const void *source, size_t nelems, int pe)) \
    FABSHMEM_DECLARE_STRIDED(iput##BITS, iget##BITS, void)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DECLARE_SIZED)
#undef FABSHMEM_DECLARE_SIZED
#undef FABSHMEM_DECLARE_STRIDED

/* The tutorial writes the remote read with an index: nvshmem_float_g(buf, i, peer), meaning
 * element i of buf on PE peer. Both that and NVSHMEM's nvshmem_float_g(buf + i, peer) work:
 * these macros count the arguments and call the one real function. */
#define FABSHMEMI_G_2(fn, source, pe) fn(source, pe)
#define FABSHMEMI_G_3(fn, source, index, pe) fn((source) + (index), pe)
#define FABSHMEMI_G_PICK(_1, _2, _3, NAME, ...) NAME
#define FABSHMEMI_G(fn, ...) \
    FABSHMEMI_G_PICK(__VA_ARGS__, FABSHMEMI_G_3, FABSHMEMI_G_2, ~)(fn, __VA_ARGS__)
#include "fabshmem/detail/g_macros.h" /* one such macro per RMA type, made from the type table */

/* Ordering and completion. */
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_quiet, (void))
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_fence, (void))

/* Synchronisation: barrier_all also completes this PE's outstanding puts (quiet);
 * sync_all only synchronises. */
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_barrier_all, (void))
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_sync_all, (void))


/* Atomic memory operations on a symmetric word of PE `pe`; the fetching ones return the old
 * value. On the host (beyond NVSHMEM) with a host heap; in kernels to the PEs whose heaps are
 * mapped (this node, CUDA IPC). */
#define FABSHMEM_DECLARE_AMO(NAME, TYPE)                                                                      \
    FABSHMEMI_HOST_DEVICE_DECL(TYPE, nvshmem_##NAME##_atomic_compare_swap, (TYPE *dest, TYPE cond, TYPE value, int pe)) \
    FABSHMEMI_HOST_DEVICE_DECL(TYPE, nvshmem_##NAME##_atomic_fetch_inc, (TYPE *dest, int pe))                \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_atomic_inc, (TYPE *dest, int pe))                      \
    FABSHMEMI_HOST_DEVICE_DECL(TYPE, nvshmem_##NAME##_atomic_fetch_add, (TYPE *dest, TYPE value, int pe))    \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_atomic_add, (TYPE *dest, TYPE value, int pe))
#define FABSHMEM_DECLARE_EXTENDED_AMO(NAME, TYPE)                                                             \
    FABSHMEMI_HOST_DEVICE_DECL(TYPE, nvshmem_##NAME##_atomic_fetch, (const TYPE *source, int pe))            \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_atomic_set, (TYPE *dest, TYPE value, int pe))          \
    FABSHMEMI_HOST_DEVICE_DECL(TYPE, nvshmem_##NAME##_atomic_swap, (TYPE *dest, TYPE value, int pe))
#define FABSHMEM_DECLARE_BITWISE_AMO(NAME, TYPE)                                                              \
    FABSHMEMI_HOST_DEVICE_DECL(TYPE, nvshmem_##NAME##_atomic_fetch_and, (TYPE *dest, TYPE value, int pe))    \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_atomic_and, (TYPE *dest, TYPE value, int pe))          \
    FABSHMEMI_HOST_DEVICE_DECL(TYPE, nvshmem_##NAME##_atomic_fetch_or, (TYPE *dest, TYPE value, int pe))     \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_atomic_or, (TYPE *dest, TYPE value, int pe))           \
    FABSHMEMI_HOST_DEVICE_DECL(TYPE, nvshmem_##NAME##_atomic_fetch_xor, (TYPE *dest, TYPE value, int pe))    \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_atomic_xor, (TYPE *dest, TYPE value, int pe))
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEM_DECLARE_AMO)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEM_DECLARE_EXTENDED_AMO)
FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(FABSHMEM_DECLARE_EXTENDED_AMO)
FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(FABSHMEM_DECLARE_BITWISE_AMO)
#undef FABSHMEM_DECLARE_AMO
#undef FABSHMEM_DECLARE_EXTENDED_AMO
#undef FABSHMEM_DECLARE_BITWISE_AMO

/* Point-to-point synchronization: comparisons for wait_until and test. */
enum { NVSHMEM_CMP_EQ = 0, NVSHMEM_CMP_NE, NVSHMEM_CMP_GT, NVSHMEM_CMP_LE, NVSHMEM_CMP_LT, NVSHMEM_CMP_GE };

/* Put with signal: the data arrive, then the signal word at `sig_addr` on PE `pe` is set to
 * or increased by `signal` (atomically), so a PE that waits on the signal sees the data. */
enum { NVSHMEM_SIGNAL_SET = 0, NVSHMEM_SIGNAL_ADD = 1 };
/* nvshmem_PUT_SIGNAL (+ _nbi): putmem_signal, the typed names (NAME_put_signal) and the sized
 * ones (putN_signal); TYPE void for the untyped. */
#define FABSHMEM_DECLARE_PUT_SIGNAL(PUT_SIGNAL, TYPE)                                                         \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##PUT_SIGNAL, (TYPE *dest, const TYPE *source, size_t nelems,     \
                                                            uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)) \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##PUT_SIGNAL##_nbi, (TYPE *dest, const TYPE *source, size_t nelems, \
                                                                  uint64_t *sig_addr, uint64_t signal, int sig_op, int pe))
FABSHMEM_DECLARE_PUT_SIGNAL(putmem_signal, void)
#define FABSHMEM_DECLARE_TYPED_PUT_SIGNAL(NAME, TYPE) FABSHMEM_DECLARE_PUT_SIGNAL(NAME##_put_signal, TYPE)
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_TYPED_PUT_SIGNAL)
#undef FABSHMEM_DECLARE_TYPED_PUT_SIGNAL
#define FABSHMEM_DECLARE_SIZED_PUT_SIGNAL(BITS) FABSHMEM_DECLARE_PUT_SIGNAL(put##BITS##_signal, void)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DECLARE_SIZED_PUT_SIGNAL)
#undef FABSHMEM_DECLARE_SIZED_PUT_SIGNAL
#undef FABSHMEM_DECLARE_PUT_SIGNAL
FABSHMEMI_HOST_DEVICE_DECL(uint64_t, nvshmem_signal_fetch, (const uint64_t *sig_addr))
/* The signal alone: sets or adds to the signal word on PE `pe` (atomically). */
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmemx_signal_op, (uint64_t *sig_addr, uint64_t signal, int sig_op, int pe))
/* Waits until this PE's signal word compares true against cmp_value; returns its value. */
FABSHMEMI_HOST_DEVICE_DECL(uint64_t, nvshmem_signal_wait_until, (uint64_t *sig_addr, int cmp, uint64_t cmp_value))

/* Waiting on and testing this PE's own symmetric variables, which other PEs update. `status`
 * (may be NULL) excludes the elements whose entry is non-zero. */
#define FABSHMEM_DECLARE_WAIT(NAME, TYPE)                                                                    \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_wait_until, (TYPE *ivar, int cmp, TYPE cmp_value))    \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_wait_until_all, (TYPE *ivars, size_t nelems,          \
                               const int *status, int cmp, TYPE cmp_value))                                 \
    FABSHMEMI_HOST_DEVICE_DECL(size_t, nvshmem_##NAME##_wait_until_any, (TYPE *ivars, size_t nelems,        \
                               const int *status, int cmp, TYPE cmp_value))                                 \
    FABSHMEMI_HOST_DEVICE_DECL(size_t, nvshmem_##NAME##_wait_until_some, (TYPE *ivars, size_t nelems,       \
                               size_t *indices, const int *status, int cmp, TYPE cmp_value))                \
    FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_##NAME##_wait_until_all_vector, (TYPE *ivars, size_t nelems,   \
                               const int *status, int cmp, TYPE *cmp_values))                               \
    FABSHMEMI_HOST_DEVICE_DECL(size_t, nvshmem_##NAME##_wait_until_any_vector, (TYPE *ivars, size_t nelems, \
                               const int *status, int cmp, TYPE *cmp_values))                               \
    FABSHMEMI_HOST_DEVICE_DECL(size_t, nvshmem_##NAME##_wait_until_some_vector, (TYPE *ivars, size_t nelems,\
                               size_t *indices, const int *status, int cmp, TYPE *cmp_values))              \
    FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_##NAME##_test, (TYPE *ivar, int cmp, TYPE cmp_value))           \
    FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_##NAME##_test_all, (TYPE *ivars, size_t nelems, const int *status, \
                               int cmp, TYPE cmp_value))                                                    \
    FABSHMEMI_HOST_DEVICE_DECL(size_t, nvshmem_##NAME##_test_any, (TYPE *ivars, size_t nelems,              \
                               const int *status, int cmp, TYPE cmp_value))                                 \
    FABSHMEMI_HOST_DEVICE_DECL(size_t, nvshmem_##NAME##_test_some, (TYPE *ivars, size_t nelems,             \
                               size_t *indices, const int *status, int cmp, TYPE cmp_value))
FABSHMEM_FOR_EACH_SYNC_TYPE(FABSHMEM_DECLARE_WAIT)
#undef FABSHMEM_DECLARE_WAIT
/* The vector tests: host only. */
#define FABSHMEM_DECLARE_TEST_VECTOR(NAME, TYPE)                                                             \
    int nvshmem_##NAME##_test_all_vector(TYPE *ivars, size_t nelems, const int *status, int cmp, TYPE *cmp_values); \
    size_t nvshmem_##NAME##_test_any_vector(TYPE *ivars, size_t nelems, const int *status, int cmp,        \
                                            TYPE *cmp_values);                                             \
    size_t nvshmem_##NAME##_test_some_vector(TYPE *ivars, size_t nelems, size_t *indices, const int *status, \
                                             int cmp, TYPE *cmp_values);
FABSHMEM_FOR_EACH_SYNC_TYPE(FABSHMEM_DECLARE_TEST_VECTOR)
#undef FABSHMEM_DECLARE_TEST_VECTOR

/* Teams: ordered subsets of the PEs. Predefined: every PE, the PEs whose heaps this PE can
 * load and store (shared), the PEs of this node. Splitting is collective over the parent. */
typedef int32_t nvshmem_team_t;
#define NVSHMEM_TEAM_INVALID ((nvshmem_team_t)-1)
#define NVSHMEM_TEAM_WORLD ((nvshmem_team_t)0)
#define NVSHMEM_TEAM_SHARED ((nvshmem_team_t)1)
#define NVSHMEMX_TEAM_NODE ((nvshmem_team_t)2)
#define NVSHMEM_TEAM_WORLD_INDEX 0
#define NVSHMEM_TEAM_SHARED_INDEX 1
#define NVSHMEMX_TEAM_NODE_INDEX 2
#define NVSHMEM_MAX_TEAMS 32
/* A team's configuration (NVSHMEM's version 2 layout). config_mask says which fields a split
 * or nvshmemx_team_init reads; a team made by unique id (nvshmemx_team_get_uniqueid) carries it. */
typedef uint64_t nvshmemx_team_uniqueid_t;
#define NVSHMEM_TEAM_UNIQUEID_INVALID ((nvshmemx_team_uniqueid_t)0xFFFFFFFFFFFFFFFFull)
#define NVSHMEM_TEAM_UNIQUID_INITIALIZER NVSHMEM_TEAM_UNIQUEID_INVALID /* NVSHMEM's spelling */
typedef struct {
    int version;
    int num_contexts;
    nvshmemx_team_uniqueid_t uniqueid;
    char padding[48];
} nvshmem_team_config_t;
#define NVSHMEM_TEAM_CONFIG_INITIALIZER {(2 << 16) + (int)sizeof(nvshmem_team_config_t), -1, NVSHMEM_TEAM_UNIQUEID_INVALID, {0}}
#define NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS 0x1L
#define NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID 0x2L
/* The team's configuration as it was made (num_contexts 0 for the predefined teams). */
void nvshmem_team_get_config(nvshmem_team_t team, nvshmem_team_config_t *config);
/* The team's multicast address of `ptr`: NULL, as fabshmem uses no multicast objects. */
FABSHMEMI_HOST_DEVICE_DECL(void *, nvshmemx_mc_ptr, (nvshmem_team_t team, const void *ptr))
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_team_my_pe, (nvshmem_team_t team))
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_team_n_pes, (nvshmem_team_t team))
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_team_translate_pe, (nvshmem_team_t src_team, int src_pe, nvshmem_team_t dest_team))
/* Returns 0, with *new_team the team (NVSHMEM_TEAM_INVALID on the PEs not in it). */
int nvshmem_team_split_strided(nvshmem_team_t parent_team, int PE_start, int PE_stride, int PE_size,
                               const nvshmem_team_config_t *config, long config_mask,
                               nvshmem_team_t *new_team);
int nvshmem_team_split_2d(nvshmem_team_t parent_team, int xrange, const nvshmem_team_config_t *xaxis_config,
                          long xaxis_mask, nvshmem_team_t *xaxis_team,
                          const nvshmem_team_config_t *yaxis_config, long yaxis_mask,
                          nvshmem_team_t *yaxis_team);
void nvshmem_team_destroy(nvshmem_team_t team);
/* A team of any PEs without a parent: one PE makes a unique id and hands it to the others (by
 * MPI, a file, ...); each calls nvshmemx_team_init with config->uniqueid set to it, the team's
 * size and its own index in it, and returns once all have (0, *team the new team). Not 0
 * (*team NVSHMEM_TEAM_INVALID) after a message, on arguments that cannot make a team. */
int nvshmemx_team_get_uniqueid(nvshmemx_team_uniqueid_t *uniqueid);
int nvshmemx_team_init(nvshmem_team_t *team, nvshmem_team_config_t *config, long config_mask, int npes,
                       int pe_idx_in_team);

/* Collectives over a team, called by every PE of it (in kernels too: one thread per PE, or a
 * warp or block with the _warp / _block forms); buffers are symmetric. They return 0. */
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_barrier, (nvshmem_team_t team)) /* quiet, then sync */
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_team_sync, (nvshmem_team_t team))
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_broadcastmem, (nvshmem_team_t team, void *dest, const void *source,
                                                       size_t nelems, int PE_root))
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_fcollectmem, (nvshmem_team_t team, void *dest, const void *source, size_t nelems))
FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_alltoallmem, (nvshmem_team_t team, void *dest, const void *source, size_t nelems))
#define FABSHMEM_DECLARE_COLLECTIVES(NAME, TYPE)                                                                 \
    FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_##NAME##_broadcast, (nvshmem_team_t team, TYPE *dest,             \
                                                                const TYPE *source, size_t nelems, int PE_root)) \
    FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_##NAME##_fcollect, (nvshmem_team_t team, TYPE *dest,              \
                                                               const TYPE *source, size_t nelems))            \
    FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_##NAME##_alltoall, (nvshmem_team_t team, TYPE *dest,              \
                                                               const TYPE *source, size_t nelems))
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_COLLECTIVES)
#undef FABSHMEM_DECLARE_COLLECTIVES
/* reducescatter: source holds n_pes x nreduce elements; member i's dest gets the reduction of
 * every member's block i. */
#define FABSHMEM_DECLARE_REDUCE(NAME, TYPE, OP)                                             \
    FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_##NAME##_##OP##_reduce, (nvshmem_team_t team, TYPE *dest, \
                                                                    const TYPE *source, size_t nreduce)) \
    FABSHMEMI_HOST_DEVICE_DECL(int, nvshmem_##NAME##_##OP##_reducescatter, (nvshmem_team_t team, TYPE *dest, \
                                                                           const TYPE *source, size_t nreduce))
#define FABSHMEM_DECLARE_BITWISE_REDUCE(NAME, TYPE) \
    FABSHMEM_DECLARE_REDUCE(NAME, TYPE, and) FABSHMEM_DECLARE_REDUCE(NAME, TYPE, or) FABSHMEM_DECLARE_REDUCE(NAME, TYPE, xor)
#define FABSHMEM_DECLARE_ARITH_REDUCE(NAME, TYPE) \
    FABSHMEM_DECLARE_REDUCE(NAME, TYPE, min) FABSHMEM_DECLARE_REDUCE(NAME, TYPE, max)      \
    FABSHMEM_DECLARE_REDUCE(NAME, TYPE, sum) FABSHMEM_DECLARE_REDUCE(NAME, TYPE, prod)
FABSHMEM_FOR_EACH_BITWISE_REDUCE_TYPE(FABSHMEM_DECLARE_BITWISE_REDUCE)
FABSHMEM_FOR_EACH_ARITH_REDUCE_TYPE(FABSHMEM_DECLARE_ARITH_REDUCE)
#undef FABSHMEM_DECLARE_BITWISE_REDUCE
#undef FABSHMEM_DECLARE_ARITH_REDUCE
#undef FABSHMEM_DECLARE_REDUCE

#ifdef __cplusplus
}
#endif

/* As with NVSHMEM, nvshmem.h declares the extensions too (init with attributes, on-stream
 * calls, ...): programs that include only nvshmem.h use them. */
#include "nvshmemx.h"

/* In CUDA code: the same calls inside kernels, and the _warp and _block forms. */
#if defined(__CUDACC__)
#include "fabshmem/detail/device.h"
#endif

#endif
