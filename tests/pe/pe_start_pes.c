/* A legacy OpenSHMEM program, written as SGI SHMEM's era wrote them: <mpp/shmem.h>, start_pes,
 * the _SHMEM_ constants, the untyped shmem_swap and shmem_wait_until on a long as functions
 * (before C11 they were), then main returns without shmem_finalize. The library finalizes at
 * exit, so the job ends with status 0 and nothing left behind. */
#include <mpp/shmem.h>
#include <stdio.h>
#include <string.h>

static long value, flag, swapped;

int main(void) {
    start_pes(0);
    int me = _my_pe(), n = _num_pes();
    char name[_SHMEM_MAX_NAME_LEN];
    shmem_info_get_name(name);
    if (_SHMEM_MAJOR_VERSION != SHMEM_MAJOR_VERSION || strcmp(name, _SHMEM_VENDOR_STRING) != 0) {
        fprintf(stderr, "PE %d: FAIL: the _SHMEM_ constants differ from the SHMEM_ ones\n", me);
        return 1;
    }
    shmem_long_p(&value, me + 1, (me + 1) % n);
    shmem_barrier_all();
    if (value != (me + n - 1) % n + 1) {
        fprintf(stderr, "PE %d: FAIL: value %ld\n", me, value);
        return 1;
    }
    long before = (shmem_swap)(&swapped, me + 10, (me + 1) % n);
    shmem_barrier_all();
    if (before != 0 || swapped != (me + n - 1) % n + 10) {
        fprintf(stderr, "PE %d: FAIL: shmem_swap returned %ld and left %ld\n", me, before, swapped);
        return 1;
    }
    shmem_long_p(&flag, 1, (me + 1) % n);
    (shmem_wait_until)(&flag, _SHMEM_CMP_EQ, 1);
    if (me == 0) printf("start_pes: PASS on %d PEs, returning without shmem_finalize\n", n);
    return 0;
}
