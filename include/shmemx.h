/* fabshmem: OpenSHMEM's extensions header, which OpenSHMEM programs include beside shmem.h.
 * fabshmem's extensions to OpenSHMEM are declared in shmem.h itself. */
#ifndef FABSHMEM_SHMEMX_H
#define FABSHMEM_SHMEMX_H

#include "shmem.h"

#endif
