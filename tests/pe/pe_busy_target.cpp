// A busy target: the last PE computes for seconds without calling the library, while PE 0
// reads its heap. The reads must complete while it computes (the progress thread serves
// them); PE 0 checks that the target was still busy when its reads were done.
#include <chrono>
#include <vector>

#include "pe_check.h"

int main() {
    nvshmem_init();
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), target = n - 1;
    constexpr size_t kBytes = size_t{1} << 20;
    auto *heap = static_cast<unsigned char *>(nvshmem_malloc(kBytes));
    int *still_busy = static_cast<int *>(nvshmem_malloc(sizeof(int)));
    for (size_t i = 0; i < kBytes; ++i) heap[i] = pattern_byte(me, i, 5);
    *still_busy = 1;
    nvshmem_barrier_all();

    if (me == target) {
        // No library calls here: only the progress thread can serve PE 0.
        volatile double x = 1.0;
        auto until = std::chrono::steady_clock::now() + std::chrono::seconds(4);
        while (std::chrono::steady_clock::now() < until) x = x * 1.0000001 + 1e-9;
        *still_busy = 0;
    } else if (me == 0) {
        std::vector<unsigned char> local(kBytes);
        auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < 200; ++i) {
            unsigned char byte = nvshmem_uchar_g(heap + i * 997, target);
            PE_CHECK(byte == pattern_byte(target, i * 997, 5), "read %d from the busy PE", i);
        }
        nvshmem_getmem(local.data(), heap, kBytes, target);
        for (size_t i = 0; i < kBytes; ++i)
            PE_CHECK(local[i] == pattern_byte(target, i, 5), "byte %zu from the busy PE", i);
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        int busy = nvshmem_int_g(still_busy, target);
        PE_CHECK(busy == 1, "the reads took %.0f ms: they waited for the target to stop computing", ms);
        std::printf("busy_target: 200 reads + 1 MiB from a computing PE in %.1f ms\n", ms);
    }
    nvshmem_barrier_all();
    nvshmem_free(still_busy);
    nvshmem_free(heap);
    pe_pass("busy_target (reads served while the target computes)");
    nvshmem_finalize();
    return 0;
}
