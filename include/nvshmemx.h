/* fabshmem: NVSHMEM's extension API (nvshmemx_*). */
#ifndef FABSHMEM_NVSHMEMX_H
#define FABSHMEM_NVSHMEMX_H

#include "nvshmem.h"

/* cudaStream_t without including CUDA's headers (the same typedef CUDA makes). */
struct CUstream_st;
typedef struct CUstream_st *cudaStream_t;

#ifdef __cplusplus
extern "C" {
#endif

enum nvshmemx_init_status {
    NVSHMEM_STATUS_NOT_INITIALIZED = 0,
    NVSHMEM_STATUS_IS_BOOTSTRAPPED,
    NVSHMEM_STATUS_IS_INITIALIZED,
    NVSHMEM_STATUS_LIMITED_MPG,
    NVSHMEM_STATUS_FULL_MPG,
    NVSHMEM_STATUS_INVALID = 0x7fffffff
};

/* Thread levels: every fabshmem routine may be called by several threads at once, so init
 * provides NVSHMEM_THREAD_MULTIPLE whatever is requested. (Collective calls, such as
 * allocation and barriers, are still made by one thread per PE at a time.) */
enum {
    NVSHMEM_THREAD_SINGLE = 0,
    NVSHMEM_THREAD_FUNNELED,
    NVSHMEM_THREAD_SERIALIZED,
    NVSHMEM_THREAD_MULTIPLE
};
int nvshmemx_init_thread(int requested, int *provided);
void nvshmem_query_thread(int *provided);

/* Where the library is in its life cycle; callable at any time, before init and after
 * finalize included. */
int nvshmemx_init_status(void);

/* fabshmem extension: the libfabric provider that reaches remote PEs ("tcp;ofi_rxm", "shm",
 * ...), or "none" in a 1-PE job. Valid between init and finalize. */
const char *fabshmemx_provider_name(void);

/* On-stream RMA and synchronisation, ordered with the work already on `stream`. Between PEs
 * of a node sharing a GPU heap they are cudaMemcpyAsync on the stream and return at once;
 * over the fabric the stream is synchronised first and the call completes before returning. */
void nvshmemx_getmem_on_stream(void *dest, const void *source, size_t bytes, int pe, cudaStream_t stream);
void nvshmemx_putmem_on_stream(void *dest, const void *source, size_t bytes, int pe, cudaStream_t stream);
#define FABSHMEM_DECLARE_ON_STREAM(NAME, TYPE)                                                         \
    void nvshmemx_##NAME##_get_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe,    \
                                         cudaStream_t stream);                                     \
    void nvshmemx_##NAME##_put_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe,    \
                                         cudaStream_t stream);
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_ON_STREAM)
#undef FABSHMEM_DECLARE_ON_STREAM
void nvshmemx_quiet_on_stream(cudaStream_t stream);

/* Signals on a stream: they wait for the stream's work, then run as the host call. */
void nvshmemx_putmem_signal_on_stream(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                                      uint64_t signal, int sig_op, int pe, cudaStream_t stream);
#define FABSHMEM_DECLARE_PUT_SIGNAL_ON_STREAM(NAME, TYPE)                                              \
    void nvshmemx_##NAME##_put_signal_on_stream(TYPE *dest, const TYPE *source, size_t nelems,     \
                                                uint64_t *sig_addr, uint64_t signal, int sig_op,   \
                                                int pe, cudaStream_t stream);
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_PUT_SIGNAL_ON_STREAM)
#undef FABSHMEM_DECLARE_PUT_SIGNAL_ON_STREAM
void nvshmemx_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value, cudaStream_t stream);

/* Collectives on a stream: they wait for the stream's work, then run as the host call. */
void nvshmemx_barrier_on_stream(nvshmem_team_t team, cudaStream_t stream);
void nvshmemx_team_sync_on_stream(nvshmem_team_t team, cudaStream_t stream);
#define FABSHMEM_DECLARE_COLLECTIVES_ON_STREAM(NAME, TYPE)                                             \
    void nvshmemx_##NAME##_broadcast_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source,  \
                                               size_t nelems, int PE_root, cudaStream_t stream);     \
    void nvshmemx_##NAME##_fcollect_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source,   \
                                              size_t nelems, cudaStream_t stream);                   \
    void nvshmemx_##NAME##_alltoall_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source,   \
                                              size_t nelems, cudaStream_t stream);
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_COLLECTIVES_ON_STREAM)
#undef FABSHMEM_DECLARE_COLLECTIVES_ON_STREAM
#define FABSHMEM_DECLARE_REDUCE_ON_STREAM(NAME, TYPE, OP)                                             \
    void nvshmemx_##NAME##_##OP##_reduce_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source, \
                                                   size_t nreduce, cudaStream_t stream);
#define FABSHMEM_DECLARE_BITWISE_REDUCE_ON_STREAM(NAME, TYPE) \
    FABSHMEM_DECLARE_REDUCE_ON_STREAM(NAME, TYPE, and)        \
    FABSHMEM_DECLARE_REDUCE_ON_STREAM(NAME, TYPE, or)         \
    FABSHMEM_DECLARE_REDUCE_ON_STREAM(NAME, TYPE, xor)
#define FABSHMEM_DECLARE_ARITH_REDUCE_ON_STREAM(NAME, TYPE) \
    FABSHMEM_DECLARE_REDUCE_ON_STREAM(NAME, TYPE, min)      \
    FABSHMEM_DECLARE_REDUCE_ON_STREAM(NAME, TYPE, max)      \
    FABSHMEM_DECLARE_REDUCE_ON_STREAM(NAME, TYPE, sum)      \
    FABSHMEM_DECLARE_REDUCE_ON_STREAM(NAME, TYPE, prod)
FABSHMEM_FOR_EACH_BITWISE_REDUCE_TYPE(FABSHMEM_DECLARE_BITWISE_REDUCE_ON_STREAM)
FABSHMEM_FOR_EACH_ARITH_REDUCE_TYPE(FABSHMEM_DECLARE_ARITH_REDUCE_ON_STREAM)
#undef FABSHMEM_DECLARE_BITWISE_REDUCE_ON_STREAM
#undef FABSHMEM_DECLARE_ARITH_REDUCE_ON_STREAM
#undef FABSHMEM_DECLARE_REDUCE_ON_STREAM
void nvshmemx_barrier_all_on_stream(cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
