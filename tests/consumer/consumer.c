/* Reads every other PE's element and checks it. */
#include <nvshmem.h>
#include <stdio.h>

int main(void) {
    nvshmem_init();
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    long *value = (long *)nvshmem_malloc(sizeof(long));
    *value = 1000 + me;
    nvshmem_barrier_all();
    int bad = 0;
    for (int pe = 0; pe < n; ++pe) bad += nvshmem_long_g(value, pe) != 1000 + pe;
    nvshmem_barrier_all();
    nvshmem_free(value);
    if (me == 0) printf("consumer: %s on %d PEs\n", bad ? "FAIL" : "OK", n);
    nvshmem_finalize();
    return bad != 0;
}
