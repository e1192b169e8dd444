// Put with signal (blocking, nbi, typed; set and add) around a ring, each block verified
// when its signal arrives; then every wait_until/test form on flags other PEs set late; then
// signals from every PE to every PE, awaited by a loop of satisfied waits and fetches.
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <vector>

#include "nvshmemx.h"
#include "pe_check.h"

namespace {

constexpr size_t kBlock = 100000;  // bytes: more than one fabric message on some providers
constexpr int kRounds = 12;

void ring_with_signals() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    auto *data = static_cast<unsigned char *>(nvshmem_malloc(kBlock * kRounds));
    auto *signal = static_cast<uint64_t *>(nvshmem_calloc(2, sizeof(uint64_t)));
    std::vector<unsigned char> block(kBlock);
    nvshmem_barrier_all();
    for (int r = 0; r < kRounds; ++r) {
        for (size_t i = 0; i < kBlock; ++i) block[i] = pattern_byte(me, i, r);
        unsigned char *dest = data + r * kBlock;
        switch (r % 4) {  // signal[0] counts up with ADD; signal[1] is SET to the round
        case 0: nvshmem_putmem_signal(dest, block.data(), kBlock, &signal[0], 1, NVSHMEM_SIGNAL_ADD, next); break;
        case 1: nvshmem_putmem_signal_nbi(dest, block.data(), kBlock, &signal[0], 1, NVSHMEM_SIGNAL_ADD, next);
                nvshmem_quiet(); break;
        case 2: nvshmem_uchar_put_signal(dest, block.data(), kBlock, &signal[1], r + 1, NVSHMEM_SIGNAL_SET, next); break;
        case 3: nvshmem_uint64_put_signal_nbi(reinterpret_cast<uint64_t *>(dest),
                                              reinterpret_cast<const uint64_t *>(block.data()), kBlock / 8,
                                              &signal[1], r + 1, NVSHMEM_SIGNAL_SET, next);
                nvshmem_quiet(); break;
        }
        if (r % 4 < 2) nvshmem_signal_wait_until(&signal[0], NVSHMEM_CMP_GE, static_cast<uint64_t>(r / 4 * 2 + r % 4 + 1));
        else PE_CHECK(nvshmem_signal_wait_until(&signal[1], NVSHMEM_CMP_EQ, r + 1) == static_cast<uint64_t>(r + 1), "round %d", r);
        size_t checked = r % 4 == 3 ? kBlock / 8 * 8 : kBlock;
        for (size_t i = 0; i < checked; ++i)
            PE_CHECK(dest[i] == pattern_byte(prev, i, r), "round %d byte %zu from PE %d", r, i, prev);
        nvshmem_barrier_all();  // the next round may overwrite signal[1]
    }
    PE_CHECK(nvshmem_signal_fetch(&signal[0]) == kRounds / 2, "signal count %llu",
             static_cast<unsigned long long>(nvshmem_signal_fetch(&signal[0])));
    nvshmem_barrier_all();
    nvshmemx_signal_op(&signal[0], 10, NVSHMEM_SIGNAL_ADD, next);  // the signal alone
    PE_CHECK(nvshmem_signal_wait_until(&signal[0], NVSHMEM_CMP_EQ, kRounds / 2 + 10) == kRounds / 2 + 10, "signal_op");
    nvshmem_barrier_all();
    nvshmem_free(signal);
    nvshmem_free(data);
}

// PE 0 waits on one flag per other PE, which sets it (to its PE number) after a delay.
void wait_and_test_forms() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    size_t count = static_cast<size_t>(n);
    auto *flags = static_cast<int *>(nvshmem_calloc(count, sizeof(int)));
    std::vector<int> status(count, 0);
    status[0] = 1;  // PE 0 never sets its own
    std::vector<int> expected(count);
    for (int i = 0; i < n; ++i) expected[i] = i;
    std::vector<size_t> indices(count);
    for (int step = 0; step < 3; ++step) {
        nvshmem_barrier_all();
        if (me == 0) {
            PE_CHECK(!nvshmem_int_test_all(flags, count, status.data(), NVSHMEM_CMP_NE, 0), "test_all before");
            PE_CHECK(nvshmem_int_test_any(flags, count, status.data(), NVSHMEM_CMP_NE, 0) == SIZE_MAX, "test_any before");
            PE_CHECK(nvshmem_int_test_some(flags, count, indices.data(), status.data(), NVSHMEM_CMP_NE, 0) == 0, "test_some before");
            PE_CHECK(!nvshmem_int_test(&flags[n - 1], NVSHMEM_CMP_GT, 0), "test before");
        }
        nvshmem_barrier_all();
        if (me != 0) {
            usleep(static_cast<useconds_t>(20000 * me));
            nvshmem_int_atomic_set(&flags[me], me, 0);
        } else if (step == 0) {
            size_t any = nvshmem_int_wait_until_any(flags, count, status.data(), NVSHMEM_CMP_GT, 0);
            PE_CHECK(any >= 1 && any < count && flags[any] == static_cast<int>(any), "wait_until_any gave %zu", any);
            size_t some = nvshmem_int_wait_until_some(flags, count, indices.data(), status.data(), NVSHMEM_CMP_GT, 0);
            PE_CHECK(some >= 1, "wait_until_some gave %zu", some);
            for (size_t i = 0; i < some; ++i) PE_CHECK(flags[indices[i]] == static_cast<int>(indices[i]), "some index");
            nvshmem_int_wait_until_all(flags, count, status.data(), NVSHMEM_CMP_GT, 0);
        } else if (step == 1) {
            nvshmem_int_wait_until_all_vector(flags, count, status.data(), NVSHMEM_CMP_EQ, expected.data());
            PE_CHECK(nvshmem_int_wait_until_any_vector(flags, count, status.data(), NVSHMEM_CMP_EQ, expected.data()) >= 1, "any_vector");
            PE_CHECK(nvshmem_int_wait_until_some_vector(flags, count, indices.data(), status.data(), NVSHMEM_CMP_EQ,
                                                        expected.data()) == count - 1, "some_vector");
        } else {
            nvshmem_int_wait_until(&flags[n - 1], NVSHMEM_CMP_EQ, n - 1);
            nvshmem_int_wait_until_all(flags, count, status.data(), NVSHMEM_CMP_GE, 1);
        }
        if (me == 0) {
            PE_CHECK(nvshmem_int_test_all(flags, count, status.data(), NVSHMEM_CMP_NE, 0), "test_all after");
            PE_CHECK(nvshmem_int_test_some(flags, count, indices.data(), status.data(), NVSHMEM_CMP_NE, 0) == count - 1, "test_some after");
            PE_CHECK(nvshmem_int_test(&flags[n - 1], NVSHMEM_CMP_EQ, n - 1), "test after");
            for (int i = 1; i < n; ++i) flags[i] = 0;
        }
    }
    nvshmem_barrier_all();
    nvshmem_free(flags);
}

// Every PE adds to every PE's signal word (itself included) after a block of data, then loops
// on a wait that is already satisfied by its own add and a fetch, as Sandia OpenSHMEM's
// signal_fetch test does: the peers' adds must be applied meanwhile (over shm they never were
// while such a loop kept the progress thread aside). Fails after 30 s instead of hanging.
void signal_fetch_loop() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    constexpr int kWords = 10;
    auto *target = static_cast<long *>(nvshmem_calloc(kWords * n, sizeof(long)));
    static uint64_t signal = 0;  // a global: symmetric too
    long source[kWords];
    for (int i = 0; i < kWords; ++i) source[i] = me * 100 + i;
    nvshmem_barrier_all();
    if (me == n - 1) usleep(100000);  // the others are in their loops when its adds come
    for (int pe = 0; pe < n; ++pe)
        nvshmem_long_put_signal(target + me * kWords, source, kWords, &signal, me + 1, NVSHMEM_SIGNAL_ADD, pe);
    const uint64_t total = static_cast<uint64_t>(n) * (n + 1) / 2;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    uint64_t seen = nvshmem_signal_fetch(&signal);
    while (seen != total && std::chrono::steady_clock::now() < deadline) {
        nvshmem_uint64_wait_until(&signal, NVSHMEM_CMP_NE, 0);
        seen = nvshmem_signal_fetch(&signal);
    }
    PE_CHECK(seen == total, "signal %llu of %llu after 30 s of wait_until (already satisfied) and fetch",
          static_cast<unsigned long long>(seen), static_cast<unsigned long long>(total));
    for (int pe = 0; pe < n; ++pe)
        for (int i = 0; i < kWords; ++i)
            PE_CHECK(target[pe * kWords + i] == pe * 100 + i, "block from PE %d [%d] = %ld", pe, i, target[pe * kWords + i]);
    nvshmem_barrier_all();
    nvshmem_free(target);
}

}  // namespace

int main() {
    nvshmem_init();
    ring_with_signals();
    wait_and_test_forms();
    signal_fetch_loop();
    pe_pass("signal_wait");
    nvshmem_finalize();
    return 0;
}
