/* Quiet completes a put and a non-fetching atomic at a target that is not calling the library:
 * PE 1 sleeps without a call while PE 0 puts (then adds) and quiets; PE 1, on waking, reads the
 * word before any call. A quiet that returned before that read must have left the word written;
 * one that returned after it waited for the target's next call, which the specification allows
 * (no progress without calls) and this program reports. fabshmem's progress thread serves the
 * sleeping target, so there both are applied while it sleeps. Built with another OpenSHMEM's
 * oshcc it shows whether that library's quiet completes them (docs/benchmarks.md). One node:
 * the two PEs compare times of the same clock. */
#define _POSIX_C_SOURCE 200809L /* nanosleep, clock_gettime */
#include <shmem.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void pause_for(long milliseconds) {
    struct timespec t = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static double quiet_returned;  /* PE 0's, symmetric: static */

/* PE 0 runs `op` on PE 1's `word` and quiets while PE 1 sleeps. On PE 1: 1 when the word was
 * applied before its first call, 0 when PE 0's quiet waited for that call, -1 when the quiet
 * returned before PE 1 read the word and it was not there. */
static int check(const char *what, long *word, long expected, void (*op)(long *)) {
    int me = shmem_my_pe(), verdict = 1;
    long seen = 0;
    double read_at = 0;
    shmem_barrier_all();
    if (me == 1) {
        pause_for(1000);
        seen = *(volatile long *)word;
        read_at = now();
    } else if (me == 0) {
        pause_for(200);
        double start = now();
        op(word);
        shmem_quiet();
        quiet_returned = now();
        printf("%s: PE 0's quiet returned after %.3f s\n", what, quiet_returned - start);
    }
    shmem_barrier_all();
    if (me == 1) {
        double returned = shmem_double_g(&quiet_returned, 0);
        verdict = seen == expected ? 1 : returned > read_at ? 0 : -1;
        printf("%s: PE 1 on waking, before any call, reads %ld: %s\n", what, seen,
               verdict > 0   ? "applied while the target made no call"
               : verdict == 0 ? "the quiet waited for the target's next call"
                              : "NOT complete: the quiet returned before the target had it");
    }
    return verdict;
}

static void put42(long *word) { shmem_long_p(word, 42, 1); }
static void add5(long *word) { shmem_long_atomic_add(word, 5, 1); }

int main(void) {
    shmem_init();
    if (shmem_n_pes() != 2) {
        fprintf(stderr, "quiet_asleep: runs on 2 PEs of one node\n");
        shmem_global_exit(1);
    }
    long *words = (long *)shmem_calloc(2, sizeof(long));
    int put = check("put 8 B", &words[0], 42, put42);
    int add = check("atomic add", &words[1], 5, add5);
    static int verdicts[2];  /* symmetric: static */
    if (shmem_my_pe() == 1) verdicts[0] = put, verdicts[1] = add;
    shmem_barrier_all();
    if (shmem_my_pe() == 0) {
        shmem_int_get(verdicts, verdicts, 2, 1);
        int applied = (verdicts[0] > 0) + (verdicts[1] > 0);
        int broken = verdicts[0] < 0 || verdicts[1] < 0;
        printf("quiet_asleep: %s on 2 PEs (%d of 2 applied while the target made no call)\n",
               broken ? "FAIL" : "PASS", applied);
    }
    shmem_barrier_all();
    int failed = verdicts[0] < 0 || verdicts[1] < 0;
    shmem_free(words);
    shmem_finalize();
    return failed;
}
