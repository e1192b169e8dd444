#include "bootstrap.h"

#include <algorithm>
#include <cstring>

#include "log.h"

namespace fabshmem {

int Bootstrap::node_rank() const {
    auto it = std::find(node_pes_.begin(), node_pes_.end(), rank_);
    return static_cast<int>(it - node_pes_.begin());
}

Status Bootstrap::node_gather(const void *mine, size_t bytes, void *all) {
    std::vector<char> everyone(bytes * static_cast<size_t>(size_));
    Status status = gather(mine, bytes, everyone.data());
    if (status != Status::ok) return status;
    gathered_bytes_ += bytes * (static_cast<size_t>(size_) - node_pes_.size());  // what came, all of it
    for (size_t i = 0; i < node_pes_.size(); ++i)
        std::memcpy(static_cast<char *>(all) + i * bytes, everyone.data() + static_cast<size_t>(node_pes_[i]) * bytes, bytes);
    return Status::ok;
}

const BootstrapEntry *find_bootstrap(const char *name) {
    for (const BootstrapEntry *backend : registered_bootstraps())
        if (std::strcmp(backend->name, name) == 0) return backend;
    return nullptr;
}

std::unique_ptr<Bootstrap> open_bootstrap(Status *status) {
    for (const BootstrapEntry *backend : registered_bootstraps()) {
        if (!backend->create) continue;
        std::string why_not;
        *status = Status::ok;
        std::unique_ptr<Bootstrap> bootstrap = backend->create(&why_not, status);
        if (bootstrap) return bootstrap;
        if (*status != Status::ok) return nullptr;  // applies, but failed: already logged
        FS_DEBUG("bootstrap %s not used: %s", backend->name, why_not.c_str());
    }
    *status = Status::bootstrap_error;
    return nullptr;
}

}  // namespace fabshmem
