// CUDA program integration: collective (cooperative) kernel launches, and CUmodules and
// CUlibraries the program loads itself.
#include <string>

#include "cuda_support.h"
#include "device_channel.h"
#include "log.h"
#include "nvshmemx.h"
#include "runtime.h"

using namespace fabshmem;

namespace fabshmem {
// CUDA's dim3, as the library sees it without CUDA's headers (the same layout, passed the same).
struct Dim3 {
    unsigned x, y, z;
};
}  // namespace fabshmem

namespace {

// `code`: a CUmodule, or (`library`) a CUlibrary.
int add_program_code(const char *function, void *code, bool library) {
    runtime_for(function);
    std::string error;
    if (!code || !add_loaded_module(code, library, &error)) {
        FS_ERROR("%s: %s", function, code ? error.c_str() : library ? "the library is NULL" : "the module is NULL");
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    return NVSHMEMX_SUCCESS;
}

int remove_program_code(const char *function, void *code, const char *added_by) {
    if (!remove_loaded_module(code)) {
        FS_ERROR("%s: %p was not given to %s", function, code, added_by);
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    return NVSHMEMX_SUCCESS;
}

}  // namespace

extern "C" {

int nvshmemx_collective_launch_query_gridsize(const void *func, Dim3 block, void **, size_t shared_bytes,
                                              int *gridsize) {
    runtime_for("nvshmemx_collective_launch_query_gridsize");
    std::string error;
    int blocks = 0;
    if (!gridsize || !func ||
        !cuda::max_coresident_blocks(func, block.x * block.y * block.z, shared_bytes, &blocks, &error)) {
        FS_ERROR("nvshmemx_collective_launch_query_gridsize: %s", gridsize && func ? error.c_str() : "NULL argument");
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    *gridsize = blocks;
    return NVSHMEMX_SUCCESS;
}

int nvshmemx_collective_launch(const void *func, Dim3 grid, Dim3 block, void **args, size_t shared_bytes,
                               cudaStream_t stream) {
    runtime_for("nvshmemx_collective_launch");
    std::string error;
    int fit = 0;
    unsigned long long blocks = 1ull * grid.x * grid.y * grid.z;
    unsigned threads = block.x * block.y * block.z;
    if (!func || !cuda::max_coresident_blocks(func, threads, shared_bytes, &fit, &error)) {
        FS_ERROR("nvshmemx_collective_launch: %s", func ? error.c_str() : "the kernel is NULL");
        return NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED;
    }
    if (blocks > static_cast<unsigned long long>(fit)) {
        FS_ERROR("nvshmemx_collective_launch: a grid of %llu blocks of %u threads cannot be resident on the GPU "
                 "at once (at most %d fit, with %zu bytes of shared memory each), so blocks waiting in NVSHMEM "
                 "calls would wait for ever: launch at most that many (nvshmemx_collective_launch_query_gridsize "
                 "says how many)", blocks, threads, fit, shared_bytes);
        return NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED;
    }
    const unsigned g[3] = {grid.x, grid.y, grid.z};
    const unsigned b[3] = {block.x, block.y, block.z};
    if (!cuda::launch_cooperative(func, g, b, args, shared_bytes, stream, &error)) {
        FS_ERROR("nvshmemx_collective_launch: %s", error.c_str());
        return NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED;
    }
    return NVSHMEMX_SUCCESS;
}

int nvshmemx_cumodule_init(CUmodule module) { return add_program_code("nvshmemx_cumodule_init", module, false); }
int nvshmemx_cumodule_finalize(CUmodule module) {
    return remove_program_code("nvshmemx_cumodule_finalize", module, "nvshmemx_cumodule_init");
}
int nvshmemx_culibrary_init(CUlibrary library) { return add_program_code("nvshmemx_culibrary_init", library, true); }
int nvshmemx_culibrary_finalize(CUlibrary library) {
    return remove_program_code("nvshmemx_culibrary_finalize", library, "nvshmemx_culibrary_init");
}

}  // extern "C"
