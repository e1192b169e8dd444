#include "peer_monitor.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include <signal.h>
#include <unistd.h>

#include "activity.h"
#include "bootstrap.h"
#include "cuda_support.h"
#include "log.h"
#include "runtime.h"
#include "transport.h"

namespace fabshmem {
namespace {

constexpr auto kCheckInterval = std::chrono::milliseconds(100);
// A peer's global exit is looked for more often: every PE should end within a few milliseconds
// of the others, before a launcher that saw the first end signals the rest.
constexpr auto kExitCheckInterval = std::chrono::milliseconds(20);
std::atomic<long> g_dead_peer_pid{0};

// State and start time of a process from /proc/<pid>/stat; false if it does not exist, or if
// the file cannot be read (`*unreadable` then says so: a process out of file descriptors).
bool read_stat(int64_t pid, char *state, uint64_t *start_time, bool *unreadable = nullptr) {
    std::string path = "/proc/" + std::to_string(pid) + "/stat";
    FILE *file = std::fopen(path.c_str(), "r");
    if (unreadable) *unreadable = !file && errno != ENOENT && errno != ESRCH;
    if (!file) return false;
    char line[1024] = "";
    bool ok = std::fgets(line, sizeof line, file) != nullptr;
    std::fclose(file);
    if (!ok) return false;
    // The command name is in parentheses and may hold spaces: fields resume after the last ')'.
    const char *rest = std::strrchr(line, ')');
    if (!rest) return false;
    unsigned long long start = 0;
    // Fields 3 (state) .. 22 (starttime): skip 18 fields in between.
    if (std::sscanf(rest + 1, " %c %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %llu",
                    state, &start) != 2)
        return false;
    *start_time = start;
    return true;
}

}  // namespace

PeerMonitor::Identity PeerMonitor::self() {
    Identity me;
    char state = 0;
    if (read_stat(getpid(), &state, &me.start_time)) me.pid = getpid();
    return me;
}

bool PeerMonitor::alive(const Identity &identity) {
    if (identity.pid <= 0) return true;  // unknown: nothing to go by
    char state = 0;
    uint64_t start_time = 0;
    bool unreadable = false;
    if (read_stat(identity.pid, &state, &start_time, &unreadable))
        return state != 'Z' && state != 'X' && start_time == identity.start_time;
    // Out of files (ulimit -n) is no sign of a dead peer: ask the kernel whether the pid exists.
    return unreadable && (kill(static_cast<pid_t>(identity.pid), 0) == 0 || errno == EPERM);
}

long PeerMonitor::dead_peer_pid() { return g_dead_peer_pid.load(); }

bool PeerMonitor::node_peer_stopped(int pe, long *pid) const {
    for (size_t i = 0; i < node_peers_.size(); ++i) {
        if (node_peers_[i] != pe || identities_[i].pid <= 0) continue;
        char state = 0;
        uint64_t start_time = 0;
        *pid = static_cast<long>(identities_[i].pid);
        // 'T': stopped by a signal; 't': stopped by a tracer (a debugger at a breakpoint)
        return read_stat(identities_[i].pid, &state, &start_time) && (state == 'T' || state == 't') &&
               start_time == identities_[i].start_time;
    }
    return false;
}

void PeerMonitor::start(Bootstrap &bootstrap) {
    bootstrap_ = &bootstrap;
    Identity me = self();
    const std::vector<int> &node = bootstrap.node_pes();
    std::vector<Identity> identities(node.size());  // only node peers are watched this way
    if (bootstrap.node_allgather(&me, sizeof me, identities.data()) != Status::ok)
        fatal("nvshmem_init: exchanging process ids failed");
    for (size_t i = 0; i < node.size(); ++i) {
        if (node[i] == bootstrap.rank()) continue;
        node_peers_.push_back(node[i]);
        identities_.push_back(identities[i]);
    }
    launcher_ = getppid();
    stopping_ = false;
    thread_ = std::thread([this] { run(); });
}

void PeerMonitor::watch_remote(Transport *fabric, int pe, long timeout_seconds) {
    std::lock_guard<std::mutex> lock(mutex_);
    fabric_ = fabric;
    remote_pe_ = pe;
    remote_timeout_seconds_ = timeout_seconds;
}

void PeerMonitor::wait_for_node_peers_to_end(std::chrono::milliseconds limit) const {
    auto deadline = std::chrono::steady_clock::now() + limit;
    auto all_ended = [this] {
        return std::none_of(identities_.begin(), identities_.end(), [](const Identity &peer) { return alive(peer); });
    };
    while (!all_ended() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

void PeerMonitor::stop() {
    if (!thread_.joinable()) return;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void PeerMonitor::run() {
    cuda::mark_library_thread();  // its fabric polls may serve peers: never wait for a kernel
    std::unique_lock<std::mutex> lock(mutex_);
    auto next_check = std::chrono::steady_clock::now() + kCheckInterval;
    while (!wake_.wait_for(lock, kExitCheckInterval, [this] { return stopping_; })) {
        exit_if_requested();
        if (std::chrono::steady_clock::now() < next_check) continue;
        check_peers();
        next_check = std::chrono::steady_clock::now() + kCheckInterval;  // as long after a slow check
    }
}

void PeerMonitor::check_peers() {
    sample_activity();
    // The process that started this PE (srun's step daemon, mpirun or its daemon) is gone:
    // nobody will end this job, so this PE ends itself rather than spin on as an orphan.
    if (getppid() != launcher_)
        fatal("the launcher that started this PE (process %ld) is gone, while this PE was %s; "
              "ending this PE (the launcher was killed, or its node's daemon died)",
              static_cast<long>(launcher_), describe_activity().c_str());
    for (size_t i = 0; i < node_peers_.size(); ++i) {
        if (alive(identities_[i])) continue;
        g_dead_peer_pid.store(identities_[i].pid);
        fatal("PE %d (process %lld on this node) ended without calling nvshmem_finalize, while "
              "this PE was %s; ending the job (its own output, or the launcher's, says why it "
              "ended)",
              node_peers_[i], static_cast<long long>(identities_[i].pid), describe_activity().c_str());
    }
    // Runs with mutex_ held (from run()).
    if (fabric_ && ++checks_ % 10 == 0 &&
        !fabric_->probe(remote_pe_, static_cast<int>(remote_timeout_seconds_ * 1000))) {
        fatal("PE %d (on another node) has not answered a read for %ld s, while this PE was %s: "
              "it or its node has died, or the network between is down; ending the job "
              "(FABSHMEM_PEER_TIMEOUT sets how long to wait)",
              remote_pe_, remote_timeout_seconds_, describe_activity().c_str());
    }
    std::string how;
    int dead = bootstrap_->ended_pe(&how);
    if (dead >= 0)
        fatal("the launcher reports that PE %d ended (%s) before nvshmem_finalize, while this PE "
              "was %s; ending the job",
              dead, how.c_str(), describe_activity().c_str());
}

}  // namespace fabshmem
