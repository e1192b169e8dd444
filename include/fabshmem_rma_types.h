/* The one table of NVSHMEM's standard RMA types: (TYPENAME, C type).
 * Every typed family (nvshmem_TYPE_get/put/g/p and their _nbi forms) is generated from it,
 * in the declarations (nvshmem.h) and in the library (src/api_rma.cpp). */
#ifndef FABSHMEM_RMA_TYPES_H
#define FABSHMEM_RMA_TYPES_H

#include <stddef.h>
#include <stdint.h>

#define FABSHMEM_FOR_EACH_RMA_TYPE(X) \
    X(float, float)                   \
    X(double, double)                 \
    X(char, char)                     \
    X(schar, signed char)             \
    X(short, short)                   \
    X(int, int)                       \
    X(long, long)                     \
    X(longlong, long long)            \
    X(uchar, unsigned char)           \
    X(ushort, unsigned short)         \
    X(uint, unsigned int)             \
    X(ulong, unsigned long)           \
    X(ulonglong, unsigned long long)  \
    X(int8, int8_t)                   \
    X(int16, int16_t)                 \
    X(int32, int32_t)                 \
    X(int64, int64_t)                 \
    X(uint8, uint8_t)                 \
    X(uint16, uint16_t)               \
    X(uint32, uint32_t)               \
    X(uint64, uint64_t)               \
    X(size, size_t)                   \
    X(ptrdiff, ptrdiff_t)

#endif
