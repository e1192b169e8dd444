// A build without CUDA: no device is ever visible, and nothing here is reached otherwise.
#include "cuda_support.h"

namespace fabshmem::cuda {

namespace {
bool unavailable(std::string *error) {
    if (error) *error = "this fabshmem was built without CUDA (meson -Dcuda=enabled)";
    return false;
}
}  // namespace

bool built_with_cuda() { return false; }
int device_count(std::string *why) {
    if (why) *why = "this fabshmem was built without CUDA";
    return 0;
}
int device_selected_by_program() { return -1; }
bool select_device(int, std::string *error) { return unavailable(error); }
std::string pci_bus_id(int) { return "none"; }
void *malloc_device(size_t, std::string *error) {
    unavailable(error);
    return nullptr;
}
void free_device(void *) {}
bool is_device_pointer(const void *) { return false; }
bool device_allocation(const void *, DeviceAllocation *) { return false; }
bool copy(void *, const void *, size_t, std::string *error) { return unavailable(error); }
void mark_library_thread() {}
bool on_library_thread() { return false; }
bool copies_complete(std::string *error) { return unavailable(error); }
void *host_alloc_mapped(size_t, void **, std::string *error) {
    unavailable(error);
    return nullptr;
}
void free_host_mapped(void *) {}
bool host_register(void *, size_t, bool *, std::string *error) { return unavailable(error); }
void host_unregister(void *) {}
bool memset_device(void *, int, size_t, std::string *error) { return unavailable(error); }
bool copy_async(void *, const void *, size_t, void *, std::string *error) { return unavailable(error); }
bool atomic(void *, const AtomicRequest &, uint64_t *, std::string *error) { return unavailable(error); }
bool prepare_atomics(void *, std::string *error) { return unavailable(error); }
bool stream_synchronize(void *, std::string *error) { return unavailable(error); }
bool max_coresident_blocks(const void *, unsigned, size_t, int *, std::string *error) { return unavailable(error); }
bool launch_cooperative(const void *, const unsigned[3], const unsigned[3], void **, size_t, void *, std::string *error) {
    return unavailable(error);
}
bool module_global(void *, bool, const char *, void **, size_t *, std::string *error) { return unavailable(error); }
bool ipc_get_handle(void *, IpcHandle *, std::string *error) { return unavailable(error); }
void *ipc_open(const IpcHandle &, std::string *error) {
    unavailable(error);
    return nullptr;
}
void ipc_close(void *) {}

size_t vmm_granularity(std::string *error) {
    unavailable(error);
    return 0;
}
void *vmm_reserve(size_t, size_t, std::string *error) {
    unavailable(error);
    return nullptr;
}
void vmm_unreserve(void *, size_t) {}
bool vmm_create(size_t, uint64_t *, std::string *error) { return unavailable(error); }
bool vmm_retain(void *, size_t, uint64_t *, std::string *error) { return unavailable(error); }
bool vmm_map(void *, size_t, uint64_t, std::string *error) { return unavailable(error); }
void vmm_unmap(void *, size_t) {}
void vmm_release(uint64_t) {}
int vmm_export(uint64_t, std::string *error) {
    unavailable(error);
    return -1;
}
bool vmm_import(int, uint64_t *, std::string *error) { return unavailable(error); }

}  // namespace fabshmem::cuda
