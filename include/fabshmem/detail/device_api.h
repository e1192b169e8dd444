/* fabshmem's device API, part 2: the NVSHMEM calls themselves, for host and device, and the
 * _warp / _block forms, over the implementation in fabshmem_device.h (which includes this file
 * at its end; include nvshmem.h, not this). */
#ifndef FABSHMEM_DEVICE_API_H
#define FABSHMEM_DEVICE_API_H

// On the host these call the library; in a kernel, the implementation in fabshmem_device.h.

static __host__ __device__ inline int nvshmem_my_pe(void) {
    NV_IF_ELSE_TARGET(NV_IS_DEVICE, (return fabshmemi::ready("nvshmem_my_pe").my_pe;),
                      (return fabshmemi_host_nvshmem_my_pe();))
}
static __host__ __device__ inline int nvshmem_n_pes(void) {
    NV_IF_ELSE_TARGET(NV_IS_DEVICE, (return fabshmemi::ready("nvshmem_n_pes").n_pes;),
                      (return fabshmemi_host_nvshmem_n_pes();))
}
static __host__ __device__ inline void *nvshmem_ptr(const void *dest, int pe) {
    NV_IF_ELSE_TARGET(NV_IS_DEVICE, (return fabshmemi::ptr(dest, pe);),
                      (return fabshmemi_host_nvshmem_ptr(dest, pe);))
}
static __host__ __device__ inline void nvshmem_quiet(void) {
    NV_IF_ELSE_TARGET(NV_IS_DEVICE, (fabshmemi::quiet("nvshmem_quiet");), (fabshmemi_host_nvshmem_quiet();))
}
static __host__ __device__ inline void nvshmem_fence(void) {
    NV_IF_ELSE_TARGET(NV_IS_DEVICE, (fabshmemi::fence("nvshmem_fence");), (fabshmemi_host_nvshmem_fence();))
}
static __host__ __device__ inline void nvshmem_barrier_all(void) {
    NV_IF_ELSE_TARGET(NV_IS_DEVICE,
                      (fabshmemi::team_sync(fabshmemi::Thread(), "nvshmem_barrier_all", NVSHMEM_TEAM_WORLD, true);),
                      (fabshmemi_host_nvshmem_barrier_all();))
}
static __host__ __device__ inline void nvshmem_sync_all(void) {
    NV_IF_ELSE_TARGET(NV_IS_DEVICE, (fabshmemi::team_sync(fabshmemi::Thread(), "nvshmem_sync_all", NVSHMEM_TEAM_WORLD, false);),
                      (fabshmemi_host_nvshmem_sync_all();))
}
static __device__ inline void nvshmemx_barrier_all_warp(void) {
    fabshmemi::team_sync(fabshmemi::Warp(), "nvshmemx_barrier_all_warp", NVSHMEM_TEAM_WORLD, true);
}
static __device__ inline void nvshmemx_barrier_all_block(void) {
    fabshmemi::team_sync(fabshmemi::Block(), "nvshmemx_barrier_all_block", NVSHMEM_TEAM_WORLD, true);
}
static __device__ inline void nvshmemx_sync_all_warp(void) {
    fabshmemi::team_sync(fabshmemi::Warp(), "nvshmemx_sync_all_warp", NVSHMEM_TEAM_WORLD, false);
}
static __device__ inline void nvshmemx_sync_all_block(void) {
    fabshmemi::team_sync(fabshmemi::Block(), "nvshmemx_sync_all_block", NVSHMEM_TEAM_WORLD, false);
}

// Untyped get/put: the thread forms for host and device, and the _warp and _block forms.
#define FABSHMEMI_DEVICE_MEM(OP, SUFFIX, BLOCKING)                                                    \
    static __host__ __device__ inline void nvshmem_##OP##mem##SUFFIX(void *dest, const void *source, \
                                                                     size_t nelems, int pe) {        \
        NV_IF_ELSE_TARGET(NV_IS_DEVICE,                                                               \
                          (fabshmemi::OP(fabshmemi::Thread(), "nvshmem_" #OP "mem" #SUFFIX, dest,     \
                                         source, nelems, pe, BLOCKING);),                             \
                          (fabshmemi_host_nvshmem_##OP##mem##SUFFIX(dest, source, nelems, pe);))      \
    }                                                                                                 \
    static __device__ inline void nvshmemx_##OP##mem##SUFFIX##_warp(void *dest, const void *source,  \
                                                                   size_t nelems, int pe) {          \
        fabshmemi::OP(fabshmemi::Warp(), "nvshmemx_" #OP "mem" #SUFFIX "_warp", dest, source, nelems, \
                      pe, BLOCKING);                                                                  \
    }                                                                                                 \
    static __device__ inline void nvshmemx_##OP##mem##SUFFIX##_block(void *dest, const void *source, \
                                                                    size_t nelems, int pe) {         \
        fabshmemi::OP(fabshmemi::Block(), "nvshmemx_" #OP "mem" #SUFFIX "_block", dest, source,      \
                      nelems, pe, BLOCKING);                                                          \
    }
FABSHMEMI_DEVICE_MEM(get, , true)
FABSHMEMI_DEVICE_MEM(put, , true)
FABSHMEMI_DEVICE_MEM(get, _nbi, false)
FABSHMEMI_DEVICE_MEM(put, _nbi, false)
#undef FABSHMEMI_DEVICE_MEM

// Typed get/put (+_nbi, _warp, _block) and g/p, from the one type table. The function names
// are parenthesised so that the tutorial's nvshmem_TYPE_g(buf, i, pe) macro leaves them alone.
#define FABSHMEMI_DEVICE_TYPED_ONE(NAME, TYPE, OP, SUFFIX, BLOCKING)                                     \
    static __host__ __device__ inline void(nvshmem_##NAME##_##OP##SUFFIX)(TYPE * dest, const TYPE *source, \
                                                                          size_t nelems, int pe) {       \
        NV_IF_ELSE_TARGET(NV_IS_DEVICE,                                                                  \
                          (fabshmemi::OP(fabshmemi::Thread(), "nvshmem_" #NAME "_" #OP #SUFFIX, dest,    \
                                         source, nelems * sizeof(TYPE), pe, BLOCKING);),                 \
                          (fabshmemi_host_nvshmem_##NAME##_##OP##SUFFIX(dest, source, nelems, pe);))     \
    }                                                                                                    \
    static __device__ inline void nvshmemx_##NAME##_##OP##SUFFIX##_warp(TYPE *dest, const TYPE *source,  \
                                                                       size_t nelems, int pe) {          \
        fabshmemi::OP(fabshmemi::Warp(), "nvshmemx_" #NAME "_" #OP #SUFFIX "_warp", dest, source,       \
                      nelems * sizeof(TYPE), pe, BLOCKING);                                              \
    }                                                                                                    \
    static __device__ inline void nvshmemx_##NAME##_##OP##SUFFIX##_block(TYPE *dest, const TYPE *source, \
                                                                        size_t nelems, int pe) {         \
        fabshmemi::OP(fabshmemi::Block(), "nvshmemx_" #NAME "_" #OP #SUFFIX "_block", dest, source,     \
                      nelems * sizeof(TYPE), pe, BLOCKING);                                              \
    }
#define FABSHMEMI_DEVICE_TYPED(NAME, TYPE)                                                          \
    FABSHMEMI_DEVICE_TYPED_ONE(NAME, TYPE, get, , true)                                             \
    FABSHMEMI_DEVICE_TYPED_ONE(NAME, TYPE, put, , true)                                             \
    FABSHMEMI_DEVICE_TYPED_ONE(NAME, TYPE, get, _nbi, false)                                        \
    FABSHMEMI_DEVICE_TYPED_ONE(NAME, TYPE, put, _nbi, false)                                        \
    static __host__ __device__ inline TYPE(nvshmem_##NAME##_g)(const TYPE *source, int pe) {        \
        NV_IF_ELSE_TARGET(NV_IS_DEVICE, (return fabshmemi::g("nvshmem_" #NAME "_g", source, pe);),  \
                          (return fabshmemi_host_nvshmem_##NAME##_g(source, pe);))                  \
    }                                                                                               \
    static __host__ __device__ inline void(nvshmem_##NAME##_p)(TYPE * dest, TYPE value, int pe) {   \
        NV_IF_ELSE_TARGET(NV_IS_DEVICE, (fabshmemi::p("nvshmem_" #NAME "_p", dest, value, pe);),    \
                          (fabshmemi_host_nvshmem_##NAME##_p(dest, value, pe);))                    \
    }
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEMI_DEVICE_TYPED)
#undef FABSHMEMI_DEVICE_TYPED
#undef FABSHMEMI_DEVICE_TYPED_ONE

// Sized get/put (nelems elements of BITS bits), their _warp and _block forms, and the strided
// calls, typed and sized.
#define FABSHMEMI_DEVICE_SIZED_ONE(OP, BITS, SUFFIX, BLOCKING)                                          \
    static __host__ __device__ inline void nvshmem_##OP##BITS##SUFFIX(void *dest, const void *source,  \
                                                                     size_t nelems, int pe) {          \
        NV_IF_ELSE_TARGET(NV_IS_DEVICE,                                                                 \
                          (fabshmemi::OP(fabshmemi::Thread(), __func__, dest, source, nelems * (BITS / 8), \
                                         pe, BLOCKING);),                                               \
                          (fabshmemi_host_nvshmem_##OP##BITS##SUFFIX(dest, source, nelems, pe);))       \
    }                                                                                                   \
    static __device__ inline void nvshmemx_##OP##BITS##SUFFIX##_warp(void *dest, const void *source,   \
                                                                    size_t nelems, int pe) {           \
        fabshmemi::OP(fabshmemi::Warp(), __func__, dest, source, nelems * (BITS / 8), pe, BLOCKING);   \
    }                                                                                                   \
    static __device__ inline void nvshmemx_##OP##BITS##SUFFIX##_block(void *dest, const void *source,  \
                                                                     size_t nelems, int pe) {          \
        fabshmemi::OP(fabshmemi::Block(), __func__, dest, source, nelems * (BITS / 8), pe, BLOCKING);  \
    }
#define FABSHMEMI_DEVICE_STRIDED_ONE(BASE, ELEMENT, SIZE, IS_PUT)                                        \
    static __host__ __device__ inline void nvshmem_##BASE(ELEMENT *dest, const ELEMENT *source,         \
                                                         ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                                                         int pe) {                                     \
        NV_IF_ELSE_TARGET(NV_IS_DEVICE,                                                                 \
                          (fabshmemi::strided(fabshmemi::Thread(), __func__, IS_PUT, dest, source, dst, \
                                              sst, nelems, SIZE, pe);),                                 \
                          (fabshmemi_host_nvshmem_##BASE(dest, source, dst, sst, nelems, pe);))         \
    }                                                                                                   \
    static __device__ inline void nvshmemx_##BASE##_warp(ELEMENT *dest, const ELEMENT *source,          \
                                                        ptrdiff_t dst, ptrdiff_t sst, size_t nelems,   \
                                                        int pe) {                                      \
        fabshmemi::strided(fabshmemi::Warp(), __func__, IS_PUT, dest, source, dst, sst, nelems, SIZE, pe); \
    }                                                                                                   \
    static __device__ inline void nvshmemx_##BASE##_block(ELEMENT *dest, const ELEMENT *source,         \
                                                         ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                                                         int pe) {                                     \
        fabshmemi::strided(fabshmemi::Block(), __func__, IS_PUT, dest, source, dst, sst, nelems, SIZE, pe); \
    }
#define FABSHMEMI_DEVICE_SIZED(BITS)                                                                    \
    FABSHMEMI_DEVICE_SIZED_ONE(get, BITS, , true)                                                       \
    FABSHMEMI_DEVICE_SIZED_ONE(put, BITS, , true)                                                       \
    FABSHMEMI_DEVICE_SIZED_ONE(get, BITS, _nbi, false)                                                  \
    FABSHMEMI_DEVICE_SIZED_ONE(put, BITS, _nbi, false)                                                  \
    FABSHMEMI_DEVICE_STRIDED_ONE(iput##BITS, void, BITS / 8, true)                                      \
    FABSHMEMI_DEVICE_STRIDED_ONE(iget##BITS, void, BITS / 8, false)
#define FABSHMEMI_DEVICE_TYPED_STRIDED(NAME, TYPE)                                                      \
    FABSHMEMI_DEVICE_STRIDED_ONE(NAME##_iput, TYPE, sizeof(TYPE), true)                                 \
    FABSHMEMI_DEVICE_STRIDED_ONE(NAME##_iget, TYPE, sizeof(TYPE), false)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEMI_DEVICE_SIZED)
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEMI_DEVICE_TYPED_STRIDED)
#undef FABSHMEMI_DEVICE_SIZED
#undef FABSHMEMI_DEVICE_TYPED_STRIDED
#undef FABSHMEMI_DEVICE_STRIDED_ONE
#undef FABSHMEMI_DEVICE_SIZED_ONE

// Atomics, signals and waits: host and device.
#define FABSHMEMI_DUAL(RET, NAME, PARAMS, DEVICE, HOST) \
    static __host__ __device__ inline RET(NAME) PARAMS { NV_IF_ELSE_TARGET(NV_IS_DEVICE, DEVICE, HOST) }
#define FABSHMEMI_DEVICE_AMO(NAME, TYPE)                                                                        \
    FABSHMEMI_DUAL(TYPE, nvshmem_##NAME##_atomic_compare_swap, (TYPE * dest, TYPE cond, TYPE value, int pe),   \
                   (return fabshmemi::amo(__func__, fabshmemi::amo_compare_swap, dest, value, cond, pe);),     \
                   (return fabshmemi_host_nvshmem_##NAME##_atomic_compare_swap(dest, cond, value, pe);))       \
    FABSHMEMI_DUAL(TYPE, nvshmem_##NAME##_atomic_fetch_inc, (TYPE * dest, int pe),                             \
                   (return fabshmemi::amo(__func__, fabshmemi::amo_add, dest, (TYPE)1, (TYPE)0, pe);),         \
                   (return fabshmemi_host_nvshmem_##NAME##_atomic_fetch_inc(dest, pe);))                       \
    FABSHMEMI_DUAL(void, nvshmem_##NAME##_atomic_inc, (TYPE * dest, int pe),                                   \
                   (fabshmemi::amo(__func__, fabshmemi::amo_add, dest, (TYPE)1, (TYPE)0, pe);),                \
                   (fabshmemi_host_nvshmem_##NAME##_atomic_inc(dest, pe);))                                    \
    FABSHMEMI_DUAL(TYPE, nvshmem_##NAME##_atomic_fetch_add, (TYPE * dest, TYPE value, int pe),                 \
                   (return fabshmemi::amo(__func__, fabshmemi::amo_add, dest, value, (TYPE)0, pe);),           \
                   (return fabshmemi_host_nvshmem_##NAME##_atomic_fetch_add(dest, value, pe);))                \
    FABSHMEMI_DUAL(void, nvshmem_##NAME##_atomic_add, (TYPE * dest, TYPE value, int pe),                       \
                   (fabshmemi::amo(__func__, fabshmemi::amo_add, dest, value, (TYPE)0, pe);),                  \
                   (fabshmemi_host_nvshmem_##NAME##_atomic_add(dest, value, pe);))
#define FABSHMEMI_DEVICE_EXTENDED_AMO(NAME, TYPE)                                                               \
    FABSHMEMI_DUAL(TYPE, nvshmem_##NAME##_atomic_fetch, (const TYPE *source, int pe),                          \
                   (return fabshmemi::amo(__func__, fabshmemi::amo_read, const_cast<TYPE *>(source), (TYPE)0,  \
                                          (TYPE)0, pe);),                                                      \
                   (return fabshmemi_host_nvshmem_##NAME##_atomic_fetch(source, pe);))                         \
    FABSHMEMI_DUAL(void, nvshmem_##NAME##_atomic_set, (TYPE * dest, TYPE value, int pe),                       \
                   (fabshmemi::amo(__func__, fabshmemi::amo_write, dest, value, (TYPE)0, pe);),                \
                   (fabshmemi_host_nvshmem_##NAME##_atomic_set(dest, value, pe);))                             \
    FABSHMEMI_DUAL(TYPE, nvshmem_##NAME##_atomic_swap, (TYPE * dest, TYPE value, int pe),                      \
                   (return fabshmemi::amo(__func__, fabshmemi::amo_write, dest, value, (TYPE)0, pe);),         \
                   (return fabshmemi_host_nvshmem_##NAME##_atomic_swap(dest, value, pe);))
#define FABSHMEMI_DEVICE_BITWISE_ONE(NAME, TYPE, OP)                                                            \
    FABSHMEMI_DUAL(TYPE, nvshmem_##NAME##_atomic_fetch_##OP, (TYPE * dest, TYPE value, int pe),                \
                   (return fabshmemi::amo(__func__, fabshmemi::amo_##OP, dest, value, (TYPE)0, pe);),          \
                   (return fabshmemi_host_nvshmem_##NAME##_atomic_fetch_##OP(dest, value, pe);))               \
    FABSHMEMI_DUAL(void, nvshmem_##NAME##_atomic_##OP, (TYPE * dest, TYPE value, int pe),                      \
                   (fabshmemi::amo(__func__, fabshmemi::amo_##OP, dest, value, (TYPE)0, pe);),                 \
                   (fabshmemi_host_nvshmem_##NAME##_atomic_##OP(dest, value, pe);))
#define FABSHMEMI_DEVICE_BITWISE_AMO(NAME, TYPE) \
    FABSHMEMI_DEVICE_BITWISE_ONE(NAME, TYPE, and) FABSHMEMI_DEVICE_BITWISE_ONE(NAME, TYPE, or) FABSHMEMI_DEVICE_BITWISE_ONE(NAME, TYPE, xor)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_DEVICE_AMO)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEMI_DEVICE_EXTENDED_AMO)
FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(FABSHMEMI_DEVICE_EXTENDED_AMO)
FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(FABSHMEMI_DEVICE_BITWISE_AMO)
#undef FABSHMEMI_DEVICE_AMO
#undef FABSHMEMI_DEVICE_EXTENDED_AMO
#undef FABSHMEMI_DEVICE_BITWISE_ONE
#undef FABSHMEMI_DEVICE_BITWISE_AMO

// Put with signal: the thread forms for host and device, and the _warp and _block forms.
#define FABSHMEMI_DEVICE_PUT_SIGNAL(NAME, ELEMENT, SIZE, SUFFIX, BLOCKING)                                    \
    FABSHMEMI_DUAL(void, nvshmem_##NAME##SUFFIX, (ELEMENT * dest, const ELEMENT *source, size_t nelems,     \
                                                  uint64_t *sig, uint64_t signal, int sig_op, int pe),      \
                   (fabshmemi::put_signal(fabshmemi::Thread(), __func__, dest, source, nelems * SIZE,       \
                                          sig, signal, sig_op, pe, BLOCKING);),                             \
                   (fabshmemi_host_nvshmem_##NAME##SUFFIX(dest, source, nelems, sig, signal, sig_op, pe);)) \
    static __device__ inline void nvshmemx_##NAME##SUFFIX##_warp(ELEMENT *dest, const ELEMENT *source,      \
                                                                size_t nelems, uint64_t *sig,              \
                                                                uint64_t signal, int sig_op, int pe) {     \
        fabshmemi::put_signal(fabshmemi::Warp(), __func__, dest, source, nelems * SIZE, sig,                \
                              signal, sig_op, pe, BLOCKING);                                                \
    }                                                                                                       \
    static __device__ inline void nvshmemx_##NAME##SUFFIX##_block(ELEMENT *dest, const ELEMENT *source,     \
                                                                 size_t nelems, uint64_t *sig,             \
                                                                 uint64_t signal, int sig_op, int pe) {    \
        fabshmemi::put_signal(fabshmemi::Block(), __func__, dest, source, nelems * SIZE, sig,               \
                              signal, sig_op, pe, BLOCKING);                                                \
    }
FABSHMEMI_DEVICE_PUT_SIGNAL(putmem_signal, void, 1, , true)
FABSHMEMI_DEVICE_PUT_SIGNAL(putmem_signal, void, 1, _nbi, false)
#define FABSHMEMI_DEVICE_TYPED_PUT_SIGNAL(NAME, TYPE)                              \
    FABSHMEMI_DEVICE_PUT_SIGNAL(NAME##_put_signal, TYPE, sizeof(TYPE), , true)     \
    FABSHMEMI_DEVICE_PUT_SIGNAL(NAME##_put_signal, TYPE, sizeof(TYPE), _nbi, false)
#define FABSHMEMI_DEVICE_SIZED_PUT_SIGNAL(BITS)                                    \
    FABSHMEMI_DEVICE_PUT_SIGNAL(put##BITS##_signal, void, BITS / 8, , true)        \
    FABSHMEMI_DEVICE_PUT_SIGNAL(put##BITS##_signal, void, BITS / 8, _nbi, false)
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEMI_DEVICE_TYPED_PUT_SIGNAL)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEMI_DEVICE_SIZED_PUT_SIGNAL)
#undef FABSHMEMI_DEVICE_TYPED_PUT_SIGNAL
#undef FABSHMEMI_DEVICE_SIZED_PUT_SIGNAL
#undef FABSHMEMI_DEVICE_PUT_SIGNAL

FABSHMEMI_DUAL(void, nvshmemx_signal_op, (uint64_t * sig, uint64_t signal, int sig_op, int pe),
               (fabshmemi::signal_op(__func__, sig, signal, sig_op, pe);),
               (fabshmemi_host_nvshmemx_signal_op(sig, signal, sig_op, pe);))
FABSHMEMI_DUAL(uint64_t, nvshmem_signal_fetch, (const uint64_t *sig),
               (fabshmemi::ready(__func__); return *reinterpret_cast<const volatile uint64_t *>(sig);),
               (return fabshmemi_host_nvshmem_signal_fetch(sig);))
FABSHMEMI_DUAL(uint64_t, nvshmem_signal_wait_until, (uint64_t * sig, int cmp, uint64_t value),
               (fabshmemi::wait_elements(__func__, sig, 1, nullptr, nullptr, cmp, [=](size_t) { return value; },
                                         fabshmemi::want_all, true);
                return *reinterpret_cast<volatile uint64_t *>(sig);),
               (return fabshmemi_host_nvshmem_signal_wait_until(sig, cmp, value);))

#define FABSHMEMI_WAIT_ON_DEVICE(IVARS, N, STATUS, INDICES, AGAINST, WANT, BLOCK)                            \
    fabshmemi::wait_elements(__func__, IVARS, N, STATUS, INDICES, cmp, [=](size_t i) { (void)i; return AGAINST; }, \
                             fabshmemi::want_##WANT, BLOCK)
#define FABSHMEMI_DEVICE_WAIT(NAME, TYPE)                                                                       \
    FABSHMEMI_DUAL(void, nvshmem_##NAME##_wait_until, (TYPE * ivar, int cmp, TYPE value),                       \
                   (FABSHMEMI_WAIT_ON_DEVICE(ivar, 1, nullptr, nullptr, value, all, true);),                    \
                   (fabshmemi_host_nvshmem_##NAME##_wait_until(ivar, cmp, value);))                             \
    FABSHMEMI_DUAL(void, nvshmem_##NAME##_wait_until_all,                                                       \
                   (TYPE * ivars, size_t n, const int *status, int cmp, TYPE value),                            \
                   (FABSHMEMI_WAIT_ON_DEVICE(ivars, n, status, nullptr, value, all, true);),                    \
                   (fabshmemi_host_nvshmem_##NAME##_wait_until_all(ivars, n, status, cmp, value);))             \
    FABSHMEMI_DUAL(size_t, nvshmem_##NAME##_wait_until_any,                                                     \
                   (TYPE * ivars, size_t n, const int *status, int cmp, TYPE value),                            \
                   (return FABSHMEMI_WAIT_ON_DEVICE(ivars, n, status, nullptr, value, any, true);),             \
                   (return fabshmemi_host_nvshmem_##NAME##_wait_until_any(ivars, n, status, cmp, value);))      \
    FABSHMEMI_DUAL(size_t, nvshmem_##NAME##_wait_until_some,                                                    \
                   (TYPE * ivars, size_t n, size_t *indices, const int *status, int cmp, TYPE value),           \
                   (return FABSHMEMI_WAIT_ON_DEVICE(ivars, n, status, indices, value, some, true);),            \
                   (return fabshmemi_host_nvshmem_##NAME##_wait_until_some(ivars, n, indices, status, cmp, value);)) \
    FABSHMEMI_DUAL(void, nvshmem_##NAME##_wait_until_all_vector,                                                \
                   (TYPE * ivars, size_t n, const int *status, int cmp, TYPE *values),                          \
                   (FABSHMEMI_WAIT_ON_DEVICE(ivars, n, status, nullptr, values[i], all, true);),                \
                   (fabshmemi_host_nvshmem_##NAME##_wait_until_all_vector(ivars, n, status, cmp, values);))     \
    FABSHMEMI_DUAL(size_t, nvshmem_##NAME##_wait_until_any_vector,                                              \
                   (TYPE * ivars, size_t n, const int *status, int cmp, TYPE *values),                          \
                   (return FABSHMEMI_WAIT_ON_DEVICE(ivars, n, status, nullptr, values[i], any, true);),         \
                   (return fabshmemi_host_nvshmem_##NAME##_wait_until_any_vector(ivars, n, status, cmp, values);)) \
    FABSHMEMI_DUAL(size_t, nvshmem_##NAME##_wait_until_some_vector,                                             \
                   (TYPE * ivars, size_t n, size_t *indices, const int *status, int cmp, TYPE *values),         \
                   (return FABSHMEMI_WAIT_ON_DEVICE(ivars, n, status, indices, values[i], some, true);),        \
                   (return fabshmemi_host_nvshmem_##NAME##_wait_until_some_vector(ivars, n, indices, status, cmp, values);)) \
    FABSHMEMI_DUAL(int, nvshmem_##NAME##_test, (TYPE * ivar, int cmp, TYPE value),                              \
                   (return (int)FABSHMEMI_WAIT_ON_DEVICE(ivar, 1, nullptr, nullptr, value, all, false);),       \
                   (return fabshmemi_host_nvshmem_##NAME##_test(ivar, cmp, value);))                            \
    FABSHMEMI_DUAL(int, nvshmem_##NAME##_test_all, (TYPE * ivars, size_t n, const int *status, int cmp, TYPE value), \
                   (return (int)FABSHMEMI_WAIT_ON_DEVICE(ivars, n, status, nullptr, value, all, false);),       \
                   (return fabshmemi_host_nvshmem_##NAME##_test_all(ivars, n, status, cmp, value);))            \
    FABSHMEMI_DUAL(size_t, nvshmem_##NAME##_test_any, (TYPE * ivars, size_t n, const int *status, int cmp, TYPE value), \
                   (return FABSHMEMI_WAIT_ON_DEVICE(ivars, n, status, nullptr, value, any, false);),            \
                   (return fabshmemi_host_nvshmem_##NAME##_test_any(ivars, n, status, cmp, value);))            \
    FABSHMEMI_DUAL(size_t, nvshmem_##NAME##_test_some,                                                          \
                   (TYPE * ivars, size_t n, size_t *indices, const int *status, int cmp, TYPE value),           \
                   (return FABSHMEMI_WAIT_ON_DEVICE(ivars, n, status, indices, value, some, false);),           \
                   (return fabshmemi_host_nvshmem_##NAME##_test_some(ivars, n, indices, status, cmp, value);))
FABSHMEM_FOR_EACH_SYNC_TYPE(FABSHMEMI_DEVICE_WAIT)
#undef FABSHMEMI_DEVICE_WAIT
#undef FABSHMEMI_WAIT_ON_DEVICE

// Teams and collectives: host and device, and the _warp and _block forms.
FABSHMEMI_DUAL(void, nvshmemx_vendor_get_version_info, (int *major, int *minor, int *patch),
               (if (major) *major = NVSHMEM_VENDOR_MAJOR_VERSION; if (minor) *minor = NVSHMEM_VENDOR_MINOR_VERSION;
                if (patch) *patch = NVSHMEM_VENDOR_PATCH_VERSION;),
               (fabshmemi_host_nvshmemx_vendor_get_version_info(major, minor, patch);))
FABSHMEMI_DUAL(void *, nvshmemx_mc_ptr, (nvshmem_team_t team, const void *ptr),
               ((void)fabshmemi::find_team(__func__, team); (void)ptr; return nullptr;),
               (return fabshmemi_host_nvshmemx_mc_ptr(team, ptr);))
FABSHMEMI_DUAL(int, nvshmem_team_my_pe, (nvshmem_team_t team),
               (const fabshmemi_device_team *t = fabshmemi::find_team(__func__, team); return t ? t->my_index : -1;),
               (return fabshmemi_host_nvshmem_team_my_pe(team);))
FABSHMEMI_DUAL(int, nvshmem_team_n_pes, (nvshmem_team_t team),
               (const fabshmemi_device_team *t = fabshmemi::find_team(__func__, team); return t ? t->n_pes : -1;),
               (return fabshmemi_host_nvshmem_team_n_pes(team);))
FABSHMEMI_DUAL(int, nvshmem_team_translate_pe, (nvshmem_team_t src_team, int src_pe, nvshmem_team_t dest_team),
               (return fabshmemi::team_translate(__func__, src_team, src_pe, dest_team);),
               (return fabshmemi_host_nvshmem_team_translate_pe(src_team, src_pe, dest_team);))

// nvshmem_BASE for host and device, and nvshmemx_BASE_warp / _block: fabshmemi::IMPL(group,
// name, ARGS) in a kernel, the library's nvshmem_BASE HOST_ARGS on the host.
#define FABSHMEMI_UNPAREN(...) __VA_ARGS__
#define FABSHMEMI_DEVICE_COLLECTIVE(RET, BASE, PARAMS, HOST_ARGS, IMPL, ARGS)                             \
    FABSHMEMI_DUAL(RET, nvshmem_##BASE, PARAMS,                                                           \
                   (return (RET)fabshmemi::IMPL(fabshmemi::Thread(), __func__, FABSHMEMI_UNPAREN ARGS);), \
                   (return fabshmemi_host_nvshmem_##BASE HOST_ARGS;))                                     \
    static __device__ inline RET nvshmemx_##BASE##_warp PARAMS {                                          \
        return (RET)fabshmemi::IMPL(fabshmemi::Warp(), __func__, FABSHMEMI_UNPAREN ARGS);                \
    }                                                                                                     \
    static __device__ inline RET nvshmemx_##BASE##_block PARAMS {                                         \
        return (RET)fabshmemi::IMPL(fabshmemi::Block(), __func__, FABSHMEMI_UNPAREN ARGS);               \
    }
FABSHMEMI_DEVICE_COLLECTIVE(int, barrier, (nvshmem_team_t team), (team), team_sync, (team, true))
static __device__ inline int nvshmemx_barrier_warpgroup(nvshmem_team_t team) {
    return fabshmemi::team_sync(fabshmemi::Warpgroup(), __func__, team, true);
}
FABSHMEMI_DEVICE_COLLECTIVE(int, team_sync, (nvshmem_team_t team), (team), team_sync, (team, false))
FABSHMEMI_DEVICE_COLLECTIVE(int, broadcastmem, (nvshmem_team_t team, void *dest, const void *source, size_t nelems, int root),
                            (team, dest, source, nelems, root), broadcast, (team, dest, source, nelems, root))
FABSHMEMI_DEVICE_COLLECTIVE(int, fcollectmem, (nvshmem_team_t team, void *dest, const void *source, size_t nelems),
                            (team, dest, source, nelems), gather, (team, dest, source, nelems, false))
FABSHMEMI_DEVICE_COLLECTIVE(int, alltoallmem, (nvshmem_team_t team, void *dest, const void *source, size_t nelems),
                            (team, dest, source, nelems), gather, (team, dest, source, nelems, true))
#define FABSHMEMI_DEVICE_TYPED_COLLECTIVES(NAME, TYPE)                                                           \
    FABSHMEMI_DEVICE_COLLECTIVE(int, NAME##_broadcast,                                                          \
                                (nvshmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems, int root), \
                                (team, dest, source, nelems, root), broadcast, (team, dest, source, nelems * sizeof(TYPE), root))                   \
    FABSHMEMI_DEVICE_COLLECTIVE(int, NAME##_fcollect, (nvshmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems), \
                                (team, dest, source, nelems), gather, (team, dest, source, nelems * sizeof(TYPE), false))                     \
    FABSHMEMI_DEVICE_COLLECTIVE(int, NAME##_alltoall, (nvshmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems), \
                                (team, dest, source, nelems), gather, (team, dest, source, nelems * sizeof(TYPE), true))
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEMI_DEVICE_TYPED_COLLECTIVES)
#define FABSHMEMI_DEVICE_REDUCE(NAME, TYPE, OP)                                                         \
    FABSHMEMI_DEVICE_COLLECTIVE(int, NAME##_##OP##_reduce,                                             \
                                (nvshmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce), \
                                (team, dest, source, nreduce), reduce, (team, dest, source, nreduce, fabshmemi::op_##OP<TYPE>())) \
    FABSHMEMI_DEVICE_COLLECTIVE(int, NAME##_##OP##_reducescatter,                                      \
                                (nvshmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce), \
                                (team, dest, source, nreduce), reducescatter,                          \
                                (team, dest, source, nreduce, fabshmemi::op_##OP<TYPE>()))
#define FABSHMEMI_DEVICE_BITWISE_REDUCE(NAME, TYPE) \
    FABSHMEMI_DEVICE_REDUCE(NAME, TYPE, and) FABSHMEMI_DEVICE_REDUCE(NAME, TYPE, or) FABSHMEMI_DEVICE_REDUCE(NAME, TYPE, xor)
#define FABSHMEMI_DEVICE_ARITH_REDUCE(NAME, TYPE)                                               \
    FABSHMEMI_DEVICE_REDUCE(NAME, TYPE, min) FABSHMEMI_DEVICE_REDUCE(NAME, TYPE, max)          \
    FABSHMEMI_DEVICE_REDUCE(NAME, TYPE, sum) FABSHMEMI_DEVICE_REDUCE(NAME, TYPE, prod)
FABSHMEM_FOR_EACH_BITWISE_REDUCE_TYPE(FABSHMEMI_DEVICE_BITWISE_REDUCE)
FABSHMEM_FOR_EACH_ARITH_REDUCE_TYPE(FABSHMEMI_DEVICE_ARITH_REDUCE)
/* MPI's MAXLOC on double2 {value, index}: the largest value, and of equal ones the lowest index
 * (device only; NVSHMEM has the _block form, and so the others). */
static __device__ inline int nvshmem_double2_maxloc_reduce(nvshmem_team_t team, double2 *dest, const double2 *source,
                                                           size_t nreduce) {
    return fabshmemi::reduce(fabshmemi::Thread(), __func__, team, dest, source, nreduce, fabshmemi::op_maxloc());
}
static __device__ inline int nvshmemx_double2_maxloc_reduce_warp(nvshmem_team_t team, double2 *dest,
                                                                 const double2 *source, size_t nreduce) {
    return fabshmemi::reduce(fabshmemi::Warp(), __func__, team, dest, source, nreduce, fabshmemi::op_maxloc());
}
static __device__ inline int nvshmemx_double2_maxloc_reduce_block(nvshmem_team_t team, double2 *dest,
                                                                  const double2 *source, size_t nreduce) {
    return fabshmemi::reduce(fabshmemi::Block(), __func__, team, dest, source, nreduce, fabshmemi::op_maxloc());
}
#undef FABSHMEMI_DEVICE_TYPED_COLLECTIVES
#undef FABSHMEMI_DEVICE_REDUCE
#undef FABSHMEMI_DEVICE_BITWISE_REDUCE
#undef FABSHMEMI_DEVICE_ARITH_REDUCE
#undef FABSHMEMI_DEVICE_COLLECTIVE
#undef FABSHMEMI_UNPAREN
#undef FABSHMEMI_DUAL

#endif
