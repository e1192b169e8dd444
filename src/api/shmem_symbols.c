/* The OpenSHMEM calls that shmem.h defines inline, compiled here once more as ordinary
 * functions with external linkage: every OpenSHMEM routine is then also a symbol of the
 * library, which autotools link checks (AC_CHECK_FUNC, AC_LINK_IFELSE) and programs that
 * declare a routine themselves rely on. */
#define FABSHMEMI_SHMEM_INLINE
#include "shmem.h"

void(shmem_wait)(long *ivar, long cmp_value) { shmem_long_wait(ivar, cmp_value); }
