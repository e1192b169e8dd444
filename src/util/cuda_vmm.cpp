// CUDA's virtual memory management (cuMem*), for what extends a GPU heap past its first
// allocation. The driver calls come through the runtime's entry-point query, so the library
// needs no link to libcuda (as in cuda_support.cpp).
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

#include "cuda_support.h"

namespace fabshmem::cuda {
namespace {

struct Driver {
    decltype(&cuGetErrorString) get_error_string = nullptr;
    decltype(&cuDeviceGetAttribute) device_attribute = nullptr;
    decltype(&cuMemGetAllocationGranularity) granularity = nullptr;
    decltype(&cuMemAddressReserve) reserve = nullptr;
    decltype(&cuMemAddressFree) unreserve = nullptr;
    decltype(&cuMemCreate) create = nullptr;
    decltype(&cuMemRelease) release = nullptr;
    decltype(&cuMemRetainAllocationHandle) retain = nullptr;
    decltype(&cuMemGetAddressRange) address_range = nullptr;
    decltype(&cuMemMap) map = nullptr;
    decltype(&cuMemUnmap) unmap = nullptr;
    decltype(&cuMemSetAccess) set_access = nullptr;
    decltype(&cuMemExportToShareableHandle) export_handle = nullptr;
    decltype(&cuMemImportFromShareableHandle) import_handle = nullptr;
    bool complete = false;
};

template <class Fn>
bool load(const char *name, Fn *fn) {
    void *address = nullptr;
    cudaDriverEntryPointQueryResult found{};
    if (cudaGetDriverEntryPointByVersion(name, &address, 12000, cudaEnableDefault, &found) != cudaSuccess ||
        found != cudaDriverEntryPointSuccess || !address) {
        cudaGetLastError();
        return false;
    }
    *fn = reinterpret_cast<Fn>(address);
    return true;
}

const Driver &driver() {
    static const Driver d = [] {
        Driver x;
        x.complete = load("cuGetErrorString", &x.get_error_string) &&
                     load("cuDeviceGetAttribute", &x.device_attribute) &&
                     load("cuMemGetAllocationGranularity", &x.granularity) &&
                     load("cuMemAddressReserve", &x.reserve) && load("cuMemAddressFree", &x.unreserve) &&
                     load("cuMemCreate", &x.create) && load("cuMemRelease", &x.release) &&
                     load("cuMemRetainAllocationHandle", &x.retain) &&
                     load("cuMemGetAddressRange", &x.address_range) && load("cuMemMap", &x.map) &&
                     load("cuMemUnmap", &x.unmap) && load("cuMemSetAccess", &x.set_access) &&
                     load("cuMemExportToShareableHandle", &x.export_handle) &&
                     load("cuMemImportFromShareableHandle", &x.import_handle);
        return x;
    }();
    return d;
}

bool ok(CUresult rc, const char *what, std::string *error) {
    if (rc == CUDA_SUCCESS) return true;
    const char *text = nullptr;
    if (driver().get_error_string) driver().get_error_string(rc, &text);
    if (error) *error = std::string(what) + ": " + (text ? text : "CUDA error " + std::to_string(rc));
    return false;
}

bool have_driver(std::string *error) {
    if (driver().complete) return true;
    if (error) *error = "the CUDA driver lacks the virtual memory calls (cuMemCreate and its family)";
    return false;
}

int current_device() {
    int device = 0;
    if (cudaGetDevice(&device) != cudaSuccess) cudaGetLastError();
    return device;
}

CUmemAllocationProp properties(int device) {
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    int rdma = 0;
    driver().device_attribute(&rdma, CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED, device);
    prop.allocFlags.gpuDirectRDMACapable = rdma ? 1 : 0;  // the NIC may read it (FI_HMEM)
    return prop;
}

}  // namespace

size_t vmm_granularity(std::string *error) {
    if (!have_driver(error)) return 0;
    int device = current_device(), vmm = 0, fd_handles = 0;
    driver().device_attribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, device);
    driver().device_attribute(&fd_handles, CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, device);
    if (!vmm || !fd_handles) {
        if (error)
            *error = std::string("GPU ") + std::to_string(device) + " has no " +
                     (vmm ? "file-descriptor sharing of virtual memory" : "virtual memory management");
        return 0;
    }
    CUmemAllocationProp prop = properties(device);
    size_t bytes = 0;
    if (!ok(driver().granularity(&bytes, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM), "cuMemGetAllocationGranularity",
            error))
        return 0;
    return bytes;
}

void *vmm_reserve(size_t bytes, size_t alignment, std::string *error) {
    CUdeviceptr base = 0;
    if (!have_driver(error) || !ok(driver().reserve(&base, bytes, alignment, 0, 0), "cuMemAddressReserve", error))
        return nullptr;
    return reinterpret_cast<void *>(base);
}

void vmm_unreserve(void *base, size_t bytes) {
    if (base && driver().complete) driver().unreserve(reinterpret_cast<CUdeviceptr>(base), bytes);
}

bool vmm_create(size_t bytes, uint64_t *handle, std::string *error) {
    if (!have_driver(error)) return false;
    CUmemAllocationProp prop = properties(current_device());
    CUmemGenericAllocationHandle created = 0;
    if (!ok(driver().create(&created, bytes, &prop, 0), "cuMemCreate", error)) return false;
    *handle = created;
    return true;
}

bool vmm_retain(void *ptr, size_t bytes, uint64_t *handle, std::string *error) {
    if (!have_driver(error)) return false;
    CUdeviceptr base = 0;
    size_t size = 0;
    CUmemGenericAllocationHandle retained = 0;
    if (!ok(driver().retain(&retained, ptr), "cuMemRetainAllocationHandle", error)) {
        if (error) *error += " (the buffer must be GPU memory from cuMemCreate, mapped with cuMemMap)";
        return false;
    }
    if (!ok(driver().address_range(&base, &size, reinterpret_cast<CUdeviceptr>(ptr)), "cuMemGetAddressRange", error) ||
        reinterpret_cast<void *>(base) != ptr || size != bytes) {
        if (error && error->empty()) {
            char text[160];
            std::snprintf(text, sizeof text, "the buffer is not one whole cuMemMap mapping: it lies in one of %zu bytes at %p",
                          size, reinterpret_cast<void *>(base));
            *error = text;
        }
        driver().release(retained);
        return false;
    }
    *handle = retained;
    return true;
}

bool vmm_map(void *at, size_t bytes, uint64_t handle, std::string *error) {
    CUdeviceptr address = reinterpret_cast<CUdeviceptr>(at);
    if (!have_driver(error) || !ok(driver().map(address, bytes, 0, handle, 0), "cuMemMap", error)) return false;
    CUmemAccessDesc access{};
    access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    access.location.id = current_device();
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    if (ok(driver().set_access(address, bytes, &access, 1), "cuMemSetAccess", error)) return true;
    driver().unmap(address, bytes);
    return false;
}

void vmm_unmap(void *at, size_t bytes) {
    if (at && driver().complete) driver().unmap(reinterpret_cast<CUdeviceptr>(at), bytes);
}

void vmm_release(uint64_t handle) {
    if (handle && driver().complete) driver().release(handle);
}

int vmm_export(uint64_t handle, std::string *error) {
    int fd = -1;
    if (!have_driver(error) ||
        !ok(driver().export_handle(&fd, handle, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
            "cuMemExportToShareableHandle", error))
        return -1;
    return fd;
}

bool vmm_import(int fd, uint64_t *handle, std::string *error) {
    CUmemGenericAllocationHandle imported = 0;
    void *os_handle = reinterpret_cast<void *>(static_cast<uintptr_t>(fd));
    if (!have_driver(error) || !ok(driver().import_handle(&imported, os_handle, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR),
                                   "cuMemImportFromShareableHandle", error))
        return false;
    *handle = imported;
    return true;
}

}  // namespace fabshmem::cuda
