// fabshmem-gpu-device-perf: device-initiated get/put between 2 PEs' GPU heaps, beside
// cudaMemcpy device-to-device of the same sizes in the same run. PE 0 measures, reading and
// writing PE 1's heap:
//   latency   one thread, getmem / putmem + quiet, back to back in one kernel
//   bandwidth getmem by one warp, one block, and a grid (each block getmem_block of its slice);
//             putmem_nbi by the grid, then quiet
// Times come from CUDA events around kernels that repeat the operation; on the CUDA IPC path
// they are loads and stores, through the request ring (FABSHMEM_DISABLE_IPC=1) fabric ops.
//   mpirun -n 2 fabshmem-gpu-device-perf [--max MiB] [--csv FILE]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_bench.h"
#include "nvshmemx.h"

const char kBenchName[] = "fabshmem-gpu-device-perf";

namespace {

constexpr int kGridBlocks = 264;  // 2 per SM of an H100/H200: enough to fill the memory system
constexpr int kBlockThreads = 512;


__global__ void get_latency(char *local, const char *remote, size_t bytes, int reps, int peer) {
    for (int r = 0; r < reps; ++r) nvshmem_getmem(local, remote, bytes, peer);
}
__global__ void put_latency(char *remote, const char *local, size_t bytes, int reps, int peer) {
    for (int r = 0; r < reps; ++r) {
        nvshmem_putmem(remote, local, bytes, peer);
        nvshmem_quiet();
    }
}
__global__ void get_warp_bw(char *local, const char *remote, size_t bytes, int reps, int peer) {
    for (int r = 0; r < reps; ++r) nvshmemx_getmem_warp(local, remote, bytes, peer);
}
__global__ void get_block_bw(char *local, const char *remote, size_t bytes, int reps, int peer) {
    for (int r = 0; r < reps; ++r) nvshmemx_getmem_block(local, remote, bytes, peer);
}
// Each block moves its slice; slices are 256-byte aligned.
__device__ void slice(size_t bytes, size_t *begin, size_t *length) {
    size_t per = ((bytes + gridDim.x - 1) / gridDim.x + 255) & ~size_t{255};
    *begin = per * blockIdx.x < bytes ? per * blockIdx.x : bytes;
    *length = bytes - *begin < per ? bytes - *begin : per;
}
__global__ void get_grid_bw(char *local, const char *remote, size_t bytes, int reps, int peer) {
    size_t begin, length;
    slice(bytes, &begin, &length);
    for (int r = 0; r < reps; ++r) nvshmemx_getmem_block(local + begin, remote + begin, length, peer);
}
__global__ void put_grid_bw(char *remote, const char *local, size_t bytes, int reps, int peer) {
    size_t begin, length;
    slice(bytes, &begin, &length);
    for (int r = 0; r < reps; ++r) nvshmemx_putmem_nbi_block(remote + begin, local + begin, length, peer);
    __syncthreads();
    if (threadIdx.x == 0) nvshmem_quiet();
}

// Seconds per repetition: the median of 5 timed launches, after one warm-up.
template <class Launch>
double seconds_per_rep(int reps, Launch launch) {
    launch(1);
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<double> samples;
    for (int s = 0; s < 5; ++s) samples.push_back(event_seconds_per_rep(reps, launch));
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
    size_t max = size_t{64} << 20;
    const char *csv_path = nullptr;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--max") == 0) max = std::strtoull(argv[i + 1], nullptr, 10) << 20;
        if (std::strcmp(argv[i], "--csv") == 0) csv_path = argv[i + 1];
    }
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) {
        std::printf("SKIP fabshmem-gpu-device-perf: no usable GPU here\n");
        return 77;
    }
    nvshmem_init();
    int me = nvshmem_my_pe();
    char *heap = static_cast<char *>(nvshmem_malloc(max));
    char *local = nullptr, *copy_dest = nullptr;
    CUDA_OK(cudaMalloc(&local, max));
    CUDA_OK(cudaMalloc(&copy_dest, max));
    CUDA_OK(cudaMemset(heap, me + 1, max));
    CUDA_OK(cudaMemset(local, 7, max));
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    if (me == 0) {
        bool mapped = nvshmem_ptr(heap, 1) != nullptr;
        const char *path = mapped ? "CUDA IPC" : "request ring + fabric";
        // The baseline copies the same bytes device to device: from PE 1's heap when it is
        // mapped here, else from this PE's own heap.
        const char *baseline_source = mapped ? static_cast<const char *>(nvshmem_ptr(heap, 1)) : heap;
        std::printf("fabshmem-gpu-device-perf: PE 0 reads/writes PE 1's GPU heap from kernels (path %s), "
                    "beside cudaMemcpy D2D in the same run\n", path);
        std::printf("%10s %12s %12s %12s %12s %12s %12s %12s %12s %8s\n", "size", "get us", "put us",
                    "warp GB/s", "block GB/s", "grid GB/s", "gridput GB/s", "memcpy us", "memcpy GB/s", "grid/cp");
        FILE *csv = csv_path ? std::fopen(csv_path, "w") : nullptr;
        if (csv)
            std::fprintf(csv, "path,bytes,get_us,put_us,warp_gbs,block_gbs,grid_gbs,grid_put_gbs,memcpy_us,memcpy_gbs\n");
        for (size_t bytes = 8; bytes <= max; bytes = bytes * 8 > max && bytes < max ? max : bytes * 8) {
            // Through the ring every request is a host round trip: fewer repetitions there.
            int reps = static_cast<int>(std::clamp<size_t>((size_t{512} << 20) / bytes, 2, mapped ? 1000 : 5));
            int thread_reps = static_cast<int>(std::clamp<size_t>((size_t{16} << 20) / bytes, 1, mapped ? 1000 : 20));
            auto gbs = [&](double s) { return bytes / s / 1e9; };
            double get_s = seconds_per_rep(thread_reps, [&](int r) { get_latency<<<1, 1>>>(local, heap, bytes, r, 1); });
            double put_s = seconds_per_rep(thread_reps, [&](int r) { put_latency<<<1, 1>>>(heap, local, bytes, r, 1); });
            double warp_s = seconds_per_rep(reps, [&](int r) { get_warp_bw<<<1, 32>>>(local, heap, bytes, r, 1); });
            double block_s = seconds_per_rep(reps, [&](int r) { get_block_bw<<<1, kBlockThreads>>>(local, heap, bytes, r, 1); });
            double grid_s = seconds_per_rep(reps, [&](int r) { get_grid_bw<<<kGridBlocks, kBlockThreads>>>(local, heap, bytes, r, 1); });
            double grid_put_s = seconds_per_rep(reps, [&](int r) { put_grid_bw<<<kGridBlocks, kBlockThreads>>>(heap, local, bytes, r, 1); });
            double copy_s = seconds_per_rep(reps, [&](int r) {
                for (int i = 0; i < r; ++i)
                    CUDA_OK(cudaMemcpyAsync(copy_dest, baseline_source, bytes, cudaMemcpyDeviceToDevice));
            });
            std::printf("%10zu %12.2f %12.2f %12.2f %12.2f %12.2f %12.2f %12.2f %12.2f %8.2f\n", bytes, get_s * 1e6,
                        put_s * 1e6, gbs(warp_s), gbs(block_s), gbs(grid_s), gbs(grid_put_s), copy_s * 1e6,
                        gbs(copy_s), gbs(grid_s) / gbs(copy_s));
            if (csv)
                std::fprintf(csv, "%s,%zu,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f\n", mapped ? "ipc" : "ring", bytes,
                             get_s * 1e6, put_s * 1e6, gbs(warp_s), gbs(block_s), gbs(grid_s), gbs(grid_put_s),
                             copy_s * 1e6, gbs(copy_s));
            std::fflush(stdout);
        }
        if (csv) std::fclose(csv);
    }
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(local));
    CUDA_OK(cudaFree(copy_dest));
    nvshmem_free(heap);
    nvshmem_finalize();
    return 0;
}
