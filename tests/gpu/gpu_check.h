// Shared by the GPU test programs: skip (exit 77, with the reason) where no GPU can be used;
// checks are PE_CHECK (tests/pe/pe_check.h), plus CUDA_OK for CUDA calls.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#include "../pe/pe_check.h"
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

#define CUDA_OK(call)                                                                    \
    do {                                                                                 \
        cudaError_t rc_ = (call);                                                        \
        PE_CHECK(rc_ == cudaSuccess, "%s: %s", #call, cudaGetErrorString(rc_));         \
    } while (0)
