// Buffers a program registered with nvshmemx_buffer_register: its own memory outside the
// symmetric heap, which it passes as the local source or destination of RMA and atomics.
// Host calls accept any local buffer (the fabric transport registers what its provider needs
// per operation); registering a host buffer also maps it for kernels where the heap is in GPU
// memory, so a kernel's get may write it. Kept sorted by address, never overlapping.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace fabshmem {

class LocalBuffers {
public:
    // Records [base, base + bytes); `map_for_kernels`: map host memory into the GPU's address
    // space. Returns "" when added, else why not (overlap, a NULL or empty buffer, CUDA's error).
    std::string add(void *base, size_t bytes, bool map_for_kernels);
    // Forgets the buffer registered at `base`; false when none was.
    bool remove(void *base);
    void remove_all();
    size_t count() const;

private:
    struct Buffer {
        char *base;
        size_t bytes;
        bool host_registered;  // by this library: unregistered with it
    };
    static void release(const Buffer &buffer);
    mutable std::mutex mutex_;
    std::vector<Buffer> buffers_;
};

}  // namespace fabshmem
