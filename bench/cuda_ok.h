// The GPU benchmarks' check of a CUDA call: on an error, the program's name (kBenchName, which
// the including file defines), the call and CUDA's message, then exit 1.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CUDA_OK(call)                                                                              \
    do {                                                                                           \
        cudaError_t rc_ = (call);                                                                  \
        if (rc_ != cudaSuccess) {                                                                  \
            std::fprintf(stderr, "%s: %s: %s\n", kBenchName, #call, cudaGetErrorString(rc_));     \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)
