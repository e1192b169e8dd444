// The PMIx bootstrap: srun --mpi=pmix, OpenMPI's mpirun, or any PMIx launcher.
#include <pmix.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

#include "bootstrap.h"
#include "log.h"

namespace fabshmem {
namespace {

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
        return Status::ok;
    }

    Status allgather(const void *mine, size_t bytes, void *all) override {
        std::string key = "fabshmem.ag." + std::to_string(allgather_count_++);
        pmix_value_t value;
        PMIX_VALUE_CONSTRUCT(&value);
        value.type = PMIX_BYTE_OBJECT;
        value.data.bo.bytes = static_cast<char *>(const_cast<void *>(mine));
        value.data.bo.size = bytes;
        pmix_status_t rc = PMIx_Put(PMIX_GLOBAL, key.c_str(), &value);
        if (rc != PMIX_SUCCESS) return fail("PMIx_Put", rc);
        if ((rc = PMIx_Commit()) != PMIX_SUCCESS) return fail("PMIx_Commit", rc);
        Status status = barrier();
        if (status != Status::ok) return status;
        for (int pe = 0; pe < size_; ++pe) {
            pmix_proc_t proc;
            PMIX_LOAD_PROCID(&proc, me_.nspace, static_cast<pmix_rank_t>(pe));
            pmix_value_t *got = nullptr;
            rc = PMIx_Get(&proc, key.c_str(), nullptr, 0, &got);
            if (rc != PMIX_SUCCESS) return fail("PMIx_Get of a peer's data", rc);
            if (got->type != PMIX_BYTE_OBJECT || got->data.bo.size != bytes) {
                PMIX_VALUE_RELEASE(got);
                FS_ERROR("PE %d published %s data than this PE during init; are all PEs running "
                         "the same fabshmem build?",
                         pe, "different");
                return Status::bootstrap_error;
            }
            std::memcpy(static_cast<char *>(all) + pe * bytes, got->data.bo.bytes, bytes);
            PMIX_VALUE_RELEASE(got);
        }
        return Status::ok;
    }

    Status barrier() override {
        // A fence that collects data: under Slurm's default a data-less fence does not wait
        // for the other nodes (measured), so it would not be a barrier.
        pmix_info_t info;
        bool collect = true;
        PMIX_INFO_CONSTRUCT(&info);
        PMIX_INFO_LOAD(&info, PMIX_COLLECT_DATA, &collect, PMIX_BOOL);
        pmix_status_t rc = PMIx_Fence(&wildcard_, 1, &info, 1);
        PMIX_INFO_DESTRUCT(&info);
        if (rc != PMIX_SUCCESS) return fail("PMIx_Fence", rc);
        return Status::ok;
    }

    void abort(int exit_code, const char *message) override {
        PMIx_Abort(exit_code, message, nullptr, 0);
        _Exit(exit_code);
    }

    void finalize() override { PMIx_Finalize(nullptr, 0); }

private:
    Status fail(const char *what, pmix_status_t rc) {
        FS_ERROR("%s failed: %s; the launcher's PMIx server may have gone away (did another "
                 "PE die?)",
                 what, PMIx_Error_string(rc));
        return Status::bootstrap_error;
    }

    pmix_proc_t me_{};
    pmix_proc_t wildcard_{};
    unsigned allgather_count_ = 0;
};

}  // namespace

std::unique_ptr<Bootstrap> create_pmix_bootstrap(std::string *why_not, Status *status) {
    pmix_proc_t me;
    pmix_status_t rc = PMIx_Init(&me, nullptr, 0);
    if (rc != PMIX_SUCCESS) {
        // Launched by a PMIx launcher but unable to reach it: that is an error, not a singleton.
        if (std::getenv("PMIX_NAMESPACE") || std::getenv("PMIX_SERVER_URI41") ||
            std::getenv("PMIX_SERVER_URI4")) {
            FS_ERROR("PMIx_Init failed: %s, though the launcher set PMIX_NAMESPACE; check that "
                     "the PMIx versions of the launcher and of libpmix match",
                     PMIx_Error_string(rc));
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

}  // namespace fabshmem
