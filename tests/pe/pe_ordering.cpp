// Ordering and completion: fence orders puts and atomics to a PE, quiet completes nbi puts
// (visible to a third PE too), barrier_all makes every PE's puts visible. A reader that sees
// the flag must see the data.
#include <cstring>

#include "pe_check.h"

namespace {

constexpr int kRounds = 50;
constexpr size_t kWords = 8192;

void wait_for(volatile long *flag, long value) {
    while (__atomic_load_n(const_cast<long *>(flag), __ATOMIC_ACQUIRE) != value) {
    }
}

}  // namespace

int main() {
    nvshmem_init();
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    long *data = static_cast<long *>(nvshmem_calloc(kWords, sizeof(long)));
    long *flag = static_cast<long *>(nvshmem_calloc(4, sizeof(long)));
    long *slots = static_cast<long *>(nvshmem_calloc(n, sizeof(long)));
    long local[kWords];
    int writer = 0, reader = n - 1;

    // fence: an atomic add, fence, data (blocking and nbi puts), fence, then the flag: a put,
    // an atomic set or an atomic add in turn (where the provider orders writes only among
    // themselves, as tcp;ofi_rxm, an atomic after a fence must wait for the writes before it).
    long *added = &flag[3];
    for (long round = 1; round <= kRounds; ++round) {
        if (me == writer) {
            for (size_t i = 0; i < kWords; ++i) local[i] = round * 100000 + static_cast<long>(i);
            nvshmem_long_atomic_add(added, 1, reader);
            nvshmem_fence();
            nvshmem_long_put(data, local, kWords / 2, reader);
            nvshmem_long_put_nbi(data + kWords / 2, local + kWords / 2, kWords / 2, reader);
            nvshmem_fence();
            if (round % 3 == 0) nvshmem_long_p(&flag[0], round, reader);
            else if (round % 3 == 1) nvshmem_long_atomic_set(&flag[0], round, reader);
            else nvshmem_long_atomic_add(&flag[0], 1, reader);  // it holds round - 1
            nvshmem_quiet();
        }
        if (me == reader) {
            wait_for(&flag[0], round);
            for (size_t i = 0; i < kWords; ++i)
                PE_CHECK(data[i] == round * 100000 + static_cast<long>(i),
                         "fence round %ld: word %zu is %ld after the flag arrived", round, i, data[i]);
            PE_CHECK(*added == round, "fence round %ld: the atomic add before the data shows %ld", round, *added);
        }
        nvshmem_barrier_all();
    }

    // quiet: many nbi puts, quiet, then the flag.
    for (long round = 1; round <= kRounds; ++round) {
        if (me == writer) {
            for (size_t i = 0; i < kWords; ++i) local[i] = -round * 7 - static_cast<long>(i);
            for (size_t i = 0; i < kWords; i += 512) nvshmem_long_put_nbi(data + i, local + i, 512, reader);
            nvshmem_quiet();
            nvshmem_long_p(&flag[1], round, reader);
        }
        if (me == reader) {
            wait_for(&flag[1], round);
            for (size_t i = 0; i < kWords; ++i)
                PE_CHECK(data[i] == -round * 7 - static_cast<long>(i), "quiet round %ld: word %zu", round, i);
        }
        nvshmem_barrier_all();
    }

    // quiet, seen from a third PE: the writer's puts to one PE (a stream of small ones, then
    // larger), quiet, then a flag to another PE, which then reads the first PE's words: they
    // must be there (over a fabric quiet may confirm them by a read rather than per put).
    if (n >= 3) {
        int holder = 1, watcher = n - 1;
        for (long round = 1; round <= kRounds; ++round) {
            if (me == writer) {
                for (size_t i = 0; i < kWords / 2; ++i) nvshmem_long_p(data + i, round * 3 + static_cast<long>(i), holder);
                for (size_t i = kWords / 2; i < kWords; ++i) local[i] = round * 3 + static_cast<long>(i);
                for (size_t i = kWords / 2; i < kWords; i += 128) nvshmem_long_put(data + i, local + i, 128, holder);
                nvshmem_quiet();
                nvshmem_long_p(&flag[2], round, watcher);
            }
            if (me == watcher) {
                nvshmem_long_wait_until(&flag[2], NVSHMEM_CMP_EQ, round);  // a call: on 2 cores it yields
                nvshmem_long_get(local, data, kWords, holder);
                for (size_t i = 0; i < kWords; ++i)
                    PE_CHECK(local[i] == round * 3 + static_cast<long>(i), "quiet round %ld: word %zu of PE %d, read "
                             "by PE %d after the writer's flag, is %ld", round, i, holder, watcher, local[i]);
            }
            nvshmem_barrier_all();
        }
    }

    // barrier_all: everybody's puts are visible after it; sync_all keeps PEs in step.
    for (long round = 1; round <= 200; ++round) {
        for (int peer = 0; peer < n; ++peer) nvshmem_long_p(&slots[me], round * (me + 1), peer);
        nvshmem_barrier_all();
        for (int peer = 0; peer < n; ++peer)
            PE_CHECK(slots[peer] == round * (peer + 1), "barrier round %ld: slot of PE %d is %ld",
                     round, peer, slots[peer]);
        nvshmem_sync_all();
    }
    nvshmem_free(slots);
    nvshmem_free(flag);
    nvshmem_free(data);
    pe_pass("ordering (fence, quiet, barrier_all, sync_all)");
    nvshmem_finalize();
    return 0;
}
