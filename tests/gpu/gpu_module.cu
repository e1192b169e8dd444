// A kernel built into a cubin of its own (relocatable device code), which gpu_nvshmemx loads
// with cuModuleLoad and hands to nvshmemx_cumodule_init: it tells the next PE who it is.
#include <nvshmem.h>

extern "C" __global__ void identify(int *out, int peer) {
    nvshmem_int_p(out, nvshmem_my_pe(), peer);
    nvshmem_int_p(out + 1, nvshmem_n_pes(), peer);
}
