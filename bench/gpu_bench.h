// What the GPU benchmarks share: the check of a CUDA call (on an error, the program's name,
// the call and CUDA's message, then exit 1), and the time of a launch by CUDA events.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

// The program's name, for its messages: each benchmark defines it.
extern const char kBenchName[];

#define CUDA_OK(call)                                                                              \
    do {                                                                                           \
        cudaError_t rc_ = (call);                                                                  \
        if (rc_ != cudaSuccess) {                                                                  \
            std::fprintf(stderr, "%s: %s: %s\n", kBenchName, #call, cudaGetErrorString(rc_));     \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

// Seconds per repetition of launch(reps), timed by events on the default stream.
template <class Launch>
double event_seconds_per_rep(int reps, Launch launch) {
    cudaEvent_t start, stop;
    CUDA_OK(cudaEventCreate(&start));
    CUDA_OK(cudaEventCreate(&stop));
    CUDA_OK(cudaEventRecord(start));
    launch(reps);
    CUDA_OK(cudaEventRecord(stop));
    CUDA_OK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_OK(cudaEventDestroy(start));
    CUDA_OK(cudaEventDestroy(stop));
    return ms / 1e3 / reps;
}
