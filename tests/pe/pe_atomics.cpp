// Every atomic of the AMO type tables, between every pair of PEs, with results that only
// hold if each operation was atomic: counters that add up, fetch_inc tickets that are all
// distinct, one winner per compare-swap, bits that all arrive.
#include <cstring>
#include <vector>

#include "pe_check.h"

namespace {

constexpr int kRepeats = 50;

// The standard AMO calls of one type, checked on a counter on every PE.
template <class T, class FetchAdd, class Add, class FetchInc, class Inc, class Cswap, class Fetch,
          class Set, class Swap>
void check_standard(const char *name, FetchAdd fetch_add, Add add, FetchInc fetch_inc, Inc inc,
                    Cswap cswap, Fetch fetch, Set set, Swap swap) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    T *counter = static_cast<T *>(nvshmem_calloc(1, sizeof(T)));
    T *tickets = static_cast<T *>(nvshmem_calloc(1, sizeof(T)));
    int *seen = static_cast<int *>(nvshmem_calloc(static_cast<size_t>(n) * kRepeats, sizeof(int)));
    T *word = static_cast<T *>(nvshmem_calloc(1, sizeof(T)));
    int *wins = static_cast<int *>(nvshmem_calloc(1, sizeof(int)));
    nvshmem_barrier_all();

    // Every PE adds to every PE's counter: 1 + 2 + ... each through a different call.
    for (int peer = 0; peer < n; ++peer)
        for (int r = 0; r < kRepeats; ++r) {
            switch (r % 4) {
            case 0: fetch_add(counter, static_cast<T>(3), peer); break;
            case 1: add(counter, static_cast<T>(3), peer); break;
            case 2: fetch_inc(counter, peer); inc(counter, peer); inc(counter, peer); break;
            case 3: inc(counter, peer); fetch_inc(counter, peer); fetch_inc(counter, peer); break;
            }
        }
    // Tickets from PE 0: every value 0..n*kRepeats-1 handed out exactly once.
    for (int r = 0; r < kRepeats; ++r) {
        T ticket = fetch_inc(tickets, 0);
        PE_CHECK(ticket >= 0 && ticket < static_cast<T>(n * kRepeats), "%s ticket %lld out of range", name,
                 static_cast<long long>(ticket));
        nvshmem_int_atomic_add(&seen[static_cast<size_t>(ticket)], 1, 0);
    }
    // One winner of a compare-swap race on the last PE's word.
    T previous = cswap(word, static_cast<T>(0), static_cast<T>(me + 1), n - 1);
    if (previous == 0) nvshmem_int_atomic_inc(wins, n - 1);
    nvshmem_barrier_all();

    PE_CHECK(*counter == static_cast<T>(n * kRepeats * 3), "%s counter %lld, expected %d", name,
             static_cast<long long>(*counter), n * kRepeats * 3);
    if (me == 0)
        for (int i = 0; i < n * kRepeats; ++i) PE_CHECK(seen[i] == 1, "%s ticket %d handed out %d times", name, i, seen[i]);
    if (me == n - 1) {
        PE_CHECK(*wins == 1, "%s compare-swap had %d winners", name, *wins);
        PE_CHECK(*word >= 1 && *word <= static_cast<T>(n), "%s compare-swap left %lld", name,
                 static_cast<long long>(*word));
    }
    T winner = fetch(word, n - 1);  // every PE sees the winner's value
    PE_CHECK(winner >= 1 && winner <= static_cast<T>(n), "%s fetch after compare-swap: %lld", name,
             static_cast<long long>(winner));
    nvshmem_barrier_all();

    // set, fetch and swap, each PE on the next one's word.
    int next = (me + 1) % n;
    set(counter, static_cast<T>(100 + me), next);
    nvshmem_barrier_all();
    PE_CHECK(fetch(counter, next) == static_cast<T>(100 + me), "%s set/fetch on PE %d", name, next);
    nvshmem_barrier_all();
    PE_CHECK(swap(counter, static_cast<T>(7), next) == static_cast<T>(100 + me), "%s swap", name);
    nvshmem_barrier_all();
    PE_CHECK(*counter == static_cast<T>(7), "%s after swap: %lld", name, static_cast<long long>(*counter));
    nvshmem_barrier_all();
    for (void *p : {static_cast<void *>(counter), static_cast<void *>(tickets), static_cast<void *>(seen),
                    static_cast<void *>(word), static_cast<void *>(wins)})
        nvshmem_free(p);
}

// Bitwise AMOs: every PE sets its bit in every PE's word, flips it twice, clears another's.
template <class T, class FetchOr, class Or, class FetchAnd, class And, class FetchXor, class Xor>
void check_bitwise(const char *name, FetchOr fetch_or, Or or_, FetchAnd fetch_and, And and_,
                   FetchXor fetch_xor, Xor xor_) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    T *bits = static_cast<T *>(nvshmem_calloc(1, sizeof(T)));
    nvshmem_barrier_all();
    T mine = static_cast<T>(T(1) << me), all = static_cast<T>((T(1) << n) - 1);
    for (int peer = 0; peer < n; ++peer) {
        if (peer % 2) or_(bits, mine, peer);
        else fetch_or(bits, mine, peer);
        xor_(bits, static_cast<T>(mine << 16), peer);
        fetch_xor(bits, static_cast<T>(mine << 16), peer);
    }
    nvshmem_barrier_all();
    PE_CHECK(*bits == all, "%s or/xor gave %llx, expected %llx", name, static_cast<unsigned long long>(*bits),
             static_cast<unsigned long long>(all));
    nvshmem_barrier_all();
    for (int peer = 0; peer < n; ++peer) {
        if (peer % 2) and_(bits, static_cast<T>(~mine), peer);
        else fetch_and(bits, static_cast<T>(~mine), peer);
    }
    nvshmem_barrier_all();
    PE_CHECK(*bits == 0, "%s and left %llx", name, static_cast<unsigned long long>(*bits));
    nvshmem_barrier_all();
    nvshmem_free(bits);
}

// float and double: fetch, set and swap only.
template <class T, class Fetch, class Set, class Swap>
void check_extended(const char *name, Fetch fetch, Set set, Swap swap) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), next = (me + 1) % n;
    T *word = static_cast<T *>(nvshmem_calloc(1, sizeof(T)));
    nvshmem_barrier_all();
    set(word, static_cast<T>(me + 0.5), next);
    nvshmem_barrier_all();
    PE_CHECK(*word == static_cast<T>((me + n - 1) % n + 0.5), "%s set", name);
    PE_CHECK(fetch(word, next) == static_cast<T>(me + 0.5), "%s fetch", name);
    nvshmem_barrier_all();
    PE_CHECK(swap(word, static_cast<T>(-1.25), next) == static_cast<T>(me + 0.5), "%s swap", name);
    nvshmem_barrier_all();
    PE_CHECK(*word == static_cast<T>(-1.25), "%s after swap", name);
    nvshmem_barrier_all();
    nvshmem_free(word);
}

// Non-fetching atomics complete at quiet, and fence orders them before a later put: the
// flag's last value, put after a fence, must find every add applied.
void check_fence_orders_atomics() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), next = (me + 1) % n;
    long *value = static_cast<long *>(nvshmem_calloc(1, sizeof(long)));
    long *flag = static_cast<long *>(nvshmem_calloc(1, sizeof(long)));
    nvshmem_barrier_all();
    const long rounds = 200;
    for (long k = 1; k <= rounds; ++k) {
        nvshmem_long_atomic_add(value, 1, next);
        nvshmem_fence();
        nvshmem_long_p(flag, k, next);
    }
    nvshmem_long_wait_until(flag, NVSHMEM_CMP_EQ, rounds);
    PE_CHECK(nvshmem_long_atomic_fetch(value, me) == rounds, "after a fence: %ld of %ld adds applied",
             nvshmem_long_atomic_fetch(value, me), rounds);
    nvshmem_barrier_all();
    nvshmem_long_atomic_add(value, 5, next);
    PE_CHECK(nvshmem_long_atomic_fetch(value, next) == rounds + 5, "a fetch after this PE's own add: %ld",
             nvshmem_long_atomic_fetch(value, next));
    nvshmem_barrier_all();
    nvshmem_free(flag);
    nvshmem_free(value);
}

// Non-fetching atomics to every PE, then one quiet: a plain read of each target afterwards
// (an RMA read, which shm serves without the target's help) must find all of them applied at
// every PE, not only the last one written to; and so must each target, once told. More than
// 512 to each PE: where they are injected, a quiet of its own follows every 512 (atomic_nbi).
void check_quiet_completes_atomics() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    long *slots = static_cast<long *>(nvshmem_calloc(static_cast<size_t>(n), sizeof(long)));
    int *arrived = static_cast<int *>(nvshmem_calloc(1, sizeof(int)));
    nvshmem_barrier_all();
    const long rounds = 1200;
    for (long k = 0; k < rounds; ++k)
        for (int pe = 0; pe < n; ++pe) nvshmem_long_atomic_add(&slots[me], 1, (me + pe) % n);
    nvshmem_quiet();
    for (int pe = 0; pe < n; ++pe) {
        long applied = nvshmem_long_g(&slots[me], pe);
        PE_CHECK(applied == rounds, "PE %d, read after the quiet: %ld of %ld adds applied", pe, applied, rounds);
        nvshmem_int_atomic_inc(arrived, pe);
    }
    nvshmem_int_wait_until(arrived, NVSHMEM_CMP_EQ, n);
    for (int from = 0; from < n; ++from) {
        long applied = nvshmem_long_atomic_fetch(&slots[from], me);
        PE_CHECK(applied == rounds, "from PE %d after its quiet: %ld of %ld adds applied", from, applied, rounds);
    }
    nvshmem_barrier_all();
    nvshmem_free(arrived);
    nvshmem_free(slots);
}

}  // namespace

int main() {
    nvshmem_init();
#define CHECK_STANDARD(NAME, TYPE)                                                                  \
    check_standard<TYPE>(#NAME, nvshmem_##NAME##_atomic_fetch_add, nvshmem_##NAME##_atomic_add,   \
                         nvshmem_##NAME##_atomic_fetch_inc, nvshmem_##NAME##_atomic_inc,          \
                         nvshmem_##NAME##_atomic_compare_swap, nvshmem_##NAME##_atomic_fetch,     \
                         nvshmem_##NAME##_atomic_set, nvshmem_##NAME##_atomic_swap);
    FABSHMEM_FOR_EACH_AMO_TYPE(CHECK_STANDARD)
#define CHECK_BITWISE(NAME, TYPE)                                                                   \
    check_bitwise<TYPE>(#NAME, nvshmem_##NAME##_atomic_fetch_or, nvshmem_##NAME##_atomic_or,      \
                        nvshmem_##NAME##_atomic_fetch_and, nvshmem_##NAME##_atomic_and,           \
                        nvshmem_##NAME##_atomic_fetch_xor, nvshmem_##NAME##_atomic_xor);
    FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(CHECK_BITWISE)
#define CHECK_EXTENDED(NAME, TYPE) \
    check_extended<TYPE>(#NAME, nvshmem_##NAME##_atomic_fetch, nvshmem_##NAME##_atomic_set, nvshmem_##NAME##_atomic_swap);
    FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(CHECK_EXTENDED)
    check_fence_orders_atomics();
    check_quiet_completes_atomics();
    pe_pass("atomics");
    nvshmem_finalize();
    return 0;
}
