/* fabshmem: NVSHMEM's extension API (nvshmemx_*). */
#ifndef FABSHMEM_NVSHMEMX_H
#define FABSHMEM_NVSHMEMX_H

#include "nvshmem.h"

#ifdef __cplusplus
extern "C" {
#endif

enum nvshmemx_init_status {
    NVSHMEM_STATUS_NOT_INITIALIZED = 0,
    NVSHMEM_STATUS_IS_BOOTSTRAPPED,
    NVSHMEM_STATUS_IS_INITIALIZED,
    NVSHMEM_STATUS_LIMITED_MPG,
    NVSHMEM_STATUS_FULL_MPG,
    NVSHMEM_STATUS_INVALID = 0x7fffffff
};

/* Where the library is in its life cycle; callable at any time, before init and after
 * finalize included. */
int nvshmemx_init_status(void);

/* fabshmem extension: the libfabric provider that reaches remote PEs ("tcp;ofi_rxm", "shm",
 * ...), or "none" in a 1-PE job. Valid between init and finalize. */
const char *fabshmemx_provider_name(void);

#ifdef __cplusplus
}
#endif

#endif
