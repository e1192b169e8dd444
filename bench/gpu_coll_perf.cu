// fabshmem-gpu-coll-perf: collectives in kernels over NVSHMEM_TEAM_WORLD, one block of
// kBlockThreads per PE, every PE timing its own kernels with CUDA events; PE 0 prints the
// slowest PE's time per collective (µs):
//   reduce     nvshmemx_int_sum_reduce_block, 8 B to --max
//   broadcast  nvshmemx_broadcastmem_block from PE 0, the same sizes
//   fcollect   nvshmemx_fcollectmem_block, the same sizes from every PE
//   barrier    nvshmemx_barrier_all_block
// Which algorithm each takes follows FABSHMEM_REDUCE_ALGO, FABSHMEM_BROADCAST_ALGO and
// FABSHMEM_FCOLLECT_ALGO as on the host, so the baseline is the same program run with them set to
// pull (scripts/gpu-test.sh's bench part runs both, one after the other on the same machine). PEs that share one GPU take turns
// on it: their times then count the waits for another PE's kernel (a time slice each).
//   mpirun -n N fabshmem-gpu-coll-perf [--max KiB]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "gpu_bench.h"
#include "nvshmemx.h"

const char kBenchName[] = "fabshmem-gpu-coll-perf";

namespace {

constexpr int kBlockThreads = 256;
double *slowest;  // in PE 0's heap: each PE's time in turn

__global__ void reduce_kernel(int *dest, const int *source, size_t count, int reps) {
    for (int r = 0; r < reps; ++r) nvshmemx_int_sum_reduce_block(NVSHMEM_TEAM_WORLD, dest, source, count);
}
__global__ void broadcast_kernel(char *dest, const char *source, size_t bytes, int reps) {
    for (int r = 0; r < reps; ++r) nvshmemx_broadcastmem_block(NVSHMEM_TEAM_WORLD, dest, source, bytes, 0);
}
__global__ void fcollect_kernel(char *dest, const char *source, size_t bytes, int reps) {
    for (int r = 0; r < reps; ++r) nvshmemx_fcollectmem_block(NVSHMEM_TEAM_WORLD, dest, source, bytes);
}
__global__ void barrier_kernel(int reps) {
    for (int r = 0; r < reps; ++r) nvshmemx_barrier_all_block();
}

// Seconds per repetition of launch(reps) after one warm-up repetition, the slowest PE's.
template <class Launch>
double seconds_per_rep(int reps, Launch launch) {
    launch(1);
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    double mine = event_seconds_per_rep(reps, launch), result = mine;
    // The slowest PE's time, through host puts into PE 0's word (a GPU heap: cudaMemcpy to read).
    for (int pe = 0; pe < nvshmem_n_pes(); ++pe) {
        nvshmem_barrier_all();
        if (pe == nvshmem_my_pe()) nvshmem_double_put(slowest, &mine, 1, 0);
        nvshmem_barrier_all();
        if (nvshmem_my_pe() == 0) {
            double theirs = 0;
            CUDA_OK(cudaMemcpy(&theirs, slowest, sizeof theirs, cudaMemcpyDeviceToHost));
            result = std::max(result, theirs);
        }
    }
    return result;
}

}  // namespace

int main(int argc, char **argv) {
    size_t max = size_t{1} << 20;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--max") == 0) max = std::strtoull(argv[i + 1], nullptr, 10) << 10;
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) {
        std::printf("SKIP fabshmem-gpu-coll-perf: no usable GPU here\n");
        return 77;
    }
    nvshmem_init();
    const int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    char *source = static_cast<char *>(nvshmem_malloc(max));
    char *dest = static_cast<char *>(nvshmem_malloc(max * nvshmem_n_pes()));
    slowest = static_cast<double *>(nvshmem_malloc(sizeof(double)));
    CUDA_OK(cudaMemset(source, 1, max));
    CUDA_OK(cudaDeviceSynchronize());
    const bool mapped = n == 1 || nvshmem_ptr(source, (me + 1) % n) != nullptr;
    auto algo = [](const char *name) { return std::getenv(name) ? std::getenv(name) : "auto"; };
    if (me == 0)
        std::printf("fabshmem-gpu-coll-perf: %d PEs, %s, algorithms: reduce %s, broadcast %s, fcollect %s; "
                    "us per collective (slowest PE)\n%10s %12s %12s %12s\n",
                    n, mapped ? "CUDA IPC" : "request ring + fabric", algo("FABSHMEM_REDUCE_ALGO"),
                    algo("FABSHMEM_BROADCAST_ALGO"), algo("FABSHMEM_FCOLLECT_ALGO"), "size", "reduce us", "bcast us",
                    "fcollect us");
    for (size_t bytes = 8; bytes <= max; bytes *= 8) {
        // Through the ring each step is a host round trip: fewer repetitions there.
        const int reps = static_cast<int>(std::clamp<size_t>((size_t{64} << 20) / bytes, 2, mapped ? 500 : 20));
        double reduce_s = seconds_per_rep(reps, [&](int r) {
            reduce_kernel<<<1, kBlockThreads>>>(reinterpret_cast<int *>(dest), reinterpret_cast<const int *>(source),
                                                bytes / sizeof(int), r);
        });
        double broadcast_s = seconds_per_rep(reps, [&](int r) { broadcast_kernel<<<1, kBlockThreads>>>(dest, source, bytes, r); });
        double fcollect_s = seconds_per_rep(reps, [&](int r) { fcollect_kernel<<<1, kBlockThreads>>>(dest, source, bytes, r); });
        if (me == 0) std::printf("%10zu %12.2f %12.2f %12.2f\n", bytes, reduce_s * 1e6, broadcast_s * 1e6, fcollect_s * 1e6);
        std::fflush(stdout);
    }
    double barrier_s = seconds_per_rep(mapped ? 500 : 20, [&](int r) { barrier_kernel<<<1, kBlockThreads>>>(r); });
    if (me == 0) std::printf("%10s %12.2f (barrier)\n", "-", barrier_s * 1e6);
    nvshmem_free(slowest);
    nvshmem_free(dest);
    nvshmem_free(source);
    nvshmem_finalize();
    return 0;
}
