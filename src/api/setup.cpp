// Life cycle and identity: nvshmem_init ... nvshmem_finalize.
#include <cstdio>
#include <string>

#include "log.h"

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

int nvshmem_init_thread(int requested, int *provided) { return nvshmemx_init_thread(requested, provided); }

int nvshmemx_set_attr_mpi_comm_args(void *mpi_comm, nvshmemx_init_attr_t *attr) {
    if (!attr) {
        FS_ERROR("nvshmemx_set_attr_mpi_comm_args(%p, NULL): pass the nvshmemx_init_attr_t to fill in", mpi_comm);
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    attr->mpi_comm = mpi_comm;
    return 0;
}

int nvshmemx_init_attr(unsigned int flags, nvshmemx_init_attr_t *attr) {
    BootstrapArgs args;
    if (flags & NVSHMEMX_INIT_WITH_UNIQUEID) {
        const nvshmemx_uniqueid_args_t *uid = attr ? &attr->args.uid_args : nullptr;
        if (!uid || !uid->id || uid->nranks < 1 || uid->myrank < 0 || uid->myrank >= uid->nranks) {
            FS_ERROR("nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID): the attributes hold no unique id "
                     "or no valid rank (%d of %d): call nvshmemx_set_attr_uniqueid_args(rank, nranks, &id, "
                     "&attr) first", uid ? uid->myrank : -1, uid ? uid->nranks : -1);
            return NVSHMEMX_ERROR_INVALID_VALUE;
        }
        args.rank = uid->myrank;
        args.size = uid->nranks;
        args.unique_id = uid->id->internal;
        return initialize("uid", &args) ? NVSHMEMX_SUCCESS : NVSHMEMX_ERROR_INTERNAL;
    }
    if (flags & NVSHMEMX_INIT_WITH_MPI_COMM) {
        if (!attr || !attr->mpi_comm) {
            FS_ERROR("nvshmemx_init_attr(NVSHMEMX_INIT_WITH_MPI_COMM): attr->mpi_comm is NULL: set it to "
                     "the address of the MPI_Comm whose ranks become the PEs");
            return NVSHMEMX_ERROR_INVALID_VALUE;
        }
        args.mpi_comm = attr->mpi_comm;
        return initialize("mpi", &args) ? NVSHMEMX_SUCCESS : NVSHMEMX_ERROR_INTERNAL;
    }
    // NVSHMEMX_INIT_THREAD_PES, NVSHMEMX_INIT_WITH_SHMEM (the job shmem_init started), or none.
    initialize();
    return NVSHMEMX_SUCCESS;
}

int nvshmemx_get_uniqueid(nvshmemx_uniqueid_t *uniqueid) {
    if (!uniqueid) {
        FS_ERROR("nvshmemx_get_uniqueid: the id pointer is NULL");
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    std::string error;
    nvshmemx_uniqueid_t fresh = NVSHMEMX_UNIQUEID_INITIALIZER;
    if (!make_unique_id(fresh.internal, &error)) {
        FS_ERROR("nvshmemx_get_uniqueid: %s", error.c_str());
        return NVSHMEMX_ERROR_INTERNAL;
    }
    *uniqueid = fresh;
    return NVSHMEMX_SUCCESS;
}

int nvshmemx_set_attr_uniqueid_args(const int myrank, const int nranks, const nvshmemx_uniqueid_t *uniqueid,
                                    nvshmemx_init_attr_t *attr) {
    if (!uniqueid || !attr || nranks < 1 || myrank < 0 || myrank >= nranks) {
        FS_ERROR("nvshmemx_set_attr_uniqueid_args(%d, %d, %p, %p): expected 0 <= myrank < nranks and "
                 "both pointers set", myrank, nranks, static_cast<const void *>(uniqueid), static_cast<void *>(attr));
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    attr->args.uid_args.myrank = myrank;
    attr->args.uid_args.nranks = nranks;
    attr->args.uid_args.id = const_cast<nvshmemx_uniqueid_t *>(uniqueid);
    return NVSHMEMX_SUCCESS;
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

// The NVSHMEM release whose API this is (see nvshmem.h), on the host; kernels read the macros.
void nvshmemx_vendor_get_version_info(int *major, int *minor, int *patch) {
    if (major) *major = NVSHMEM_VENDOR_MAJOR_VERSION;
    if (minor) *minor = NVSHMEM_VENDOR_MINOR_VERSION;
    if (patch) *patch = NVSHMEM_VENDOR_PATCH_VERSION;
}

void nvshmem_info_get_name(char *name) {
    std::snprintf(name, NVSHMEM_MAX_NAME_LEN, "%s %d.%d.%d (NVSHMEM API %d.%d.%d over libfabric)",
                  NVSHMEM_VENDOR_STRING, FABSHMEM_VERSION_MAJOR, FABSHMEM_VERSION_MINOR,
                  FABSHMEM_VERSION_PATCH, NVSHMEM_VENDOR_MAJOR_VERSION, NVSHMEM_VENDOR_MINOR_VERSION,
                  NVSHMEM_VENDOR_PATCH_VERSION);
}

}  // extern "C"
