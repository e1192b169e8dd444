#include "extension_space.h"

#include <iterator>

#include "cuda_support.h"

namespace fabshmem {

bool ExtensionSpace::reserve(std::string *why) {
    granularity_ = cuda::vmm_granularity(why);
    if (granularity_) base_ = static_cast<char *>(cuda::vmm_reserve(kWindowBytes, granularity_, why));
    if (!base_) why_unavailable_ = *why;
    return base_ != nullptr;
}

void ExtensionSpace::release() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto &[start, segment] : segments_) {
        cuda::vmm_unmap(base_ + start, segment.bytes);
        cuda::vmm_release(segment.handle);
    }
    segments_.clear();
    cuda::vmm_unreserve(base_, kWindowBytes);
    base_ = nullptr;
}

std::optional<size_t> ExtensionSpace::place(size_t bytes) const {
    std::lock_guard<std::mutex> lock(mutex_);
    size_t gap_start = 0;
    for (const auto &[start, segment] : segments_) {
        if (start >= gap_start && start - gap_start >= bytes) return gap_start;
        gap_start = round_up(start + segment.bytes);
    }
    if (kWindowBytes - gap_start >= bytes) return gap_start;
    return std::nullopt;
}

bool ExtensionSpace::add(const Segment &segment, std::string *error) {
    if (!cuda::vmm_map(base_ + segment.start, segment.bytes, segment.handle, error)) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    segments_[segment.start] = segment;
    return true;
}

void ExtensionSpace::remove(size_t start) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = segments_.find(start);
    if (it == segments_.end()) return;
    cuda::vmm_unmap(base_ + start, it->second.bytes);
    cuda::vmm_release(it->second.handle);
    segments_.erase(it);
}

std::optional<ExtensionSpace::Segment> ExtensionSpace::segment_containing(const void *ptr, size_t bytes) const {
    uintptr_t p = reinterpret_cast<uintptr_t>(ptr), b = reinterpret_cast<uintptr_t>(base_);
    if (!base_ || p < b || p - b >= kWindowBytes) return std::nullopt;
    size_t at = p - b;
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = segments_.upper_bound(at);
    if (it == segments_.begin()) return std::nullopt;
    const Segment &segment = std::prev(it)->second;
    if (at - segment.start > segment.requested || bytes > segment.requested - (at - segment.start)) return std::nullopt;
    return segment;
}

std::optional<ExtensionSpace::Segment> ExtensionSpace::registration_overlapping(const void *buffer,
                                                                                size_t bytes) const {
    auto begin = static_cast<const char *>(buffer);
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto &[start, segment] : segments_) {
        auto own = static_cast<const char *>(segment.program_buffer);
        if (own && begin < own + segment.requested && own < begin + bytes) return segment;
    }
    return std::nullopt;
}

std::vector<ExtensionSpace::Segment> ExtensionSpace::list() const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<Segment> all;
    for (const auto &entry : segments_) all.push_back(entry.second);
    return all;
}

size_t ExtensionSpace::extent() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return segments_.empty() ? 0 : segments_.rbegin()->first + segments_.rbegin()->second.bytes;
}

}  // namespace fabshmem
