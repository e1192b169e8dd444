/* fabshmem: the NVSHMEM host API over libfabric.
 * Names and signatures follow NVIDIA's NVSHMEM so that NVSHMEM programs compile unchanged.
 * Beyond NVSHMEM: the typed _g/_p calls also work from the host. */
#ifndef FABSHMEM_NVSHMEM_H
#define FABSHMEM_NVSHMEM_H

#include <stddef.h>
#include <stdint.h>

#include "fabshmem_rma_types.h"

#define NVSHMEM_MAJOR_VERSION 3
#define NVSHMEM_MINOR_VERSION 4
#define NVSHMEM_VENDOR_STRING "fabshmem"
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
void nvshmem_info_get_name(char *name);

/* Symmetric heap. Allocation calls are collective: every PE makes the same calls in the
 * same order, and then a block has the same offset in every PE's heap. */
void *nvshmem_malloc(size_t size);
void *nvshmem_calloc(size_t count, size_t size);
void *nvshmem_align(size_t alignment, size_t size);
void nvshmem_free(void *ptr);
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

/* The tutorial writes the remote read with an index: nvshmem_float_g(buf, i, peer), meaning
 * element i of buf on PE peer. Both that and NVSHMEM's nvshmem_float_g(buf + i, peer) work:
 * these macros count the arguments and call the one real function. */
#define FABSHMEMI_G_2(fn, source, pe) fn(source, pe)
#define FABSHMEMI_G_3(fn, source, index, pe) fn((source) + (index), pe)
#define FABSHMEMI_G_PICK(_1, _2, _3, NAME, ...) NAME
#define FABSHMEMI_G(fn, ...) \
    FABSHMEMI_G_PICK(__VA_ARGS__, FABSHMEMI_G_3, FABSHMEMI_G_2, ~)(fn, __VA_ARGS__)
#define nvshmem_float_g(...) FABSHMEMI_G(nvshmem_float_g, __VA_ARGS__)
#define nvshmem_double_g(...) FABSHMEMI_G(nvshmem_double_g, __VA_ARGS__)
#define nvshmem_char_g(...) FABSHMEMI_G(nvshmem_char_g, __VA_ARGS__)
#define nvshmem_schar_g(...) FABSHMEMI_G(nvshmem_schar_g, __VA_ARGS__)
#define nvshmem_short_g(...) FABSHMEMI_G(nvshmem_short_g, __VA_ARGS__)
#define nvshmem_int_g(...) FABSHMEMI_G(nvshmem_int_g, __VA_ARGS__)
#define nvshmem_long_g(...) FABSHMEMI_G(nvshmem_long_g, __VA_ARGS__)
#define nvshmem_longlong_g(...) FABSHMEMI_G(nvshmem_longlong_g, __VA_ARGS__)
#define nvshmem_uchar_g(...) FABSHMEMI_G(nvshmem_uchar_g, __VA_ARGS__)
#define nvshmem_ushort_g(...) FABSHMEMI_G(nvshmem_ushort_g, __VA_ARGS__)
#define nvshmem_uint_g(...) FABSHMEMI_G(nvshmem_uint_g, __VA_ARGS__)
#define nvshmem_ulong_g(...) FABSHMEMI_G(nvshmem_ulong_g, __VA_ARGS__)
#define nvshmem_ulonglong_g(...) FABSHMEMI_G(nvshmem_ulonglong_g, __VA_ARGS__)
#define nvshmem_int8_g(...) FABSHMEMI_G(nvshmem_int8_g, __VA_ARGS__)
#define nvshmem_int16_g(...) FABSHMEMI_G(nvshmem_int16_g, __VA_ARGS__)
#define nvshmem_int32_g(...) FABSHMEMI_G(nvshmem_int32_g, __VA_ARGS__)
#define nvshmem_int64_g(...) FABSHMEMI_G(nvshmem_int64_g, __VA_ARGS__)
#define nvshmem_uint8_g(...) FABSHMEMI_G(nvshmem_uint8_g, __VA_ARGS__)
#define nvshmem_uint16_g(...) FABSHMEMI_G(nvshmem_uint16_g, __VA_ARGS__)
#define nvshmem_uint32_g(...) FABSHMEMI_G(nvshmem_uint32_g, __VA_ARGS__)
#define nvshmem_uint64_g(...) FABSHMEMI_G(nvshmem_uint64_g, __VA_ARGS__)
#define nvshmem_size_g(...) FABSHMEMI_G(nvshmem_size_g, __VA_ARGS__)
#define nvshmem_ptrdiff_g(...) FABSHMEMI_G(nvshmem_ptrdiff_g, __VA_ARGS__)

/* Ordering and completion. */
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_quiet, (void))
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_fence, (void))

/* Synchronisation: barrier_all also completes this PE's outstanding puts (quiet);
 * sync_all only synchronises. */
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_barrier_all, (void))
FABSHMEMI_HOST_DEVICE_DECL(void, nvshmem_sync_all, (void))

#ifdef __cplusplus
}
#endif

/* In CUDA code: the same calls inside kernels, and the _warp and _block forms. */
#if defined(__CUDACC__)
#include "fabshmem_device.h"
#endif

#endif
