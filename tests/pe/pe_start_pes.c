/* A legacy OpenSHMEM program: start_pes, then main returns without shmem_finalize. The
 * library finalizes at exit, so the job ends with status 0 and nothing left behind. */
#include <shmem.h>
#include <stdio.h>

static long value;

int main(void) {
    start_pes(0);
    int me = _my_pe(), n = _num_pes();
    shmem_long_p(&value, me + 1, (me + 1) % n);
    shmem_barrier_all();
    if (value != (me + n - 1) % n + 1) {
        fprintf(stderr, "PE %d: FAIL: value %ld\n", me, value);
        return 1;
    }
    if (me == 0) printf("start_pes: PASS on %d PEs, returning without shmem_finalize\n", n);
    return 0;
}
