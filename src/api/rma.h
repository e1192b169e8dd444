// The checked one-sided transfers behind every RMA entry point, under the name of the call the
// program made, so that a message names that call (shmem_long_iget, not what it runs on).
#pragma once

#include <cstddef>

#include "runtime.h"

namespace fabshmem {

// `blocking`: complete on return (get), or `source` reusable (put); else complete at quiet.
void get_bytes(const char *function, void *dest, const void *source, size_t bytes, int pe, bool blocking);
void put_bytes(const char *function, void *dest, const void *source, size_t bytes, int pe, bool blocking);
// Strided: element i (of `element` bytes) between dest[i * dst] and source[i * sst]; blocking.
void strided_bytes(const char *function, bool put, void *dest, const void *source, ptrdiff_t dst,
                   ptrdiff_t sst, size_t nelems, size_t element, int pe);

}  // namespace fabshmem

// The strided and sized calls, defined once for both faces: PREFIX is nvshmem or shmem.
#define FABSHMEM_DEFINE_STRIDED(PREFIX, IPUT, IGET, ELEMENT)                                           \
    void PREFIX##_##IPUT(ELEMENT *dest, const ELEMENT *source, ptrdiff_t dst, ptrdiff_t sst, size_t n, \
                         int pe) {                                                                     \
        fabshmem::strided_bytes(#PREFIX "_" #IPUT, true, dest, source, dst, sst, n,                    \
                                sizeof(ELEMENT), pe);                                                 \
    }                                                                                                  \
    void PREFIX##_##IGET(ELEMENT *dest, const ELEMENT *source, ptrdiff_t dst, ptrdiff_t sst, size_t n, \
                         int pe) {                                                                     \
        fabshmem::strided_bytes(#PREFIX "_" #IGET, false, dest, source, dst, sst, n,                   \
                                sizeof(ELEMENT), pe);                                                 \
    }
#define FABSHMEM_DEFINE_SIZED_ONE(PREFIX, OP, BITS, SUFFIX, BLOCKING)                                  \
    void PREFIX##_##OP##BITS##SUFFIX(void *dest, const void *source, size_t n, int pe) {               \
        const char *fn = #PREFIX "_" #OP #BITS #SUFFIX;                                                \
        fabshmem::OP##_bytes(fn, dest, source, fabshmem::checked_bytes(fn, n, BITS / 8), pe, BLOCKING); \
    }
#define FABSHMEM_DEFINE_SIZED(PREFIX, BITS)                                                            \
    FABSHMEM_DEFINE_SIZED_ONE(PREFIX, get, BITS, , true)                                               \
    FABSHMEM_DEFINE_SIZED_ONE(PREFIX, put, BITS, , true)                                               \
    FABSHMEM_DEFINE_SIZED_ONE(PREFIX, get, BITS, _nbi, false)                                          \
    FABSHMEM_DEFINE_SIZED_ONE(PREFIX, put, BITS, _nbi, false)                                          \
    void PREFIX##_iput##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) { \
        fabshmem::strided_bytes(#PREFIX "_iput" #BITS, true, dest, source, dst, sst, n, BITS / 8, pe); \
    }                                                                                                  \
    void PREFIX##_iget##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe) { \
        fabshmem::strided_bytes(#PREFIX "_iget" #BITS, false, dest, source, dst, sst, n, BITS / 8, pe); \
    }
