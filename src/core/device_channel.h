// The host side of the device API (include/fabshmem_device.h): the state every CUDA module
// of the program gets at init, and the request ring through which kernels reach PEs whose
// heaps are not mapped on this GPU. The progress thread serves the ring: it carries requests
// out in ticket order through the PE's transports, in batches, completing each batch (quiet)
// before it marks it done.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fabshmem/detail/device_state.h"
#include "symmetric_heap.h"

namespace fabshmem {

struct Runtime;
struct Team;

class DeviceChannel {
public:
    // For a GPU heap, after the routes are known. Publishes the state to every module.
    explicit DeviceChannel(Runtime &rt);
    ~DeviceChannel();  // withdraws the state (kernels that still call fabshmem trap)
    DeviceChannel(const DeviceChannel &) = delete;
    DeviceChannel &operator=(const DeviceChannel &) = delete;

    // Team `slot` as kernels see it, after the TeamTable made it (or, with null, freed it:
    // its kernel sync flags are zeroed too). On the program's thread, ordered after its
    // kernels on the legacy default stream, like any cudaMemcpy.
    void set_team(int slot, const Team *team);
    // The GPU heap's extension now ends at `bytes` into its window (kernels' range checks).
    // On the program's thread, like set_team.
    void set_extension_size(size_t bytes);

    bool has_ring() const { return ring_ != nullptr; }
    // Carries out the requests waiting in the ring; true if there were any. One thread only
    // (the progress thread).
    bool serve();

    // On the program's thread, after its kernels ended: waits until the progress thread has
    // carried out every request they put in the ring (a kernel may end right after a
    // non-blocking put, whose request is still waiting).
    void wait_for_kernel_requests();

    static constexpr uint64_t kRingSlots = 4096;  // 256 KiB of pinned memory
    static constexpr uint64_t kMaxBatch = 256;
    // Device reductions combine this much of every member's data per team sync.
    static constexpr uint64_t kReduceChunkBytes = 128 << 10;
    // Kernels' direct broadcasts of up to this much data carry it in their flag words (twice
    // the bytes of ring); larger ones take one word. 128 of the largest fit in the ring before
    // a root may have to wait for a member to read, 8,192 of the others: a kernel can make
    // that many back to back without waiting for the other PEs' kernels.
    static constexpr uint64_t kLowLatencyBroadcastBytes = 256;
    static_assert(128 * 2 * kLowLatencyBroadcastBytes <= SymmetricHeap::kBroadcastRingBytes, "128 fit");

private:
    void execute(fabshmemi_request &request);

    Runtime &rt_;
    fabshmemi_device_state state_{};
    void *peer_heaps_ = nullptr;      // device memory: n_pes heaps, then n_pes extension windows
    void *ring_tickets_ = nullptr;    // device memory
    void *team_table_ = nullptr;  // device memory: the slots
    // Per slot, made when a team first takes the slot and kept for the teams after it (no
    // cudaFree while kernels may run): its members (n_pes ints) and its reductions' scratch
    // (2 x kReduceChunkBytes). A job that makes two teams holds two of each, not kMaxTeams.
    struct SlotMemory {
        int *members = nullptr;
        char *scratch = nullptr;
    };
    std::vector<SlotMemory> slot_memory_;
    fabshmemi_request *ring_ = nullptr;  // host address of the ring
    uint64_t *completed_ = nullptr;      // host address of the completed count
    void *ring_memory_ = nullptr;
    uint64_t next_ticket_ = 0;
};

// Sends `state` to every registered CUDA module (and to modules registering later).
void publish_device_state(const fabshmemi_device_state &state);

// CUmodules the program loaded itself (nvshmemx_cumodule_init): their state is kept up to date
// like the others' until they are removed. False, with `error`, when the module holds no
// fabshmem device state.
bool add_loaded_module(void *module, bool library, std::string *error);
bool remove_loaded_module(void *module);

}  // namespace fabshmem
