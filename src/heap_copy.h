// Copies in and out of the symmetric heap: memcpy for a host heap, cudaMemcpy (either
// direction, unified addressing) for a GPU heap.
#pragma once

#include <cstring>
#include <string>

#include "cuda_support.h"
#include "log.h"

namespace fabshmem {

inline void heap_copy(bool cuda_heap, void *dest, const void *src, size_t bytes) {
    if (!cuda_heap) {
        std::memmove(dest, src, bytes);
        return;
    }
    std::string error;
    if (!cuda::copy(dest, src, bytes, &error))
        fatal("copying %zu bytes to or from the GPU heap failed: %s", bytes, error.c_str());
}

}  // namespace fabshmem
