/* The type table of NVSHMEM and OpenSHMEM 1.5: one row per type, one column per typed family
 * it belongs to (1: yes). Every typed call on every face is generated from it: the host
 * declarations (nvshmem.h, shmem.h), the library's definitions (src/api/), the device calls
 * (device.h, device_api.h), and the _g macros (g_macros.h, generated from this file by
 * scripts/gen_g_macros.py at build time). Adding a type is adding a row.
 *
 *   RMA   get/put (+ _nbi), _g/_p, put_signal, broadcast/fcollect/alltoall/collect
 *   AMO   every atomic              EXT   fetch, set, swap only (beyond the AMO types)
 *   BAMO  and, or, xor atomics      SYNC  wait_until and test families
 *   BRED  and/or/xor reductions     ARED  min/max/sum/prod reductions
 *   TOA   legacy shmem_TYPE_{min,max,sum,prod}_to_all    TOB  legacy and/or/xor _to_all
 *   GEN   a distinct C type, which OpenSHMEM's generic calls select on (not a typedef); B: a
 *         typedef of a signed type (int32_t: int) that the bitwise families (and/or/xor atomics
 *         and reductions) have only under this name, so their generic calls select on it
 *   SRMA  RMA on the OpenSHMEM face only (NVSHMEM has no long double)
 *   SRED  min/max/sum/prod reductions on the OpenSHMEM face only
 *   NV    on the NVSHMEM face only (half, bfloat16): its RMA and ARED families leave out
 *         OpenSHMEM's, which has no such types
 *
 * half and bfloat16 are CUDA's half and __nv_bfloat16 in C++ where CUDA's headers are found
 * (nvshmem.h says so by redefining FABSHMEMI_HALF and FABSHMEMI_BFLOAT16); elsewhere, and in
 * the library itself, a 16-bit struct of the same size and passing convention.
 */
#ifndef FABSHMEM_DETAIL_TYPES_H
#define FABSHMEM_DETAIL_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef struct fabshmemi_half_bits {
    unsigned short x;
} fabshmemi_half_bits;
typedef struct fabshmemi_bfloat16_bits {
    unsigned short x;
} fabshmemi_bfloat16_bits;
#define FABSHMEMI_HALF fabshmemi_half_bits
#define FABSHMEMI_BFLOAT16 fabshmemi_bfloat16_bits

#define FABSHMEMI_TYPE_TABLE(ROW, X)                                                                \
    /*      NAME        C TYPE              RMA AMO EXT BAMO SYNC BRED ARED TOA TOB GEN SRMA SRED NV */ \
    ROW(X, half,       FABSHMEMI_HALF,     1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1) \
    ROW(X, bfloat16,   FABSHMEMI_BFLOAT16, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1) \
    ROW(X, float,      float,              1, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0) \
    ROW(X, double,     double,             1, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0) \
    ROW(X, longdouble, long double,        0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0) \
    ROW(X, char,       char,               1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0) \
    ROW(X, schar,      signed char,        1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0) \
    ROW(X, short,      short,              1, 0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0) \
    ROW(X, int,        int,                1, 1, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0) \
    ROW(X, long,       long,               1, 1, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0) \
    ROW(X, longlong,   long long,          1, 1, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0) \
    ROW(X, uchar,      unsigned char,      1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0) \
    ROW(X, ushort,     unsigned short,     1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0) \
    ROW(X, uint,       unsigned int,       1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0) \
    ROW(X, ulong,      unsigned long,      1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0) \
    ROW(X, ulonglong,  unsigned long long, 1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0) \
    ROW(X, int8,       int8_t,             1, 0, 0, 0, 0, 1, 1, 0, 0, B, 0, 0, 0) \
    ROW(X, int16,      int16_t,            1, 0, 0, 0, 0, 1, 1, 0, 0, B, 0, 0, 0) \
    ROW(X, int32,      int32_t,            1, 1, 0, 1, 1, 1, 1, 0, 0, B, 0, 0, 0) \
    ROW(X, int64,      int64_t,            1, 1, 0, 1, 1, 1, 1, 0, 0, B, 0, 0, 0) \
    ROW(X, uint8,      uint8_t,            1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0) \
    ROW(X, uint16,     uint16_t,           1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0) \
    ROW(X, uint32,     uint32_t,           1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0) \
    ROW(X, uint64,     uint64_t,           1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0) \
    ROW(X, size,       size_t,             1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0) \
    ROW(X, ptrdiff,    ptrdiff_t,          1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0)

/* FABSHMEM_FOR_EACH_<FAMILY>_TYPE(X) calls X(NAME, C TYPE) for each row in that family. */
#define FABSHMEMI_IF_0(...)
#define FABSHMEMI_IF_1(...) __VA_ARGS__
#define FABSHMEMI_IF_B(...)
#define FABSHMEMI_BITWISE_GEN_0(...)
#define FABSHMEMI_BITWISE_GEN_1(...) __VA_ARGS__
#define FABSHMEMI_BITWISE_GEN_B(...) __VA_ARGS__
#define FABSHMEMI_UNLESS_0(...) __VA_ARGS__
#define FABSHMEMI_UNLESS_1(...)
#define FABSHMEMI_ROW_RMA(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##rma(X(n, t))
#define FABSHMEMI_ROW_AMO(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##amo(X(n, t))
#define FABSHMEMI_ROW_EXT(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##ext(X(n, t))
#define FABSHMEMI_ROW_BAMO(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##bamo(X(n, t))
#define FABSHMEMI_ROW_SYNC(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##sync(X(n, t))
#define FABSHMEMI_ROW_BRED(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##bred(X(n, t))
#define FABSHMEMI_ROW_ARED(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##ared(X(n, t))
#define FABSHMEMI_ROW_TOA(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##toa(X(n, t))
#define FABSHMEMI_ROW_TOB(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##tob(X(n, t))
#define FABSHMEMI_ROW_SHMEM_RMA(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_UNLESS_##nv(FABSHMEMI_IF_##rma(X(n, t)))
#define FABSHMEMI_ROW_SHMEM_ARED(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_UNLESS_##nv(FABSHMEMI_IF_##ared(X(n, t)))
#define FABSHMEMI_ROW_SRMA(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##srma(X(n, t))
#define FABSHMEMI_ROW_SRED(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##sred(X(n, t))
#define FABSHMEMI_ROW_GRMA(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##gen(FABSHMEMI_IF_##rma(X(n, t)) FABSHMEMI_IF_##srma(X(n, t)))
#define FABSHMEMI_ROW_GAMO(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##gen(FABSHMEMI_IF_##amo(X(n, t)))
#define FABSHMEMI_ROW_GEXT(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##gen(FABSHMEMI_IF_##amo(X(n, t)) FABSHMEMI_IF_##ext(X(n, t)))
#define FABSHMEMI_ROW_GBAMO(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_BITWISE_GEN_##gen(FABSHMEMI_IF_##bamo(X(n, t)))
#define FABSHMEMI_ROW_GSYNC(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##gen(FABSHMEMI_IF_##sync(X(n, t)))
#define FABSHMEMI_ROW_GBRED(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_BITWISE_GEN_##gen(FABSHMEMI_IF_##bred(X(n, t)))
#define FABSHMEMI_ROW_GARED(X, n, t, rma, amo, ext, bamo, sync, bred, ared, toa, tob, gen, srma, sred, nv) FABSHMEMI_IF_##gen(FABSHMEMI_IF_##ared(X(n, t)) FABSHMEMI_IF_##sred(X(n, t)))

/* NVSHMEM's families (and OpenSHMEM's, which has them all) */
#define FABSHMEM_FOR_EACH_RMA_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_RMA, X)
#define FABSHMEM_FOR_EACH_AMO_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_AMO, X)
#define FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_EXT, X)
#define FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_BAMO, X)
#define FABSHMEM_FOR_EACH_SYNC_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_SYNC, X)
#define FABSHMEM_FOR_EACH_BITWISE_REDUCE_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_BRED, X)
#define FABSHMEM_FOR_EACH_ARITH_REDUCE_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_ARED, X)
/* OpenSHMEM's RMA and min/max/sum/prod families: NVSHMEM's without half and bfloat16 */
#define FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_SHMEM_RMA, X)
#define FABSHMEM_FOR_EACH_SHMEM_ARITH_REDUCE_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_SHMEM_ARED, X)
/* OpenSHMEM only: long double RMA and reductions, the legacy _to_all reductions */
#define FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_SRMA, X)
#define FABSHMEM_FOR_EACH_SHMEM_ONLY_REDUCE_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_SRED, X)
#define FABSHMEM_FOR_EACH_TO_ALL_ARITH_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_TOA, X)
#define FABSHMEM_FOR_EACH_TO_ALL_BITWISE_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_TOB, X)
/* The element sizes (bits) of the sized calls: get32, put64_nbi, iput128, ... */
#define FABSHMEM_FOR_EACH_RMA_SIZE(X) X(8) X(16) X(32) X(64) X(128)
/* What OpenSHMEM's generic calls (C11 _Generic, C++ overloads) select among: the family's
 * types that are distinct C types (int64_t, size_t, ... are typedefs of these) */
#define FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_GRMA, X)
#define FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_GAMO, X)
#define FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_GEXT, X)
#define FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_GBAMO, X)
#define FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_GSYNC, X)
#define FABSHMEM_FOR_EACH_GENERIC_BITWISE_REDUCE_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_GBRED, X)
#define FABSHMEM_FOR_EACH_GENERIC_ARITH_REDUCE_TYPE(X) FABSHMEMI_TYPE_TABLE(FABSHMEMI_ROW_GARED, X)

#endif
