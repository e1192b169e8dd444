// Several threads per PE issuing get, put, nbi and quiet at once (NVSHMEM_THREAD_MULTIPLE):
// each thread owns a slice of a symmetric buffer, writes its pattern into its slice on every
// PE, reads every PE's slices back, and every byte is verified, round after round.
#include <thread>
#include <vector>

#include "nvshmemx.h"
#include "pe_check.h"

namespace {

constexpr int kThreads = 8;
constexpr int kRounds = 40;
constexpr size_t kSlice = 4096 + 17;

unsigned char byte_of(int pe, int thread, int round, size_t i) {
    return static_cast<unsigned char>(pattern_byte(pe, i, static_cast<unsigned>(round * 31 + thread)));
}

}  // namespace

int main() {
    int provided = -1;
    nvshmemx_init_thread(NVSHMEM_THREAD_MULTIPLE, &provided);
    PE_CHECK(provided == NVSHMEM_THREAD_MULTIPLE, "provided thread level %d", provided);
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    // inbox[writer][thread]: what PE `writer`'s thread wrote into this PE.
    auto *inbox = static_cast<unsigned char *>(nvshmem_malloc(static_cast<size_t>(n) * kThreads * kSlice));
    auto *own = static_cast<unsigned char *>(nvshmem_malloc(kThreads * kSlice));
    for (int round = 0; round < kRounds; ++round) {
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([=] {
                std::vector<unsigned char> mine(kSlice), got(kSlice);
                for (size_t i = 0; i < kSlice; ++i) mine[i] = byte_of(me, t, round, i);
                for (size_t i = 0; i < kSlice; ++i) own[t * kSlice + i] = mine[i];
                for (int peer = 0; peer < n; ++peer) {
                    unsigned char *slot = inbox + (static_cast<size_t>(me) * kThreads + t) * kSlice;
                    if ((peer + t) % 2) nvshmem_putmem(slot, mine.data(), kSlice, peer);
                    else nvshmem_putmem_nbi(slot, mine.data(), kSlice, peer);
                }
                nvshmem_quiet();
                // Read back this thread's own slice from itself through the library too.
                nvshmem_getmem(got.data(), own + t * kSlice, kSlice, me);
                for (size_t i = 0; i < kSlice; ++i)
                    PE_CHECK(got[i] == mine[i], "round %d thread %d: own slice byte %zu", round, t, i);
            });
        }
        for (auto &thread : threads) thread.join();
        nvshmem_barrier_all();
        // Every thread of every PE wrote its slice here; read peers' own slices concurrently too.
        threads.clear();
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([=] {
                std::vector<unsigned char> got(kSlice);
                for (int writer = 0; writer < n; ++writer) {
                    const unsigned char *slot = inbox + (static_cast<size_t>(writer) * kThreads + t) * kSlice;
                    for (size_t i = 0; i < kSlice; ++i)
                        PE_CHECK(slot[i] == byte_of(writer, t, round, i), "round %d: put of PE %d thread %d, byte %zu",
                                 round, writer, t, i);
                    nvshmem_getmem_nbi(got.data(), own + t * kSlice, kSlice, writer);
                    nvshmem_quiet();
                    for (size_t i = 0; i < kSlice; ++i)
                        PE_CHECK(got[i] == byte_of(writer, t, round, i), "round %d: get from PE %d thread %d, byte %zu",
                                 round, writer, t, i);
                }
            });
        }
        for (auto &thread : threads) thread.join();
        nvshmem_barrier_all();
    }
    nvshmem_free(own);
    nvshmem_free(inbox);
    pe_pass("threads (8 threads per PE: put, put_nbi, get_nbi, quiet at once; every byte)");
    nvshmem_finalize();
    return 0;
}
