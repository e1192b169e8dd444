// The host side of the device API (include/fabshmem_device.h): the state every CUDA module
// of the program gets at init, and the request ring through which kernels reach PEs whose
// heaps are not mapped on this GPU. The progress thread serves the ring: it carries requests
// out in ticket order through the PE's transports, in batches, completing each batch (quiet)
// before it marks it done.
#pragma once

#include <cstdint>
#include <vector>

#include "fabshmem_device_state.h"

namespace fabshmem {

struct Runtime;

class DeviceChannel {
public:
    // For a GPU heap, after the routes are known. Publishes the state to every module.
    explicit DeviceChannel(Runtime &rt);
    ~DeviceChannel();  // withdraws the state (kernels that still call fabshmem trap)
    DeviceChannel(const DeviceChannel &) = delete;
    DeviceChannel &operator=(const DeviceChannel &) = delete;

    bool has_ring() const { return ring_ != nullptr; }
    // Carries out the requests waiting in the ring; true if there were any. One thread only
    // (the progress thread).
    bool serve();

    static constexpr uint64_t kRingSlots = 4096;  // 256 KiB of pinned memory
    static constexpr uint64_t kMaxBatch = 256;

private:
    void execute(fabshmemi_request &request);

    Runtime &rt_;
    fabshmemi_device_state state_{};
    void *peer_heaps_ = nullptr;      // device memory
    void *device_counters_ = nullptr; // device memory: ring tickets, barrier epoch
    fabshmemi_request *ring_ = nullptr;  // host address of the ring
    uint64_t *completed_ = nullptr;      // host address of the completed count
    void *ring_memory_ = nullptr;
    uint64_t next_ticket_ = 0;
};

// Sends `state` to every registered CUDA module (and to modules registering later).
void publish_device_state(const fabshmemi_device_state &state);

}  // namespace fabshmem
