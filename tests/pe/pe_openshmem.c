/* An OpenSHMEM program in C, in the style of the classic test suites: legacy names
 * (start_pes, _my_pe, shmalloc, shmem_long_fadd, active-set collectives with static pSync and
 * pWrk) beside the 1.5 ones (teams, team reductions, signals, wait/test). Every result is
 * checked; global and static arrays serve as symmetric objects, as in those suites. With the
 * argument "stack_target" it puts to a stack array, which is not symmetric: a message; with
 * "destroyed_ctx" it puts through a destroyed context: a message; with "null_psync" an active
 * set's barrier has no pSync: a message. Contexts and alltoalls too. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(cond, ...)                                                              \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "PE %d: FAIL %s:%d: %s: ", _my_pe(), __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                             \
            fprintf(stderr, "\n");                                                    \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

#define N 64
static long pSync[SHMEM_BCAST_SYNC_SIZE];
static long pSync2[SHMEM_REDUCE_SYNC_SIZE];
static double pWrk[N];
static int static_array[N];     /* symmetric: the program's static data */
long global_counter;             /* symmetric too */
static double static_sums[N];

int main(int argc, char **argv) {
    start_pes(0);
    int me = _my_pe(), n = _num_pes();
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; ++i) pSync[i] = pSync2[i] = SHMEM_SYNC_VALUE;
    CHECK(n >= 2, "needs 2 PEs");
    int next = (me + 1) % n, prev = (me + n - 1) % n;

    if (argc > 1 && strcmp(argv[1], "null_psync") == 0) {  /* misuse: an active set without pSync */
        CHECK(n >= 3, "null_psync needs 3 PEs");
        if (me < n - 1) shmem_barrier(0, 0, n - 1, NULL);
        shmem_barrier_all();
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "destroyed_ctx") == 0) {  /* misuse: a put on a destroyed context */
        shmem_ctx_t ctx;
        CHECK(shmem_ctx_create(0, &ctx) == 0, "ctx_create");
        shmem_ctx_destroy(ctx);
        shmem_ctx_int_p(ctx, static_array, 1, next);  /* ends the job with a message */
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "put_bad_pe") == 0) {  /* misuse: the message names shmem_long_put */
        long *x = shmem_malloc(sizeof(long)), v = 1;
        shmem_long_put(x, &v, 1, -3);
        return 0;
    }
    if (argc > 1) {  /* misuse: "stack_target", or "static_target" with FABSHMEM_STATIC_DATA=0 */
        int on_stack[4];
        int *target = strcmp(argv[1], "stack_target") == 0 ? on_stack : static_array;
        shmem_barrier_all();
        CHECK(!shmem_addr_accessible(target, next), "%s is not symmetric", argv[1]);
        shmem_int_p(target, 1, next);  /* ends the job with a message */
        return 0;
    }

    /* Static and global variables as symmetric objects: put, get, atomics, a reduction. */
    CHECK(shmem_addr_accessible(static_array, next) && shmem_addr_accessible(&global_counter, next), "static data accessible");
    for (int i = 0; i < N; ++i) static_array[i] = me * 100 + i;
    shmem_barrier_all();
    int from_next[N];
    shmem_int_get(from_next, static_array, N, next);
    for (int i = 0; i < N; ++i) CHECK(from_next[i] == next * 100 + i, "static get %d", i);
    shmem_barrier_all();
    shmem_int_put(static_array, from_next, N / 2, prev);  /* PE q receives PE q+2's values */
    for (int pe = 0; pe < n; ++pe) shmem_long_atomic_add(&global_counter, me + 1, pe);
    shmem_barrier_all();
    for (int i = 0; i < N / 2; ++i) CHECK(static_array[i] == (me + 2) % n * 100 + i, "static put %d", i);
    for (int i = N / 2; i < N; ++i) CHECK(static_array[i] == me * 100 + i, "static untouched %d", i);
    CHECK(global_counter == (long)n * (n + 1) / 2, "global counter %ld", global_counter);

    /* RMA: typed, sized, strided, and 1.5 names */
    long *data = (long *)shmalloc(N * sizeof(long));
    long *got = (long *)shmem_malloc(N * sizeof(long));
    for (int i = 0; i < N; ++i) data[i] = me * 1000 + i;
    shmem_barrier_all();
    shmem_long_get(got, data, N, next);
    for (int i = 0; i < N; ++i) CHECK(got[i] == next * 1000 + i, "long_get %d", i);
    shmem_get64(got, data, N, prev);
    for (int i = 0; i < N; ++i) CHECK(got[i] == prev * 1000 + i, "get64 %d", i);
    memset(got, 0, N * sizeof(long));
    shmem_long_iget(got, data, 2, 3, N / 4, next);  /* every 3rd remote element to every 2nd */
    for (int i = 0; i < N / 4; ++i) CHECK(got[2 * i] == next * 1000 + 3 * i, "iget %d", i);
    for (int i = 0; i < N / 4; ++i) CHECK(got[2 * i + 1] == 0, "iget wrote a gap at %d", 2 * i + 1);
    {
        /* Large, into a private buffer: over a fabric the elements come in gets of the span that
         * holds them, at most 4 MiB each (here 3), every element placed. */
        const long count = 600000; /* every 2nd of 1.2 M longs: a 9.6 MB span */
        long *big = (long *)shmem_malloc(2 * count * sizeof(long)), *mine = (long *)malloc(count * sizeof(long));
        for (long k = 0; k < 2 * count; ++k) big[k] = me * 10000000L + k;
        shmem_barrier_all();
        shmem_long_iget(mine, big, 1, 2, count, next);
        long wrong = 0;
        for (long k = 0; k < count; ++k) wrong += mine[k] != next * 10000000L + 2 * k;
        CHECK(wrong == 0, "large iget: %ld elements wrong", wrong);
        shmem_barrier_all(); /* every PE has read big */
        free(mine);
        shmem_free(big);
    }
    CHECK(shmem_long_g(data + 5, next) == next * 1000 + 5, "long_g");
    shmem_barrier_all();
    shmem_long_iput(got, data, 1, 2, N / 2, next);  /* every 2nd local element to consecutive */
    shmem_barrier_all();
    for (int i = 0; i < N / 2; ++i) CHECK(got[i] == prev * 1000 + 2 * i, "iput %d", i);

    /* AMOs, legacy and 1.5 */
    long *counter = (long *)shmem_calloc(1, sizeof(long));
    int *icounter = (int *)shmem_calloc(1, sizeof(int));
    shmem_barrier_all();
    for (int pe = 0; pe < n; ++pe) {
        shmem_long_add(counter, 2, pe);
        shmem_long_fadd(counter, 3, pe);
        shmem_long_inc(counter, pe);
        shmem_long_finc(counter, pe);
        shmem_long_atomic_fetch_add(counter, 4, pe);
        shmem_int_atomic_inc(icounter, pe);
    }
    shmem_barrier_all();
    CHECK(*counter == 11L * n && *icounter == n, "counter %ld, expected %ld", *counter, 11L * n);
    shmem_barrier_all();
    CHECK(shmem_long_swap(counter, 5, next) == 11L * n, "swap");
    shmem_barrier_all();
    CHECK(shmem_long_cswap(counter, 5, 6, next) == 5 && shmem_long_fetch(counter, next) == 6, "cswap");
    shmem_barrier_all();

    /* point-to-point: the classic wait on a flag */
    long *flag = (long *)shmem_calloc(1, sizeof(long));
    shmem_barrier_all();
    shmem_long_put(got, data, N, next);
    shmem_fence();
    shmem_long_p(flag, 1, next);
    shmem_long_wait(flag, 0);
    shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1);
    for (int i = 0; i < N; ++i) CHECK(got[i] == prev * 1000 + i, "put before the flag %d", i);
    uint64_t *sig = (uint64_t *)shmem_calloc(1, sizeof(uint64_t));
    shmem_barrier_all();
    shmem_putmem_signal(got, data, 8, sig, 7, SHMEM_SIGNAL_SET, next);
    CHECK(shmem_signal_wait_until(sig, SHMEM_CMP_EQ, 7) == 7 && got[0] == prev * 1000, "signal");

    /* Active-set collectives over all PEs and over the even PEs (static pSync, pWrk). */
    int evens = (n + 1) / 2;
    shmem_barrier(0, 0, n, pSync);
    memset(got, 0, N * sizeof(long));
    shmem_broadcast64(got, data, N, 0, 0, 0, n, pSync);
    for (int i = 0; i < N && me != 0; ++i) CHECK(got[i] == i, "broadcast64 %d", i);
    if (me == 0) CHECK(got[0] == 0 && got[1] == 0, "broadcast64 leaves the root's dest alone");
    long *all = (long *)shmem_malloc(N * n * sizeof(long));
    shmem_barrier(0, 0, n, pSync);
    shmem_fcollect64(all, data, N, 0, 0, n, pSync);
    for (int pe = 0; pe < n; ++pe) CHECK(all[pe * N + 3] == pe * 1000 + 3, "fcollect64 from %d", pe);
    shmem_barrier(0, 0, n, pSync);
    shmem_collect64(all, data, (size_t)(me + 1), 0, 0, n, pSync);  /* PE p gives p + 1 elements */
    for (int pe = 0, at = 0; pe < n; at += ++pe)
        for (int i = 0; i <= pe; ++i) CHECK(all[at + i] == pe * 1000 + i, "collect64 from %d", pe);
    shmem_barrier(0, 0, n, pSync);
    shmem_alltoall64(all, data, 2, 0, 0, n, pSync);
    for (int pe = 0; pe < n; ++pe) CHECK(all[2 * pe + 1] == pe * 1000 + 2 * me + 1, "alltoall64 from %d", pe);
    double *dsrc = (double *)shmem_malloc(N * sizeof(double)), *dsum = (double *)shmem_malloc(N * sizeof(double));
    for (int i = 0; i < N; ++i) dsrc[i] = me + i * 0.5;
    shmem_barrier_all();
    if (me % 2 == 0) {
        shmem_double_sum_to_all(dsum, dsrc, N, 0, 1, evens, pWrk, pSync2);
        double base = 0;
        for (int pe = 0; pe < n; pe += 2) base += pe;
        for (int i = 0; i < N; ++i) CHECK(dsum[i] == base + evens * i * 0.5, "sum_to_all over evens %d", i);
        shmem_barrier(0, 1, evens, pSync);
    }
    /* An active set without PE 0 (PEs 1..n-1, an odd count on 4 PEs): syncs of its own. */
    long *mark = (long *)shmem_calloc(1, sizeof(long));
    if (n >= 3 && me >= 1) {
        int rest = n - 1;
        if (me == n - 1) {  /* the set's barrier waits for its last member, who puts first */
            nanosleep(&(struct timespec){0, 200000000}, NULL);
            for (int pe = 1; pe < n; ++pe) shmem_long_p(mark, 7, pe);
        }
        shmem_barrier(1, 0, rest, pSync);
        CHECK(*mark == 7, "the barrier over PEs 1..%d left before PE %d's puts arrived", rest, n - 1);
        memset(got, 0, N * sizeof(long));
        shmem_broadcast64(got, data, N, 1, 1, 0, rest, pSync);  /* root: set index 1, PE 2 */
        for (int i = 0; i < N && me != 2; ++i) CHECK(got[i] == 2000 + i, "broadcast64 over PEs 1..%d %d", rest, i);
        shmem_barrier(1, 0, rest, pSync);
        shmem_fcollect64(all, data, N, 1, 0, rest, pSync);
        for (int k = 0; k < rest; ++k) CHECK(all[k * N + 3] == (k + 1) * 1000 + 3, "fcollect64 over PEs 1..: from %d", k + 1);
        shmem_barrier(1, 0, rest, pSync);
        shmem_alltoall64(all, data, 2, 1, 0, rest, pSync);
        for (int k = 0; k < rest; ++k)
            CHECK(all[2 * k + 1] == (k + 1) * 1000 + 2 * (me - 1) + 1, "alltoall64 over PEs 1..: from %d", k + 1);
        shmem_long_sum_to_all(got, data, N, 1, 0, rest, (long *)pWrk, pSync2);
        for (int i = 0; i < N; ++i) CHECK(got[i] == 1000L * rest * n / 2 + rest * i, "sum_to_all over PEs 1..: %d", i);
        shmem_barrier(1, 0, rest, pSync);
    }
    shmem_free(mark);
    shmem_double_sum_reduce(SHMEM_TEAM_WORLD, static_sums, dsrc, N);  /* a static destination */
    for (int i = 0; i < N; ++i) CHECK(static_sums[i] == n * (n - 1) / 2.0 + n * i * 0.5, "static sum_reduce %d", i);
    shmem_long_max_to_all(got, data, N, 0, 0, n, (long *)pWrk, pSync2);
    for (int i = 0; i < N; ++i) CHECK(got[i] == (n - 1) * 1000 + i, "max_to_all %d", i);

    /* Teams */
    shmem_team_t pairs;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &pairs) == 0, "split");
    int *v = (int *)shmem_malloc(sizeof(int)), *r = (int *)shmem_malloc(sizeof(int));  /* collective */
    if (me < 2) {
        CHECK(shmem_team_n_pes(pairs) == 2 && shmem_team_my_pe(pairs) == me, "pair team");
        *v = me + 10;
        shmem_int_sum_reduce(pairs, r, v, 1);
        CHECK(*r == 21, "team sum %d", *r);
        shmem_team_sync(pairs);
        shmem_team_destroy(pairs);
    } else {
        CHECK(pairs == SHMEM_TEAM_INVALID, "not in the pair team");
    }
    shmem_free(r);
    shmem_free(v);

    /* alltoalls: element i of the block for PE j is src3[(j * 5 + i) * sst] on the sender and
     * lands at dst2[(j * 5 + i) * 2]; the gaps stay as they were. Team and active-set forms, with
     * sst 3 (over a fabric a member's elements come in a read of their span) and 70 (too sparse
     * for that: element by element, several to a message, 5 leaving one over). */
    const int ne = 5, sparse = 70;
    long *src3 = (long *)shmem_malloc(n * ne * sparse * sizeof(long)), *dst2 = (long *)shmem_malloc(n * ne * 2 * sizeof(long));
    for (int k = 0; k < n * ne * sparse; ++k) src3[k] = me * 100000L + k;
    for (int form = 0; form < 4; ++form) {
        const int sst = form < 2 ? 3 : sparse;
        for (int k = 0; k < n * ne * 2; ++k) dst2[k] = -1;
        shmem_barrier_all();
        if (form % 2 == 0) shmem_long_alltoalls(SHMEM_TEAM_WORLD, dst2, src3, 2, sst, ne);
        else shmem_alltoalls64(dst2, src3, 2, sst, ne, 0, 0, n, pSync);
        for (int pe = 0; pe < n; ++pe)
            for (int i = 0; i < ne; ++i) {
                CHECK(dst2[(pe * ne + i) * 2] == pe * 100000L + (me * ne + i) * sst, "alltoalls form %d (sst %d) from %d [%d]",
                      form, sst, pe, i);
                CHECK(dst2[(pe * ne + i) * 2 + 1] == -1, "alltoalls form %d wrote a gap", form);
            }
    }
    /* Large: over a fabric a member's elements come in one read of their span (gaps included),
     * and a span past the 4 MiB a batch of such reads holds takes a batch of its own. */
    {
        const long big = 180000; /* a span of 4.3 MB */
        long *bsrc = (long *)shmem_malloc(n * big * 3 * sizeof(long)), *bdst = (long *)shmem_malloc(n * big * 2 * sizeof(long));
        for (long k = 0; k < n * big * 3; ++k) bsrc[k] = me * 10000000L + k;
        for (long k = 0; k < n * big * 2; ++k) bdst[k] = -1;
        shmem_barrier_all();
        shmem_long_alltoalls(SHMEM_TEAM_WORLD, bdst, bsrc, 2, 3, big);
        long wrong = 0;
        for (int pe = 0; pe < n; ++pe)
            for (long i = 0; i < big; ++i)
                wrong += bdst[(pe * big + i) * 2] != pe * 10000000L + (me * big + i) * 3 || bdst[(pe * big + i) * 2 + 1] != -1;
        CHECK(wrong == 0, "large alltoalls: %ld elements or gaps wrong", wrong);
        shmem_barrier_all(); /* every PE has read bsrc */
        shmem_free(bdst);
        shmem_free(bsrc);
    }
    /* Unit strides (alltoall's layout, which takes alltoall's algorithm): block j of 3 elements
     * is src3[j * 3 ..] on the sender and lands at dst2[j * 3 ..] (dst2 holds 4 per PE). */
    for (int form = 0; form < 2; ++form) {
        for (int k = 0; k < n * 2 * 2; ++k) dst2[k] = -1;
        shmem_barrier_all();
        if (form == 0) shmem_long_alltoalls(SHMEM_TEAM_WORLD, dst2, src3, 1, 1, 3);
        else shmem_alltoalls64(dst2, src3, 1, 1, 3, 0, 0, n, pSync);
        for (int pe = 0; pe < n; ++pe)
            for (int i = 0; i < 3; ++i)
                CHECK(dst2[pe * 3 + i] == pe * 100000L + me * 3 + i, "unit-stride alltoalls form %d from %d [%d]", form, pe, i);
        for (int k = n * 3; k < n * 2 * 2; ++k) CHECK(dst2[k] == -1, "unit-stride alltoalls form %d wrote past the end", form);
    }

    /* Contexts: the default one, a world context, a context over the world in reverse order
     * (PE numbers in the team), the error returns. */
    shmem_ctx_t ctx = SHMEM_CTX_INVALID, rctx = SHMEM_CTX_INVALID, bad = SHMEM_CTX_DEFAULT;
    shmem_team_t rev = SHMEM_TEAM_INVALID, ctx_team = SHMEM_TEAM_INVALID;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE | SHMEM_CTX_SERIALIZED, &ctx) == 0 && ctx != SHMEM_CTX_INVALID, "ctx_create");
    CHECK(shmem_ctx_get_team(ctx, &ctx_team) == 0 && ctx_team == SHMEM_TEAM_WORLD, "ctx_get_team");
    CHECK(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &ctx_team) == 0 && ctx_team == SHMEM_TEAM_WORLD, "default ctx team");
    CHECK(shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &bad) != 0 && bad == SHMEM_CTX_INVALID, "ctx on an invalid team");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &rev) == 0, "reversed team");
    CHECK(shmem_team_create_ctx(rev, 0, &rctx) == 0 && rctx != SHMEM_CTX_INVALID, "team_create_ctx");
    CHECK(shmem_ctx_get_team(rctx, &ctx_team) == 0 && ctx_team == rev, "team ctx's team");
    int *box = (int *)shmem_calloc(n, sizeof(int));
    long *lcounter = (long *)shmem_calloc(1, sizeof(long));
    shmem_ctx_int_p(ctx, &box[me], me + 1, next);
    shmem_ctx_int_put_nbi(SHMEM_CTX_DEFAULT, &box[me], &box[me], 0, next);  /* nothing to move */
    shmem_ctx_long_atomic_add(rctx, lcounter, 1, 0);  /* team PE 0 is world PE n - 1 */
    shmem_ctx_quiet(ctx);
    shmem_ctx_quiet(rctx);
    shmem_barrier_all();
    CHECK(box[prev] == prev + 1, "ctx put from %d: %d", prev, box[prev]);
    CHECK(shmem_ctx_int_g(rctx, &box[me], n - 1 - next) == me + 1, "team ctx get from world PE %d", next);
    CHECK(shmem_ctx_long_atomic_fetch(rctx, lcounter, 0) == n, "team ctx atomics on world PE %d", n - 1);
    CHECK(shmem_ctx_long_atomic_fetch(ctx, lcounter, n - 1) == n, "world ctx atomic fetch");
    shmem_ctx_destroy(rctx);
    shmem_ctx_destroy(ctx);
    shmem_ctx_destroy(SHMEM_CTX_INVALID);  /* does nothing, as quiet and fence on it */
    shmem_ctx_quiet(SHMEM_CTX_INVALID);
    shmem_ctx_fence(SHMEM_CTX_INVALID);
    CHECK(shmem_ctx_get_team(ctx, &ctx_team) != 0 && ctx_team == SHMEM_TEAM_INVALID, "destroyed ctx has no team");
    shmem_team_destroy(rev);
    shmem_free(lcounter);
    shmem_free(box);
    shmem_free(dst2);
    shmem_free(src3);

    shmem_barrier_all();
    /* Every collective is over on every PE: pSync is as the program set it (SHMEM_SYNC_VALUE). */
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; ++i)
        CHECK(pSync[i] == SHMEM_SYNC_VALUE && pSync2[i] == SHMEM_SYNC_VALUE, "pSync[%d] %ld, pSync2 %ld", i, pSync[i], pSync2[i]);
    if (me == 0) printf("openshmem: PASS on %d PEs\n", n);
    shmem_free(dsum);
    shmem_free(dsrc);
    shmem_free(all);
    shmem_free(sig);
    shmem_free(flag);
    shmem_free(icounter);
    shmem_free(counter);
    shmem_free(got);
    shfree(data);
    shmem_finalize();
    return 0;
}
