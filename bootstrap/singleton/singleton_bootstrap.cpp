// A plain ./a.out: one PE, nothing to exchange.
#include <cstdlib>
#include <cstring>

#include "bootstrap.h"
#include "log.h"

namespace fabshmem {
namespace {

class SingletonBootstrap final : public Bootstrap {
public:
    const char *name() const override { return "singleton"; }
    Status gather(const void *mine, size_t bytes, void *all) override {
        std::memcpy(all, mine, bytes);
        return Status::ok;
    }
    Status wait_for_all() override { return Status::ok; }
    void abort(int exit_code, const char *) override { std::_Exit(exit_code); }
    void finalize() override {}
};


std::unique_ptr<Bootstrap> create_singleton_bootstrap(std::string *, Status *) {
    // A common slip: `srun -n 4 ./app` without --mpi=pmix starts 4 unrelated 1-PE jobs.
    const char *ntasks = std::getenv("SLURM_NTASKS");
    if (ntasks && std::atoi(ntasks) > 1 && std::getenv("SLURM_STEP_ID")) {
        FS_WARN("started by srun as one of %s tasks, but no PMIx server answered, so this "
                "process runs as a job of its own (1 PE); launch with `srun --mpi=pmix`",
                ntasks);
    }
    return std::make_unique<SingletonBootstrap>();
}

}  // namespace

extern const BootstrapEntry bootstrap_entry_singleton = {"singleton", create_singleton_bootstrap};

}  // namespace fabshmem
