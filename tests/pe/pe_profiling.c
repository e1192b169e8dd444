/* OpenSHMEM's profiling interface from both sides.
 *   - A tool (pe_profiler.c, a library linked ahead of libfabshmem) defines shmem_long_put,
 *     shmem_barrier_all and shmem_long_atomic_fetch_add: it must see every call the program
 *     makes to them, typed or through the C11 generic names, and none the program makes to
 *     other routines (shmem_ctx_long_put, shmem_long_put_nbi) or to the pshmem_ names, nor
 *     any the library makes internally; shmem_pcontrol(0) pauses it.
 *   - The program calls pshmem_ routines directly (Sandia's rma_coverage_pshmem does): they
 *     move the same data as the shmem_ ones.
 * Every element moved is checked, on every PE. */
#include <pshmem.h>
#include <stdio.h>

long pe_profiler_puts(void);
long pe_profiler_barriers(void);
long pe_profiler_fetch_adds(void);

#define N 64
static long slots[5][N];
static long counter, rank_plus_one, rank_sum;

static int failures;
static void expect(int me, const char *what, long got, long want) {
    if (got == want) return;
    fprintf(stderr, "PE %d: FAIL: %s: %ld, expected %ld\n", me, what, got, want);
    failures++;
}

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), right = (me + 1) % n, left = (me + n - 1) % n;
    long mine[N];
    for (int i = 0; i < N; i++) mine[i] = (long)me * 1000 + i;

    shmem_long_put(slots[0], mine, N, right);             /* counted */
    shmem_put(slots[1], mine, N, right);                  /* generic: counted */
    pshmem_long_put(slots[2], mine, N, right);            /* the tool's own route: not counted */
    shmem_ctx_long_put(SHMEM_CTX_DEFAULT, slots[3], mine, N, right); /* another routine */
    shmem_long_put_nbi(slots[4], mine, N, right);         /* another routine */
    shmem_barrier_all();                                  /* counted */

    for (int s = 0; s < 5; s++)
        for (int i = 0; i < N; i++) expect(me, "a put's element", slots[s][i], (long)left * 1000 + i);
    expect(me, "shmem_long_put calls the tool saw", pe_profiler_puts(), 2);
    expect(me, "shmem_barrier_all calls the tool saw", pe_profiler_barriers(), 1);

    /* The pshmem_ names of other kinds of routine: queries, allocation, AMOs, collectives. */
    expect(me, "pshmem_my_pe", pshmem_my_pe(), me);
    expect(me, "p_num_pes", p_num_pes(), n);
    long *heap = (long *)pshmem_malloc(N * sizeof(long));
    for (int i = 0; i < N; i++) heap[i] = -1;
    pshmem_barrier_all();
    pshmem_long_p(&heap[me % N], me + 7, right);
    long old = shmem_long_atomic_fetch_add(&counter, 1, 0);   /* counted */
    expect(me, "a fetched counter value in [0, 2 x PEs)", old >= 0 && old < 2L * n, 1);
    pshmem_long_atomic_fetch_add(&counter, 1, 0);            /* not counted */
    pshmem_quiet();
    pshmem_team_sync(SHMEM_TEAM_WORLD);
    expect(me, "pshmem_long_p's element", heap[left % N], left + 7);
    expect(me, "pshmem_long_g", pshmem_long_g(&heap[left % N], me), left + 7);
    rank_plus_one = me + 1;
    pshmem_long_sum_reduce(SHMEM_TEAM_WORLD, &rank_sum, &rank_plus_one, 1);
    expect(me, "pshmem_long_sum_reduce of PE + 1", rank_sum, (long)n * (n + 1) / 2);
    pshmem_barrier_all();
    if (me == 0) expect(me, "the counter after every PE's two adds", pshmem_long_g(&counter, 0), 2L * n);
    expect(me, "shmem_long_atomic_fetch_add calls the tool saw", pe_profiler_fetch_adds(), 1);
    pshmem_free(heap);

    /* shmem_pcontrol(0) pauses the tool; 1 resumes it. */
    shmem_pcontrol(0);
    shmem_long_put(slots[0], mine, N, right);
    shmem_pcontrol(1);
    shmem_long_put(slots[1], mine, N, right);
    shmem_barrier_all();
    expect(me, "shmem_long_put calls the tool saw around shmem_pcontrol(0)", pe_profiler_puts(), 3);
    expect(me, "shmem_barrier_all calls the tool saw", pe_profiler_barriers(), 2);

    shmem_finalize();
    if (failures) return 1;
    if (me == 0) printf("profiling: PASS on %d PEs\n", n);
    return 0;
}
