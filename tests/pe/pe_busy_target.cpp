// A busy target: the last PE computes for seconds without calling the library, while PE 0
// reads its heap. The reads must complete while it computes (the progress thread serves
// them); PE 0 checks that the target was still busy when its reads were done.
// Then a busy initiator: PE 0 posts non-blocking puts and computes for seconds without calling
// the library (no quiet); the puts must arrive while it computes (its progress thread, which
// stands aside while the program posts, takes over once it stops); the target checks every
// byte, then that PE 0 was still busy.
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

    auto *landing = static_cast<unsigned char *>(nvshmem_calloc(kBytes, 1));
    *still_busy = 1;
    nvshmem_barrier_all();
    if (me == 0 && target != 0) {
        std::vector<unsigned char> local(kBytes);
        for (size_t i = 0; i < kBytes; ++i) local[i] = pattern_byte(me, i, 7);
        constexpr size_t kPiece = kBytes / 16;
        for (size_t at = 0; at < kBytes; at += kPiece) nvshmem_putmem_nbi(landing + at, local.data() + at, kPiece, target);
        // No library calls here (not even quiet): only the progress thread can move the puts.
        volatile double x = 1.0;
        auto until = std::chrono::steady_clock::now() + std::chrono::seconds(4);
        while (std::chrono::steady_clock::now() < until) x = x * 1.0000001 + 1e-9;
        *still_busy = 0;
        nvshmem_quiet();
    } else if (me == target) {
        auto start = std::chrono::steady_clock::now();
        auto deadline = start + std::chrono::seconds(3);
        volatile unsigned char *bytes = landing;
        size_t arrived = 0;  // bytes [0, arrived) hold the pattern
        while (arrived < kBytes && std::chrono::steady_clock::now() < deadline) {
            while (arrived < kBytes && bytes[arrived] == pattern_byte(0, arrived, 7)) ++arrived;
        }
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        PE_CHECK(arrived == kBytes, "after %.0f ms only %zu of %zu bytes put by the computing PE 0 had arrived "
                 "(the rest waits for its quiet)", ms, arrived, kBytes);
        int busy = nvshmem_int_g(still_busy, 0);
        PE_CHECK(busy == 1, "PE 0's puts took %.0f ms: they waited for it to stop computing", ms);
        std::printf("busy_target: 1 MiB of non-blocking puts from a computing PE arrived in %.1f ms\n", ms);
    }
    nvshmem_barrier_all();
    nvshmem_free(landing);
    nvshmem_free(still_busy);
    nvshmem_free(heap);
    pe_pass("busy_target (reads served while the target computes, puts moved while their initiator computes)");
    nvshmem_finalize();
    return 0;
}
