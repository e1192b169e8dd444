/* fabshmem: the OpenSHMEM 1.5 face. OpenSHMEM programs compile against this header and run on
 * the same library as NVSHMEM programs: most calls are inline forwards to the nvshmem_ ones
 * (same arguments); the rest (legacy active-set collectives, strided RMA, the old AMO names)
 * are library functions.
 *
 * Symmetric objects are memory from shmem_malloc and friends, and the program's global and
 * static variables (unless FABSHMEM_STATIC_DATA=0; see the README). */
#ifndef FABSHMEM_SHMEM_H
#define FABSHMEM_SHMEM_H

#include <stddef.h>
#include <stdint.h>

#include "nvshmem.h"

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define SHMEM_MAX_NAME_LEN 256
#define SHMEM_VENDOR_STRING "fabshmem"

#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

#define SHMEM_CMP_EQ NVSHMEM_CMP_EQ
#define SHMEM_CMP_NE NVSHMEM_CMP_NE
#define SHMEM_CMP_GT NVSHMEM_CMP_GT
#define SHMEM_CMP_LE NVSHMEM_CMP_LE
#define SHMEM_CMP_LT NVSHMEM_CMP_LT
#define SHMEM_CMP_GE NVSHMEM_CMP_GE
#define SHMEM_SIGNAL_SET NVSHMEM_SIGNAL_SET
#define SHMEM_SIGNAL_ADD NVSHMEM_SIGNAL_ADD

/* The legacy collectives' work arrays: programs size them so. fabshmem never reads pWrk; pSync
 * only where active sets sync over it (beyond 2,048 PEs, or FABSHMEM_ACTIVE_SET_SYNC=psync). */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_BARRIER_SYNC_SIZE 64
#define SHMEM_BCAST_SYNC_SIZE 64
#define SHMEM_COLLECT_SYNC_SIZE 64
#define SHMEM_REDUCE_SYNC_SIZE 64
#define SHMEM_ALLTOALL_SYNC_SIZE 64
#define SHMEM_ALLTOALLS_SYNC_SIZE 64
#define SHMEM_SYNC_SIZE 64
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 1
/* OpenSHMEM 1.0-1.2's names of these constants (deprecated, still in programs) */
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_LE SHMEM_CMP_LE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_GE SHMEM_CMP_GE

typedef nvshmem_team_t shmem_team_t;
typedef struct {
    int num_contexts;
} shmem_team_config_t;
#define SHMEM_TEAM_INVALID NVSHMEM_TEAM_INVALID
#define SHMEM_TEAM_WORLD NVSHMEM_TEAM_WORLD
#define SHMEM_TEAM_SHARED NVSHMEM_TEAM_SHARED
#define SHMEMX_TEAM_NODE NVSHMEMX_TEAM_NODE
/* shmem_team_config_t fields a split reads (config_mask bits) */
#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)
/* shmem_malloc_with_hints: how the memory will be used (fabshmem places every block alike) */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

#ifdef __cplusplus
extern "C" {
#endif

/* Library functions (src/api_shmem.cpp). */
int shmem_init_thread(int requested, int *provided);
void shmem_query_thread(int *provided);
void shmem_global_exit(int status);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void *addr, int pe);
void *shmem_realloc(void *ptr, size_t size);
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
void *shmem_malloc_with_hints(size_t size, long hints);
/* Profiling control: accepted; fabshmem has no profiling interface to steer. */
void shmem_pcontrol(const int level, ...);
/* The address of `dest` on team member `pe` for loads and stores, or NULL. */
void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe);
/* The configuration `team` was made with (the fields config_mask selects). 0, or nonzero for
 * an invalid team. */
int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config);

/* Distributed locks: `lock` is a symmetric long, zero before first use. Fair (first come,
 * first served); set_lock waits, test_lock returns 0 if it took the lock and 1 if it is held. */
void shmem_set_lock(long *lock);
void shmem_clear_lock(long *lock);
int shmem_test_lock(long *lock);

/* The types OpenSHMEM has and NVSHMEM does not: long double RMA, collectives and reductions
 * (src/api/shmem_types.cpp), and complex sum and product reductions (C, and C++ where the
 * compiler knows C's _Complex: GCC and Clang, not nvcc). */
#define FABSHMEM_DECLARE_SHMEM_ONLY_RMA(NAME, TYPE)                                                      \
    void shmem_##NAME##_put(TYPE *dest, const TYPE *source, size_t nelems, int pe);                      \
    void shmem_##NAME##_get(TYPE *dest, const TYPE *source, size_t nelems, int pe);                      \
    void shmem_##NAME##_put_nbi(TYPE *dest, const TYPE *source, size_t nelems, int pe);                  \
    void shmem_##NAME##_get_nbi(TYPE *dest, const TYPE *source, size_t nelems, int pe);                  \
    void shmem_##NAME##_p(TYPE *dest, TYPE value, int pe);                                               \
    TYPE shmem_##NAME##_g(const TYPE *source, int pe);                                                   \
    void shmem_##NAME##_put_signal(TYPE *dest, const TYPE *source, size_t nelems, uint64_t *sig_addr,    \
                                   uint64_t signal, int sig_op, int pe);                                 \
    void shmem_##NAME##_put_signal_nbi(TYPE *dest, const TYPE *source, size_t nelems, uint64_t *sig_addr, \
                                       uint64_t signal, int sig_op, int pe);                             \
    int shmem_##NAME##_broadcast(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems, int PE_root); \
    int shmem_##NAME##_fcollect(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems);       \
    int shmem_##NAME##_alltoall(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems);
FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEM_DECLARE_SHMEM_ONLY_RMA)
#undef FABSHMEM_DECLARE_SHMEM_ONLY_RMA
#define FABSHMEM_DECLARE_SHMEM_ONLY_REDUCE(NAME, TYPE)                                                       \
    int shmem_##NAME##_min_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce);    \
    int shmem_##NAME##_max_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce);    \
    int shmem_##NAME##_sum_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce);    \
    int shmem_##NAME##_prod_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce);
FABSHMEM_FOR_EACH_SHMEM_ONLY_REDUCE_TYPE(FABSHMEM_DECLARE_SHMEM_ONLY_REDUCE)
#undef FABSHMEM_DECLARE_SHMEM_ONLY_REDUCE
/* and/or/xor team reductions of the signed types the legacy _to_all forms have (short, int,
 * long, long long), as Sandia OpenSHMEM offers them beside the specification's unsigned ones. */
#define FABSHMEM_DECLARE_SIGNED_BITWISE_REDUCE(NAME, TYPE)                                                  \
    int shmem_##NAME##_and_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce);    \
    int shmem_##NAME##_or_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce);     \
    int shmem_##NAME##_xor_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce);
FABSHMEM_FOR_EACH_TO_ALL_BITWISE_TYPE(FABSHMEM_DECLARE_SIGNED_BITWISE_REDUCE)
#undef FABSHMEM_DECLARE_SIGNED_BITWISE_REDUCE
#if !defined(__cplusplus) || (defined(__GNUC__) && !defined(__CUDACC__))
#define FABSHMEMI_HAVE_COMPLEX 1
#define FABSHMEM_DECLARE_COMPLEX(NAME, TYPE)                                                                 \
    int shmem_##NAME##_sum_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce);    \
    int shmem_##NAME##_prod_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce);   \
    void shmem_##NAME##_sum_to_all(TYPE *dest, const TYPE *source, int nreduce, int PE_start, int logPE_stride, \
                                   int PE_size, TYPE *pWrk, long *pSync);                                \
    void shmem_##NAME##_prod_to_all(TYPE *dest, const TYPE *source, int nreduce, int PE_start, int logPE_stride, \
                                    int PE_size, TYPE *pWrk, long *pSync);
FABSHMEM_DECLARE_COMPLEX(complexf, float _Complex)
FABSHMEM_DECLARE_COMPLEX(complexd, double _Complex)
#undef FABSHMEM_DECLARE_COMPLEX
#endif

#define FABSHMEM_DECLARE_STRIDED(NAME, TYPE)                                                               \
    void shmem_##NAME##_iput(TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe); \
    void shmem_##NAME##_iget(TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(FABSHMEM_DECLARE_STRIDED)
FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEM_DECLARE_STRIDED)
#undef FABSHMEM_DECLARE_STRIDED
#define FABSHMEM_DECLARE_SIZED(BITS)                                                                        \
    void shmem_put##BITS(void *dest, const void *source, size_t nelems, int pe);                          \
    void shmem_get##BITS(void *dest, const void *source, size_t nelems, int pe);                          \
    void shmem_put##BITS##_nbi(void *dest, const void *source, size_t nelems, int pe);                    \
    void shmem_get##BITS##_nbi(void *dest, const void *source, size_t nelems, int pe);                    \
    void shmem_iput##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe); \
    void shmem_iget##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DECLARE_SIZED)
#undef FABSHMEM_DECLARE_SIZED

/* Active-set collectives (OpenSHMEM 1.4, deprecated in 1.5 but used by many benchmarks): the
 * PEs PE_start + i * 2^logPE_stride, i < PE_size. pSync and pWrk are accepted and unused. */
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync);
#define FABSHMEM_DECLARE_ACTIVE_SET(BITS)                                                                   \
    void shmem_broadcast##BITS(void *dest, const void *source, size_t nelems, int PE_root, int PE_start,  \
                               int logPE_stride, int PE_size, long *pSync);                               \
    void shmem_collect##BITS(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, \
                             int PE_size, long *pSync);                                                   \
    void shmem_fcollect##BITS(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, \
                              int PE_size, long *pSync);                                                  \
    void shmem_alltoall##BITS(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, \
                              int PE_size, long *pSync);
FABSHMEM_DECLARE_ACTIVE_SET(32)
FABSHMEM_DECLARE_ACTIVE_SET(64)
#undef FABSHMEM_DECLARE_ACTIVE_SET
#define FABSHMEM_DECLARE_TO_ALL(NAME, TYPE, OP)                                                             \
    void shmem_##NAME##_##OP##_to_all(TYPE *dest, const TYPE *source, int nreduce, int PE_start,          \
                                      int logPE_stride, int PE_size, TYPE *pWrk, long *pSync);
#define FABSHMEM_DECLARE_TO_ALL_ARITH(NAME, TYPE) \
    FABSHMEM_DECLARE_TO_ALL(NAME, TYPE, min) FABSHMEM_DECLARE_TO_ALL(NAME, TYPE, max) \
    FABSHMEM_DECLARE_TO_ALL(NAME, TYPE, sum) FABSHMEM_DECLARE_TO_ALL(NAME, TYPE, prod)
#define FABSHMEM_DECLARE_TO_ALL_BITWISE(NAME, TYPE) \
    FABSHMEM_DECLARE_TO_ALL(NAME, TYPE, and) FABSHMEM_DECLARE_TO_ALL(NAME, TYPE, or) FABSHMEM_DECLARE_TO_ALL(NAME, TYPE, xor)
FABSHMEM_FOR_EACH_TO_ALL_ARITH_TYPE(FABSHMEM_DECLARE_TO_ALL_ARITH)
FABSHMEM_FOR_EACH_TO_ALL_BITWISE_TYPE(FABSHMEM_DECLARE_TO_ALL_BITWISE)
#undef FABSHMEM_DECLARE_TO_ALL
#undef FABSHMEM_DECLARE_TO_ALL_ARITH
#undef FABSHMEM_DECLARE_TO_ALL_BITWISE

/* All-to-all with strides (in elements): element i of the block for PE j is source[(j * nelems
 * + i) * sst] on the sender and lands at dest[(j * nelems + i) * dst]. */
int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
#define FABSHMEM_DECLARE_ALLTOALLS(NAME, TYPE)                                                            \
    int shmem_##NAME##_alltoalls(shmem_team_t team, TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst, \
                                 size_t nelems);
FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(FABSHMEM_DECLARE_ALLTOALLS)
FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEM_DECLARE_ALLTOALLS)
#undef FABSHMEM_DECLARE_ALLTOALLS
void shmem_alltoalls32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int PE_start,
                       int logPE_stride, int PE_size, long *pSync);
void shmem_alltoalls64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int PE_start,
                       int logPE_stride, int PE_size, long *pSync);

/* Contexts. A PE has one path to each peer and one completion point, so a context is a view of
 * them: its puts, gets and AMOs are the plain ones, shmem_ctx_quiet / _fence complete and order
 * every operation of the PE (the context's among them), and a context made from a team takes
 * PE numbers in that team. The options are accepted; none changes anything. */
typedef struct fabshmemi_ctx *shmem_ctx_t;
#define SHMEM_CTX_SERIALIZED 1L
#define SHMEM_CTX_PRIVATE 2L
#define SHMEM_CTX_NOSTORE 4L
extern struct fabshmemi_ctx fabshmemi_ctx_default;
#define SHMEM_CTX_DEFAULT (&fabshmemi_ctx_default)
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)
int shmem_ctx_create(long options, shmem_ctx_t *ctx);
int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx);
void shmem_ctx_destroy(shmem_ctx_t ctx);
int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team);
/* Internal: end the job with a message naming `function` unless ctx is live; the world PE of
 * the context's PE `pe`. */
void fabshmemi_ctx_check(shmem_ctx_t ctx, const char *function);
int fabshmemi_ctx_pe(shmem_ctx_t ctx, int pe, const char *function);

/* Team-based collect (variable sizes: each PE gives its own nelems). */
int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
#define FABSHMEM_DECLARE_COLLECT(NAME, TYPE) \
    int shmem_##NAME##_collect(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems);
FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(FABSHMEM_DECLARE_COLLECT)
FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEM_DECLARE_COLLECT)
#undef FABSHMEM_DECLARE_COLLECT

/* Forwards to the NVSHMEM calls of the same meaning. A program sees declarations only: each
 * call goes to the library's symbol, as with every OpenSHMEM library, so that a profiling tool
 * that defines shmem_long_put (and calls pshmem_long_put, pshmem.h) sees the program's calls,
 * and autotools link checks such as AC_CHECK_FUNC(shmem_barrier_all) find every one. The
 * library compiles the bodies once (src/api/shmem_symbols.c). */
/* Each forward first notes the name it was called by, so that a message about the call names
 * it as the program wrote it (shmem_long_put, not nvshmem_long_put). Programs built with
 * fabshmem's earlier headers, which inlined the forwards, set it themselves. */
extern __thread const char *fabshmemi_shmem_call;
#ifdef FABSHMEMI_DEFINE_SHMEM_FORWARDS
#define FABSHMEMI_BODY(...) __VA_ARGS__
#define FABSHMEMI_CALLED_AS(name) (fabshmemi_shmem_call = (name))
#else
#define FABSHMEMI_BODY(...) ;
#endif

void shmem_init(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_init"); nvshmem_init(); })
void shmem_finalize(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_finalize"); nvshmem_finalize(); })
int shmem_my_pe(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_my_pe"); return nvshmem_my_pe(); })
int shmem_n_pes(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_n_pes"); return nvshmem_n_pes(); })
void shmem_info_get_version(int *major, int *minor) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_info_get_version");
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
})
void shmem_info_get_name(char *name) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_info_get_name");
    const char *vendor = SHMEM_VENDOR_STRING; /* exactly that, as the specification asks */
    size_t i = 0;
    do name[i] = vendor[i];
    while (vendor[i++]);
})
void *shmem_malloc(size_t size) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_malloc"); return nvshmem_malloc(size); })
void *shmem_calloc(size_t count, size_t size) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_calloc"); return nvshmem_calloc(count, size); })
/* shmem_align takes an alignment that is not a power of two as the next one up, as Sandia
 * OpenSHMEM's (dlmalloc's memalign) and Cray SHMEM's do; nvshmem_align refuses it. */
size_t fabshmemi_power_of_two_from(size_t alignment) FABSHMEMI_BODY({
    size_t power = 1;
    while (power && power < alignment) power <<= 1;
    return power ? power : alignment; /* past the largest: nvshmem_align says why it refuses */
})
void *shmem_align(size_t alignment, size_t size) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_align");
    return nvshmem_align(fabshmemi_power_of_two_from(alignment), size);
})
void shmem_free(void *ptr) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_free"); nvshmem_free(ptr); })
void *shmem_ptr(const void *dest, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ptr"); return nvshmem_ptr(dest, pe); })
void *shmalloc(size_t size) FABSHMEMI_BODY({ return nvshmem_malloc(size); })
void shfree(void *ptr) FABSHMEMI_BODY({ nvshmem_free(ptr); })
void *shmemalign(size_t alignment, size_t size) FABSHMEMI_BODY({ return nvshmem_align(fabshmemi_power_of_two_from(alignment), size); })
void *shrealloc(void *ptr, size_t size) FABSHMEMI_BODY({ return shmem_realloc(ptr, size); })

void shmem_putmem(void *d, const void *s, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_putmem"); nvshmem_putmem(d, s, n, pe); })
void shmem_getmem(void *d, const void *s, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_getmem"); nvshmem_getmem(d, s, n, pe); })
void shmem_putmem_nbi(void *d, const void *s, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_putmem_nbi"); nvshmem_putmem_nbi(d, s, n, pe); })
void shmem_getmem_nbi(void *d, const void *s, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_getmem_nbi"); nvshmem_getmem_nbi(d, s, n, pe); })
#define FABSHMEMI_SHMEM_RMA(NAME, TYPE)                                                                            \
    void shmem_##NAME##_put(TYPE *d, const TYPE *s, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_put"); nvshmem_##NAME##_put(d, s, n, pe); }) \
    void shmem_##NAME##_get(TYPE *d, const TYPE *s, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_get"); nvshmem_##NAME##_get(d, s, n, pe); }) \
    void shmem_##NAME##_put_nbi(TYPE *d, const TYPE *s, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_put_nbi"); nvshmem_##NAME##_put_nbi(d, s, n, pe); }) \
    void shmem_##NAME##_get_nbi(TYPE *d, const TYPE *s, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_get_nbi"); nvshmem_##NAME##_get_nbi(d, s, n, pe); }) \
    void shmem_##NAME##_p(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_p"); nvshmem_##NAME##_p(d, v, pe); })       \
    TYPE shmem_##NAME##_g(const TYPE *s, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_g"); return (nvshmem_##NAME##_g)(s, pe); })   \
    void shmem_##NAME##_put_signal(TYPE *d, const TYPE *s, size_t n, uint64_t *sig,       \
                                                          uint64_t signal, int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_put_signal");                  \
        nvshmem_##NAME##_put_signal(d, s, n, sig, signal, sig_op, pe);                                            \
    })                                                                                                             \
    void shmem_##NAME##_put_signal_nbi(TYPE *d, const TYPE *s, size_t n, uint64_t *sig,   \
                                                              uint64_t signal, int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_put_signal_nbi");              \
        nvshmem_##NAME##_put_signal_nbi(d, s, n, sig, signal, sig_op, pe);                                        \
    })                                                                                                             \
    int shmem_##NAME##_broadcast(shmem_team_t t, TYPE *d, const TYPE *s, size_t n, int root) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_broadcast"); \
        return nvshmem_##NAME##_broadcast(t, d, s, n, root);                                                      \
    })                                                                                                             \
    int shmem_##NAME##_fcollect(shmem_team_t t, TYPE *d, const TYPE *s, size_t n) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_fcollect");       \
        return nvshmem_##NAME##_fcollect(t, d, s, n);                                                             \
    })                                                                                                             \
    int shmem_##NAME##_alltoall(shmem_team_t t, TYPE *d, const TYPE *s, size_t n) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_alltoall");       \
        return nvshmem_##NAME##_alltoall(t, d, s, n);                                                             \
    })
FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(FABSHMEMI_SHMEM_RMA)
#undef FABSHMEMI_SHMEM_RMA

void shmem_quiet(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_quiet"); nvshmem_quiet(); })
void shmem_fence(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_fence"); nvshmem_fence(); })
void shmem_barrier_all(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_barrier_all"); nvshmem_barrier_all(); })
void shmem_sync_all(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_sync_all"); nvshmem_sync_all(); })

/* AMOs: the 1.5 names and the legacy ones (add, inc, fadd, finc, swap, cswap, fetch, set). */
#define FABSHMEMI_SHMEM_AMO(NAME, TYPE)                                                                            \
    TYPE shmem_##NAME##_atomic_compare_swap(TYPE *d, TYPE c, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_compare_swap");              \
        return nvshmem_##NAME##_atomic_compare_swap(d, c, v, pe);                                                  \
    })                                                                                                              \
    TYPE shmem_##NAME##_atomic_fetch_inc(TYPE *d, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_inc"); return nvshmem_##NAME##_atomic_fetch_inc(d, pe); }) \
    void shmem_##NAME##_atomic_inc(TYPE *d, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_inc"); nvshmem_##NAME##_atomic_inc(d, pe); }) \
    TYPE shmem_##NAME##_atomic_fetch_add(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_add"); return nvshmem_##NAME##_atomic_fetch_add(d, v, pe); }) \
    void shmem_##NAME##_atomic_add(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_add"); nvshmem_##NAME##_atomic_add(d, v, pe); }) \
    TYPE shmem_##NAME##_cswap(TYPE *d, TYPE c, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_cswap"); return nvshmem_##NAME##_atomic_compare_swap(d, c, v, pe); }) \
    TYPE shmem_##NAME##_finc(TYPE *d, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_finc"); return nvshmem_##NAME##_atomic_fetch_inc(d, pe); }) \
    void shmem_##NAME##_inc(TYPE *d, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_inc"); nvshmem_##NAME##_atomic_inc(d, pe); })     \
    TYPE shmem_##NAME##_fadd(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_fadd"); return nvshmem_##NAME##_atomic_fetch_add(d, v, pe); }) \
    void shmem_##NAME##_add(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_add"); nvshmem_##NAME##_atomic_add(d, v, pe); })
#define FABSHMEMI_SHMEM_EXTENDED_AMO(NAME, TYPE)                                                                   \
    TYPE shmem_##NAME##_atomic_fetch(const TYPE *s, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch"); return nvshmem_##NAME##_atomic_fetch(s, pe); }) \
    void shmem_##NAME##_atomic_set(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_set"); nvshmem_##NAME##_atomic_set(d, v, pe); }) \
    TYPE shmem_##NAME##_atomic_swap(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_swap"); return nvshmem_##NAME##_atomic_swap(d, v, pe); }) \
    TYPE shmem_##NAME##_fetch(const TYPE *s, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_fetch"); return nvshmem_##NAME##_atomic_fetch(s, pe); }) \
    void shmem_##NAME##_set(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_set"); nvshmem_##NAME##_atomic_set(d, v, pe); }) \
    TYPE shmem_##NAME##_swap(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_swap"); return nvshmem_##NAME##_atomic_swap(d, v, pe); })
#define FABSHMEMI_SHMEM_BITWISE_AMO(NAME, TYPE)                                                                    \
    TYPE shmem_##NAME##_atomic_fetch_and(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_and"); return nvshmem_##NAME##_atomic_fetch_and(d, v, pe); }) \
    void shmem_##NAME##_atomic_and(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_and"); nvshmem_##NAME##_atomic_and(d, v, pe); }) \
    TYPE shmem_##NAME##_atomic_fetch_or(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_or"); return nvshmem_##NAME##_atomic_fetch_or(d, v, pe); }) \
    void shmem_##NAME##_atomic_or(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_or"); nvshmem_##NAME##_atomic_or(d, v, pe); }) \
    TYPE shmem_##NAME##_atomic_fetch_xor(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_xor"); return nvshmem_##NAME##_atomic_fetch_xor(d, v, pe); }) \
    void shmem_##NAME##_atomic_xor(TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_xor"); nvshmem_##NAME##_atomic_xor(d, v, pe); })
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_SHMEM_AMO)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_SHMEM_EXTENDED_AMO)
FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(FABSHMEMI_SHMEM_EXTENDED_AMO)
FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(FABSHMEMI_SHMEM_BITWISE_AMO)
#undef FABSHMEMI_SHMEM_AMO
#undef FABSHMEMI_SHMEM_EXTENDED_AMO
#undef FABSHMEMI_SHMEM_BITWISE_AMO

/* Non-blocking fetching AMOs: the old value lands in `fetch` by the next quiet (fabshmem
 * completes them before returning, which the specification allows). */
#define FABSHMEMI_SHMEM_AMO_NBI(NAME, TYPE)                                                                        \
    void shmem_##NAME##_atomic_compare_swap_nbi(TYPE *f, TYPE *d, TYPE c, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_compare_swap_nbi"); \
        *f = nvshmem_##NAME##_atomic_compare_swap(d, c, v, pe);                                                    \
    })                                                                                                              \
    void shmem_##NAME##_atomic_fetch_inc_nbi(TYPE *f, TYPE *d, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_inc_nbi");                    \
        *f = nvshmem_##NAME##_atomic_fetch_inc(d, pe);                                                             \
    })                                                                                                              \
    void shmem_##NAME##_atomic_fetch_add_nbi(TYPE *f, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_add_nbi");            \
        *f = nvshmem_##NAME##_atomic_fetch_add(d, v, pe);                                                          \
    })
#define FABSHMEMI_SHMEM_EXTENDED_AMO_NBI(NAME, TYPE)                                                               \
    void shmem_##NAME##_atomic_fetch_nbi(TYPE *f, const TYPE *s, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_nbi");                  \
        *f = nvshmem_##NAME##_atomic_fetch(s, pe);                                                                 \
    })                                                                                                              \
    void shmem_##NAME##_atomic_swap_nbi(TYPE *f, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_swap_nbi");                 \
        *f = nvshmem_##NAME##_atomic_swap(d, v, pe);                                                               \
    })
#define FABSHMEMI_SHMEM_BITWISE_AMO_NBI(NAME, TYPE)                                                                \
    void shmem_##NAME##_atomic_fetch_and_nbi(TYPE *f, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_and_nbi");            \
        *f = nvshmem_##NAME##_atomic_fetch_and(d, v, pe);                                                          \
    })                                                                                                              \
    void shmem_##NAME##_atomic_fetch_or_nbi(TYPE *f, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_or_nbi");             \
        *f = nvshmem_##NAME##_atomic_fetch_or(d, v, pe);                                                           \
    })                                                                                                              \
    void shmem_##NAME##_atomic_fetch_xor_nbi(TYPE *f, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_atomic_fetch_xor_nbi");            \
        *f = nvshmem_##NAME##_atomic_fetch_xor(d, v, pe);                                                          \
    })
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_SHMEM_AMO_NBI)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_SHMEM_EXTENDED_AMO_NBI)
FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(FABSHMEMI_SHMEM_EXTENDED_AMO_NBI)
FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(FABSHMEMI_SHMEM_BITWISE_AMO_NBI)
#undef FABSHMEMI_SHMEM_AMO_NBI
#undef FABSHMEMI_SHMEM_EXTENDED_AMO_NBI
#undef FABSHMEMI_SHMEM_BITWISE_AMO_NBI

/* Signals, wait and test. */
void shmem_putmem_signal(void *d, const void *s, size_t n, uint64_t *sig, uint64_t signal,
                                                int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_putmem_signal");
    nvshmem_putmem_signal(d, s, n, sig, signal, sig_op, pe);
})
void shmem_putmem_signal_nbi(void *d, const void *s, size_t n, uint64_t *sig, uint64_t signal,
                                                    int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_putmem_signal_nbi");
    nvshmem_putmem_signal_nbi(d, s, n, sig, signal, sig_op, pe);
})
uint64_t shmem_signal_fetch(const uint64_t *sig) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_signal_fetch"); return nvshmem_signal_fetch(sig); })
uint64_t shmem_signal_wait_until(uint64_t *sig, int cmp, uint64_t value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_signal_wait_until");
    return nvshmem_signal_wait_until(sig, cmp, value);
})
#define FABSHMEMI_SHMEM_WAIT(NAME, TYPE)                                                                           \
    void shmem_##NAME##_wait_until(TYPE *v, int cmp, TYPE value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_wait_until"); nvshmem_##NAME##_wait_until(v, cmp, value); }) \
    void shmem_##NAME##_wait(TYPE *v, TYPE value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_wait"); nvshmem_##NAME##_wait_until(v, NVSHMEM_CMP_NE, value); }) \
    void shmem_##NAME##_wait_until_all(TYPE *v, size_t n, const int *st, int cmp, TYPE value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_wait_until_all"); \
        nvshmem_##NAME##_wait_until_all(v, n, st, cmp, value);                                                     \
    })                                                                                                              \
    size_t shmem_##NAME##_wait_until_any(TYPE *v, size_t n, const int *st, int cmp, TYPE value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_wait_until_any"); \
        return nvshmem_##NAME##_wait_until_any(v, n, st, cmp, value);                                              \
    })                                                                                                              \
    size_t shmem_##NAME##_wait_until_some(TYPE *v, size_t n, size_t *idx, const int *st, int cmp, \
                                                                 TYPE value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_wait_until_some");                                     \
        return nvshmem_##NAME##_wait_until_some(v, n, idx, st, cmp, value);                                        \
    })                                                                                                              \
    void shmem_##NAME##_wait_until_all_vector(TYPE *v, size_t n, const int *st, int cmp, TYPE *values) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_wait_until_all_vector"); \
        nvshmem_##NAME##_wait_until_all_vector(v, n, st, cmp, values);                                             \
    })                                                                                                              \
    size_t shmem_##NAME##_wait_until_any_vector(TYPE *v, size_t n, const int *st, int cmp, TYPE *values) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_wait_until_any_vector"); \
        return nvshmem_##NAME##_wait_until_any_vector(v, n, st, cmp, values);                                      \
    })                                                                                                              \
    size_t shmem_##NAME##_wait_until_some_vector(TYPE *v, size_t n, size_t *idx, const int *st, \
                                                                        int cmp, TYPE *values) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_wait_until_some_vector");                   \
        return nvshmem_##NAME##_wait_until_some_vector(v, n, idx, st, cmp, values);                                \
    })                                                                                                              \
    int shmem_##NAME##_test(TYPE *v, int cmp, TYPE value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_test"); return nvshmem_##NAME##_test(v, cmp, value); }) \
    int shmem_##NAME##_test_all(TYPE *v, size_t n, const int *st, int cmp, TYPE value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_test_all");   \
        return nvshmem_##NAME##_test_all(v, n, st, cmp, value);                                                    \
    })                                                                                                              \
    size_t shmem_##NAME##_test_any(TYPE *v, size_t n, const int *st, int cmp, TYPE value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_test_any"); \
        return nvshmem_##NAME##_test_any(v, n, st, cmp, value);                                                    \
    })                                                                                                              \
    size_t shmem_##NAME##_test_some(TYPE *v, size_t n, size_t *idx, const int *st, int cmp, TYPE value) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_test_some"); \
        return nvshmem_##NAME##_test_some(v, n, idx, st, cmp, value);                                              \
    })                                                                                                              \
    int shmem_##NAME##_test_all_vector(TYPE *v, size_t n, const int *st, int cmp, TYPE *values) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_test_all_vector"); \
        return nvshmem_##NAME##_test_all_vector(v, n, st, cmp, values);                                            \
    })                                                                                                              \
    size_t shmem_##NAME##_test_any_vector(TYPE *v, size_t n, const int *st, int cmp, TYPE *values) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_test_any_vector"); \
        return nvshmem_##NAME##_test_any_vector(v, n, st, cmp, values);                                            \
    })                                                                                                              \
    size_t shmem_##NAME##_test_some_vector(TYPE *v, size_t n, size_t *idx, const int *st, int cmp, \
                                                                  TYPE *values) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_test_some_vector");                                  \
        return nvshmem_##NAME##_test_some_vector(v, n, idx, st, cmp, values);                                      \
    })
FABSHMEM_FOR_EACH_SYNC_TYPE(FABSHMEMI_SHMEM_WAIT)
#undef FABSHMEMI_SHMEM_WAIT
#ifndef __cplusplus
/* The untyped routines of OpenSHMEM before C11, on a long, as functions (a call goes through
 * the generic name; C++ has each as an overload). */
void(shmem_wait)(long *ivar, long cmp_value);
void(shmem_wait_until)(long *ivar, int cmp, long cmp_value);
long(shmem_swap)(long *dest, long value, int pe);
#endif
#define FABSHMEMI_SHMEM_SIZED_SIGNAL(BITS)                                                                          \
    void shmem_put##BITS##_signal(void *d, const void *s, size_t n, uint64_t *sig, uint64_t signal, \
                                                         int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_put" #BITS "_signal"); \
        nvshmem_put##BITS##_signal(d, s, n, sig, signal, sig_op, pe);                                               \
    })                                                                                                               \
    void shmem_put##BITS##_signal_nbi(void *d, const void *s, size_t n, uint64_t *sig,        \
                                                             uint64_t signal, int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_put" #BITS "_signal_nbi"); \
        nvshmem_put##BITS##_signal_nbi(d, s, n, sig, signal, sig_op, pe);                                           \
    })
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEMI_SHMEM_SIZED_SIGNAL)
#undef FABSHMEMI_SHMEM_SIZED_SIGNAL
/* OpenSHMEM 1.0's cache management (deprecated): no caches to manage, as the specification
 * allows; they do nothing. */
void shmem_clear_cache_inv(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_clear_cache_inv"); })
void shmem_set_cache_inv(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_set_cache_inv"); })
void shmem_clear_cache_line_inv(void *dest) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_clear_cache_line_inv"); (void)dest; })
void shmem_set_cache_line_inv(void *dest) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_set_cache_line_inv"); (void)dest; })
void shmem_udcflush(void) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_udcflush"); })
void shmem_udcflush_line(void *dest) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_udcflush_line"); (void)dest; })

/* Contexts: the same calls on a context (the fast path for SHMEM_CTX_DEFAULT stays inline). */
#define FABSHMEMI_CTX_PE(ctx, pe) ((ctx) == SHMEM_CTX_DEFAULT ? (pe) : fabshmemi_ctx_pe(ctx, pe, __func__))
/* quiet and fence on SHMEM_CTX_INVALID do nothing (OpenSHMEM 1.5): a PE outside a team quiets
 * the context it did not get without asking. */
void shmem_ctx_quiet(shmem_ctx_t c) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_quiet");
    if (c == SHMEM_CTX_INVALID) return;
    if (c != SHMEM_CTX_DEFAULT) fabshmemi_ctx_check(c, __func__);
    nvshmem_quiet();
})
void shmem_ctx_fence(shmem_ctx_t c) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_fence");
    if (c == SHMEM_CTX_INVALID) return;
    if (c != SHMEM_CTX_DEFAULT) fabshmemi_ctx_check(c, __func__);
    nvshmem_fence();
})
/* shmem_ctx_FN: nvshmem_FN(dest, source, nelems, the world PE). */
#define FABSHMEMI_SHMEM_CTX_TRANSFER(FN, TYPE)                                                      \
    void shmem_ctx_##FN(shmem_ctx_t c, TYPE *d, const TYPE *s, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #FN); \
        shmem_##FN(d, s, n, FABSHMEMI_CTX_PE(c, pe));                                            \
    })
FABSHMEMI_SHMEM_CTX_TRANSFER(putmem, void)
FABSHMEMI_SHMEM_CTX_TRANSFER(getmem, void)
FABSHMEMI_SHMEM_CTX_TRANSFER(putmem_nbi, void)
FABSHMEMI_SHMEM_CTX_TRANSFER(getmem_nbi, void)
void shmem_ctx_putmem_signal(shmem_ctx_t c, void *d, const void *s, size_t n, uint64_t *sig,
                                                    uint64_t signal, int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_putmem_signal");
    nvshmem_putmem_signal(d, s, n, sig, signal, sig_op, FABSHMEMI_CTX_PE(c, pe));
})
void shmem_ctx_putmem_signal_nbi(shmem_ctx_t c, void *d, const void *s, size_t n, uint64_t *sig,
                                                        uint64_t signal, int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_putmem_signal_nbi");
    nvshmem_putmem_signal_nbi(d, s, n, sig, signal, sig_op, FABSHMEMI_CTX_PE(c, pe));
})
/* shmem_ctx_IPUT and _IGET (strided), shmem_ctx_PUT_SIGNAL (+ _nbi): the same call on the world PE. */
#define FABSHMEMI_SHMEM_CTX_STRIDED_SIGNAL(IPUT, IGET, PUT_SIGNAL, TYPE)                                        \
    void shmem_ctx_##IPUT(shmem_ctx_t c, TYPE *d, const TYPE *s, ptrdiff_t dst,           \
                                                 ptrdiff_t sst, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #IPUT); \
        shmem_##IPUT(d, s, dst, sst, n, FABSHMEMI_CTX_PE(c, pe));                                                \
    })                                                                                                            \
    void shmem_ctx_##IGET(shmem_ctx_t c, TYPE *d, const TYPE *s, ptrdiff_t dst,           \
                                                 ptrdiff_t sst, size_t n, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #IGET); \
        shmem_##IGET(d, s, dst, sst, n, FABSHMEMI_CTX_PE(c, pe));                                                \
    })                                                                                                            \
    void shmem_ctx_##PUT_SIGNAL(shmem_ctx_t c, TYPE *d, const TYPE *s, size_t n,          \
                                                       uint64_t *sig, uint64_t signal, int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #PUT_SIGNAL); \
        shmem_##PUT_SIGNAL(d, s, n, sig, signal, sig_op, FABSHMEMI_CTX_PE(c, pe));                               \
    })                                                                                                            \
    void shmem_ctx_##PUT_SIGNAL##_nbi(shmem_ctx_t c, TYPE *d, const TYPE *s, size_t n,    \
                                                             uint64_t *sig, uint64_t signal, int sig_op, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #PUT_SIGNAL "_nbi"); \
        shmem_##PUT_SIGNAL##_nbi(d, s, n, sig, signal, sig_op, FABSHMEMI_CTX_PE(c, pe));                         \
    })
#define FABSHMEMI_SHMEM_CTX_RMA(NAME, TYPE)                                                                       \
    FABSHMEMI_SHMEM_CTX_TRANSFER(NAME##_put, TYPE)                                                              \
    FABSHMEMI_SHMEM_CTX_TRANSFER(NAME##_get, TYPE)                                                              \
    FABSHMEMI_SHMEM_CTX_TRANSFER(NAME##_put_nbi, TYPE)                                                          \
    FABSHMEMI_SHMEM_CTX_TRANSFER(NAME##_get_nbi, TYPE)                                                          \
    void shmem_ctx_##NAME##_p(shmem_ctx_t c, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_p");                   \
        shmem_##NAME##_p(d, v, FABSHMEMI_CTX_PE(c, pe));                                                       \
    })                                                                                                            \
    TYPE shmem_ctx_##NAME##_g(shmem_ctx_t c, const TYPE *s, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_g");                     \
        return shmem_##NAME##_g(s, FABSHMEMI_CTX_PE(c, pe));                                                 \
    })                                                                                                            \
    FABSHMEMI_SHMEM_CTX_STRIDED_SIGNAL(NAME##_iput, NAME##_iget, NAME##_put_signal, TYPE)
FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(FABSHMEMI_SHMEM_CTX_RMA)
FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEMI_SHMEM_CTX_RMA)
#undef FABSHMEMI_SHMEM_CTX_RMA
#define FABSHMEMI_SHMEM_CTX_SIZED(BITS)                                                                             \
    FABSHMEMI_SHMEM_CTX_TRANSFER(put##BITS, void)                                                                   \
    FABSHMEMI_SHMEM_CTX_TRANSFER(get##BITS, void)                                                                   \
    FABSHMEMI_SHMEM_CTX_TRANSFER(put##BITS##_nbi, void)                                                             \
    FABSHMEMI_SHMEM_CTX_TRANSFER(get##BITS##_nbi, void)                                                             \
    FABSHMEMI_SHMEM_CTX_STRIDED_SIGNAL(iput##BITS, iget##BITS, put##BITS##_signal, void)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEMI_SHMEM_CTX_SIZED)
#undef FABSHMEMI_SHMEM_CTX_SIZED
#undef FABSHMEMI_SHMEM_CTX_STRIDED_SIGNAL
#undef FABSHMEMI_SHMEM_CTX_TRANSFER
#define FABSHMEMI_SHMEM_CTX_AMO(NAME, TYPE)                                                                       \
    TYPE shmem_ctx_##NAME##_atomic_compare_swap(shmem_ctx_t c, TYPE *d, TYPE cond, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_compare_swap"); \
        return nvshmem_##NAME##_atomic_compare_swap(d, cond, v, FABSHMEMI_CTX_PE(c, pe));                        \
    })                                                                                                            \
    TYPE shmem_ctx_##NAME##_atomic_fetch_inc(shmem_ctx_t c, TYPE *d, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_fetch_inc");            \
        return nvshmem_##NAME##_atomic_fetch_inc(d, FABSHMEMI_CTX_PE(c, pe));                                    \
    })                                                                                                            \
    void shmem_ctx_##NAME##_atomic_inc(shmem_ctx_t c, TYPE *d, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_inc");                  \
        nvshmem_##NAME##_atomic_inc(d, FABSHMEMI_CTX_PE(c, pe));                                                 \
    })                                                                                                            \
    TYPE shmem_ctx_##NAME##_atomic_fetch_add(shmem_ctx_t c, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_fetch_add");    \
        return nvshmem_##NAME##_atomic_fetch_add(d, v, FABSHMEMI_CTX_PE(c, pe));                                 \
    })                                                                                                            \
    void shmem_ctx_##NAME##_atomic_add(shmem_ctx_t c, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_add");          \
        nvshmem_##NAME##_atomic_add(d, v, FABSHMEMI_CTX_PE(c, pe));                                              \
    })
#define FABSHMEMI_SHMEM_CTX_EXTENDED_AMO(NAME, TYPE)                                                              \
    TYPE shmem_ctx_##NAME##_atomic_fetch(shmem_ctx_t c, const TYPE *s, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_fetch");          \
        return nvshmem_##NAME##_atomic_fetch(s, FABSHMEMI_CTX_PE(c, pe));                                        \
    })                                                                                                            \
    void shmem_ctx_##NAME##_atomic_set(shmem_ctx_t c, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_set");          \
        nvshmem_##NAME##_atomic_set(d, v, FABSHMEMI_CTX_PE(c, pe));                                              \
    })                                                                                                            \
    TYPE shmem_ctx_##NAME##_atomic_swap(shmem_ctx_t c, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_swap");         \
        return nvshmem_##NAME##_atomic_swap(d, v, FABSHMEMI_CTX_PE(c, pe));                                      \
    })
#define FABSHMEMI_SHMEM_CTX_BITWISE_ONE(NAME, TYPE, OP)                                                           \
    TYPE shmem_ctx_##NAME##_atomic_fetch_##OP(shmem_ctx_t c, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_fetch_" #OP);   \
        return nvshmem_##NAME##_atomic_fetch_##OP(d, v, FABSHMEMI_CTX_PE(c, pe));                                \
    })                                                                                                            \
    void shmem_ctx_##NAME##_atomic_##OP(shmem_ctx_t c, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_" #OP);         \
        nvshmem_##NAME##_atomic_##OP(d, v, FABSHMEMI_CTX_PE(c, pe));                                             \
    })
#define FABSHMEMI_SHMEM_CTX_BITWISE_AMO(NAME, TYPE) \
    FABSHMEMI_SHMEM_CTX_BITWISE_ONE(NAME, TYPE, and) FABSHMEMI_SHMEM_CTX_BITWISE_ONE(NAME, TYPE, or) FABSHMEMI_SHMEM_CTX_BITWISE_ONE(NAME, TYPE, xor)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_SHMEM_CTX_AMO)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_SHMEM_CTX_EXTENDED_AMO)
FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(FABSHMEMI_SHMEM_CTX_EXTENDED_AMO)
FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(FABSHMEMI_SHMEM_CTX_BITWISE_AMO)
#undef FABSHMEMI_SHMEM_CTX_AMO
#define FABSHMEMI_SHMEM_CTX_AMO_NBI(NAME, TYPE)                                                                   \
    void shmem_ctx_##NAME##_atomic_compare_swap_nbi(shmem_ctx_t c, TYPE *f, TYPE *d, TYPE cond, \
                                                                       TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_compare_swap_nbi");                        \
        shmem_##NAME##_atomic_compare_swap_nbi(f, d, cond, v, FABSHMEMI_CTX_PE(c, pe));                          \
    })                                                                                                            \
    void shmem_ctx_##NAME##_atomic_fetch_inc_nbi(shmem_ctx_t c, TYPE *f, TYPE *d, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_fetch_inc_nbi"); \
        shmem_##NAME##_atomic_fetch_inc_nbi(f, d, FABSHMEMI_CTX_PE(c, pe));                                      \
    })                                                                                                            \
    void shmem_ctx_##NAME##_atomic_fetch_add_nbi(shmem_ctx_t c, TYPE *f, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_fetch_add_nbi"); \
        shmem_##NAME##_atomic_fetch_add_nbi(f, d, v, FABSHMEMI_CTX_PE(c, pe));                                   \
    })
#define FABSHMEMI_SHMEM_CTX_EXTENDED_AMO_NBI(NAME, TYPE)                                                          \
    void shmem_ctx_##NAME##_atomic_fetch_nbi(shmem_ctx_t c, TYPE *f, const TYPE *s, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_fetch_nbi"); \
        shmem_##NAME##_atomic_fetch_nbi(f, s, FABSHMEMI_CTX_PE(c, pe));                                          \
    })                                                                                                            \
    void shmem_ctx_##NAME##_atomic_swap_nbi(shmem_ctx_t c, TYPE *f, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_swap_nbi"); \
        shmem_##NAME##_atomic_swap_nbi(f, d, v, FABSHMEMI_CTX_PE(c, pe));                                        \
    })
#define FABSHMEMI_SHMEM_CTX_BITWISE_NBI_ONE(NAME, TYPE, OP)                                                       \
    void shmem_ctx_##NAME##_atomic_fetch_##OP##_nbi(shmem_ctx_t c, TYPE *f, TYPE *d, TYPE v, int pe) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_ctx_" #NAME "_atomic_fetch_" #OP "_nbi"); \
        shmem_##NAME##_atomic_fetch_##OP##_nbi(f, d, v, FABSHMEMI_CTX_PE(c, pe));                                \
    })
#define FABSHMEMI_SHMEM_CTX_BITWISE_AMO_NBI(NAME, TYPE)                                                           \
    FABSHMEMI_SHMEM_CTX_BITWISE_NBI_ONE(NAME, TYPE, and) FABSHMEMI_SHMEM_CTX_BITWISE_NBI_ONE(NAME, TYPE, or)      \
    FABSHMEMI_SHMEM_CTX_BITWISE_NBI_ONE(NAME, TYPE, xor)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_SHMEM_CTX_AMO_NBI)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_SHMEM_CTX_EXTENDED_AMO_NBI)
FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(FABSHMEMI_SHMEM_CTX_EXTENDED_AMO_NBI)
FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(FABSHMEMI_SHMEM_CTX_BITWISE_AMO_NBI)
#undef FABSHMEMI_SHMEM_CTX_AMO_NBI
#undef FABSHMEMI_SHMEM_CTX_EXTENDED_AMO_NBI
#undef FABSHMEMI_SHMEM_CTX_BITWISE_NBI_ONE
#undef FABSHMEMI_SHMEM_CTX_BITWISE_AMO_NBI
#undef FABSHMEMI_SHMEM_CTX_EXTENDED_AMO
#undef FABSHMEMI_SHMEM_CTX_BITWISE_ONE
#undef FABSHMEMI_SHMEM_CTX_BITWISE_AMO
#undef FABSHMEMI_CTX_PE

/* Teams and team collectives. */
int shmem_team_my_pe(shmem_team_t t) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_team_my_pe"); return nvshmem_team_my_pe(t); })
int shmem_team_n_pes(shmem_team_t t) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_team_n_pes"); return nvshmem_team_n_pes(t); })
int shmem_team_translate_pe(shmem_team_t from, int pe, shmem_team_t to) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_team_translate_pe");
    return nvshmem_team_translate_pe(from, pe, to);
})
int shmem_team_split_strided(shmem_team_t parent, int start, int stride, int size,
                                                    const shmem_team_config_t *config, long mask, shmem_team_t *team) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_team_split_strided");
    nvshmem_team_config_t c = NVSHMEM_TEAM_CONFIG_INITIALIZER;
    if (config) c.num_contexts = config->num_contexts;
    return nvshmem_team_split_strided(parent, start, stride, size, config ? &c : NULL, mask, team);
})
int shmem_team_split_2d(shmem_team_t parent, int xrange, const shmem_team_config_t *xc, long xm,
                                               shmem_team_t *xt, const shmem_team_config_t *yc, long ym, shmem_team_t *yt) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_team_split_2d");
    nvshmem_team_config_t x = NVSHMEM_TEAM_CONFIG_INITIALIZER, y = NVSHMEM_TEAM_CONFIG_INITIALIZER;
    if (xc) x.num_contexts = xc->num_contexts;
    if (yc) y.num_contexts = yc->num_contexts;
    return nvshmem_team_split_2d(parent, xrange, xc ? &x : NULL, xm, xt, yc ? &y : NULL, ym, yt);
})
void shmem_team_destroy(shmem_team_t t) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_team_destroy"); nvshmem_team_destroy(t); })
int shmem_team_sync(shmem_team_t t) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_team_sync"); return nvshmem_team_sync(t); })
int shmem_broadcastmem(shmem_team_t t, void *d, const void *s, size_t n, int root) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_broadcastmem");
    return nvshmem_broadcastmem(t, d, s, n, root);
})
int shmem_fcollectmem(shmem_team_t t, void *d, const void *s, size_t n) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_fcollectmem"); return nvshmem_fcollectmem(t, d, s, n); })
int shmem_alltoallmem(shmem_team_t t, void *d, const void *s, size_t n) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_alltoallmem"); return nvshmem_alltoallmem(t, d, s, n); })
#define FABSHMEMI_SHMEM_REDUCE(NAME, TYPE, OP)                                                                     \
    int shmem_##NAME##_##OP##_reduce(shmem_team_t t, TYPE *d, const TYPE *s, size_t n) FABSHMEMI_BODY({ FABSHMEMI_CALLED_AS("shmem_" #NAME "_" #OP "_reduce");    \
        return nvshmem_##NAME##_##OP##_reduce(t, d, s, n);                                                         \
    })
#define FABSHMEMI_SHMEM_BITWISE_REDUCE(NAME, TYPE) \
    FABSHMEMI_SHMEM_REDUCE(NAME, TYPE, and) FABSHMEMI_SHMEM_REDUCE(NAME, TYPE, or) FABSHMEMI_SHMEM_REDUCE(NAME, TYPE, xor)
#define FABSHMEMI_SHMEM_ARITH_REDUCE(NAME, TYPE)                                          \
    FABSHMEMI_SHMEM_REDUCE(NAME, TYPE, min) FABSHMEMI_SHMEM_REDUCE(NAME, TYPE, max)       \
    FABSHMEMI_SHMEM_REDUCE(NAME, TYPE, sum) FABSHMEMI_SHMEM_REDUCE(NAME, TYPE, prod)
FABSHMEM_FOR_EACH_BITWISE_REDUCE_TYPE(FABSHMEMI_SHMEM_BITWISE_REDUCE)
FABSHMEM_FOR_EACH_SHMEM_ARITH_REDUCE_TYPE(FABSHMEMI_SHMEM_ARITH_REDUCE)
#undef FABSHMEMI_SHMEM_REDUCE
#undef FABSHMEMI_SHMEM_BITWISE_REDUCE
#undef FABSHMEMI_SHMEM_ARITH_REDUCE

#undef FABSHMEMI_BODY

#ifdef __cplusplus
}
#endif

/* The generic calls (C11 _Generic, C++ overloads) over the typed ones above. */
#include "fabshmem/detail/shmem_generic.h"

#endif
