/* The type tables of NVSHMEM (and OpenSHMEM 1.5): (TYPENAME, C type).
 * Every typed family is generated from them, in the declarations (nvshmem.h, shmem.h) and in
 * the library (src/api_*.cpp). */
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

/* Standard AMO types: every atomic. */
#define FABSHMEM_FOR_EACH_AMO_TYPE(X) \
    X(int, int)                       \
    X(long, long)                     \
    X(longlong, long long)            \
    X(uint, unsigned int)             \
    X(ulong, unsigned long)           \
    X(ulonglong, unsigned long long)  \
    X(int32, int32_t)                 \
    X(int64, int64_t)                 \
    X(uint32, uint32_t)               \
    X(uint64, uint64_t)               \
    X(size, size_t)                   \
    X(ptrdiff, ptrdiff_t)

/* Extended AMO types: fetch, set and swap (the standard ones and these). */
#define FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(X) \
    X(float, float)                                 \
    X(double, double)

/* Bitwise AMO types: and, or, xor. */
#define FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(X) \
    X(uint, unsigned int)                     \
    X(ulong, unsigned long)                   \
    X(ulonglong, unsigned long long)          \
    X(int32, int32_t)                         \
    X(int64, int64_t)                         \
    X(uint32, uint32_t)                       \
    X(uint64, uint64_t)

/* Point-to-point synchronization types: wait_until and test. */
#define FABSHMEM_FOR_EACH_SYNC_TYPE(X) \
    X(short, short)                    \
    X(int, int)                        \
    X(long, long)                      \
    X(longlong, long long)             \
    X(ushort, unsigned short)          \
    X(uint, unsigned int)              \
    X(ulong, unsigned long)            \
    X(ulonglong, unsigned long long)   \
    X(int32, int32_t)                  \
    X(int64, int64_t)                  \
    X(uint32, uint32_t)                \
    X(uint64, uint64_t)                \
    X(size, size_t)                    \
    X(ptrdiff, ptrdiff_t)

/* Reductions: and, or, xor over the integer types ... */
#define FABSHMEM_FOR_EACH_BITWISE_REDUCE_TYPE(X) \
    X(uchar, unsigned char)                      \
    X(ushort, unsigned short)                    \
    X(uint, unsigned int)                        \
    X(ulong, unsigned long)                      \
    X(ulonglong, unsigned long long)             \
    X(int8, int8_t)                              \
    X(int16, int16_t)                            \
    X(int32, int32_t)                            \
    X(int64, int64_t)                            \
    X(uint8, uint8_t)                            \
    X(uint16, uint16_t)                          \
    X(uint32, uint32_t)                          \
    X(uint64, uint64_t)                          \
    X(size, size_t)

/* ... and min, max, sum, prod over these. */
#define FABSHMEM_FOR_EACH_ARITH_REDUCE_TYPE(X) \
    X(char, char)                              \
    X(schar, signed char)                      \
    X(short, short)                            \
    X(int, int)                                \
    X(long, long)                              \
    X(longlong, long long)                     \
    X(ptrdiff, ptrdiff_t)                      \
    X(uchar, unsigned char)                    \
    X(ushort, unsigned short)                  \
    X(uint, unsigned int)                      \
    X(ulong, unsigned long)                    \
    X(ulonglong, unsigned long long)           \
    X(int8, int8_t)                            \
    X(int16, int16_t)                          \
    X(int32, int32_t)                          \
    X(int64, int64_t)                          \
    X(uint8, uint8_t)                          \
    X(uint16, uint16_t)                        \
    X(uint32, uint32_t)                        \
    X(uint64, uint64_t)                        \
    X(size, size_t)                            \
    X(float, float)                            \
    X(double, double)

#endif
