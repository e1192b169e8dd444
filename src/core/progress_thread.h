// One thread per PE that keeps the fabric moving while the user's threads compute: with
// manual-progress providers (tcp;ofi_rxm) a target that makes no libfabric calls never
// serves a peer's read. It busy-polls for FABSHMEM_PROGRESS_SPIN_US after the last activity,
// then sleeps in the completion queue's wait object, and it stands aside while a user thread
// is itself polling (in get, quiet or a barrier), so the two never fight for a core.
// With a GPU heap it also serves the kernels' request ring (device_channel.h); then it never
// sleeps longer than a few microseconds, since kernels cannot wake it.
#pragma once

#include <atomic>
#include <thread>

namespace fabshmem {

class DeviceChannel;
class Transport;

class ProgressThread {
public:
    ~ProgressThread() { stop(); }
    // cpu < 0: placement left to the OS.
    // `channel`: the request ring to serve, or nullptr.
    void start(Transport *transport, DeviceChannel *channel, long cpu, long spin_us);
    void stop();
    int cpu() const { return cpu_; }

private:
    void run();

    Transport *transport_ = nullptr;
    DeviceChannel *channel_ = nullptr;
    std::thread thread_;
    std::atomic<bool> stopping_{false};
    long spin_us_ = 0;
    int cpu_ = -1;
};

}  // namespace fabshmem
