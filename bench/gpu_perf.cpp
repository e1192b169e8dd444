// fabshmem-gpu-perf: host-initiated get/put between 2 PEs' GPU heaps (CUDA IPC on one node),
// beside cudaMemcpy of the same sizes in the same run: device-to-device (into a device
// buffer) and device-to-host (into a host buffer); and the on-stream get beside
// cudaMemcpyAsync on the same stream. Run with 2 PEs, e.g. on one GPU:
//   mpirun -n 2 fabshmem-gpu-perf [--max 64M]
#include <cuda_runtime.h>

#include <algorithm>
#include <functional>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "nvshmemx.h"

namespace {

double median_seconds(int samples, int ops, const std::function<void()> &op) {
    op();  // warm-up
    std::vector<double> per_op;
    for (int s = 0; s < samples; ++s) {
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < ops; ++i) op();
        per_op.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / ops);
    }
    std::sort(per_op.begin(), per_op.end());
    return per_op[per_op.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
    size_t max = size_t{64} << 20;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--max") == 0) max = std::strtoull(argv[i + 1], nullptr, 10) << 20;
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) {
        std::printf("SKIP fabshmem-gpu-perf: no usable GPU here\n");
        return 77;
    }
    nvshmem_init();
    int me = nvshmem_my_pe();
    char *heap = static_cast<char *>(nvshmem_malloc(max));
    char *device_local = nullptr, *host_local = nullptr;
    cudaMalloc(&device_local, max);
    cudaMallocHost(&host_local, max);
    cudaStream_t stream = nullptr;
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    cudaMemset(heap, me + 1, max);
    cudaDeviceSynchronize();
    nvshmem_barrier_all();
    if (me == 0) {
        std::printf("fabshmem-gpu-perf: PE 0 reads/writes PE 1's GPU heap (path %s), beside cudaMemcpy in the same run\n",
                    nvshmem_ptr(heap, 1) ? "CUDA IPC" : "fabric");
        std::printf("%10s %14s %14s %14s %14s %14s %14s %14s %14s\n", "size", "get->dev us", "memcpy D2D us",
                    "get->dev GB/s", "memcpy D2D GB/s", "get->host us", "memcpy D2H us", "on-stream us",
                    "memcpyAsync us");
        for (size_t bytes = 8; bytes <= max; bytes = bytes * 8 > max && bytes < max ? max : bytes * 8) {
            int ops = static_cast<int>(std::clamp<size_t>((size_t{256} << 20) / bytes, 4, 200));
            double get_dev = median_seconds(9, ops, [&] { nvshmem_getmem(device_local, heap, bytes, 1); });
            // The baseline waits for each copy to land, as a blocking nvshmem_getmem does.
            double copy_d2d = median_seconds(9, ops, [&] {
                cudaMemcpy(device_local, heap, bytes, cudaMemcpyDeviceToDevice);
                cudaStreamSynchronize(nullptr);
            });
            double get_host = median_seconds(9, ops, [&] { nvshmem_getmem(host_local, heap, bytes, 1); });
            double copy_d2h = median_seconds(9, ops, [&] {
                cudaMemcpy(host_local, heap, bytes, cudaMemcpyDeviceToHost);
                cudaStreamSynchronize(nullptr);
            });
            // On-stream: nvshmemx_getmem_on_stream then a stream sync, beside cudaMemcpyAsync
            // of the same bytes on the same stream.
            double on_stream = median_seconds(9, ops, [&] {
                nvshmemx_getmem_on_stream(device_local, heap, bytes, 1, stream);
                cudaStreamSynchronize(stream);
            });
            double copy_async = median_seconds(9, ops, [&] {
                cudaMemcpyAsync(device_local, heap, bytes, cudaMemcpyDeviceToDevice, stream);
                cudaStreamSynchronize(stream);
            });
            std::printf("%10zu %14.2f %14.2f %14.1f %14.1f %14.2f %14.2f %14.2f %14.2f\n", bytes, get_dev * 1e6,
                        copy_d2d * 1e6, bytes / get_dev / 1e9, bytes / copy_d2d / 1e9, get_host * 1e6, copy_d2h * 1e6,
                        on_stream * 1e6, copy_async * 1e6);
        }
        double put = median_seconds(9, 20, [&] { nvshmem_putmem(heap, device_local, max, 1); });
        std::printf("putmem of %zu MiB device->peer heap: %.1f GB/s\n", max >> 20, max / put / 1e9);
        std::fflush(stdout);
    }
    nvshmem_barrier_all();
    cudaStreamDestroy(stream);
    cudaFreeHost(host_local);
    cudaFree(device_local);
    nvshmem_free(heap);
    nvshmem_finalize();
    return 0;
}
