// The tutorial's example with its remote read done where NVSHMEM does it: in a kernel.
// Each PE fills its block with its rank; PE 0's kernel reads element 5 of PE 1's block.
#include <cstdio>
#include <vector>

#include <nvshmem.h>
#include <nvshmemx.h>

__global__ void read_peer(const float *data, int peer, float *result) {
    *result = nvshmem_float_g(data, 5, peer);  // one thread, one remote element
}

int main() {
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) {
        std::printf("kernel-tutorial: no usable GPU here, nothing to run\n");
        return 0;
    }
    nvshmem_init();
    int my_rank = nvshmem_my_pe();
    int n_ranks = nvshmem_n_pes();
    if (n_ranks < 2) {
        std::fprintf(stderr, "Need at least 2 ranks\n");
        nvshmem_finalize();
        return 1;
    }
    const int count = 100;
    float *data = static_cast<float *>(nvshmem_malloc(count * sizeof(float)));
    std::vector<float> host(count, my_rank * 1.0f);
    cudaMemcpy(data, host.data(), count * sizeof(float), cudaMemcpyHostToDevice);
    float *result = nullptr;
    cudaMalloc(&result, sizeof(float));
    nvshmem_barrier_all();
    if (my_rank == 0) {
        read_peer<<<1, 1>>>(data, 1, result);
        float value = 0;
        cudaMemcpy(&value, result, sizeof value, cudaMemcpyDeviceToHost);
        std::printf("Rank 0 read data[5] from rank 1 in a kernel: %f\n", value);
    }
    nvshmem_barrier_all();
    cudaFree(result);
    nvshmem_free(data);
    nvshmem_finalize();
    return 0;
}
