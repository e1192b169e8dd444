/* The OpenSHMEM calls that shmem.h forwards to the NVSHMEM ones: shmem.h declares them for
 * programs and gives their bodies here, where they become symbols of the library. */
#define FABSHMEMI_DEFINE_SHMEM_FORWARDS
#include "shmem.h"

void(shmem_wait)(long *ivar, long cmp_value) { shmem_long_wait(ivar, cmp_value); }
void(shmem_wait_until)(long *ivar, int cmp, long cmp_value) { shmem_long_wait_until(ivar, cmp, cmp_value); }
long(shmem_swap)(long *dest, long value, int pe) { return shmem_long_swap(dest, value, pe); }
