/* fabshmem: NVSHMEM's extension API (nvshmemx_*). */
#ifndef FABSHMEM_NVSHMEMX_H
#define FABSHMEM_NVSHMEMX_H

#include "nvshmem.h"

#include <limits.h>
#include <stdio.h>

/* cudaStream_t, CUmodule and CUlibrary where CUDA's headers are not found (the same typedefs
 * CUDA makes). */
struct CUstream_st;
typedef struct CUstream_st *cudaStream_t;
struct CUmod_st;
typedef struct CUmod_st *CUmodule;
struct CUlib_st;
typedef struct CUlib_st *CUlibrary;

#ifdef __cplusplus
extern "C" {
#endif

/* What the calls that return a status return (NVSHMEM's values). */
enum nvshmemx_status {
    NVSHMEMX_SUCCESS = 0,
    NVSHMEMX_ERROR_INVALID_VALUE,
    NVSHMEMX_ERROR_OUT_OF_MEMORY,
    NVSHMEMX_ERROR_NOT_SUPPORTED,
    NVSHMEMX_ERROR_SYMMETRY,
    NVSHMEMX_ERROR_GPU_NOT_SELECTED,
    NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED,
    NVSHMEMX_ERROR_INTERNAL,
    NVSHMEMX_ERROR_SENTINEL = INT_MAX
};

/* NVSHMEM's message helper, which NVIDIA's sample programs use too: where, then what. */
#define NVSHMEMI_ERROR_PRINT(...)                                        \
    do {                                                                 \
        fprintf(stderr, "%s:%s:%d: ", __FILE__, __func__, __LINE__);     \
        fprintf(stderr, __VA_ARGS__);                                    \
        fprintf(stderr, "\n");                                           \
    } while (0)

/* Init with attributes. flags 0 (or NVSHMEMX_INIT_THREAD_PES, or NVSHMEMX_INIT_WITH_SHMEM
 * after shmem_init) is nvshmem_init; NVSHMEMX_INIT_WITH_MPI_COMM takes the PEs from the MPI
 * communicator *attr->mpi_comm (the MPI_Comm's address; ranks become PEs); and
 * NVSHMEMX_INIT_WITH_UNIQUEID from a unique id that rank 0 made with nvshmemx_get_uniqueid and
 * the program handed to every rank any way it likes (no launcher needed). Returns 0, or
 * prints why not and returns an NVSHMEMX_ERROR_* code. */
enum nvshmemx_init_flags {
    NVSHMEMX_INIT_THREAD_PES = 1,
    NVSHMEMX_INIT_WITH_MPI_COMM = 1 << 1,
    NVSHMEMX_INIT_WITH_SHMEM = 1 << 2,
    NVSHMEMX_INIT_WITH_UNIQUEID = 1 << 3,
    NVSHMEMX_INIT_MAX = INT_MAX
};
typedef struct {
    int version;
    char internal[124];
} nvshmemx_uniqueid_v1;
typedef nvshmemx_uniqueid_v1 nvshmemx_uniqueid_t;
typedef struct {
    int version;
    nvshmemx_uniqueid_t *id;
    int myrank;
    int nranks;
} nvshmemx_uniqueid_args_v1;
typedef nvshmemx_uniqueid_args_v1 nvshmemx_uniqueid_args_t;
typedef struct {
    int version;
    nvshmemx_uniqueid_args_t uid_args;
    char content[96];
} nvshmemx_init_args_v1;
typedef nvshmemx_init_args_v1 nvshmemx_init_args_t;
typedef struct {
    int version;
    void *mpi_comm;
    nvshmemx_init_args_t args;
} nvshmemx_init_attr_v1;
typedef nvshmemx_init_attr_v1 nvshmemx_init_attr_t;
#define NVSHMEMX_UNIQUEID_INITIALIZER {(1 << 16) + (int)sizeof(nvshmemx_uniqueid_t), {0}}
#define NVSHMEMX_UNIQUEID_ARGS_INITIALIZER {(1 << 16) + (int)sizeof(nvshmemx_uniqueid_args_t), NULL, -1, -1}
#define NVSHMEMX_INIT_ARGS_INITIALIZER \
    {(1 << 16) + (int)sizeof(nvshmemx_init_args_t), NVSHMEMX_UNIQUEID_ARGS_INITIALIZER, {0}}
#define NVSHMEMX_INIT_ATTR_INITIALIZER \
    {(1 << 16) + (int)sizeof(nvshmemx_init_attr_t), NULL, NVSHMEMX_INIT_ARGS_INITIALIZER}
int nvshmemx_init_attr(unsigned int flags, nvshmemx_init_attr_t *attr);
/* Rank 0 only, before init: a fresh id naming where rank 0 will listen. */
int nvshmemx_get_uniqueid(nvshmemx_uniqueid_t *uniqueid);
int nvshmemx_set_attr_uniqueid_args(const int myrank, const int nranks, const nvshmemx_uniqueid_t *uniqueid,
                                    nvshmemx_init_attr_t *attr);
/* Sets attr->mpi_comm (the address of an MPI_Comm) for NVSHMEMX_INIT_WITH_MPI_COMM; returns 0. */
int nvshmemx_set_attr_mpi_comm_args(void *mpi_comm, nvshmemx_init_attr_t *attr);

/* A CUmodule the program loaded itself (cuModuleLoad of a cubin built from code that includes
 * nvshmem.h): its copy of the device state is filled in, so its kernels may call NVSHMEM. */
int nvshmemx_cumodule_init(CUmodule module);
int nvshmemx_cumodule_finalize(CUmodule module);
/* The same for a CUlibrary (cuLibraryLoadData / cuLibraryLoadFromFile, CUDA 12). */
int nvshmemx_culibrary_init(CUlibrary library);
int nvshmemx_culibrary_finalize(CUlibrary library);

/* The program's own buffers (host or GPU memory, outside the heap) as local source or
 * destination of RMA and atomics. Host calls take any local buffer; registering a host buffer
 * maps it for kernels too (where the heap is in GPU memory). Returns 0, or
 * NVSHMEMX_ERROR_INVALID_VALUE after saying why (NULL or empty, overlapping a registered
 * buffer; unregister: not a registered buffer's start). Not collective. */
int nvshmemx_buffer_register(void *addr, size_t length);
int nvshmemx_buffer_unregister(void *addr);
void nvshmemx_buffer_unregister_all(void);

/* User buffers made symmetric (collective, GPU heap): every PE passes a buffer of the same size,
 * one whole cuMemCreate mapping (shareable as a POSIX file descriptor when PEs share a node);
 * the returned address aliases it and is a symmetric address for every call, in kernels too.
 * NULL, after a message on every PE, when any PE cannot. Unregister (collective) before
 * releasing the buffer; the buffer and its contents stay the program's. */
void *nvshmemx_buffer_register_symmetric(void *buf_ptr, size_t size, int flags);
int nvshmemx_buffer_unregister_symmetric(void *mmap_ptr, size_t size);

/* Launches a kernel whose blocks call NVSHMEM's synchronising calls (device barriers,
 * collectives): every block is resident at once (a cooperative launch), so none waits for a
 * block that cannot start. Collective over the PEs. Returns 0, or NVSHMEMX_ERROR_* after
 * saying why (a grid that cannot be co-resident: ask query_gridsize for the largest). */
#if defined(FABSHMEMI_CUDA_HEADERS)
int nvshmemx_collective_launch(const void *func, dim3 gridDims, dim3 blockDims, void **args, size_t sharedMem,
                               cudaStream_t stream);
int nvshmemx_collective_launch_query_gridsize(const void *func, dim3 blockDims, void **args, size_t sharedMem,
                                              int *gridsize);
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
int nvshmem_init_thread(int requested, int *provided); /* NVSHMEM 3's name for the same call */
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
/* The same, completed by nvshmemx_quiet_on_stream (or a barrier) rather than on return. */
void nvshmemx_getmem_nbi_on_stream(void *dest, const void *source, size_t bytes, int pe, cudaStream_t stream);
void nvshmemx_putmem_nbi_on_stream(void *dest, const void *source, size_t bytes, int pe, cudaStream_t stream);
/* nvshmemx_GET_on_stream / PUT (+ _nbi) and the strided IGET / IPUT, for the typed names and
 * the sized ones (TYPE void). */
#define FABSHMEM_DECLARE_RMA_ON_STREAM(GET, PUT, IGET, IPUT, TYPE)                                      \
    void nvshmemx_##GET##_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe,             \
                                    cudaStream_t stream);                                              \
    void nvshmemx_##PUT##_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe,             \
                                    cudaStream_t stream);                                              \
    void nvshmemx_##GET##_nbi_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe,         \
                                        cudaStream_t stream);                                          \
    void nvshmemx_##PUT##_nbi_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe,         \
                                        cudaStream_t stream);                                          \
    void nvshmemx_##IGET##_on_stream(TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst,     \
                                     size_t nelems, int pe, cudaStream_t stream);                      \
    void nvshmemx_##IPUT##_on_stream(TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst,     \
                                     size_t nelems, int pe, cudaStream_t stream);
#define FABSHMEM_DECLARE_TYPED_ON_STREAM(NAME, TYPE)                                                    \
    FABSHMEM_DECLARE_RMA_ON_STREAM(NAME##_get, NAME##_put, NAME##_iget, NAME##_iput, TYPE)             \
    TYPE nvshmemx_##NAME##_g_on_stream(const TYPE *source, int pe, cudaStream_t stream);               \
    void nvshmemx_##NAME##_p_on_stream(TYPE *dest, const TYPE value, int pe, cudaStream_t stream);
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_TYPED_ON_STREAM)
#undef FABSHMEM_DECLARE_TYPED_ON_STREAM
#define FABSHMEM_DECLARE_SIZED_ON_STREAM(BITS) FABSHMEM_DECLARE_RMA_ON_STREAM(get##BITS, put##BITS, iget##BITS, iput##BITS, void)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DECLARE_SIZED_ON_STREAM)
#undef FABSHMEM_DECLARE_SIZED_ON_STREAM
#undef FABSHMEM_DECLARE_RMA_ON_STREAM
void nvshmemx_quiet_on_stream(cudaStream_t stream);

/* Signals on a stream (putmem_signal, TYPE_put_signal, putN_signal, each + _nbi; signal_op):
 * they wait for the stream's work, then run as the host call. */
#define FABSHMEM_DECLARE_PUT_SIGNAL_ON_STREAM(BASE, ELEMENT)                                            \
    void nvshmemx_##BASE##_on_stream(ELEMENT *dest, const ELEMENT *source, size_t nelems,           \
                                     uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,       \
                                     cudaStream_t stream);                                          \
    void nvshmemx_##BASE##_nbi_on_stream(ELEMENT *dest, const ELEMENT *source, size_t nelems,       \
                                         uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,   \
                                         cudaStream_t stream);
#define FABSHMEM_DECLARE_TYPED_PUT_SIGNAL_ON_STREAM(NAME, TYPE) FABSHMEM_DECLARE_PUT_SIGNAL_ON_STREAM(NAME##_put_signal, TYPE)
#define FABSHMEM_DECLARE_SIZED_PUT_SIGNAL_ON_STREAM(BITS) FABSHMEM_DECLARE_PUT_SIGNAL_ON_STREAM(put##BITS##_signal, void)
FABSHMEM_DECLARE_PUT_SIGNAL_ON_STREAM(putmem_signal, void)
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_TYPED_PUT_SIGNAL_ON_STREAM)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DECLARE_SIZED_PUT_SIGNAL_ON_STREAM)
#undef FABSHMEM_DECLARE_TYPED_PUT_SIGNAL_ON_STREAM
#undef FABSHMEM_DECLARE_SIZED_PUT_SIGNAL_ON_STREAM
#undef FABSHMEM_DECLARE_PUT_SIGNAL_ON_STREAM
void nvshmemx_signal_op_on_stream(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe, cudaStream_t stream);
void nvshmemx_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value, cudaStream_t stream);
/* Waits on this PE's own variables: the stream's work first, then as the host call. */
#define FABSHMEM_DECLARE_WAIT_ON_STREAM(NAME, TYPE)                                                      \
    void nvshmemx_##NAME##_wait_until_on_stream(TYPE *ivar, int cmp, TYPE cmp_value, cudaStream_t stream); \
    void nvshmemx_##NAME##_wait_until_all_on_stream(TYPE *ivars, size_t nelems, const int *status, int cmp, \
                                                    TYPE cmp_value, cudaStream_t stream);              \
    void nvshmemx_##NAME##_wait_until_all_vector_on_stream(TYPE *ivars, size_t nelems, const int *status, \
                                                           int cmp, TYPE *cmp_values, cudaStream_t stream);
FABSHMEM_FOR_EACH_SYNC_TYPE(FABSHMEM_DECLARE_WAIT_ON_STREAM)
#undef FABSHMEM_DECLARE_WAIT_ON_STREAM

/* Collectives on a stream: they wait for the stream's work, then run as the host call. */
int nvshmemx_barrier_on_stream(nvshmem_team_t team, cudaStream_t stream);
int nvshmemx_team_sync_on_stream(nvshmem_team_t team, cudaStream_t stream);
int nvshmemx_broadcastmem_on_stream(nvshmem_team_t team, void *dest, const void *source, size_t nelems,
                                    int PE_root, cudaStream_t stream);
int nvshmemx_fcollectmem_on_stream(nvshmem_team_t team, void *dest, const void *source, size_t nelems,
                                   cudaStream_t stream);
int nvshmemx_alltoallmem_on_stream(nvshmem_team_t team, void *dest, const void *source, size_t nelems,
                                   cudaStream_t stream);
#define FABSHMEM_DECLARE_COLLECTIVES_ON_STREAM(NAME, TYPE)                                             \
    int nvshmemx_##NAME##_broadcast_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source,  \
                                               size_t nelems, int PE_root, cudaStream_t stream);     \
    int nvshmemx_##NAME##_fcollect_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source,   \
                                              size_t nelems, cudaStream_t stream);                   \
    int nvshmemx_##NAME##_alltoall_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source,   \
                                              size_t nelems, cudaStream_t stream);
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DECLARE_COLLECTIVES_ON_STREAM)
#undef FABSHMEM_DECLARE_COLLECTIVES_ON_STREAM
#define FABSHMEM_DECLARE_REDUCE_ON_STREAM(NAME, TYPE, OP)                                             \
    int nvshmemx_##NAME##_##OP##_reduce_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source, \
                                                   size_t nreduce, cudaStream_t stream);              \
    int nvshmemx_##NAME##_##OP##_reducescatter_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source, \
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
void nvshmemx_sync_all_on_stream(cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
