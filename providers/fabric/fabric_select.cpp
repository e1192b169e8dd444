#include "fabric_select.h"

#include <rdma/fi_errno.h>

#include <algorithm>
#include <cstring>

#include "log.h"

namespace fabshmem {
namespace {

constexpr uint32_t kFabricVersion = FI_VERSION(1, 17);

// Hardware first; shm only when every PE shares the node; then the sockets-based ones.
const char *const kDefaultOrder[] = {"verbs;ofi_rxm", "efa", "cxi", "psm3", "opx", "psm2",
                                     "ucx", "shm", "tcp;ofi_rxm", "tcp", "net;ofi_rxm", "net",
                                     "sockets", "udp;ofi_rxd"};

fi_info *make_hints(const std::string &provider, bool atomics, bool delivery_complete, bool hmem) {
    fi_info *hints = fi_allocinfo();
    hints->ep_attr->type = FI_EP_RDM;
    hints->caps = FI_RMA | FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE;
    if (atomics) hints->caps |= FI_ATOMIC;
    if (hmem) hints->caps |= FI_HMEM;
    // Every mode bit we can honour; the provider keeps the ones it needs.
    hints->domain_attr->mr_mode = FI_MR_LOCAL | FI_MR_VIRT_ADDR | FI_MR_ALLOCATED |
                                  FI_MR_PROV_KEY | FI_MR_ENDPOINT | FI_MR_HMEM;
    hints->domain_attr->threading = FI_THREAD_SAFE;
    hints->mode = FI_CONTEXT | FI_CONTEXT2;
    if (delivery_complete) hints->tx_attr->op_flags = FI_DELIVERY_COMPLETE;
    if (!provider.empty()) hints->fabric_attr->prov_name = strdup(provider.c_str());
    return hints;
}

fi_info *query(const std::string &provider, bool atomics, bool delivery_complete, bool hmem = false) {
    fi_info *hints = make_hints(provider, atomics, delivery_complete, hmem);
    fi_info *result = nullptr;
    int rc = fi_getinfo(kFabricVersion, nullptr, nullptr, 0, hints, &result);
    fi_freeinfo(hints);
    return rc == 0 ? result : nullptr;
}

int default_rank(const char *provider, bool single_node) {
    if (!single_node && std::strcmp(provider, "shm") == 0) return -1;  // shm cannot cross nodes
    for (size_t i = 0; i < sizeof kDefaultOrder / sizeof kDefaultOrder[0]; ++i)
        if (std::strcmp(provider, kDefaultOrder[i]) == 0) return static_cast<int>(i);
    return -1;
}

bool is_loopback(const fi_info *info) {
    return info->domain_attr->name && std::strcmp(info->domain_attr->name, "lo") == 0;
}

std::string join(const std::vector<std::string> &names) {
    std::string out;
    for (const auto &name : names) out += (out.empty() ? "" : ", ") + name;
    return out.empty() ? "none" : out;
}

}  // namespace

std::vector<std::string> qualifying_providers() {
    std::vector<std::string> names;
    fi_info *all = query("", false, false);
    for (fi_info *i = all; i; i = i->next) {
        std::string name = i->fabric_attr->prov_name;
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    fi_freeinfo(all);
    return names;
}

Status choose_fabric(const std::string &requested, bool single_node, bool gpu_heap, FabricChoice *choice) {
    std::string provider = requested;
    if (provider.empty()) {
        int best_rank = -1;
        for (const std::string &name : qualifying_providers()) {
            int rank = default_rank(name.c_str(), single_node);
            if (rank >= 0 && (best_rank < 0 || rank < best_rank)) {
                best_rank = rank;
                provider = name;
            }
        }
        if (provider.empty()) {
            FS_ERROR("no libfabric provider offers FI_EP_RDM with FI_RMA for this job (found: "
                     "%s); install a libfabric with tcp or a hardware provider, or set "
                     "FABSHMEM_PROVIDER",
                     join(qualifying_providers()).c_str());
            return Status::not_supported;
        }
    } else if (!single_node && provider == "shm") {
        FS_ERROR("FABSHMEM_PROVIDER=shm reaches only PEs of one node, and this job spans "
                 "several nodes; choose a network provider such as tcp or verbs");
        return Status::invalid_argument;
    }

    // The richest set of attributes the provider accepts, best first.
    const struct { bool hmem, atomics, delivery_complete; } attempts[] = {
        {true, true, true},   {true, false, true},   {true, true, false},   {true, false, false},
        {false, true, true}, {false, false, true}, {false, true, false}, {false, false, false}};
    for (const auto &attempt : attempts) {
        if (attempt.hmem && !gpu_heap) continue;
        fi_info *list = query(provider, attempt.atomics, attempt.delivery_complete, attempt.hmem);
        if (!list) continue;
        // Socket providers list one domain per interface; loopback never reaches another node.
        fi_info *chosen = list;
        for (fi_info *i = list; i; i = i->next) {
            if (!is_loopback(i)) {
                chosen = i;
                break;
            }
        }
        if (!single_node && is_loopback(chosen)) {
            FS_ERROR("libfabric provider '%s' offers only the loopback interface here, which "
                     "cannot reach other nodes; check the node's network interfaces",
                     provider.c_str());
            fi_freeinfo(list);
            return Status::not_supported;
        }
        fi_info *info = fi_dupinfo(chosen);
        fi_freeinfo(list);
        choice->info = info;
        choice->hmem = attempt.hmem;
        choice->atomics = attempt.atomics;
        choice->delivery_complete = attempt.delivery_complete;
        return Status::ok;
    }
    FS_ERROR("libfabric provider '%s' does not offer FI_EP_RDM with FI_RMA here (providers "
             "that do: %s); set FABSHMEM_PROVIDER to one of them",
             provider.c_str(), join(qualifying_providers()).c_str());
    return Status::not_supported;
}

}  // namespace fabshmem
