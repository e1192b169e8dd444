// The MPI-communicator bootstrap (nvshmemx_init_attr with NVSHMEMX_INIT_WITH_MPI_COMM): the
// program's MPI ranks become the PEs. The MPI calls live in a plugin (mpi_plugin.h), loaded
// here on first use, so that the library itself needs no MPI.
#include <dlfcn.h>

#include <cstdlib>
#include <string>

#include "bootstrap.h"
#include "log.h"
#include "mpi_plugin.h"

namespace fabshmem {
namespace {

constexpr const char *kPluginName = "libfabshmem_bootstrap_mpi.so";

// The plugin sits beside the library once installed, and in bootstrap/ of a build tree.
void *load_plugin(std::string *tried) {
    Dl_info self{};
    std::string dir;
    if (dladdr(reinterpret_cast<void *>(&load_plugin), &self) && self.dli_fname) {
        dir = self.dli_fname;
        dir = dir.find('/') == std::string::npos ? "." : dir.substr(0, dir.rfind('/'));
    }
    for (const std::string &path : {dir + "/" + kPluginName, dir + "/bootstrap/" + kPluginName, std::string(kPluginName)}) {
        if (void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) return handle;
        *tried += (tried->empty() ? "" : "; ") + std::string(dlerror());
    }
    return nullptr;
}

class MpiBootstrap final : public Bootstrap {
public:
    explicit MpiBootstrap(const fabshmemi_mpi_plugin &plugin) : plugin_(plugin) {
        rank_ = plugin.rank;
        size_ = plugin.size;
        node_pes_.assign(plugin.node_ranks, plugin.node_ranks + plugin.node_size);
    }
    ~MpiBootstrap() override { finalize(); }
    const char *name() const override { return "mpi"; }

    Status gather(const void *mine, size_t bytes, void *all) override {
        char error[256] = "";
        if (plugin_.allgather(plugin_.state, mine, bytes, all, error, sizeof error) == 0) return Status::ok;
        FS_ERROR("bootstrap (MPI): %s", error);
        return Status::bootstrap_error;
    }
    Status wait_for_all() override {
        char error[256] = "";
        if (plugin_.barrier(plugin_.state, error, sizeof error) == 0) return Status::ok;
        FS_ERROR("bootstrap (MPI): %s", error);
        return Status::bootstrap_error;
    }
    void abort(int exit_code, const char *) override {
        plugin_.abort(plugin_.state, exit_code);
        std::_Exit(exit_code);
    }
    void finalize() override {
        if (plugin_.state) plugin_.finalize(&plugin_);
    }

private:
    fabshmemi_mpi_plugin plugin_;
};

std::unique_ptr<Bootstrap> create_mpi_bootstrap(const BootstrapArgs &args, Status *status) {
    std::string tried;
    void *handle = load_plugin(&tried);
    auto open = handle ? reinterpret_cast<fabshmemi_mpi_plugin_open_fn>(dlsym(handle, "fabshmemi_mpi_plugin_open")) : nullptr;
    if (!open) {
        FS_ERROR("nvshmemx_init_attr(NVSHMEMX_INIT_WITH_MPI_COMM): the MPI plugin %s could not be loaded (%s): "
                 "this fabshmem was built without MPI, or the plugin was not installed beside libfabshmem.so",
                 kPluginName, handle ? "no fabshmemi_mpi_plugin_open in it" : tried.c_str());
        *status = Status::invalid_argument;
        return nullptr;
    }
    fabshmemi_mpi_plugin plugin{};
    char error[256] = "";
    if (open(args.mpi_comm, &plugin, error, sizeof error) != 0) {
        FS_ERROR("nvshmemx_init_attr(NVSHMEMX_INIT_WITH_MPI_COMM): %s", error);
        *status = Status::bootstrap_error;
        return nullptr;
    }
    return std::make_unique<MpiBootstrap>(plugin);  // the plugin stays loaded: its code is in use
}

}  // namespace

extern const BootstrapEntry bootstrap_entry_mpi = {"mpi", nullptr, create_mpi_bootstrap};

}  // namespace fabshmem
