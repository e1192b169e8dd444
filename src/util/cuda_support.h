// Everything fabshmem asks of CUDA, behind one narrow interface: cuda_support.cpp implements
// it with the CUDA runtime when the build has CUDA, cuda_stub.cpp says "no CUDA" otherwise.
// The rest of the library never includes a CUDA header.
#pragma once

#include <cstddef>
#include <string>

#include "atomic_ops.h"

namespace fabshmem::cuda {

bool built_with_cuda();
// Visible GPUs; 0 when there is no GPU or no driver (and `why` says which).
int device_count(std::string *why);
// The device the program already made current (a context exists), or -1.
int device_selected_by_program();
bool select_device(int device, std::string *error);
std::string pci_bus_id(int device);

void *malloc_device(size_t bytes, std::string *error);
void free_device(void *ptr);
bool is_device_pointer(const void *ptr);
// The cudaMalloc allocation that holds `ptr`: its range, its device and CUDA's id for it, which
// is never reused (a buffer freed and allocated again at the same address gets a new one).
struct DeviceAllocation {
    void *base = nullptr;
    size_t bytes = 0;
    unsigned long long id = 0;
    int device = -1;
};
bool device_allocation(const void *ptr, DeviceAllocation *allocation);

// Copies between any host and device memory (unified addressing); they complete at
// copies_complete() (by the same thread). On the program's threads they go on the legacy
// default stream, so they are ordered after the program's cudaMemcpy/cudaMemset/kernels
// there, as a cudaMemcpy would be. On the progress thread (mark_library_thread) they go on
// the library's own non-blocking stream instead: they must never wait for a kernel, which
// may be spinning until this very copy lands.
void mark_library_thread();
bool on_library_thread();
bool copy(void *dest, const void *src, size_t bytes, std::string *error);
bool copies_complete(std::string *error);
bool memset_device(void *dest, int value, size_t bytes, std::string *error);
// Ordered on `stream` (a cudaStream_t); returns at once.
bool copy_async(void *dest, const void *src, size_t bytes, void *stream, std::string *error);
bool stream_synchronize(void *stream, std::string *error);

// An atomic on a word of GPU memory (this GPU's, or mapped through CUDA IPC), made by one GPU
// thread on the copy stream (see copy()); complete on return, `*old` the old value.
bool atomic(void *word, const AtomicRequest &request, uint64_t *old, std::string *error);
// At init, on a GPU heap: allocates what atomic() needs and makes one read of `gpu_word` per
// width, which loads the kernels (CUDA loads them lazily, on first launch, otherwise).
bool prepare_atomics(void *gpu_word, std::string *error);
// gpu_atomic.cu: launches the kernel; the old value lands in `old_device` (mapped memory).
bool launch_atomic(void *word, const AtomicRequest &request, void *stream, unsigned long long *old_device);

// Cooperative launches (nvshmemx_collective_launch) on the current device: how many blocks of
// `kernel` with `threads` threads and `shared_bytes` of dynamic shared memory fit at once, and
// a launch whose blocks are all resident together. grid and block: x, y, z.
bool max_coresident_blocks(const void *kernel, unsigned threads, size_t shared_bytes, int *blocks,
                           std::string *error);
bool launch_cooperative(const void *kernel, const unsigned grid[3], const unsigned block[3], void **args,
                        size_t shared_bytes, void *stream, std::string *error);

// The device address and size of the global `name` in a CUmodule (or, `library`, a
// CUlibrary) the program loaded.
bool module_global(void *module, bool library, const char *name, void **address, size_t *bytes, std::string *error);

// Pinned host memory mapped into the GPU's address space (`*device_address`), zeroed.
void *host_alloc_mapped(size_t bytes, void **device_address, std::string *error);
void free_host_mapped(void *ptr);
// Maps the program's own host memory for kernels (cudaHostRegister, mapped; with unified
// addressing kernels use the same address). `*registered`: false when CUDA knew the memory
// already (cudaHostAlloc'd, or registered by the program), so there is nothing to undo.
bool host_register(void *ptr, size_t bytes, bool *registered, std::string *error);
void host_unregister(void *ptr);

// CUDA IPC: a handle for an allocation, which another process of the node opens.
struct IpcHandle {
    unsigned char bytes[64];
};
bool ipc_get_handle(void *allocation, IpcHandle *handle, std::string *error);
void *ipc_open(const IpcHandle &handle, std::string *error);
void ipc_close(void *mapped);

// CUDA virtual memory (cuMem*): address ranges reserved first, physical memory mapped into
// them, shareable with this node's processes as POSIX file descriptors. What extends a GPU
// heap (extension_space.h). `handle` is CUDA's CUmemGenericAllocationHandle.
// The smallest unit of mapping on the current device; 0 (with `error`) when the device has no
// virtual memory management or cannot share it by file descriptor.
size_t vmm_granularity(std::string *error);
void *vmm_reserve(size_t bytes, size_t alignment, std::string *error);
void vmm_unreserve(void *base, size_t bytes);
// New GPU memory on the current device (shareable by file descriptor, GPUDirect-capable where
// the device allows it).
bool vmm_create(size_t bytes, uint64_t *handle, std::string *error);
// The cuMemCreate allocation a program mapped at exactly [ptr, ptr + bytes): a new reference
// to its handle (vmm_release drops it).
bool vmm_retain(void *ptr, size_t bytes, uint64_t *handle, std::string *error);
// Maps `handle` (from its start) at `at` for read and write by the current device.
bool vmm_map(void *at, size_t bytes, uint64_t handle, std::string *error);
void vmm_unmap(void *at, size_t bytes);
void vmm_release(uint64_t handle);
// A file descriptor another process of the node imports (the caller closes it), or -1.
int vmm_export(uint64_t handle, std::string *error);
bool vmm_import(int fd, uint64_t *handle, std::string *error);

}  // namespace fabshmem::cuda
