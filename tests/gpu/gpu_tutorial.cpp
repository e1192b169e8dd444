// The tutorial's complete example on a GPU heap. As in the tutorial, the program never calls
// cudaSetDevice (fabshmem picks the GPU and creates the context); since the host cannot
// write GPU memory, the data goes in with cudaMemcpy, the one change from the original.
#include <vector>

#include "gpu_check.h"

int main() {
    skip_without_gpu("gpu_tutorial");
    nvshmem_init();
    int my_rank = nvshmem_my_pe();
    int n_ranks = nvshmem_n_pes();
    if (n_ranks < 2) {
        std::fprintf(stderr, "Need at least 2 ranks\n");
        nvshmem_finalize();
        return -1;
    }
    int count = 100;
    float *data = static_cast<float *>(nvshmalloc(count * sizeof(float)));
    if (data == NULL) {
        std::fprintf(stderr, "Rank %d: allocation failed\n", my_rank);
        nvshmem_finalize();
        return -1;
    }
    std::vector<float> host(count, my_rank * 1.0f);
    CUDA_OK(cudaMemcpy(data, host.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    if (my_rank == 0) {
        float val = nvshmem_float_g(data, 5, 1);
        std::printf("Rank 0 read data[5] from rank 1: %f\n", val);
    }
    nvshmem_barrier_all();
    nvshfree(data);
    nvshmem_finalize();
    return 0;
}
