// Shared by the GPU test programs: skip (exit 77, with the reason) where no GPU can be used,
// and checks that name the PE and what differed.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#include "nvshmemx.h"

constexpr int kSkipExitCode = 77;

inline void skip_without_gpu(const char *test) {
    int count = 0;
    cudaError_t rc = cudaGetDeviceCount(&count);
    if (rc != cudaSuccess || count == 0) {
        std::printf("SKIP %s: no usable GPU here (%s)\n", test,
                    rc != cudaSuccess ? cudaGetErrorString(rc) : "no CUDA device");
        std::exit(kSkipExitCode);
    }
}

#define GPU_CHECK(cond, ...)                                                             \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            std::fprintf(stderr, "PE %d: FAIL %s:%d: %s: ", nvshmem_my_pe(), __FILE__,   \
                         __LINE__, #cond);                                               \
            std::fprintf(stderr, __VA_ARGS__);                                           \
            std::fprintf(stderr, "\n");                                                  \
            std::exit(1);                                                                \
        }                                                                                \
    } while (0)

#define CUDA_OK(call)                                                                    \
    do {                                                                                 \
        cudaError_t rc_ = (call);                                                        \
        GPU_CHECK(rc_ == cudaSuccess, "%s: %s", #call, cudaGetErrorString(rc_));         \
    } while (0)
