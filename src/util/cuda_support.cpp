#include "cuda_support.h"

#include <atomic>

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstring>

namespace fabshmem::cuda {
namespace {

bool ok(cudaError_t rc, const char *what, std::string *error) {
    if (rc == cudaSuccess) return true;
    if (error) *error = std::string(what) + ": " + cudaGetErrorString(rc);
    cudaGetLastError();  // clear it, so it does not surface in the program's next call
    return false;
}

// Created on first use, on the device current then (the heap's GPU: nothing copies before
// init has chosen it).
cudaStream_t library_stream(std::string *error) {
    static cudaStream_t stream = [error] {
        cudaStream_t created = nullptr;
        ok(cudaStreamCreateWithFlags(&created, cudaStreamNonBlocking), "cudaStreamCreateWithFlags", error);
        return created;
    }();
    if (!stream && error && error->empty()) *error = "the library's CUDA stream could not be created";
    return stream;
}

thread_local bool t_library_thread = false;

// The stream this thread's copies go on (see cuda_support.h).
cudaStream_t copy_stream(std::string *error) {
    return t_library_thread ? library_stream(error) : cudaStreamLegacy;
}

// Copies issued and known complete, per copy stream (legacy, library): copies_complete waits
// only when something was issued since the last wait. A host nvshmem_quiet on a GPU heap
// otherwise synchronised the same stream three times (its own wait for the program's work,
// then each transport's): now once.
struct CopyCounts {
    std::atomic<uint64_t> issued{0};
    std::atomic<uint64_t> completed{0};
};
CopyCounts g_copy_counts[2];

CopyCounts &copy_counts() { return g_copy_counts[t_library_thread ? 1 : 0]; }

void note_issued(CopyCounts &counts) { counts.issued.fetch_add(1, std::memory_order_acq_rel); }

// Synchronises `stream` and, if it is this thread's copy stream, records everything issued
// before the wait as complete.
bool synchronize_stream(cudaStream_t stream, std::string *error) {
    bool copy_stream_of_thread = stream == (t_library_thread ? library_stream(nullptr) : cudaStreamLegacy) ||
                                 (!t_library_thread && stream == nullptr);
    CopyCounts &counts = copy_counts();
    uint64_t issued = counts.issued.load(std::memory_order_acquire);
    // An idle stream is the common case (every host quiet and barrier asks), and asking costs
    // less than a synchronisation (on the H200 0.45-0.49 vs 0.57-0.64 µs).
    cudaError_t state = cudaStreamQuery(stream);
    if (state == cudaErrorNotReady) {
        if (cudaPeekAtLastError() == cudaErrorNotReady) cudaGetLastError();  // not the program's error
        state = cudaStreamSynchronize(stream);
    }
    if (!ok(state, "cudaStreamSynchronize", error)) return false;
    if (copy_stream_of_thread) {
        uint64_t seen = counts.completed.load(std::memory_order_acquire);
        while (seen < issued && !counts.completed.compare_exchange_weak(seen, issued, std::memory_order_acq_rel)) {
        }
    }
    return true;
}

}  // namespace

void mark_library_thread() { t_library_thread = true; }
bool on_library_thread() { return t_library_thread; }

bool built_with_cuda() { return true; }

int device_count(std::string *why) {
    int count = 0;
    cudaError_t rc = cudaGetDeviceCount(&count);
    if (rc != cudaSuccess) {
        if (why) *why = cudaGetErrorString(rc);
        cudaGetLastError();
        return 0;
    }
    if (count == 0 && why) *why = "no CUDA device is visible";
    return count;
}

int device_selected_by_program() {
    // cudaSetDevice creates the primary context, so a current context means the program chose.
    // The driver call comes through the runtime, so the library needs no link to libcuda.
    using GetCurrent = CUresult (*)(CUcontext *);
    void *fn = nullptr;
    cudaDriverEntryPointQueryResult found;
    if (cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &fn, 12000, cudaEnableDefault, &found) != cudaSuccess ||
        found != cudaDriverEntryPointSuccess || !fn) {
        cudaGetLastError();
        return -1;
    }
    CUcontext context = nullptr;
    if (reinterpret_cast<GetCurrent>(fn)(&context) != CUDA_SUCCESS || !context) return -1;
    int device = -1;
    return cudaGetDevice(&device) == cudaSuccess ? device : -1;
}

bool select_device(int device, std::string *error) {
    return ok(cudaSetDevice(device), "cudaSetDevice", error) && ok(cudaFree(nullptr), "creating the CUDA context", error);
}

std::string pci_bus_id(int device) {
    char id[32] = "?";
    if (cudaDeviceGetPCIBusId(id, sizeof id, device) != cudaSuccess) cudaGetLastError();
    return id;
}

void *malloc_device(size_t bytes, std::string *error) {
    void *ptr = nullptr;
    return ok(cudaMalloc(&ptr, bytes), "cudaMalloc", error) ? ptr : nullptr;
}

void free_device(void *ptr) {
    if (ptr && cudaFree(ptr) != cudaSuccess) cudaGetLastError();
}

bool is_device_pointer(const void *ptr) {
    cudaPointerAttributes attributes;
    if (cudaPointerGetAttributes(&attributes, ptr) != cudaSuccess) {
        cudaGetLastError();
        return false;
    }
    return attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged;
}

bool device_allocation(const void *ptr, DeviceAllocation *allocation) {
    // The driver's cuPointerGetAttributes, reached through the runtime (no link to libcuda).
    using GetAttributes = CUresult (*)(unsigned, CUpointer_attribute *, void **, CUdeviceptr);
    static GetAttributes get_attributes = [] {
        void *fn = nullptr;
        cudaDriverEntryPointQueryResult found{};
        if (cudaGetDriverEntryPointByVersion("cuPointerGetAttributes", &fn, 12000, cudaEnableDefault, &found) !=
                cudaSuccess ||
            found != cudaDriverEntryPointSuccess)
            fn = nullptr;
        return reinterpret_cast<GetAttributes>(fn);
    }();
    if (!get_attributes) return false;
    unsigned memory_type = 0;
    CUdeviceptr start = 0;
    size_t bytes = 0;
    unsigned long long id = 0;
    int device = -1;
    CUpointer_attribute names[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                   CU_POINTER_ATTRIBUTE_RANGE_SIZE, CU_POINTER_ATTRIBUTE_BUFFER_ID,
                                   CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
    void *values[] = {&memory_type, &start, &bytes, &id, &device};
    if (get_attributes(5, names, values, reinterpret_cast<CUdeviceptr>(ptr)) != CUDA_SUCCESS ||
        memory_type != CU_MEMORYTYPE_DEVICE || !start)
        return false;
    *allocation = DeviceAllocation{reinterpret_cast<void *>(start), bytes, id, device};
    return true;
}

bool copy(void *dest, const void *src, size_t bytes, std::string *error) {
    cudaStream_t stream = copy_stream(error);
    if (!stream || !ok(cudaMemcpyAsync(dest, src, bytes, cudaMemcpyDefault, stream), "cudaMemcpyAsync", error))
        return false;
    note_issued(copy_counts());
    return true;
}

bool copies_complete(std::string *error) {
    CopyCounts &counts = copy_counts();
    if (counts.completed.load(std::memory_order_acquire) >= counts.issued.load(std::memory_order_acquire)) return true;
    cudaStream_t stream = copy_stream(error);
    return stream && synchronize_stream(stream, error);
}

bool memset_device(void *dest, int value, size_t bytes, std::string *error) {
    cudaStream_t stream = copy_stream(error);
    if (!stream || !ok(cudaMemsetAsync(dest, value, bytes, stream), "cudaMemsetAsync", error)) return false;
    note_issued(copy_counts());
    return copies_complete(error);
}

void *host_alloc_mapped(size_t bytes, void **device_address, std::string *error) {
    void *ptr = nullptr;
    if (!ok(cudaHostAlloc(&ptr, bytes, cudaHostAllocMapped), "cudaHostAlloc", error)) return nullptr;
    std::memset(ptr, 0, bytes);
    if (!ok(cudaHostGetDevicePointer(device_address, ptr, 0), "cudaHostGetDevicePointer", error)) {
        cudaFreeHost(ptr);
        return nullptr;
    }
    return ptr;
}

void free_host_mapped(void *ptr) {
    if (ptr && cudaFreeHost(ptr) != cudaSuccess) cudaGetLastError();
}

bool host_register(void *ptr, size_t bytes, bool *registered, std::string *error) {
    *registered = false;
    cudaPointerAttributes attributes;
    if (cudaPointerGetAttributes(&attributes, ptr) != cudaSuccess) cudaGetLastError();
    else if (attributes.type != cudaMemoryTypeUnregistered) return true;  // CUDA's memory already
    cudaError_t rc = cudaHostRegister(ptr, bytes, cudaHostRegisterMapped);
    if (rc == cudaErrorHostMemoryAlreadyRegistered) {
        cudaGetLastError();
        return true;
    }
    if (!ok(rc, "cudaHostRegister", error)) return false;
    *registered = true;
    return true;
}

void host_unregister(void *ptr) {
    if (cudaHostUnregister(ptr) != cudaSuccess) cudaGetLastError();
}

namespace {
// Result words for host-made GPU atomics, allocated at init: allocating (or loading the
// kernel's module, which CUDA does lazily) while a kernel spins waiting for this very atomic
// can wait for that kernel, for ever.
constexpr int kAtomicSlots = 64;
unsigned long long *g_atomic_results = nullptr;
unsigned long long *g_atomic_results_device = nullptr;
std::atomic<bool> g_atomic_slot_busy[kAtomicSlots];
}  // namespace

bool prepare_atomics(void *gpu_word, std::string *error) {
    void *device = nullptr;
    g_atomic_results = static_cast<unsigned long long *>(host_alloc_mapped(kAtomicSlots * sizeof(unsigned long long), &device, error));
    g_atomic_results_device = static_cast<unsigned long long *>(device);
    // One atomic of each width: each is its own kernel, loaded now rather than on first use.
    uint64_t old = 0;
    return g_atomic_results && atomic(gpu_word, AtomicRequest{AtomicOp::read, 4, 0, 0, 0}, &old, error) &&
           atomic(gpu_word, AtomicRequest{AtomicOp::read, 8, 0, 0, 0}, &old, error);
}

bool atomic(void *word, const AtomicRequest &request, uint64_t *old, std::string *error) {
    cudaStream_t stream = copy_stream(error);
    if (!stream) return false;
    if (!g_atomic_results) {
        *error = "GPU atomics were not prepared at init";
        return false;
    }
    int slot = 0;
    while (g_atomic_slot_busy[slot].exchange(true, std::memory_order_acquire)) slot = (slot + 1) % kAtomicSlots;
    bool launched = launch_atomic(word, request, stream, g_atomic_results_device + slot);
    if (!launched) *error = std::string("launching the atomic's kernel: ") + cudaGetErrorString(cudaGetLastError());
    bool done = launched && synchronize_stream(stream, error);
    if (done) *old = *static_cast<volatile unsigned long long *>(g_atomic_results + slot);
    g_atomic_slot_busy[slot].store(false, std::memory_order_release);
    return done;
}

bool copy_async(void *dest, const void *src, size_t bytes, void *stream, std::string *error) {
    return ok(cudaMemcpyAsync(dest, src, bytes, cudaMemcpyDefault, static_cast<cudaStream_t>(stream)),
              "cudaMemcpyAsync", error);
}

bool stream_synchronize(void *stream, std::string *error) {
    return synchronize_stream(static_cast<cudaStream_t>(stream), error);
}

bool max_coresident_blocks(const void *kernel, unsigned threads, size_t shared_bytes, int *blocks,
                           std::string *error) {
    int device = 0, per_sm = 0, sms = 0, cooperative = 0;
    if (!ok(cudaGetDevice(&device), "cudaGetDevice", error) ||
        !ok(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device), "cudaDeviceGetAttribute", error) ||
        !ok(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute", error) ||
        !ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, static_cast<int>(threads), shared_bytes),
            "cudaOccupancyMaxActiveBlocksPerMultiprocessor", error))
        return false;
    if (!cooperative) {
        *error = "GPU " + std::to_string(device) + " does not support cooperative launches";
        return false;
    }
    *blocks = per_sm * sms;
    return true;
}

bool launch_cooperative(const void *kernel, const unsigned grid[3], const unsigned block[3], void **args,
                        size_t shared_bytes, void *stream, std::string *error) {
    return ok(cudaLaunchCooperativeKernel(kernel, dim3(grid[0], grid[1], grid[2]), dim3(block[0], block[1], block[2]),
                                          args, shared_bytes, static_cast<cudaStream_t>(stream)),
              "cudaLaunchCooperativeKernel", error);
}

bool module_global(void *module, bool library, const char *name, void **address, size_t *bytes, std::string *error) {
    // The driver's cuModuleGetGlobal or cuLibraryGetGlobal (the same arguments), reached
    // through the runtime (the library links no libcuda).
    using GetGlobal = int (*)(unsigned long long *, size_t *, void *, const char *);
    auto find = [](const char *symbol) {
        void *fn = nullptr;
        cudaDriverEntryPointQueryResult found{};
        if (cudaGetDriverEntryPointByVersion(symbol, &fn, 12000, cudaEnableDefault, &found) != cudaSuccess ||
            found != cudaDriverEntryPointSuccess)
            fn = nullptr;
        return reinterpret_cast<GetGlobal>(fn);
    };
    static GetGlobal module_get_global = find("cuModuleGetGlobal");
    static GetGlobal library_get_global = find("cuLibraryGetGlobal");
    const char *getter = library ? "cuLibraryGetGlobal" : "cuModuleGetGlobal";
    GetGlobal get_global = library ? library_get_global : module_get_global;
    if (!get_global) {
        *error = std::string("the CUDA driver offers no ") + getter;
        return false;
    }
    unsigned long long device_address = 0;
    if (int rc = get_global(&device_address, bytes, module, name)) {
        *error = std::string(getter) + "(" + name + ") failed (CUDA error " + std::to_string(rc) + ")";
        return false;
    }
    *address = reinterpret_cast<void *>(device_address);
    return true;
}

bool ipc_get_handle(void *allocation, IpcHandle *handle, std::string *error) {
    static_assert(sizeof(cudaIpcMemHandle_t) == sizeof(IpcHandle::bytes), "IPC handle size");
    cudaIpcMemHandle_t h;
    if (!ok(cudaIpcGetMemHandle(&h, allocation), "cudaIpcGetMemHandle", error)) return false;
    std::memcpy(handle->bytes, &h, sizeof h);
    return true;
}

void *ipc_open(const IpcHandle &handle, std::string *error) {
    cudaIpcMemHandle_t h;
    std::memcpy(&h, handle.bytes, sizeof h);
    void *mapped = nullptr;
    return ok(cudaIpcOpenMemHandle(&mapped, h, cudaIpcMemLazyEnablePeerAccess), "cudaIpcOpenMemHandle", error)
               ? mapped
               : nullptr;
}

void ipc_close(void *mapped) {
    if (mapped && cudaIpcCloseMemHandle(mapped) != cudaSuccess) cudaGetLastError();
}

}  // namespace fabshmem::cuda
