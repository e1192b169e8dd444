// How PEs find each other. As narrow as Sandia OpenSHMEM's runtime interface: rank, size,
// this node's PEs, allgather, barrier, abort. Backends live in bootstrap/<name>/.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "status.h"

namespace fabshmem {

class Bootstrap {
public:
    virtual ~Bootstrap() = default;
    virtual const char *name() const = 0;

    int rank() const { return rank_; }
    int size() const { return size_; }
    // PEs on this node, ascending, this PE included (from the launcher's locality data).
    const std::vector<int> &node_pes() const { return node_pes_; }
    int node_rank() const;
    bool all_pes_on_one_node() const { return static_cast<int>(node_pes_.size()) == size_; }

    // Every PE contributes `bytes` bytes; `all` receives size() * bytes, in rank order.
    Status allgather(const void *mine, size_t bytes, void *all) {
        gathered_bytes_ += bytes * static_cast<size_t>(size_);
        ++job_wide_steps_;
        return gather(mine, bytes, all);
    }
    // The same among this node's PEs only: `all` receives node_pes().size() * bytes, in
    // node_pes() order. For what only node peers need (shared-memory names, CPU bindings,
    // process identities), so that it does not travel to every PE of the job.
    Status node_allgather(const void *mine, size_t bytes, void *all) {
        gathered_bytes_ += bytes * node_pes_.size();
        return node_gather(mine, bytes, all);
    }
    // What this PE has received through allgathers so far (what grows with the job).
    size_t gathered_bytes() const { return gathered_bytes_; }
    // Blocking: the caller's progress thread keeps serving peers meanwhile.
    Status barrier() {
        ++job_wide_steps_;
        return wait_for_all();
    }
    // How many job-wide steps (allgathers and barriers: one PMIx fence each, what grows slowest
    // at scale) this PE has made; node allgathers are not counted (no fence).
    size_t job_wide_steps() const { return job_wide_steps_; }
    // Ends every PE of the job.
    virtual void abort(int exit_code, const char *message) = 0;
    // A PE the launcher reported as ended (with `how`), or -1.
    virtual int ended_pe(std::string * /*how*/) const { return -1; }
    // How long a collective step waits for the other PEs before failing; 0: forever.
    void set_timeout_seconds(long seconds) { timeout_seconds_ = seconds; }
    virtual void finalize() = 0;

protected:
    // The backend's allgather and barrier.
    virtual Status gather(const void *mine, size_t bytes, void *all) = 0;
    virtual Status wait_for_all() = 0;
    // The backend's node allgather; this one gathers from every PE and keeps the node's.
    virtual Status node_gather(const void *mine, size_t bytes, void *all);

    int rank_ = 0;
    int size_ = 1;
    std::vector<int> node_pes_{0};
    long timeout_seconds_ = 0;

    size_t gathered_bytes_ = 0;
    size_t job_wide_steps_ = 0;
};

// What nvshmemx_init_attr hands a bootstrap: the program's own way of finding its PEs.
struct BootstrapArgs {
    int rank = -1;
    int size = -1;
    const void *unique_id = nullptr;  // kUniqueIdBytes from make_unique_id (the "uid" backend)
    void *mpi_comm = nullptr;         // the address of an MPI_Comm (the "mpi" backend)
    long timeout_seconds = 0;         // for finding the others; 0: forever
};
constexpr size_t kUniqueIdBytes = 124;

// One registered backend (bootstrap/<name>/ defines it). create() returns a bootstrap, or
// nullptr: with *status ok and `why_not` saying why it does not apply (the next one is
// tried), or with *status set after logging why it applies but failed. Backends that need
// the program's arguments have no create() (nvshmem_init never tries them) but create_with();
// the "uid" backend also makes the ids (`interface`: the network interface to listen on,
// empty: the first one that is up).
struct BootstrapEntry {
    const char *name;
    std::unique_ptr<Bootstrap> (*create)(std::string *why_not, Status *status);
    std::unique_ptr<Bootstrap> (*create_with)(const BootstrapArgs &args, Status *status) = nullptr;
    bool (*make_unique_id)(void *id, const std::string &interface, std::string *error) = nullptr;
};

// Every backend built into the library, in the order they are tried (src/interfaces/
// registry.cpp.in, filled from bootstrap/meson.build): PMIx, then a singleton for ./a.out.
const std::vector<const BootstrapEntry *> &registered_bootstraps();
// The backend called `name`, or nullptr when this build has none.
const BootstrapEntry *find_bootstrap(const char *name);

// Tries the registered backends that need no arguments, in order.
std::unique_ptr<Bootstrap> open_bootstrap(Status *status);

}  // namespace fabshmem
