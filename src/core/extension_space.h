// What extends a GPU heap past FABSHMEM_SYMMETRIC_SIZE: blocks that did not fit in the heap
// (it grows on demand, as NVSHMEM's does) and program buffers made symmetric
// (nvshmemx_buffer_register_symmetric). Each is a segment of one reserved range of GPU address
// space, mapped with CUDA's virtual memory calls. Segments are made and removed collectively,
// in the same order on every PE, and placed first-fit, so a segment starts at the same place
// in every PE's window: symmetric offset kExtensionOffset + start names it everywhere, and
// node peers map it at the same place in their view of this PE's window (providers/ipc).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "symmetric_space.h"

namespace fabshmem {

class ExtensionSpace {
public:
    // Address space only: no GPU memory until a segment is mapped.
    static constexpr size_t kWindowBytes = size_t{1} << 39;  // 512 GiB

    ExtensionSpace() = default;
    ExtensionSpace(const ExtensionSpace &) = delete;
    ExtensionSpace &operator=(const ExtensionSpace &) = delete;
    ~ExtensionSpace() { release(); }

    // On the heap's GPU, at init. False (with why) where the device cannot have one; the heap
    // then keeps its size and buffers cannot be registered.
    bool reserve(std::string *why);
    // Unmaps every segment and gives the window back.
    void release();
    bool available() const { return base_ != nullptr; }
    const std::string &unavailable_reason() const { return why_unavailable_; }
    MemoryRegion window() const { return {base_, base_ ? kWindowBytes : 0}; }
    size_t round_up(size_t bytes) const { return (bytes + granularity_ - 1) / granularity_ * granularity_; }

    struct Segment {
        size_t start = 0;   // in the window
        size_t bytes = 0;   // mapped: a multiple of the granularity
        size_t requested = 0;  // what the program asked for (a block) or registered
        uint64_t handle = 0;   // CUDA's, this PE's reference
        void *program_buffer = nullptr;  // a registered buffer's own address; null for a block
        ExtensionSegment as_seen_by_transports() const { return {start, bytes, handle}; }
    };

    // Where a new segment of `bytes` (rounded) goes: the first gap of the window that fits.
    std::optional<size_t> place(size_t bytes) const;
    // Maps `handle` at `start` and records it (the segment takes the reference).
    bool add(const Segment &segment, std::string *error);
    // Unmaps and forgets the segment that starts at `start`; its handle is released.
    void remove(size_t start);

    char *address(size_t start) const { return base_ + start; }
    // The segment holding [ptr, ptr + bytes), if one does.
    std::optional<Segment> segment_containing(const void *ptr, size_t bytes) const;
    // A registered buffer whose own memory overlaps [buffer, buffer + bytes).
    std::optional<Segment> registration_overlapping(const void *buffer, size_t bytes) const;
    size_t offset_of(const void *ptr) const {
        return kExtensionOffset + static_cast<size_t>(static_cast<const char *>(ptr) - base_);
    }
    std::vector<Segment> list() const;
    // One past the last mapped byte of the window (what kernels' range checks allow).
    size_t extent() const;

private:
    char *base_ = nullptr;
    size_t granularity_ = 0;
    std::string why_unavailable_;
    mutable std::mutex mutex_;
    std::map<size_t, Segment> segments_;  // by start
};

}  // namespace fabshmem
