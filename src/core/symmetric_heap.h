// The symmetric heap of one PE: a data region that user blocks come from (host memory or GPU
// memory), handed out by a deterministic allocator, and a small signal region in host memory
// for the library's own words (the teams' sync flags), which the host polls.
//
// Host heap: one host mapping; its first kSignalBytes are the signal region.
// CUDA heap: device memory from cudaMalloc (one allocation, so one CUDA IPC handle shares
// it), plus a separate host signal region.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "heap_allocator.h"

namespace fabshmem {

enum class HeapKind { host, cuda };

class SymmetricHeap {
public:
    static constexpr size_t kSignalBytes = 40960;
    // A GPU heap's base is aligned this much (cudaMalloc'd with that much to spare), a host
    // heap's to kHostBaseAlignment (address space only), so an offset aligned to at most
    // base_alignment() is an aligned address on every PE (shmem_align of 4 MiB and more).
    static constexpr size_t kBaseAlignment = size_t{2} << 20;
    static constexpr size_t kHostBaseAlignment = size_t{1} << 30;
    size_t base_alignment() const { return kind_ == HeapKind::cuda ? kBaseAlignment : kHostBaseAlignment; }
    // In the signal region: each team slot's sync flags, one word per dissemination round.
    static constexpr size_t kMaxTeams = 32;
    static constexpr size_t kMaxSyncRounds = 32;
    static constexpr size_t team_flags_offset(size_t slot) { return slot * kMaxSyncRounds * sizeof(uint64_t); }
    // In the data region's library bytes (past the flags): the words each PE publishes while
    // teams are created, and collect's size and source offset.
    static constexpr size_t kTeamScratchOffset = 12288;
    static constexpr size_t kTeamScratchWords = 2;
    // Then what a PE joining a team by unique id publishes (team.h: TeamTable::join).
    static constexpr size_t kTeamJoinOffset = kTeamScratchOffset + kTeamScratchWords * sizeof(uint64_t);
    static constexpr size_t kTeamJoinWords = 3;
    // In the signal region: a peer's nvshmem_global_exit asks this PE to end, with its status.
    static constexpr size_t kExitRequestOffset = kTeamJoinOffset + kTeamJoinWords * sizeof(uint64_t);
    // In the signal region: per sending PE, how many active-set sync messages it has sent here.
    static constexpr size_t kPairCountersOffset = 16384;
    static constexpr size_t kMaxPairCounterPes = 2048;
    // In the signal region: each team slot's flags for the push algorithms' notices, laid out
    // as the sync flags (one word per round, reduction slot, or the tree's word).
    static constexpr size_t kPushFlagsOffset = 32768;
    // In the data region, past the first kSignalBytes: the slots recursive doubling's partials
    // arrive in (reductions.h), one per round (131,072 PEs need 17) and one for the pairs that
    // fold first.
    static constexpr size_t kReduceSlotsOffset = kSignalBytes;
    static constexpr size_t kReduceSlotBytes = 8192;
    static constexpr int kReduceSlots = 18;
    static constexpr size_t kMaxDoublingPes = size_t{1} << (kReduceSlots - 1);
    // Then, per team slot, where kernels' broadcasts among PEs that map each other's heaps
    // arrive (device_collectives.h, written by peers' kernels through CUDA IPC): a header whose
    // first word says how far into the ring this PE has read, then the ring of flag words.
    static constexpr size_t kBroadcastBuffersOffset = kReduceSlotsOffset + kReduceSlots * kReduceSlotBytes;
    static constexpr size_t kBroadcastHeaderBytes = 64;
    static constexpr size_t kBroadcastRingBytes = 65536;
    static constexpr size_t kBroadcastBufferBytes = kBroadcastHeaderBytes + kBroadcastRingBytes;
    static constexpr size_t kLibraryBytes = kBroadcastBuffersOffset + kMaxTeams * kBroadcastBufferBytes;
    // In a GPU heap's data region (its first kLibraryBytes are the library's too): the device
    // API's team sync flags, laid out as the host's, written by peers' kernels or the fabric.
    static constexpr size_t kDeviceTeamFlagsOffset = 4096;
    // The same for kernels' reductions by recursive doubling: per team slot, one word per
    // reduction slot, which the sender sets once its partial is there (in a host heap these
    // bytes are the pair counters: kernels need a GPU heap).
    static constexpr size_t kDeviceReduceFlagsOffset = 16384;

    SymmetricHeap() = default;
    SymmetricHeap(const SymmetricHeap &) = delete;
    SymmetricHeap &operator=(const SymmetricHeap &) = delete;
    ~SymmetricHeap();

    // Reserve `user_bytes` (plus the library's area) of zeroed memory. With a `shared_name`
    // the host memory is a POSIX shared-memory object of that name, which PEs of the same
    // node map (providers/ipc). False (after logging the cause) when that fails.
    bool reserve_host(size_t user_bytes, const std::string &shared_name);
    // On the current CUDA device; `shared_name` names the host signal region.
    bool reserve_cuda(size_t user_bytes, const std::string &shared_name);
    // Removes the shared-memory name once every peer has mapped it (the mapping stays).
    void unlink_shared_name();
    void release_memory();

    HeapKind kind() const { return kind_; }
    char *base() const { return base_; }
    size_t size() const { return size_; }
    size_t user_size() const { return size_ - kLibraryBytes; }
    char *signal_base() const { return signal_base_; }
    // The cudaMalloc allocation that holds the data region (CUDA heap), for IPC handles.
    void *cuda_allocation() const { return cuda_allocation_; }

    bool contains(const void *ptr, size_t bytes) const {
        uintptr_t p = reinterpret_cast<uintptr_t>(ptr), b = reinterpret_cast<uintptr_t>(base_);
        return p >= b && p - b <= size_ && bytes <= size_ - (p - b);
    }
    size_t offset_of(const void *ptr) const {
        return static_cast<size_t>(static_cast<const char *>(ptr) - base_);
    }
    uint64_t *exit_request() const { return reinterpret_cast<uint64_t *>(signal_base_ + kExitRequestOffset); }
    uint64_t *pair_counters() const { return reinterpret_cast<uint64_t *>(signal_base_ + kPairCountersOffset); }
    uint64_t *team_flags(size_t slot) const {
        return reinterpret_cast<uint64_t *>(signal_base_ + team_flags_offset(slot));
    }
    uint64_t *push_flags(size_t slot) const {
        return reinterpret_cast<uint64_t *>(signal_base_ + kPushFlagsOffset + team_flags_offset(slot));
    }

    // User blocks, as data-region offsets. Thread-safe.
    std::optional<size_t> allocate(size_t size, size_t alignment);
    HeapAllocator::ReleaseResult release(size_t offset);
    std::optional<std::pair<size_t, size_t>> live_block_containing(size_t offset) const;
    size_t live_blocks() const;
    size_t live_bytes() const;
    size_t largest_free_range() const;

private:
    // Host memory of `bytes` at a kBaseAlignment-aligned address (shared if named).
    char *map_host(size_t bytes, const std::string &shared_name, void **mapping, size_t *mapping_size);
    void start_allocator();

    HeapKind kind_ = HeapKind::host;
    char *base_ = nullptr;
    size_t size_ = 0;
    char *signal_base_ = nullptr;
    void *mapping_ = nullptr;  // host mappings, for munmap
    size_t mapping_size_ = 0;
    void *cuda_allocation_ = nullptr;
    std::string shared_name_;  // until unlinked
    std::mutex name_mutex_;
    mutable std::mutex mutex_;
    std::optional<HeapAllocator> allocator_;  // data-region offsets; [0, kLibraryBytes) is reserved
};

static_assert(SymmetricHeap::team_flags_offset(SymmetricHeap::kMaxTeams) <= SymmetricHeap::kTeamScratchOffset,
              "the team flags fit before the scratch word");
static_assert(SymmetricHeap::kDeviceTeamFlagsOffset + SymmetricHeap::team_flags_offset(SymmetricHeap::kMaxTeams) <=
                  SymmetricHeap::kTeamScratchOffset,
              "the device team flags fit before the scratch word");
static_assert(SymmetricHeap::kDeviceReduceFlagsOffset >= SymmetricHeap::kTeamJoinOffset + SymmetricHeap::kTeamJoinWords * sizeof(uint64_t) &&
                  SymmetricHeap::kDeviceReduceFlagsOffset + SymmetricHeap::team_flags_offset(SymmetricHeap::kMaxTeams) <=
                      SymmetricHeap::kReduceSlotsOffset,
              "the device reduction flags fit between the join words and the reduction slots");
static_assert(SymmetricHeap::kReduceSlots <= static_cast<int>(SymmetricHeap::kMaxSyncRounds),
              "a flag word per reduction slot");
static_assert(SymmetricHeap::kExitRequestOffset + sizeof(uint64_t) <= SymmetricHeap::kDeviceReduceFlagsOffset,
              "the scratch, join and exit words fit before the device reduction flags and the pair counters");
static_assert(SymmetricHeap::kPairCountersOffset + SymmetricHeap::kMaxPairCounterPes * sizeof(uint64_t) <=
                  SymmetricHeap::kPushFlagsOffset,
              "the pair counters fit before the push flags");
static_assert(SymmetricHeap::kPushFlagsOffset + SymmetricHeap::team_flags_offset(SymmetricHeap::kMaxTeams) <=
                  SymmetricHeap::kSignalBytes,
              "the push flags fit in the signal region");

}  // namespace fabshmem
