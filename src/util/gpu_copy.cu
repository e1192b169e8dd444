// Small copies between GPU buffers on a stream, by a kernel. cudaMemcpyAsync between this
// GPU's memory and a peer's heap opened through CUDA IPC goes to a copy engine, which took
// ~5.7 us per 8-byte copy on the H200 where a kernel takes ~1.5 (NVIDIA's perftest
// host latency on stream); large copies stay with cudaMemcpyAsync.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_support.h"

namespace fabshmem::cuda {
namespace {

template <class Word>
__global__ void copy_kernel(Word *dest, const Word *src, size_t words) {
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < words; i += size_t(gridDim.x) * blockDim.x)
        dest[i] = src[i];
}

template <class Word>
void launch(void *dest, const void *src, size_t bytes, cudaStream_t stream) {
    constexpr unsigned kThreads = 256;
    const size_t words = bytes / sizeof(Word);
    const unsigned blocks = static_cast<unsigned>((words + kThreads - 1) / kThreads < 32 ? (words + kThreads - 1) / kThreads : 32);
    copy_kernel<<<blocks ? blocks : 1, kThreads, 0, stream>>>(static_cast<Word *>(dest), static_cast<const Word *>(src), words);
}

}  // namespace

bool launch_copy(void *dest, const void *src, size_t bytes, void *stream) {
    auto s = static_cast<cudaStream_t>(stream);
    // The widest word that divides both addresses and the length.
    const uintptr_t all = reinterpret_cast<uintptr_t>(dest) | reinterpret_cast<uintptr_t>(src) | bytes;
    if ((all & 15) == 0) launch<int4>(dest, src, bytes, s);
    else if ((all & 7) == 0) launch<unsigned long long>(dest, src, bytes, s);
    else if ((all & 3) == 0) launch<unsigned>(dest, src, bytes, s);
    else launch<unsigned char>(dest, src, bytes, s);
    return cudaGetLastError() == cudaSuccess;
}

}  // namespace fabshmem::cuda
