// Shared by the GPU test programs: skip (exit 77, with the reason) where no GPU can be used;
// checks are PE_CHECK (tests/pe/pe_check.h), plus CUDA_OK for CUDA calls.
#pragma once

#include <cuda_runtime.h>

#include <chrono>
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

// The driver's calls, through the runtime: the tests link no libcuda, so they start (and skip)
// where there is no driver.
template <class F>
F driver_call(const char *name) {
    void *fn = nullptr;
    cudaDriverEntryPointQueryResult found{};
    CUDA_OK(cudaGetDriverEntryPointByVersion(name, &fn, 12000, cudaEnableDefault, &found));
    PE_CHECK(fn && found == cudaDriverEntryPointSuccess, "no %s in the driver", name);
    return reinterpret_cast<F>(fn);
}

// Progress on PE 0's stderr, so a slow or stuck stage shows where it is.
inline void stage_done(const char *test, const char *stage) {
    static auto start = std::chrono::steady_clock::now();
    if (nvshmem_my_pe() == 0)
        std::fprintf(stderr, "%s: %s done after %.1f s\n", test, stage,
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}
