// Copies in and out of the symmetric heap: memcpy for a host heap, cudaMemcpy (either
// direction, unified addressing) for a GPU heap.
#pragma once

#include <cstring>
#include <string>

#include "cuda_support.h"
#include "log.h"

namespace fabshmem {

// `wait`: return only once the copy is complete; otherwise it completes at
// heap_copies_complete. Which CUDA stream a GPU copy goes on: see cuda_support.h.
inline void heap_copy(bool cuda_heap, void *dest, const void *src, size_t bytes, bool wait = true) {
    if (!cuda_heap) {
        std::memmove(dest, src, bytes);
        return;
    }
    std::string error;
    if (!cuda::copy(dest, src, bytes, &error) || (wait && !cuda::copies_complete(&error)))
        fatal("copying %zu bytes to or from the GPU heap failed: %s", bytes, error.c_str());
}

// Completes every copy heap_copy started without waiting.
inline void heap_copies_complete(bool cuda_heap) {
    std::string error;
    if (cuda_heap && !cuda::copies_complete(&error))
        fatal("completing copies to or from the GPU heap failed: %s", error.c_str());
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

}  // namespace fabshmem
