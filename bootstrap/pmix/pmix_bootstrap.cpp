// The PMIx bootstrap: srun --mpi=pmix, OpenMPI's mpirun, or any PMIx launcher.
#include <pmix.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>
#include <sstream>
#include <string>

#include "bootstrap.h"
#include "file_limit.h"
#include "log.h"

namespace fabshmem {
namespace {

// A PE the PMIx server reported as ended, for the watchdog (peer_monitor.h); -1: none.
std::atomic<int> g_ended_rank{-1};
std::atomic<int> g_ended_status{0};

void on_process_ended(size_t, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[],
                      size_t ninfo, pmix_info_t *, size_t, pmix_event_notification_cbfunc_fn_t done,
                      void *done_data) {
    // The affected process is named in the info (PMIx 4) or is the event's source.
    const pmix_proc_t *proc = source;
    for (size_t i = 0; i < ninfo; ++i)
        if (PMIX_CHECK_KEY(&info[i], PMIX_EVENT_AFFECTED_PROC) && info[i].value.type == PMIX_PROC)
            proc = info[i].value.data.proc;
    if (proc && proc->rank != PMIX_RANK_WILDCARD && proc->rank != PMIX_RANK_UNDEF) {
        g_ended_status.store(status);
        g_ended_rank.store(static_cast<int>(proc->rank));
    }
    if (done) done(PMIX_SUCCESS, nullptr, 0, nullptr, nullptr, done_data);
}

// A fence in flight: the completion callback may come after a timed-out waiter has gone, so
// this lives on the heap and whoever finishes last frees it.
struct PendingFence {
    std::mutex mutex;
    std::condition_variable done_cv;
    bool done = false;
    bool abandoned = false;
    pmix_status_t status = PMIX_SUCCESS;
    pmix_info_t info;
};

void fence_done(pmix_status_t status, void *data) {
    auto *fence = static_cast<PendingFence *>(data);
    std::unique_lock<std::mutex> lock(fence->mutex);
    if (fence->abandoned) {
        lock.unlock();
        delete fence;
        return;
    }
    fence->status = status;
    fence->done = true;
    fence->done_cv.notify_all();
}

class PmixBootstrap final : public Bootstrap {
public:
    const char *name() const override { return "pmix"; }

    Status start(const pmix_proc_t &me) {
        me_ = me;
        PMIX_LOAD_PROCID(&wildcard_, me.nspace, PMIX_RANK_WILDCARD);
        rank_ = static_cast<int>(me.rank);
        pmix_value_t *value = nullptr;
        pmix_status_t rc = PMIx_Get(&wildcard_, PMIX_JOB_SIZE, nullptr, 0, &value);
        if (rc != PMIX_SUCCESS) return fail("PMIx_Get(PMIX_JOB_SIZE)", rc);
        size_ = static_cast<int>(value->data.uint32);
        PMIX_VALUE_RELEASE(value);

        // Locality comes from the launcher (not from hostnames): "0,1,2,3".
        rc = PMIx_Get(&wildcard_, PMIX_LOCAL_PEERS, nullptr, 0, &value);
        if (rc != PMIX_SUCCESS) return fail("PMIx_Get(PMIX_LOCAL_PEERS)", rc);
        node_pes_.clear();
        std::stringstream peers(value->data.string);
        for (std::string item; std::getline(peers, item, ',');) node_pes_.push_back(std::atoi(item.c_str()));
        PMIX_VALUE_RELEASE(value);
        std::sort(node_pes_.begin(), node_pes_.end());

        // Tell the watchdog when the launcher reports a process of the job ending early.
        pmix_status_t codes[] = {PMIX_PROC_TERMINATED, PMIX_EVENT_PROC_TERMINATED,
                                 PMIX_ERR_PROC_TERM_WO_SYNC, PMIX_ERR_PROC_ABORTED_BY_SIG};
        PMIx_Register_event_handler(codes, sizeof codes / sizeof codes[0], nullptr, 0,
                                    on_process_ended, nullptr, nullptr);
        return Status::ok;
    }

    int ended_pe(std::string *how) const override {
        int rank = g_ended_rank.load();
        if (rank < 0 || rank == rank_) return -1;
        *how = PMIx_Error_string(g_ended_status.load());
        return rank;
    }

    Status gather(const void *mine, size_t bytes, void *all) override {
        std::string key = "fabshmem.ag." + std::to_string(allgather_count_++);
        Status status = publish(PMIX_GLOBAL, key, mine, bytes);
        if (status == Status::ok) status = wait_for_all();
        for (int pe = 0; pe < size_ && status == Status::ok; ++pe)
            status = fetch(pe, key, nullptr, static_cast<char *>(all) + pe * bytes, bytes);
        return status;
    }

    // Node peers' data needs no fence: they commit to this node's PMIx server, which holds a
    // get until the key is there (bounded by the bootstrap timeout).
    Status node_gather(const void *mine, size_t bytes, void *all) override {
        std::string key = "fabshmem.node." + std::to_string(node_gather_count_++);
        Status status = publish(PMIX_LOCAL, key, mine, bytes);
        pmix_info_t wait;
        int seconds = timeout_seconds_ > 0 ? static_cast<int>(timeout_seconds_) : 0;
        PMIX_INFO_LOAD(&wait, PMIX_TIMEOUT, &seconds, PMIX_INT);
        for (size_t i = 0; i < node_pes_.size() && status == Status::ok; ++i) {
            char *slot = static_cast<char *>(all) + i * bytes;
            if (node_pes_[i] == rank_) std::memcpy(slot, mine, bytes);
            else status = fetch(node_pes_[i], key, seconds > 0 ? &wait : nullptr, slot, bytes);
        }
        return status;
    }

    Status wait_for_all() override {
        // Each PE first publishes that it reached this fence, so that a PE that times out can
        // ask which ones did not (missing_pes).
        std::string arrived_key = "fabshmem.at." + std::to_string(barrier_count_++);
        pmix_value_t here;
        PMIX_VALUE_CONSTRUCT(&here);
        here.type = PMIX_BOOL;
        here.data.flag = true;
        if (PMIx_Put(PMIX_GLOBAL, arrived_key.c_str(), &here) != PMIX_SUCCESS || PMIx_Commit() != PMIX_SUCCESS)
            arrived_key.clear();
        // A fence that collects data: under Slurm's default a data-less fence does not wait
        // for the other nodes (measured), so it would not be a barrier. Non-blocking, so that
        // a PE that never arrives (dead, or stuck before init) ends in a message, not a hang.
        auto *fence = new PendingFence();
        bool collect = true;
        PMIX_INFO_CONSTRUCT(&fence->info);
        PMIX_INFO_LOAD(&fence->info, PMIX_COLLECT_DATA, &collect, PMIX_BOOL);
        pmix_status_t rc = PMIx_Fence_nb(&wildcard_, 1, &fence->info, 1, fence_done, fence);
        if (rc == PMIX_OPERATION_SUCCEEDED) {
            delete fence;
            return Status::ok;
        }
        if (rc != PMIX_SUCCESS) {
            delete fence;
            return fail("PMIx_Fence_nb", rc);
        }
        std::unique_lock<std::mutex> lock(fence->mutex);
        auto arrived = [fence] { return fence->done; };
        if (timeout_seconds_ <= 0) {
            fence->done_cv.wait(lock, arrived);
        } else if (!fence->done_cv.wait_for(lock, std::chrono::seconds(timeout_seconds_), arrived)) {
            fence->abandoned = true;  // the callback frees it, if it ever comes
            lock.unlock();
            std::string missing = arrived_key.empty() ? "" : missing_pes(arrived_key);
            return late(missing.empty() ? "the other PEs" : missing);
        }
        pmix_status_t status = fence->status;
        lock.unlock();
        PMIX_INFO_DESTRUCT(&fence->info);
        delete fence;
        if (status == PMIX_SUCCESS) return Status::ok;
        return fail("PMIx_Fence", status, arrived_key.empty() ? "" : missing_pes(arrived_key));
    }

    void abort(int exit_code, const char *message) override {
        PMIx_Abort(exit_code, message, nullptr, 0);
        _Exit(exit_code);
    }

    void finalize() override { PMIx_Finalize(nullptr, 0); }

private:
    // This PE's `bytes` under `key`, committed to the PMIx server.
    Status publish(pmix_scope_t scope, const std::string &key, const void *mine, size_t bytes) {
        pmix_value_t value;
        PMIX_VALUE_CONSTRUCT(&value);
        value.type = PMIX_BYTE_OBJECT;
        value.data.bo.bytes = static_cast<char *>(const_cast<void *>(mine));
        value.data.bo.size = bytes;
        pmix_status_t rc = PMIx_Put(scope, key.c_str(), &value);
        if (rc != PMIX_SUCCESS) return fail("PMIx_Put", rc);
        if ((rc = PMIx_Commit()) != PMIX_SUCCESS) return fail("PMIx_Commit", rc);
        return Status::ok;
    }

    // PE `pe`'s `bytes` under `key` into `slot`; `wait` (PMIX_TIMEOUT) bounds a get that waits
    // for the key.
    Status fetch(int pe, const std::string &key, const pmix_info_t *wait, char *slot, size_t bytes) {
        pmix_proc_t proc;
        PMIX_LOAD_PROCID(&proc, me_.nspace, static_cast<pmix_rank_t>(pe));
        pmix_value_t *got = nullptr;
        pmix_status_t rc = PMIx_Get(&proc, key.c_str(), wait, wait ? 1 : 0, &got);
        if (rc == PMIX_ERR_TIMEOUT) return late("PE " + std::to_string(pe));
        if (rc != PMIX_SUCCESS) return fail("PMIx_Get of a peer's data", rc);
        bool same_size = got->type == PMIX_BYTE_OBJECT && got->data.bo.size == bytes;
        if (same_size) std::memcpy(slot, got->data.bo.bytes, bytes);
        PMIX_VALUE_RELEASE(got);
        if (!same_size) {
            FS_ERROR("PE %d published different data than this PE during init; are all PEs running "
                     "the same fabshmem build?", pe);
            return Status::bootstrap_error;
        }
        return Status::ok;
    }

    // `who` ("PE 3", "PEs 1, 5") did not come within the bootstrap timeout.
    Status late(const std::string &who) {
        FS_ERROR("%s did not reach a bootstrap fence within %ld s (FABSHMEM_BOOTSTRAP_TIMEOUT): "
                 "a PE died, is stuck before this point (in nvshmem_init, nvshmem_finalize or a "
                 "collective allocation), its node cannot be reached (the network between is down), or it "
                 "starts slowly; raise FABSHMEM_BOOTSTRAP_TIMEOUT (0: "
                 "wait forever) if startup is legitimately that slow",
                 who.c_str(), timeout_seconds_);
        return Status::bootstrap_error;
    }

    // The PEs whose arrival note for this fence the PMIx server cannot find within 2 s ("PE 3",
    // "PEs 1, 5, 7"), asked of every PE at once; empty when it cannot tell.
    std::string missing_pes(const std::string &key) {
        struct Query {
            std::mutex mutex;
            std::condition_variable done_cv;
            int answered = 0;
            std::vector<int> missing;
            pmix_info_t wait;  // kept until the last answer: the queries refer to it
        };
        struct Ask {
            std::shared_ptr<Query> query;
            int pe;
        };
        auto query = std::make_shared<Query>();
        int seconds = 2;
        PMIX_INFO_LOAD(&query->wait, PMIX_TIMEOUT, &seconds, PMIX_INT);
        int asked = 0;
        for (int pe = 0; pe < size_; ++pe) {
            if (pe == rank_) continue;
            pmix_proc_t proc;
            PMIX_LOAD_PROCID(&proc, me_.nspace, static_cast<pmix_rank_t>(pe));
            auto *ask = new Ask{query, pe};
            auto answer = [](pmix_status_t status, pmix_value_t *, void *data) {
                std::unique_ptr<Ask> ask(static_cast<Ask *>(data));
                std::lock_guard<std::mutex> lock(ask->query->mutex);
                if (status != PMIX_SUCCESS) ask->query->missing.push_back(ask->pe);
                ++ask->query->answered;
                ask->query->done_cv.notify_all();
            };
            if (PMIx_Get_nb(&proc, key.c_str(), &query->wait, 1, answer, ask) != PMIX_SUCCESS) {
                delete ask;
                return "";
            }
            ++asked;
        }
        std::unique_lock<std::mutex> lock(query->mutex);
        if (!query->done_cv.wait_for(lock, std::chrono::seconds(4), [&] { return query->answered == asked; }) ||
            query->missing.empty())
            return "";
        std::sort(query->missing.begin(), query->missing.end());
        std::string names = query->missing.size() == 1 ? "PE " : "PEs ";
        for (size_t i = 0; i < query->missing.size() && i < 16; ++i)
            names += (i ? ", " : "") + std::to_string(query->missing[i]);
        if (query->missing.size() > 16) names += ", ... (" + std::to_string(query->missing.size()) + " in all)";
        return names;
    }

    // `missing`: the PEs that never reached the fence, when known ("PE 1").
    Status fail(const char *what, pmix_status_t rc, const std::string &missing = "") {
        // A fence that only some PEs reached: one of them ended (killed, or crashed) meanwhile.
        if (rc == PMIX_ERR_PARTIAL_SUCCESS || rc == PMIX_ERR_PROC_ABORTED || rc == PMIX_ERR_LOST_CONNECTION) {
            FS_ERROR("%s failed (%s): %s ended or the launcher went away while this PE waited for "
                     "every PE (its own output, or the launcher's, says why)",
                     what, PMIx_Error_string(rc), missing.empty() ? "another PE of the job" : missing.c_str());
            return Status::bootstrap_error;
        }
        // PMIx says no more than NOT_AVAILABLE where it could not open its shared store.
        std::string files = open_files_advice(0);
        FS_ERROR("%s failed: %s%s", what, PMIx_Error_string(rc),
                 files.empty() ? "; the launcher's PMIx server may have gone away (did another PE die?)"
                               : files.c_str());
        return Status::bootstrap_error;
    }

    pmix_proc_t me_{};
    pmix_proc_t wildcard_{};
    unsigned allgather_count_ = 0;
    unsigned node_gather_count_ = 0;
    unsigned barrier_count_ = 0;
};


std::unique_ptr<Bootstrap> create_pmix_bootstrap(std::string *why_not, Status *status) {
    pmix_proc_t me;
    pmix_status_t rc = PMIx_Init(&me, nullptr, 0);
    if (rc != PMIX_SUCCESS) {
        // Launched by a PMIx launcher but unable to reach it: that is an error, not a singleton.
        if (std::getenv("PMIX_NAMESPACE") || std::getenv("PMIX_SERVER_URI41") ||
            std::getenv("PMIX_SERVER_URI4")) {
            std::string files = open_files_advice(0);
            FS_ERROR("PMIx_Init failed: %s%s", PMIx_Error_string(rc),
                     files.empty() ? ", though the launcher set PMIX_NAMESPACE; check that the PMIx versions of "
                                     "the launcher and of libpmix match"
                                   : files.c_str());
            *status = Status::bootstrap_error;
        } else {
            *why_not = std::string("no PMIx server (") + PMIx_Error_string(rc) + ")";
        }
        return nullptr;
    }
    auto bootstrap = std::make_unique<PmixBootstrap>();
    *status = bootstrap->start(me);
    if (*status != Status::ok) return nullptr;
    return bootstrap;
}

}  // namespace

extern const BootstrapEntry bootstrap_entry_pmix = {"pmix", create_pmix_bootstrap};

}  // namespace fabshmem
