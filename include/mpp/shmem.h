/* Where SGI and Cray SHMEM kept the header, and older OpenSHMEM programs include it from
 * (<mpp/shmem.h>, as Open MPI and Sandia OpenSHMEM also install it): the same as <shmem.h>. */
#include "../shmem.h"
