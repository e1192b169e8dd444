#include "local_buffers.h"

#include <algorithm>
#include <cstdio>

#include "cuda_support.h"

namespace fabshmem {

std::string LocalBuffers::add(void *base, size_t bytes, bool map_for_kernels) {
    if (!base || bytes == 0) return "the buffer is NULL or its length 0";
    char *start = static_cast<char *>(base);
    std::lock_guard<std::mutex> lock(mutex_);
    auto next = std::lower_bound(buffers_.begin(), buffers_.end(), start,
                                 [](const Buffer &buffer, const char *at) { return buffer.base < at; });
    auto overlaps = [&](const Buffer &other) { return start < other.base + other.bytes && other.base < start + bytes; };
    for (auto it : {next, next == buffers_.begin() ? buffers_.end() : next - 1}) {
        if (it == buffers_.end() || !overlaps(*it)) continue;
        char text[160];
        std::snprintf(text, sizeof text, "it overlaps the buffer %p (%zu bytes) registered before%s", it->base,
                      it->bytes, it->base == start ? " (registered twice?)" : "; unregister that first");
        return text;
    }
    Buffer buffer{start, bytes, false};
    std::string error;
    if (map_for_kernels && !cuda::is_device_pointer(base) &&
        !cuda::host_register(base, bytes, &buffer.host_registered, &error))
        return "mapping it for kernels failed: " + error;
    buffers_.insert(next, buffer);
    return "";
}

bool LocalBuffers::remove(void *base) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = std::find_if(buffers_.begin(), buffers_.end(), [&](const Buffer &buffer) { return buffer.base == base; });
    if (it == buffers_.end()) return false;
    release(*it);
    buffers_.erase(it);
    return true;
}

void LocalBuffers::remove_all() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const Buffer &buffer : buffers_) release(buffer);
    buffers_.clear();
}

size_t LocalBuffers::count() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return buffers_.size();
}

void LocalBuffers::release(const Buffer &buffer) {
    if (buffer.host_registered) cuda::host_unregister(buffer.base);
}

}  // namespace fabshmem
