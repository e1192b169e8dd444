/* shmem_global_exit as OpenSHMEM defines it: every PE of the job ends with the status the
 * caller gave. PE 0 calls it after 0.2 s while the others wait in a barrier ("barrier") or
 * compute without calling the library ("compute"). scripts/test.sh checks the launcher's exit
 * status and that no PE reported an error: a PE killed by the launcher, or one that took
 * PE 0's end for a failure, would show. `pe_global_exit STATUS [barrier|compute]` */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    int status = argc > 1 ? atoi(argv[1]) : 0;
    const char *others = argc > 2 ? argv[2] : "barrier";
    shmem_init();
    if (shmem_my_pe() == 0) {
        struct timespec pause = {0, 200000000};
        nanosleep(&pause, NULL);
        shmem_global_exit(status);
    }
    if (!strcmp(others, "compute"))
        for (volatile unsigned long spins = 0;; ++spins) {
        }
    shmem_barrier_all();
    printf("PE %d: past the barrier: the global exit did not end it\n", shmem_my_pe());
    shmem_finalize();
    return 99;
}
