/* The tutorial's first program: init, who am I, finalize. */
#include <nvshmem.h>
#include <stdio.h>

int main(void) {
    nvshmem_init();
    int my_rank = nvshmem_my_pe();
    int n_ranks = nvshmem_n_pes();
    printf("Hello from rank %d of %d\n", my_rank, n_ranks);
    nvshmem_finalize();
    return 0;
}
