/* <mpp/shmemx.h>, for programs written against SGI and Cray SHMEM's layout: <shmemx.h>. */
#include "../shmemx.h"
