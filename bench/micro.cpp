// Google Benchmark micro-benchmarks of in-process costs on the fast path (1 PE):
// symmetric malloc/free, a host _g/_p to self (argument checks + routing + copy), nvshmem_ptr.
#include <benchmark/benchmark.h>

#include <vector>

#include "nvshmem.h"

static void BM_MallocFree(benchmark::State &state) {
    for (auto _ : state) {
        void *block = nvshmem_malloc(static_cast<size_t>(state.range(0)));
        benchmark::DoNotOptimize(block);
        nvshmem_free(block);
    }
}
BENCHMARK(BM_MallocFree)->Arg(64)->Arg(1 << 20);

static void BM_MallocFreeWithLiveBlocks(benchmark::State &state) {
    std::vector<void *> live;  // a fragmented heap: the allocator's first-fit walks past these
    for (int i = 0; i < state.range(0); ++i) live.push_back(nvshmem_malloc(64 + (i % 7) * 64));
    for (int i = 0; i < state.range(0); i += 2) nvshmem_free(live[i]);
    for (auto _ : state) {
        void *block = nvshmem_malloc(4096);
        benchmark::DoNotOptimize(block);
        nvshmem_free(block);
    }
    for (int i = 1; i < state.range(0); i += 2) nvshmem_free(live[i]);
}
BENCHMARK(BM_MallocFreeWithLiveBlocks)->Arg(1000);

static void BM_SelfG(benchmark::State &state) {
    long *value = static_cast<long *>(nvshmem_malloc(sizeof(long)));
    *value = 42;
    for (auto _ : state) benchmark::DoNotOptimize(nvshmem_long_g(value, 0));
    nvshmem_free(value);
}
BENCHMARK(BM_SelfG);

static void BM_SelfP(benchmark::State &state) {
    long *value = static_cast<long *>(nvshmem_malloc(sizeof(long)));
    long i = 0;
    for (auto _ : state) nvshmem_long_p(value, ++i, 0);
    nvshmem_free(value);
}
BENCHMARK(BM_SelfP);

static void BM_Ptr(benchmark::State &state) {
    long *value = static_cast<long *>(nvshmem_malloc(sizeof(long)));
    for (auto _ : state) benchmark::DoNotOptimize(nvshmem_ptr(value, 0));
    nvshmem_free(value);
}
BENCHMARK(BM_Ptr);

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    nvshmem_init();
    benchmark::RunSpecifiedBenchmarks();
    nvshmem_finalize();
    return 0;
}
