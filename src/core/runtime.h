// The state of an initialized PE, and the checks every API entry point makes first.
#pragma once

#include <sched.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bootstrap.h"
#include "config.h"
#include "device_channel.h"
#include "extension_space.h"
#include "local_buffers.h"
#include "peer_monitor.h"
#include "progress_thread.h"
#include "routing.h"
#include "static_data.h"
#include "topology.h"
#include "symmetric_heap.h"
#include "team.h"
#include "transport.h"

namespace fabshmem {

// When each step of nvshmem_init ended (FABSHMEM_INFO prints the durations).
struct InitTimes {
    std::vector<double> seconds;
    void mark() {
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count());
    }
};

struct Runtime {
    Config config;
    InitTimes init_times;
    std::unique_ptr<Bootstrap> bootstrap;
    std::unique_ptr<Topology> topology;  // null when hwloc could not load the node
    SymmetricHeap heap;
    ExtensionSpace extension;  // GPU heap only: what grows it, and registered buffers
    LocalBuffers local_buffers;  // nvshmemx_buffer_register's
    StaticData statics;  // size 0 unless global and static variables are symmetric
    Routing routing;  // the open transports, and per PE the one that reaches it
    std::unique_ptr<DeviceChannel> device;  // GPU heap only: the device API's state and ring
    ProgressThread progress;
    PeerMonitor monitor;  // multi-PE jobs: a dead peer ends the job with a message
    int my_pe = 0;
    int n_pes = 1;
    int gpu = -1;  // the CUDA device of a GPU heap
    TeamTable teams;
    std::vector<uint64_t> pair_sent, pair_received;  // active-set syncs, per PE (team.h)
    bool yield_in_waits = false;  // FABSHMEM_WAIT_POLICY, decided at init (progress_until)

    Transport &route(int pe) const { return routing.route(pe); }
};

// The runtime, or a fatal error naming `function` when called before init or after finalize.
Runtime &runtime_for(const char *function);

// `backend` (with `args`): a bootstrap that needs the program's arguments (nvshmemx_init_attr);
// nullptr: the first registered one that applies. Returns false after logging when the named
// bootstrap cannot start (init does not happen).
bool initialize(const char *backend = nullptr, const BootstrapArgs *args = nullptr);
// nvshmemx_get_uniqueid: a fresh id from the "uid" bootstrap (kUniqueIdBytes at `id`).
bool make_unique_id(void *id, std::string *error);
// Ends this PE, without a message, where a peer's global exit asked it to (with its status).
// The watchdog calls it every check, and fatal() first.
void exit_if_requested();
// nvshmem_global_exit / shmem_global_exit: ends every PE of the job with `status`.
[[noreturn]] void global_exit(int status);
void finalize();
int init_status();

// Checks an RMA call's arguments before anything goes on the wire, ending the job with a
// message naming `function` on misuse. Returns the heap offset of `symmetric`.
size_t checked_remote_offset(Runtime &rt, const char *function, const void *symmetric,
                             size_t bytes, int pe, const void *local);
// nelems * element_size, or a fatal error on overflow.
size_t checked_bytes(const char *function, size_t nelems, size_t element_size);

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// Polls the transport that needs progress (serving peers) until `done()`; spins where none does.
// Where this node's PEs outnumber its cores (Runtime::yield_in_waits), gives the core away
// between polls, so that the PE waited for can run.
template <class Done>
void progress_until(Runtime &rt, Done done) {
    auto done_or_yield = [&rt, &done] {
        if (done()) return true;
        if (rt.yield_in_waits) sched_yield();
        return false;
    };
    if (Transport *transport = rt.routing.progressed()) {
        transport->poll_until(done_or_yield);
        return;
    }
    while (!done_or_yield()) cpu_relax();
}

// The team behind `handle`, or a fatal error naming `function` (src/api_team.cpp).
Team &team_for(Runtime &rt, const char *function, int handle);

// One atomic on the symmetric word `dest` of PE `pe`, after the checks every call makes
// (src/api_atomic.cpp); used by the AMO, signal and collective calls.
uint64_t atomic_on(const char *function, AtomicOp op, size_t width, void *dest, uint64_t operand,
                   uint64_t compare, int pe);
// The same for an atomic without a result: complete at the next quiet (Transport::atomic_nbi).
void atomic_nbi_on(const char *function, AtomicOp op, size_t width, void *dest, uint64_t operand, int pe);

// The GPU heap's extension (heap_extension.cpp), collective over the world. Adds `segment`
// (its `requested` bytes; `handle`: the program's memory, or 0 for new memory) at the same
// place on every PE and returns where, or nullopt with `why` on every PE when some PE could not
// (nothing is left mapped then). `refused`: why this PE cannot take part (it still joins the
// exchange, so the others learn it); empty when it can.
std::optional<size_t> add_extension_segment(Runtime &rt, const char *function, ExtensionSpace::Segment segment,
                                            const std::string &refused, std::string *why);
// Completes every PE's operations, then unmaps `segment` everywhere.
void remove_extension_segment(Runtime &rt, const ExtensionSpace::Segment &segment);
// Whether this node's PEs map each other's heaps (shared memory, CUDA IPC): more than one PE
// here, and FABSHMEM_DISABLE_IPC unset.
bool node_peers_share_heaps(const Runtime &rt);
// The symmetric offset of [ptr, ptr + bytes): heap, extension or static data.
std::optional<size_t> symmetric_offset(const Runtime &rt, const void *ptr, size_t bytes);
// Whether [ptr, ptr + bytes) is GPU memory of this PE's symmetric space (heap or extension).
bool in_gpu_symmetric_memory(const Runtime &rt, const void *ptr, size_t bytes);

// Barriers: sync_all only synchronises; barrier_all first completes this PE's operations.
void sync_all(Runtime &rt);
void quiet_all(Runtime &rt);
// What nvshmem_quiet and nvshmem_barrier_all do on the host: quiet_all, and with a GPU heap
// first wait for the program's legacy-default-stream work, so that data a program put into
// its heap with cudaMemcpy (which may return before the copy has landed) is there for peers.
// Never on the progress thread: a kernel may be waiting for it.
void quiet_from_host(Runtime &rt, const char *function);

}  // namespace fabshmem
