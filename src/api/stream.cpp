// The on-stream API: RMA and synchronisation ordered with the work on a CUDA stream.
#include <string>

#include "cuda_support.h"
#include "log.h"
#include "nvshmemx.h"
#include "rma.h"
#include "runtime.h"

using namespace fabshmem;

namespace {

void synchronize(const char *function, cudaStream_t stream) {
    std::string error;
    if (!cuda::stream_synchronize(stream, &error)) fatal("%s: %s", function, error.c_str());
}

// Between a GPU heap and this node's PEs (or itself) the copy goes on the stream; anything
// else waits for the stream, then runs as the host call: blocking, or (nbi) completed by
// nvshmemx_quiet_on_stream.
void rma_on_stream(const char *function, bool get, void *dest, const void *source, size_t bytes,
                   int pe, cudaStream_t stream, bool blocking = true) {
    Runtime &rt = runtime_for(function);
    const void *symmetric = get ? source : dest;
    size_t offset = checked_remote_offset(rt, function, symmetric, bytes, pe, get ? dest : source);
    if (!bytes) return;
    Transport &route = rt.route(pe);
    void *remote = route.local_address(offset, pe);
    if (rt.heap.kind() == HeapKind::cuda && remote) {
        std::string error;
        if (!cuda::copy_async(get ? dest : remote, get ? remote : source, bytes, stream, &error))
            fatal("%s: %s", function, error.c_str());
        return;
    }
    synchronize(function, stream);
    if (get) route.get(dest, offset, bytes, pe, blocking);
    else route.put(offset, source, bytes, pe, blocking);
}

}  // namespace

extern "C" {

void nvshmemx_getmem_on_stream(void *dest, const void *source, size_t bytes, int pe, cudaStream_t stream) {
    rma_on_stream("nvshmemx_getmem_on_stream", true, dest, source, bytes, pe, stream);
}
void nvshmemx_putmem_on_stream(void *dest, const void *source, size_t bytes, int pe, cudaStream_t stream) {
    rma_on_stream("nvshmemx_putmem_on_stream", false, dest, source, bytes, pe, stream);
}
void nvshmemx_getmem_nbi_on_stream(void *dest, const void *source, size_t bytes, int pe, cudaStream_t stream) {
    rma_on_stream("nvshmemx_getmem_nbi_on_stream", true, dest, source, bytes, pe, stream, false);
}
void nvshmemx_putmem_nbi_on_stream(void *dest, const void *source, size_t bytes, int pe, cudaStream_t stream) {
    rma_on_stream("nvshmemx_putmem_nbi_on_stream", false, dest, source, bytes, pe, stream, false);
}

#define FABSHMEM_DEFINE_ON_STREAM(NAME, TYPE)                                                      \
    void nvshmemx_##NAME##_get_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe, \
                                         cudaStream_t stream) {                                 \
        const char *fn = "nvshmemx_" #NAME "_get_on_stream";                                    \
        rma_on_stream(fn, true, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)), pe, stream); \
    }                                                                                           \
    void nvshmemx_##NAME##_put_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe, \
                                         cudaStream_t stream) {                                 \
        const char *fn = "nvshmemx_" #NAME "_put_on_stream";                                    \
        rma_on_stream(fn, false, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)), pe, stream); \
    }
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DEFINE_ON_STREAM)
#undef FABSHMEM_DEFINE_ON_STREAM

// The typed non-blocking, strided and single-element forms, and the sized ones.
#define FABSHMEM_DEFINE_MORE_ON_STREAM(NAME, TYPE)                                                          \
    void nvshmemx_##NAME##_get_nbi_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe,      \
                                             cudaStream_t stream) {                                      \
        const char *fn = "nvshmemx_" #NAME "_get_nbi_on_stream";                                         \
        rma_on_stream(fn, true, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)), pe, stream, false); \
    }                                                                                                    \
    void nvshmemx_##NAME##_put_nbi_on_stream(TYPE *dest, const TYPE *source, size_t nelems, int pe,      \
                                             cudaStream_t stream) {                                      \
        const char *fn = "nvshmemx_" #NAME "_put_nbi_on_stream";                                         \
        rma_on_stream(fn, false, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)), pe, stream, false); \
    }                                                                                                    \
    void nvshmemx_##NAME##_iget_on_stream(TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst,  \
                                          size_t nelems, int pe, cudaStream_t stream) {                  \
        const char *fn = "nvshmemx_" #NAME "_iget_on_stream";                                            \
        synchronize(fn, stream);                                                                         \
        strided_bytes(fn, false, dest, source, dst, sst, nelems, sizeof(TYPE), pe);                     \
    }                                                                                                    \
    void nvshmemx_##NAME##_iput_on_stream(TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst,  \
                                          size_t nelems, int pe, cudaStream_t stream) {                  \
        const char *fn = "nvshmemx_" #NAME "_iput_on_stream";                                            \
        synchronize(fn, stream);                                                                         \
        strided_bytes(fn, true, dest, source, dst, sst, nelems, sizeof(TYPE), pe);                      \
    }                                                                                                    \
    TYPE nvshmemx_##NAME##_g_on_stream(const TYPE *source, int pe, cudaStream_t stream) {                \
        const char *fn = "nvshmemx_" #NAME "_g_on_stream";                                               \
        synchronize(fn, stream);                                                                         \
        TYPE value;                                                                                      \
        get_bytes(fn, &value, source, sizeof(TYPE), pe, true);                                           \
        return value;                                                                                    \
    }                                                                                                    \
    void nvshmemx_##NAME##_p_on_stream(TYPE *dest, const TYPE value, int pe, cudaStream_t stream) {      \
        const char *fn = "nvshmemx_" #NAME "_p_on_stream";                                               \
        synchronize(fn, stream);                                                                         \
        put_bytes(fn, dest, &value, sizeof(TYPE), pe, true);                                             \
    }
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DEFINE_MORE_ON_STREAM)
#undef FABSHMEM_DEFINE_MORE_ON_STREAM

#define FABSHMEM_DEFINE_SIZED_RMA_ON_STREAM(OP, GET, BITS, SUFFIX, BLOCKING)                              \
    void nvshmemx_##OP##BITS##SUFFIX##_on_stream(void *dest, const void *source, size_t nelems, int pe, \
                                                 cudaStream_t stream) {                                 \
        const char *fn = "nvshmemx_" #OP #BITS #SUFFIX "_on_stream";                                    \
        rma_on_stream(fn, GET, dest, source, checked_bytes(fn, nelems, BITS / 8), pe, stream, BLOCKING); \
    }
#define FABSHMEM_DEFINE_SIZED_ON_STREAM(BITS)                                                              \
    FABSHMEM_DEFINE_SIZED_RMA_ON_STREAM(get, true, BITS, , true)                                         \
    FABSHMEM_DEFINE_SIZED_RMA_ON_STREAM(put, false, BITS, , true)                                        \
    FABSHMEM_DEFINE_SIZED_RMA_ON_STREAM(get, true, BITS, _nbi, false)                                    \
    FABSHMEM_DEFINE_SIZED_RMA_ON_STREAM(put, false, BITS, _nbi, false)                                   \
    void nvshmemx_iget##BITS##_on_stream(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,   \
                                         size_t nelems, int pe, cudaStream_t stream) {                   \
        synchronize("nvshmemx_iget" #BITS "_on_stream", stream);                                         \
        strided_bytes("nvshmemx_iget" #BITS "_on_stream", false, dest, source, dst, sst, nelems, BITS / 8, pe); \
    }                                                                                                    \
    void nvshmemx_iput##BITS##_on_stream(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,   \
                                         size_t nelems, int pe, cudaStream_t stream) {                   \
        synchronize("nvshmemx_iput" #BITS "_on_stream", stream);                                         \
        strided_bytes("nvshmemx_iput" #BITS "_on_stream", true, dest, source, dst, sst, nelems, BITS / 8, pe); \
    }
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DEFINE_SIZED_ON_STREAM)
#undef FABSHMEM_DEFINE_SIZED_ON_STREAM
#undef FABSHMEM_DEFINE_SIZED_RMA_ON_STREAM

// nvshmemx_BASE_on_stream and nvshmemx_BASE_nbi_on_stream: the stream's work, then the host call.
#define FABSHMEM_DEFINE_PUT_SIGNAL_ON_STREAM(BASE, ELEMENT)                                            \
    void nvshmemx_##BASE##_on_stream(ELEMENT *dest, const ELEMENT *source, size_t nelems,          \
                                     uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,      \
                                     cudaStream_t stream) {                                        \
        synchronize("nvshmemx_" #BASE "_on_stream", stream);                                       \
        nvshmem_##BASE(dest, source, nelems, sig_addr, signal, sig_op, pe);                        \
    }                                                                                              \
    void nvshmemx_##BASE##_nbi_on_stream(ELEMENT *dest, const ELEMENT *source, size_t nelems,      \
                                         uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,  \
                                         cudaStream_t stream) {                                    \
        synchronize("nvshmemx_" #BASE "_nbi_on_stream", stream);                                   \
        nvshmem_##BASE##_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe);                  \
    }
#define FABSHMEM_DEFINE_TYPED_PUT_SIGNAL_ON_STREAM(NAME, TYPE) FABSHMEM_DEFINE_PUT_SIGNAL_ON_STREAM(NAME##_put_signal, TYPE)
#define FABSHMEM_DEFINE_SIZED_PUT_SIGNAL_ON_STREAM(BITS) FABSHMEM_DEFINE_PUT_SIGNAL_ON_STREAM(put##BITS##_signal, void)
FABSHMEM_DEFINE_PUT_SIGNAL_ON_STREAM(putmem_signal, void)
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DEFINE_TYPED_PUT_SIGNAL_ON_STREAM)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DEFINE_SIZED_PUT_SIGNAL_ON_STREAM)
#undef FABSHMEM_DEFINE_TYPED_PUT_SIGNAL_ON_STREAM
#undef FABSHMEM_DEFINE_SIZED_PUT_SIGNAL_ON_STREAM
#undef FABSHMEM_DEFINE_PUT_SIGNAL_ON_STREAM

void nvshmemx_signal_op_on_stream(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe, cudaStream_t stream) {
    synchronize("nvshmemx_signal_op_on_stream", stream);
    nvshmemx_signal_op(sig_addr, signal, sig_op, pe);
}

#define FABSHMEM_DEFINE_WAIT_ON_STREAM(NAME, TYPE)                                                        \
    void nvshmemx_##NAME##_wait_until_on_stream(TYPE *ivar, int cmp, TYPE value, cudaStream_t stream) { \
        synchronize("nvshmemx_" #NAME "_wait_until_on_stream", stream);                                 \
        nvshmem_##NAME##_wait_until(ivar, cmp, value);                                                  \
    }                                                                                                   \
    void nvshmemx_##NAME##_wait_until_all_on_stream(TYPE *ivars, size_t n, const int *status, int cmp,  \
                                                    TYPE value, cudaStream_t stream) {                  \
        synchronize("nvshmemx_" #NAME "_wait_until_all_on_stream", stream);                             \
        nvshmem_##NAME##_wait_until_all(ivars, n, status, cmp, value);                                  \
    }                                                                                                   \
    void nvshmemx_##NAME##_wait_until_all_vector_on_stream(TYPE *ivars, size_t n, const int *status,    \
                                                           int cmp, TYPE *values, cudaStream_t stream) { \
        synchronize("nvshmemx_" #NAME "_wait_until_all_vector_on_stream", stream);                      \
        nvshmem_##NAME##_wait_until_all_vector(ivars, n, status, cmp, values);                          \
    }
FABSHMEM_FOR_EACH_SYNC_TYPE(FABSHMEM_DEFINE_WAIT_ON_STREAM)
#undef FABSHMEM_DEFINE_WAIT_ON_STREAM

void nvshmemx_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value, cudaStream_t stream) {
    synchronize("nvshmemx_signal_wait_until_on_stream", stream);
    nvshmem_signal_wait_until(sig_addr, cmp, cmp_value);
}

void nvshmemx_quiet_on_stream(cudaStream_t stream) {
    Runtime &rt = runtime_for("nvshmemx_quiet_on_stream");
    // Stream copies (load/store transports) complete in stream order; others need the host's quiet.
    if (!rt.routing.all_can(kLoadStore)) {
        synchronize("nvshmemx_quiet_on_stream", stream);
        quiet_all(rt);
    }
}

void nvshmemx_barrier_all_on_stream(cudaStream_t stream) {
    Runtime &rt = runtime_for("nvshmemx_barrier_all_on_stream");
    synchronize("nvshmemx_barrier_all_on_stream", stream);
    quiet_all(rt);
    sync_all(rt);
}

// Like the barrier, but (as nvshmem_sync_all) without completing this PE's RMA first.
void nvshmemx_sync_all_on_stream(cudaStream_t stream) {
    Runtime &rt = runtime_for("nvshmemx_sync_all_on_stream");
    synchronize("nvshmemx_sync_all_on_stream", stream);
    sync_all(rt);
}

}  // extern "C"
