/* OpenSHMEM 1.5 as programs written for it use it, in C11: the generic calls (_Generic) on
 * every kind of argument, long double RMA, complex reductions, sized calls on contexts and with
 * a signal, deprecated calls (shmem_wait, 1.3's generic atomics, cache routines), team
 * collect (sizes that differ, zero among them), non-blocking AMOs, locks, team_ptr and team
 * configurations, malloc_with_hints, pcontrol, and the corner cases the specification defines
 * (zero-length transfers with NULL, test_any seeing every index, shmem_ptr on a global, 4 MiB
 * alignment, a split of SHMEM_TEAM_INVALID, the vendor string).
 * Every value moved is checked. With the argument "stack_lock" it locks a stack variable,
 * which is not symmetric: a message; with "iget_bad_pe", a strided get from PE -3: a message
 * naming shmem_long_iget. */
#include <complex.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond, ...)                                                                       \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "PE %d: FAIL %s:%d: %s: ", shmem_my_pe(), __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                                      \
            fprintf(stderr, "\n");                                                             \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

#define N 16
#define LOCK_ROUNDS 50
long global_word; /* a symmetric global */
long lock;        /* a lock: symmetric, zero */
long counter;     /* guarded by the lock, on PE 0 */

static void generic_rma(int me, int n, int next) {
    long *l = shmem_malloc(N * sizeof *l);
    double *d = shmem_malloc(N * sizeof *d);
    unsigned char *uc = shmem_malloc(N);
    long double *ld = shmem_malloc(N * sizeof *ld);
    long lsrc[N], lgot[N];
    double dsrc[N];
    long double ldsrc[N], ldgot[N];
    for (int i = 0; i < N; ++i) {
        lsrc[i] = me * 1000 + i;
        dsrc[i] = me + i / 4.0;
        ldsrc[i] = me * 1e20L + i;
    }
    shmem_put(l, lsrc, N, next);
    shmem_put_nbi(d, dsrc, N, next);
    shmem_p(uc, (unsigned char)(200 + me), next);
    shmem_put(ld, ldsrc, N, next);
    shmem_barrier_all();
    int prev = (me + n - 1) % n;
    for (int i = 0; i < N; ++i) {
        CHECK(l[i] == prev * 1000 + i, "generic put long [%d] = %ld", i, l[i]);
        CHECK(d[i] == prev + i / 4.0, "generic put_nbi double [%d]", i);
        CHECK(ld[i] == prev * 1e20L + i, "generic put long double [%d]", i);
    }
    CHECK(uc[0] == 200 + prev, "generic p unsigned char: %d", uc[0]);
    shmem_get(lgot, l, N, next);
    for (int i = 0; i < N; ++i) CHECK(lgot[i] == me * 1000 + i, "generic get long [%d]", i);
    CHECK(shmem_g(d + 3, next) == me + 3 / 4.0, "generic g double");
    CHECK(shmem_g(ld + 2, next) == me * 1e20L + 2, "generic g long double");
    CHECK(shmem_longdouble_g(ld + 5, next) == me * 1e20L + 5, "typed g long double");
    shmem_get_nbi(ldgot, ld, N, next);
    shmem_quiet();
    for (int i = 0; i < N; ++i) CHECK(ldgot[i] == me * 1e20L + i, "generic get_nbi long double [%d]", i);
    /* Strided: every second element. */
    shmem_barrier_all();
    shmem_iget(lgot, l, 1, 2, N / 2, next);
    for (int i = 0; i < N / 2; ++i) CHECK(lgot[i] == me * 1000 + 2 * i, "generic iget [%d]", i);
    /* Through a context: the same generic names, the context first. */
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(0, &ctx) == 0, "ctx_create");
    shmem_put(ctx, l, lsrc, 1, next);
    shmem_ctx_quiet(ctx);
    CHECK(shmem_g(ctx, l, next) == me * 1000, "ctx generic g");
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    shmem_free(ld);
    shmem_free(uc);
    shmem_free(d);
    shmem_free(l);
}

static void generic_amo_and_signals(int me, int n, int next) {
    long *word = shmem_calloc(1, sizeof *word);
    unsigned int *bits = shmem_calloc(1, sizeof *bits);
    uint64_t *sig = shmem_calloc(1, sizeof *sig);
    long fetched = -1;
    double *dword = shmem_calloc(1, sizeof *dword);
    shmem_atomic_add(word, 1L, 0);
    shmem_atomic_fetch_add_nbi(&fetched, word, 10L, 0);
    shmem_quiet();
    CHECK(fetched >= 0 && fetched < 11L * n, "fetch_add_nbi fetched %ld", fetched);
    shmem_atomic_or(bits, 1u << me, 0);
    shmem_atomic_set(dword, 2.5, me);
    double old_d = 0;
    shmem_atomic_swap_nbi(&old_d, dword, 4.0, me);
    shmem_quiet();
    CHECK(old_d == 2.5 && *dword == 4.0, "swap_nbi double: old %g now %g", old_d, *dword);
    shmem_barrier_all();
    if (me == 0) {
        CHECK(*word == 11L * n, "word %ld after %d PEs added 11", *word, n);
        CHECK(*bits == (1u << n) - 1, "bits %x", *bits);
    }
    shmem_barrier_all();
    long cswap_old = -1;
    shmem_atomic_compare_swap_nbi(&cswap_old, word, 11L * n, -5L, 0);
    shmem_quiet();
    CHECK(shmem_atomic_fetch(word, 0) == -5 || cswap_old != 11L * n, "compare_swap_nbi");
    unsigned int bits_before = 0;
    shmem_atomic_fetch_xor_nbi(&bits_before, bits, 0u, 0);
    shmem_quiet();
    CHECK(bits_before == (1u << n) - 1, "fetch_xor_nbi %x", bits_before);
    shmem_barrier_all();
    /* OpenSHMEM 1.3's generic atomics (deprecated, still in programs): on PE 0's word, now -5 */
    if (me == 0) *word = 0;
    shmem_barrier_all();
    shmem_add(word, 2L, 0);
    shmem_inc(word, 0);
    long was = shmem_fadd(word, 10L, 0);
    CHECK(was >= 3 && was < 13L * n, "deprecated fadd old %ld", was);
    was = shmem_finc(word, 0);
    CHECK(was >= 13 && was < 14L * n, "deprecated finc old %ld", was);
    shmem_barrier_all();
    CHECK(shmem_fetch(word, 0) == 14L * n, "deprecated fetch %ld", shmem_fetch(word, 0));
    shmem_barrier_all();
    if (me == 0) {
        CHECK(shmem_cswap(word, 14L * n, 7L, 0) == 14L * n && *word == 7, "deprecated cswap %ld", *word);
        shmem_set(dword, 1.5, 0);
        CHECK(shmem_swap(dword, 3.0, 0) == 1.5 && *dword == 3.0, "deprecated set and swap %g", *dword);
    }
    shmem_barrier_all();
    /* put with signal, and wait_until on a uint64_t signal word, generically. */
    int *data = shmem_malloc(N * sizeof *data);
    int src[N];
    for (int i = 0; i < N; ++i) src[i] = me * 7 + i;
    shmem_put_signal(data, src, N, sig, (uint64_t)(me + 1), SHMEM_SIGNAL_SET, next);
    int prev = (me + n - 1) % n;
    shmem_wait_until(sig, SHMEM_CMP_EQ, (uint64_t)(prev + 1));
    for (int i = 0; i < N; ++i) CHECK(data[i] == prev * 7 + i, "put_signal data [%d]", i);
    CHECK(shmem_test(sig, SHMEM_CMP_EQ, (uint64_t)(prev + 1)), "generic test");
    shmem_wait(sig, (uint64_t)0); /* the deprecated form: until it differs from 0, as it does */
    shmem_barrier_all();
    shmem_free(data);
    shmem_free(dword);
    shmem_free(sig);
    shmem_free(bits);
    shmem_free(word);
}

/* The sized calls with a context and with a signal (OpenSHMEM 1.5's putSIZE_signal), and the
 * deprecated calls older programs make: shmem_wait as a function, the cache routines (no-ops). */
static void sized_contexts_and_signals(int me, int n, int next) {
    int prev = (me + n - 1) % n;
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(0, &ctx) == 0, "ctx_create");
    uint32_t *in32 = shmem_calloc(2 * N, sizeof *in32);
    uint64_t *in64 = shmem_calloc(N, sizeof *in64), *sig = shmem_calloc(2, sizeof *sig);
    uint8_t *in8 = shmem_calloc(N, sizeof *in8);
    uint32_t src32[2 * N];
    uint64_t src64[N], got64[N];
    uint8_t src8[N], got8[N];
    for (int i = 0; i < 2 * N; ++i) src32[i] = (uint32_t)(me * 1000 + i);
    for (int i = 0; i < N; ++i) src64[i] = ((uint64_t)me << 40) + (uint64_t)i, src8[i] = (uint8_t)(me * 16 + i);
    shmem_barrier_all();
    shmem_ctx_put32(ctx, in32, src32, N, next);                         /* in32[0..N) */
    shmem_ctx_iput32(ctx, in32 + N, src32 + N, 1, 2, N / 2, next);      /* every 2nd source into N.. */
    shmem_ctx_put8_nbi(ctx, in8, src8, N, next);
    shmem_ctx_quiet(ctx);
    shmem_put64_signal(in64, src64, N, sig, (uint64_t)(me + 1), SHMEM_SIGNAL_SET, next);
    shmem_ctx_put8_signal_nbi(ctx, in8, src8, 0, sig + 1, (uint64_t)(me + 5), SHMEM_SIGNAL_ADD, next);
    shmem_ctx_quiet(ctx);
    shmem_signal_wait_until(sig, SHMEM_CMP_EQ, (uint64_t)(prev + 1));
    shmem_signal_wait_until(sig + 1, SHMEM_CMP_EQ, (uint64_t)(prev + 5));
    shmem_barrier_all();
    for (int i = 0; i < N; ++i) {
        CHECK(in32[i] == (uint32_t)(prev * 1000 + i), "ctx_put32 [%d] %u", i, in32[i]);
        CHECK(in64[i] == ((uint64_t)prev << 40) + (uint64_t)i, "put64_signal [%d]", i);
        CHECK(in8[i] == (uint8_t)(prev * 16 + i), "ctx_put8_nbi [%d] %u", i, in8[i]);
    }
    for (int i = 0; i < N / 2; ++i)
        CHECK(in32[N + i] == (uint32_t)(prev * 1000 + N + 2 * i), "ctx_iput32 [%d] %u", i, in32[N + i]);
    shmem_ctx_get64(ctx, got64, in64, N, next); /* next's in64 holds this PE's values */
    shmem_ctx_iget8(ctx, got8, in8, 2, 1, N / 2, next);
    shmem_ctx_get8_nbi(ctx, got8 + 1, in8 + 1, 1, next);
    shmem_ctx_quiet(ctx);
    for (int i = 0; i < N; ++i) CHECK(got64[i] == src64[i], "ctx_get64 [%d]", i);
    for (int i = 0; i < N / 2; ++i) CHECK(got8[2 * i] == src8[i], "ctx_iget8 [%d] %u", i, got8[2 * i]);
    CHECK(got8[1] == src8[1], "ctx_get8_nbi %u", got8[1]);
    shmem_ctx_destroy(ctx);
    /* and/or/xor reductions of signed types (as SOS has them) */
    int *bits = shmem_malloc(2 * sizeof *bits);
    long long *words = shmem_malloc(2 * sizeof *words);
    bits[0] = (1 << me) | 0x1000;
    words[0] = (long long)me * 0x10001;
    shmem_barrier_all();
    shmem_int_or_reduce(SHMEM_TEAM_WORLD, bits + 1, bits, 1);
    CHECK(bits[1] == (((1 << n) - 1) | 0x1000), "int_or_reduce %x", bits[1]);
    shmem_int_and_reduce(SHMEM_TEAM_WORLD, bits + 1, bits, 1);
    CHECK(bits[1] == (n == 1 ? bits[0] : 0x1000), "int_and_reduce %x", bits[1]);
    shmem_longlong_xor_reduce(SHMEM_TEAM_WORLD, words + 1, words, 1);
    long long expected = 0;
    for (int pe = 0; pe < n; ++pe) expected ^= (long long)pe * 0x10001;
    CHECK(words[1] == expected, "longlong_xor_reduce %llx", words[1]);
    /* The generic bitwise calls on the signed exact-width types (int32_t is int, which the
     * bitwise families have only under that name): shmem_int32_* and shmem_int8_* selected */
    int32_t *mask32 = shmem_calloc(1, sizeof *mask32);
    int8_t *small = shmem_malloc(2 * sizeof *small);
    small[0] = (int8_t)(1 << (me % 7));
    shmem_barrier_all();
    int32_t before = shmem_atomic_fetch_or(mask32, (int32_t)1 << me, 0);
    CHECK((before & ((int32_t)1 << me)) == 0, "generic int32_t fetch_or %x", (unsigned)before);
    shmem_barrier_all();
    if (me == 0) CHECK(*mask32 == (int32_t)((1u << n) - 1), "generic int32_t fetch_or total %x", (unsigned)*mask32);
    shmem_or_reduce(SHMEM_TEAM_WORLD, small + 1, small, 1);
    int8_t small_expected = 0;
    for (int pe = 0; pe < n; ++pe) small_expected |= (int8_t)(1 << (pe % 7));
    CHECK(small[1] == small_expected, "generic int8_t or_reduce %x", (unsigned)small[1]);
    shmem_barrier_all();
    shmem_free(small);
    shmem_free(mask32);
    shmem_free(words);
    shmem_free(bits);
    /* deprecated: shmem_wait as a function (the generic call is tested above), cache routines */
    void (*wait_fn)(long *, long) = shmem_wait;
    global_word = 3;
    wait_fn(&global_word, 0);
    shmem_set_cache_inv();
    shmem_set_cache_line_inv(&global_word);
    shmem_clear_cache_inv();
    shmem_clear_cache_line_inv(&global_word);
    shmem_udcflush();
    shmem_udcflush_line(&global_word);
    shmem_barrier_all();
    shmem_free(in8);
    shmem_free(sig);
    shmem_free(in64);
    shmem_free(in32);
}

/* test_any must not always answer with the lowest ready index: a loop that waits to have
 * seen every index ends. */
static void test_any_sees_every_index(void) {
    int *flags = shmem_malloc(N * sizeof *flags);
    for (int i = 0; i < N; ++i) flags[i] = 1;
    int seen[N] = {0}, distinct = 0;
    for (int round = 0; round < 4 * N && distinct < N; ++round) {
        size_t i = shmem_test_any(flags, N, NULL, SHMEM_CMP_EQ, 1);
        CHECK(i < N, "test_any found none");
        if (!seen[i]) ++distinct;
        seen[i] = 1;
        i = shmem_wait_until_any(flags, N, NULL, SHMEM_CMP_EQ, 1);
        if (!seen[i]) ++distinct;
        seen[i] = 1;
    }
    CHECK(distinct == N, "test_any/wait_until_any saw %d of %d ready indices", distinct, N);
    int expected[N];
    for (int i = 0; i < N; ++i) expected[i] = i == 3 ? 2 : 1;
    CHECK(!shmem_test_all_vector(flags, N, NULL, SHMEM_CMP_EQ, expected), "test_all_vector: element 3 differs");
    CHECK(shmem_test_any_vector(flags, N, NULL, SHMEM_CMP_EQ, expected) != 3, "test_any_vector picked 3");
    size_t idx[N];
    CHECK(shmem_test_some_vector(flags, N, idx, NULL, SHMEM_CMP_EQ, expected) == N - 1, "test_some_vector");
    shmem_barrier_all();
    shmem_free(flags);
}

static void reductions_and_collectives(int me, int n) {
    long *src = shmem_malloc(N * sizeof *src), *dst = shmem_malloc(N * n * sizeof *dst);
    long double *ldsrc = shmem_malloc(N * sizeof *ldsrc), *lddst = shmem_malloc(N * sizeof *lddst);
    double complex *csrc = shmem_malloc(N * sizeof *csrc), *cdst = shmem_malloc(N * sizeof *cdst);
    float complex *fsrc = shmem_malloc(sizeof *fsrc), *fdst = shmem_malloc(sizeof *fdst);
    for (int i = 0; i < N; ++i) {
        src[i] = me + i;
        ldsrc[i] = (long double)me / 3 + i;
        csrc[i] = (me + 1) + i * I;
    }
    *fsrc = 1.0f + 1.0f * I;
    shmem_barrier_all();
    CHECK(shmem_sum_reduce(SHMEM_TEAM_WORLD, dst, src, N) == 0, "generic sum_reduce");
    for (int i = 0; i < N; ++i) CHECK(dst[i] == (long)n * (n - 1) / 2 + (long)n * i, "sum [%d] %ld", i, dst[i]);
    CHECK(shmem_max_reduce(SHMEM_TEAM_WORLD, lddst, ldsrc, N) == 0, "long double max");
    for (int i = 0; i < N; ++i) CHECK(lddst[i] == (long double)(n - 1) / 3 + i, "long double max [%d]", i);
    CHECK(shmem_complexd_sum_reduce(SHMEM_TEAM_WORLD, cdst, csrc, N) == 0, "complexd sum");
    for (int i = 0; i < N; ++i)
        CHECK(creal(cdst[i]) == n * (n + 1) / 2 && cimag(cdst[i]) == (double)n * i, "complexd sum [%d]", i);
    CHECK(shmem_complexf_prod_reduce(SHMEM_TEAM_WORLD, fdst, fsrc, 1) == 0, "complexf prod");
    float complex expect = 1;
    for (int p = 0; p < n; ++p) expect *= 1.0f + 1.0f * I;
    CHECK(crealf(*fdst) == crealf(expect) && cimagf(*fdst) == cimagf(expect), "complexf prod");
    /* the generic sum and product select the complex types too */
    CHECK(shmem_sum_reduce(SHMEM_TEAM_WORLD, cdst, csrc, N) == 0, "generic complexd sum");
    for (int i = 0; i < N; ++i)
        CHECK(creal(cdst[i]) == n * (n + 1) / 2 && cimag(cdst[i]) == (double)n * i, "generic complexd sum [%d]", i);
    CHECK(shmem_prod_reduce(SHMEM_TEAM_WORLD, fdst, fsrc, 1) == 0, "generic complexf prod");
    CHECK(crealf(*fdst) == crealf(expect) && cimagf(*fdst) == cimagf(expect), "generic complexf prod");
    CHECK(shmem_fcollect(SHMEM_TEAM_WORLD, dst, src, N) == 0, "generic fcollect");
    for (int p = 0; p < n; ++p)
        for (int i = 0; i < N; ++i) CHECK(dst[p * N + i] == p + i, "fcollect [%d][%d]", p, i);
    CHECK(shmem_broadcast(SHMEM_TEAM_WORLD, lddst, ldsrc, N, n - 1) == 0, "long double broadcast");
    for (int i = 0; i < N; ++i) CHECK(lddst[i] == (long double)(n - 1) / 3 + i, "broadcast [%d]", i);
    /* Zero-length transfers and collectives: no-ops, whatever the pointers. */
    shmem_putmem(NULL, NULL, 0, (me + 1) % n);
    shmem_getmem(NULL, NULL, 0, (me + 1) % n);
    shmem_long_put_nbi(NULL, NULL, 0, (me + 1) % n);
    CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, NULL, NULL, 0) == 0, "zero-length reduce");
    CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, NULL, NULL, 0, 0) == 0, "zero-length broadcast");
    shmem_barrier_all();
    shmem_free(fdst);
    shmem_free(fsrc);
    shmem_free(cdst);
    shmem_free(csrc);
    shmem_free(lddst);
    shmem_free(ldsrc);
    shmem_free(dst);
    shmem_free(src);
}

/* Team collect: member j gives (j * 5 + round) % 7 longs (none now and then), in 3 rounds,
 * so that a run reuses the sizes' scratch words right after the last. Dest is first filled
 * with a value no member gives, so a block that never arrives, or lands at the wrong offset,
 * fails. src and dst: symmetric, 7 and 7 x n_pes longs (allocated by every PE). */
static void team_collect(shmem_team_t team, const char *label, long *src, long *dst) {
    if (team == SHMEM_TEAM_INVALID) return;
    int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);
    for (int round = 0; round < 3; ++round) {
        size_t mine = (size_t)(me * 5 + round) % 7, total = 0;
        for (size_t i = 0; i < mine; ++i) src[i] = 1000L * me + 100 * round + (long)i;
        for (int i = 0; i < 7 * n; ++i) dst[i] = -1;
        shmem_team_sync(team);
        CHECK(shmem_long_collect(team, dst, src, mine) == 0, "%s collect", label);
        for (int j = 0; j < n; ++j) {
            size_t theirs = (size_t)(j * 5 + round) % 7;
            for (size_t i = 0; i < theirs; ++i)
                CHECK(dst[total + i] == 1000L * j + 100 * round + (long)i, "%s collect round %d: member %d element %zu: %ld",
                      label, round, j, i, dst[total + i]);
            total += theirs;
        }
        for (int i = (int)total; i < 7 * n; ++i) CHECK(dst[i] == -1, "%s collect: element %d past the end written", label, i);
        shmem_team_sync(team);  /* every member has checked before dst is filled again */
    }
}

static void locks(int me, int n) {
    for (int r = 0; r < LOCK_ROUNDS; ++r) {
        shmem_set_lock(&lock);
        long value = shmem_long_g(&counter, 0); /* read, then write back: only safe under the lock */
        shmem_long_p(&counter, value + 1, 0);
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == 0) CHECK(counter == (long)n * LOCK_ROUNDS, "counter %ld, expected %d", counter, n * LOCK_ROUNDS);
    /* test_lock: exactly one PE gets a free lock. */
    static long test_lock_word;
    long *winners = shmem_calloc(1, sizeof *winners);
    shmem_barrier_all();
    if (shmem_test_lock(&test_lock_word) == 0) shmem_atomic_inc(winners, 0);
    shmem_barrier_all();
    if (me == 0) CHECK(*winners == 1, "%ld PEs took a free lock with test_lock", *winners);
    shmem_barrier_all();
    shmem_free(winners);
}

static void teams_memory_and_info(int me, int n) {
    /* team_ptr: this PE's own block through a team, and a team's configuration. */
    int *block = shmem_malloc_with_hints(64, SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE);
    CHECK(block != NULL, "malloc_with_hints");
    CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, block, me) == block, "team_ptr to itself");
    CHECK(shmem_ptr(&global_word, me) == &global_word, "shmem_ptr of a global on this PE");
    long *peer_global = shmem_ptr(&global_word, (me + 1) % n); /* a node peer's, where mapped */
    if (peer_global) *peer_global = me + 1;
    else shmem_long_p(&global_word, me + 1, (me + 1) % n);
    shmem_barrier_all();
    CHECK(global_word == (me + n - 1) % n + 1, "a global through shmem_ptr: %ld", global_word);
    shmem_team_t team;
    shmem_team_config_t config = {.num_contexts = 2};
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &config, SHMEM_TEAM_NUM_CONTEXTS, &team) == 0, "split");
    shmem_team_config_t got = {0};
    CHECK(shmem_team_get_config(team, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 && got.num_contexts == 2,
          "team config: num_contexts %d", got.num_contexts);
    shmem_team_destroy(team);
    shmem_team_t none = 7;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, n, NULL, 0, &none) != 0 && none == SHMEM_TEAM_INVALID,
          "a split of SHMEM_TEAM_INVALID gives SHMEM_TEAM_INVALID");
    /* Large alignments, and one that is not a power of two. */
    void *aligned = shmem_align((size_t)4 << 20, 100);
    CHECK(aligned && ((uintptr_t)aligned & (((size_t)4 << 20) - 1)) == 0, "4 MiB shmem_align: %p", aligned);
    int *odd_aligned = shmem_align(63, 10 * sizeof(int)); /* not a power of two: taken as 64 */
    CHECK(odd_aligned && ((uintptr_t)odd_aligned & 63) == 0, "shmem_align(63): %p", (void *)odd_aligned);
    odd_aligned[9] = me;
    shmem_barrier_all();
    CHECK(shmem_int_g(odd_aligned + 9, (me + 1) % n) == (me + 1) % n, "shmem_align(63) block is symmetric");
    shmem_barrier_all();
    shmem_free(odd_aligned);
    shmem_free(aligned);
    CHECK(shmem_calloc(0, 8) == NULL && shmem_calloc(8, 0) == NULL, "calloc of nothing");
    shmem_pcontrol(1);
    char name[SHMEM_MAX_NAME_LEN];
    shmem_info_get_name(name);
    CHECK(strcmp(name, SHMEM_VENDOR_STRING) == 0, "info_get_name: '%s'", name);
    shmem_sync(SHMEM_TEAM_WORLD); /* the team form of the generic shmem_sync */
    shmem_free(block);
}

int main(int argc, char **argv) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(n >= 2, "needs 2 PEs");
    if (argc > 1 && strcmp(argv[1], "stack_lock") == 0) { /* misuse: a lock that is not symmetric */
        long on_stack = 0;
        shmem_set_lock(&on_stack); /* ends the job with a message */
    }
    if (argc > 1 && strcmp(argv[1], "iget_bad_pe") == 0) { /* misuse: named as the program called it */
        long local[4];
        shmem_long_iget(local, &global_word, 1, 0, 4, -3); /* ends the job with a message */
    }
    generic_rma(me, n, (me + 1) % n);
    generic_amo_and_signals(me, n, (me + 1) % n);
    test_any_sees_every_index();
    sized_contexts_and_signals(me, n, (me + 1) % n);
    reductions_and_collectives(me, n);
    long *collect_src = shmem_malloc(7 * sizeof(long)), *collect_dst = shmem_malloc((size_t)7 * n * sizeof(long));
    team_collect(SHMEM_TEAM_WORLD, "world", collect_src, collect_dst);
    shmem_team_t odd = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd);
    team_collect(odd, "odd PEs", collect_src, collect_dst);
    if (odd != SHMEM_TEAM_INVALID) shmem_team_destroy(odd);
    shmem_free(collect_dst);
    shmem_free(collect_src);
    locks(me, n);
    teams_memory_and_info(me, n);
    shmem_barrier_all();
    if (me == 0) printf("shmem15: PASS on %d PEs\n", n);
    shmem_finalize();
    shmem_finalize(); /* a second end of the OpenSHMEM portion: ignored, with a warning */
    return 0;
}
