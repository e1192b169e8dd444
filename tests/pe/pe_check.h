// Shared by the multi-PE test programs: a failed check names the PE and what differed,
// and exits non-zero (the launcher then ends the job).
#pragma once

#include <cstdio>
#include <cstdlib>

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

inline void pe_pass(const char *name) {
    nvshmem_barrier_all();
    if (nvshmem_my_pe() == 0) std::printf("%s: PASS on %d PEs\n", name, nvshmem_n_pes());
    std::fflush(stdout);
}
