// Collective latency over NVSHMEM_TEAM_WORLD, host heap: broadcast (root 0), fcollect, alltoall,
// long sum reduction and barrier, for sizes given in bytes (per PE; alltoall: per pair). Prints one line per case:
//   OP BYTES PES MICROSECONDS (median of 5 batches, each averaging ITERS calls)
// The algorithms are what FABSHMEM_{BROADCAST,FCOLLECT,ALLTOALL,REDUCE}_ALGO say:
// scripts/coll-bench.sh runs it with the old pull and the new ones in alternation.
//   fabshmem-coll-perf [--iters N] [SIZE...]   (default sizes: 8 1048576)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "nvshmem.h"

namespace {

template <class Call>
double median_usec(int iters, Call call) {
    std::vector<double> batches;
    for (int batch = 0; batch < 5; ++batch) {
        nvshmem_barrier_all();
        auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < iters; ++i) call();
        auto end = std::chrono::steady_clock::now();
        batches.push_back(std::chrono::duration<double, std::micro>(end - start).count() / iters);
    }
    std::sort(batches.begin(), batches.end());
    return batches[2];
}

}  // namespace

int main(int argc, char **argv) {
    int iters = 50;
    std::vector<size_t> sizes;
    for (int i = 1; i < argc; ++i) {
        char *end = nullptr;
        if (std::strcmp(argv[i], "--iters") == 0 && i + 1 < argc) {
            iters = std::atoi(argv[++i]);
            if (iters > 0) continue;
        } else {
            unsigned long long size = std::strtoull(argv[i], &end, 10);
            if (size > 0 && *end == '\0') {
                sizes.push_back(size);
                continue;
            }
        }
        std::fprintf(stderr, "usage: fabshmem-coll-perf [--iters N] [SIZE...]: sizes in bytes, at least 1 (not '%s')\n",
                     argv[i]);
        return 2;
    }
    if (sizes.empty()) sizes = {8, 1 << 20};
    nvshmem_init();
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    size_t largest = *std::max_element(sizes.begin(), sizes.end());
    auto *source = static_cast<char *>(nvshmem_malloc(largest * n));
    auto *dest = static_cast<char *>(nvshmem_malloc(largest * n));
    std::memset(source, me + 1, largest * n);
    auto report = [&](const char *op, size_t bytes, double usec) {
        if (me == 0) std::printf("%-10s %9zu %3d %12.2f\n", op, bytes, n, usec);
        std::fflush(stdout);
    };
    for (size_t bytes : sizes) {
        int count = bytes < (size_t{1} << 20) ? iters : std::max(3, iters / 10);
        report("broadcast", bytes, median_usec(count, [&] { nvshmem_broadcastmem(NVSHMEM_TEAM_WORLD, dest, source, bytes, 0); }));
        report("fcollect", bytes, median_usec(count, [&] { nvshmem_fcollectmem(NVSHMEM_TEAM_WORLD, dest, source, bytes); }));
        report("alltoall", bytes, median_usec(count, [&] { nvshmem_alltoallmem(NVSHMEM_TEAM_WORLD, dest, source, bytes); }));
        size_t longs = std::max<size_t>(1, bytes / sizeof(long));
        report("sum_reduce", longs * sizeof(long), median_usec(count, [&] {
                   nvshmem_long_sum_reduce(NVSHMEM_TEAM_WORLD, reinterpret_cast<long *>(dest),
                                           reinterpret_cast<const long *>(source), longs);
               }));
    }
    report("barrier", 0, median_usec(iters, [] { nvshmem_barrier_all(); }));
    // Every PE checks the last broadcast's bytes: root 0 filled its source with 1.
    nvshmem_broadcastmem(NVSHMEM_TEAM_WORLD, dest, source, largest, 0);
    for (size_t i = 0; i < largest; ++i)
        if (dest[i] != 1) {
            std::fprintf(stderr, "PE %d: broadcast byte %zu is %d, expected 1\n", me, i, dest[i]);
            return 1;
        }
    nvshmem_free(dest);
    nvshmem_free(source);
    nvshmem_finalize();
    return 0;
}
