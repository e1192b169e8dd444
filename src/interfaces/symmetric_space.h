// What the core hands every transport at init: this PE's symmetric space, as plain regions.
// Transports address it by offset: heap offsets are below kStaticOffset, the program's static
// data (global and static variables) starts there. Providers never see the heap's allocator or
// the static-data machinery, only these regions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace fabshmem {

constexpr size_t kStaticOffset = size_t{1} << 62;
inline bool is_static_offset(size_t offset) { return offset >= kStaticOffset; }
// A GPU heap's extension (extension_space.h: blocks past the heap's size, program buffers made
// symmetric) starts at this offset: offset kExtensionOffset + k is byte k of the extension
// window, on every PE.
constexpr size_t kExtensionOffset = size_t{1} << 61;
inline bool is_extension_offset(size_t offset) { return offset >= kExtensionOffset && offset < kStaticOffset; }

struct MemoryRegion {
    char *base = nullptr;
    size_t size = 0;
    bool contains(const void *ptr, size_t bytes) const {
        uintptr_t p = reinterpret_cast<uintptr_t>(ptr), b = reinterpret_cast<uintptr_t>(base);
        return base && p >= b && p - b <= size && bytes <= size - (p - b);
    }
};

struct SymmetricSpace {
    // The heap: the library's words first, then user blocks. GPU memory when `cuda`.
    MemoryRegion data;
    bool cuda = false;
    int cuda_device = -1;
    void *cuda_allocation = nullptr;  // the cudaMalloc block holding `data` (for IPC handles)
    // Host words the host polls (team flags, counters): inside `data` for a host heap, a host
    // region of their own beside a GPU heap.
    MemoryRegion signals;
    // The POSIX shared-memory name under which node peers can map this PE's host region (the
    // whole host heap, or a GPU heap's signal region); empty when it is not shared.
    std::string shared_name;
    // Global and static variables (size 0: not symmetric), shared under `statics_shared_name`
    // (empty: not shared with node peers).
    MemoryRegion statics;
    std::string statics_shared_name;
    // A GPU heap's extension window (reserved address space; segments are mapped into it while
    // the job runs, Transport::add_extension). Empty when there is none.
    MemoryRegion extension;
};

// One segment of the extension, as transports are told of it: where it lies in the window,
// and CUDA's handle of this PE's memory there (to share with node peers).
struct ExtensionSegment {
    size_t start = 0;  // in the window: symmetric offset kExtensionOffset + start
    size_t bytes = 0;
    uint64_t cuda_handle = 0;
};

}  // namespace fabshmem
