#include "bootstrap.h"

#include <algorithm>
#include <cstring>

#include "log.h"

namespace fabshmem {

int Bootstrap::node_rank() const {
    auto it = std::find(node_pes_.begin(), node_pes_.end(), rank_);
    return static_cast<int>(it - node_pes_.begin());
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
