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

bool copies_gpu_memory_with_cuda(const char *provider) {
    std::string core(provider, std::strcspn(provider, ";"));  // "tcp;ofi_rxm": tcp does the copying
    for (const char *software : {"shm", "tcp", "net", "sockets", "udp"})
        if (core == software) return true;
    return false;
}

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

// The provider's entry for this PE's domain: FABSHMEM_NIC's, else the closest to the PE by
// the node's topology, else the first that is not loopback. Null (after a message) when
// FABSHMEM_NIC names none of them.
fi_info *choose_domain(fi_info *list, const std::string &provider, const Placement &placement) {
    // One entry per domain (NIC): libfabric lists a domain once per address format, and PEs
    // must agree on the format, so each domain is represented by its first entry.
    std::vector<fi_info *> usable;
    for (fi_info *i = list; i; i = i->next) {
        if (is_loopback(i)) continue;
        bool seen = false;
        for (fi_info *u : usable)
            seen = seen || (u->domain_attr->name && i->domain_attr->name &&
                            std::strcmp(u->domain_attr->name, i->domain_attr->name) == 0);
        if (!seen) usable.push_back(i);
    }
    if (usable.empty()) usable.push_back(list);
    auto bus_id = [](const fi_info *i) -> std::string {
        if (!i->nic || !i->nic->bus_attr || i->nic->bus_attr->bus_type != FI_BUS_PCI) return "";
        const fi_pci_attr &pci = i->nic->bus_attr->attr.pci;
        char id[32];
        std::snprintf(id, sizeof id, "%04x:%02x:%02x.%x", pci.domain_id, pci.bus_id, pci.device_id, pci.function_id);
        return id;
    };
    if (!placement.requested_nic.empty()) {
        std::string names;
        for (fi_info *i : usable) {
            std::string name = i->domain_attr->name ? i->domain_attr->name : "";
            if (name == placement.requested_nic || bus_id(i) == placement.requested_nic) return i;
            names += (names.empty() ? "" : ", ") + name;
        }
        FS_ERROR("FABSHMEM_NIC=%s: provider '%s' has no such domain here (it has: %s); set "
                 "FABSHMEM_NIC to one of them, or unset it to let fabshmem choose",
                 placement.requested_nic.c_str(), provider.c_str(), names.c_str());
        return nullptr;
    }
    if (placement.closest_nic && usable.size() > 1) {
        std::vector<NicCandidate> candidates;
        for (fi_info *i : usable) candidates.push_back({bus_id(i), i->domain_attr->name ? i->domain_attr->name : ""});
        int closest = placement.closest_nic(candidates);
        if (closest >= 0) return usable[static_cast<size_t>(closest)];
    }
    return usable.front();
}

Status choose_fabric(const std::string &requested, bool single_node, bool gpu_heap,
                     const Placement &placement, FabricChoice *choice) {
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
        fi_info *chosen = choose_domain(list, provider, placement);
        if (!chosen) {
            fi_freeinfo(list);
            return Status::invalid_argument;
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
