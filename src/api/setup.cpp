// Life cycle and identity: nvshmem_init ... nvshmem_finalize.
#include <cstdio>

#include "nvshmemx.h"
#include "runtime.h"

using namespace fabshmem;

extern "C" {

void nvshmem_init(void) { initialize(); }
void nvshmem_finalize(void) { finalize(); }
void nvshmem_global_exit(int status) { global_exit(status); }

int nvshmemx_init_thread(int, int *provided) {
    initialize();
    if (provided) *provided = NVSHMEM_THREAD_MULTIPLE;
    return 0;
}

void nvshmem_query_thread(int *provided) {
    runtime_for("nvshmem_query_thread");
    *provided = NVSHMEM_THREAD_MULTIPLE;
}
int nvshmemx_init_status(void) { return init_status(); }
const char *fabshmemx_provider_name(void) {
    Runtime &rt = runtime_for("fabshmemx_provider_name");
    Transport *network = rt.routing.network();
    return network ? network->provider_name() : "none";
}
int nvshmem_my_pe(void) { return runtime_for("nvshmem_my_pe").my_pe; }
int nvshmem_n_pes(void) { return runtime_for("nvshmem_n_pes").n_pes; }

void nvshmem_info_get_version(int *major, int *minor) {
    *major = NVSHMEM_MAJOR_VERSION;
    *minor = NVSHMEM_MINOR_VERSION;
}

void nvshmem_info_get_name(char *name) {
    std::snprintf(name, NVSHMEM_MAX_NAME_LEN, "%s %d.%d.%d (NVSHMEM API %d.%d over libfabric)",
                  NVSHMEM_VENDOR_STRING, FABSHMEM_VERSION_MAJOR, FABSHMEM_VERSION_MINOR,
                  FABSHMEM_VERSION_PATCH, NVSHMEM_MAJOR_VERSION, NVSHMEM_MINOR_VERSION);
}

}  // extern "C"
