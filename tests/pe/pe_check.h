// Shared by the multi-PE test programs: a failed check names the PE and what differed,
// and exits non-zero (the launcher then ends the job).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "nvshmem.h"

#define PE_CHECK(cond, ...)                                                              \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            std::fprintf(stderr, "PE %d: FAIL %s:%d: %s: ", nvshmem_my_pe(), __FILE__,   \
                         __LINE__, #cond);                                               \
            std::fprintf(stderr, __VA_ARGS__);                                           \
            std::fprintf(stderr, "\n");                                                  \
            std::fflush(nullptr);                                                        \
            std::exit(1);                                                                \
        }                                                                                \
    } while (0)

// The byte that PE `pe` keeps at index `i` of pattern `salt`: every byte differs by PE.
inline unsigned char pattern_byte(int pe, size_t i, unsigned salt) {
    return static_cast<unsigned char>((i * 131u) ^ (pe * 37u + 11u) ^ (salt * 7u) ^ (i >> 8));
}

// half and bfloat16 are plain 16-bit structs in C++ that does not see CUDA's headers: the
// typed tests give them a bit pattern, and compare elements by their bits.
template <class T>
T sixteen_bit_value(int pe, size_t i) {
    static_assert(sizeof(T) == 2, "half and bfloat16");
    T value;
    unsigned short bits = static_cast<unsigned short>(pe * 4099 + i * 37 + 1);
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

template <class T>
bool same_bits(const T &a, const T &b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }

inline void pe_pass(const char *name) {
    nvshmem_barrier_all();
    if (nvshmem_my_pe() == 0) std::printf("%s: PASS on %d PEs\n", name, nvshmem_n_pes());
    std::fflush(stdout);
}
