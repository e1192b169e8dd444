// The watchdog that turns a dead peer into a clear end of the job instead of a hang. A PE
// that exits or is killed without nvshmem_finalize is noticed within about 0.1 s by:
//  - every PE of its node: each PE's process id and start time are exchanged at init, and
//    /proc says when one is gone (or a zombie, or a new process under a reused id);
//  - every PE, where the launcher's PMIx server reports a process's end (an event);
//  - its predecessor (PE i - 1) when that is on another node: once a second it reads a word
//    of the next PE's heap through the fabric; a dead process's read fails at once, and one
//    unanswered for FABSHMEM_PEER_TIMEOUT seconds (a dead node, a cut link) counts as dead.
//    So every PE is watched: by its node peers, or by its predecessor;
//  - every PE with an operation to it in flight: the fabric's completion error (fabric
//    transport).
// The survivor that notices ends the job (PMIx_Abort) with a message naming the dead PE and
// what the survivor was doing. Every 20 ms it also looks whether a peer's nvshmem_global_exit
// asked this PE to end (runtime.h: exit_if_requested). The watchdog stops in nvshmem_finalize once every PE has
// entered it (after that, peers may exit).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace fabshmem {

class Bootstrap;
class Transport;

class PeerMonitor {
public:
    ~PeerMonitor() { stop(); }
    // Collective (exchanges process identities).
    void start(Bootstrap &bootstrap);
    // Also read from `pe` (on another node) through `fabric` once a second, ending the job
    // when a read is not answered within `timeout_seconds`.
    void watch_remote(Transport *fabric, int pe, long timeout_seconds);
    void stop();
    // Waits until every node peer's process has ended, or `limit` has passed (global exit).
    void wait_for_node_peers_to_end(std::chrono::milliseconds limit) const;

    struct Identity {
        int64_t pid = 0;
        uint64_t start_time = 0;  // /proc/<pid>/stat field 22, clock ticks since boot
    };
    // This process, or {0, 0} where /proc cannot say.
    static Identity self();
    // Whether the process with that identity still runs (not exited, not a zombie).
    static bool alive(const Identity &identity);
    // The process id of the node peer found dead, once one is (for cleaning up after it).
    static long dead_peer_pid();
    // Whether node peer `pe`'s process is stopped (SIGSTOP, or held by a debugger): alive, but it
    // will reach no call until continued; `*pid` its process id. False for any other PE.
    bool node_peer_stopped(int pe, long *pid) const;

private:
    void run();
    void check_peers();

    Bootstrap *bootstrap_ = nullptr;
    std::vector<int> node_peers_;         // the other PEs of this node
    std::vector<Identity> identities_;    // theirs, in the same order
    Transport *fabric_ = nullptr;  // set under mutex_
    pid_t launcher_ = 0;           // this PE's parent at init
    int remote_pe_ = -1;
    long remote_timeout_seconds_ = 0;
    unsigned checks_ = 0;
    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
};

}  // namespace fabshmem
