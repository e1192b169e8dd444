#include "topology.h"

#include <hwloc.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>

namespace fabshmem {

struct Topology::Impl {
    hwloc_topology_t topology = nullptr;
    ~Impl() {
        if (topology) hwloc_topology_destroy(topology);
    }

    hwloc_obj_t pci_device(const std::string &bus_id) const {
        return bus_id.empty() ? nullptr : hwloc_get_pcidev_by_busidstring(topology, bus_id.c_str());
    }
    // A NIC by bus id, else by the name of its OS device (mlx5_0, ib0, eth0).
    hwloc_obj_t nic(const NicCandidate &candidate) const {
        if (hwloc_obj_t pci = pci_device(candidate.pci_bus_id)) return pci;
        for (hwloc_obj_t os = hwloc_get_next_osdev(topology, nullptr); os; os = hwloc_get_next_osdev(topology, os))
            if (os->name && candidate.name == os->name) return os->parent ? os->parent : os;
        return nullptr;
    }
    // Hops from a to b through their closest common ancestor in the tree: two devices on one
    // PCIe switch are 2 apart; across a socket, much more.
    int hops(hwloc_obj_t a, hwloc_obj_t b) const {
        int up_a = 0;
        for (hwloc_obj_t x = a; x; x = x->parent, ++up_a) {
            int up_b = 0;
            for (hwloc_obj_t y = b; y; y = y->parent, ++up_b)
                if (x == y) return up_a + up_b;
        }
        return INT_MAX;
    }
    // Where the PE is: its GPU, else the smallest object covering its CPU binding.
    hwloc_obj_t anchor(const std::string &gpu_bus_id) const {
        if (hwloc_obj_t gpu = pci_device(gpu_bus_id)) return gpu;
        hwloc_bitmap_t bound = hwloc_bitmap_alloc();
        hwloc_obj_t covering = nullptr;
        if (hwloc_get_cpubind(topology, bound, HWLOC_CPUBIND_THREAD) == 0 && !hwloc_bitmap_iszero(bound))
            covering = hwloc_get_obj_covering_cpuset(topology, bound);
        hwloc_bitmap_free(bound);
        return covering ? covering : hwloc_get_root_obj(topology);
    }
    int count(hwloc_obj_type_t type) const { return hwloc_get_nbobjs_by_type(topology, type); }
};

namespace {


hwloc_topology_t open_topology(const std::string &xml, std::string *why) {
    hwloc_topology_t topology;
    if (hwloc_topology_init(&topology) != 0) {
        *why = "hwloc_topology_init failed";
        return nullptr;
    }
    // PCI devices (GPUs, NICs) and their OS devices are what placement needs.
    hwloc_topology_set_io_types_filter(topology, HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
    if (!xml.empty() && hwloc_topology_set_xml(topology, xml.c_str()) != 0) {
        *why = "cannot read hwloc XML " + xml;
        hwloc_topology_destroy(topology);
        return nullptr;
    }
    if (hwloc_topology_load(topology) != 0) {
        *why = std::string("hwloc_topology_load failed: ") + std::strerror(errno);
        hwloc_topology_destroy(topology);
        return nullptr;
    }
    return topology;
}

}  // namespace

Topology::Topology(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Topology::~Topology() = default;

std::unique_ptr<Topology> Topology::load(std::string *why) { return load_xml("", why); }

std::unique_ptr<Topology> Topology::load_xml(const std::string &path, std::string *why) {
    auto impl = std::make_unique<Impl>();
    impl->topology = open_topology(path, why);
    if (!impl->topology) return nullptr;
    return std::unique_ptr<Topology>(new Topology(std::move(impl)));
}

int Topology::closest_nic(const std::vector<NicCandidate> &nics, const std::string &gpu_bus_id, int local_rank) const {
    hwloc_obj_t from = impl_->anchor(gpu_bus_id);
    std::vector<int> distance(nics.size(), INT_MAX);
    for (size_t i = 0; i < nics.size(); ++i)
        if (hwloc_obj_t nic = impl_->nic(nics[i])) distance[i] = impl_->hops(from, nic);
    int best = *std::min_element(distance.begin(), distance.end());
    if (best == INT_MAX) return -1;
    std::vector<int> closest;
    for (size_t i = 0; i < nics.size(); ++i)
        if (distance[i] == best) closest.push_back(static_cast<int>(i));
    return closest[static_cast<size_t>(local_rank) % closest.size()];
}

std::vector<int> Topology::thread_binding() const {
    std::vector<int> cpus;
    hwloc_bitmap_t bound = hwloc_bitmap_alloc();
    if (hwloc_get_cpubind(impl_->topology, bound, HWLOC_CPUBIND_THREAD) == 0 &&
        !hwloc_bitmap_isincluded(hwloc_topology_get_allowed_cpuset(impl_->topology), bound)) {
        for (int c = hwloc_bitmap_first(bound); c >= 0; c = hwloc_bitmap_next(bound, c)) cpus.push_back(c);
    }
    hwloc_bitmap_free(bound);
    return cpus;
}

int Topology::progress_cpu(const std::string &gpu_bus_id, int local_rank, const std::vector<int> &own_binding,
                           const std::vector<int> &node_bindings) const {
    if (own_binding.empty()) return -1;  // an unbound PE's threads may run anywhere
    hwloc_topology_t topology = impl_->topology;
    hwloc_bitmap_t own = hwloc_bitmap_alloc(), busy = hwloc_bitmap_alloc(), free_cpus = hwloc_bitmap_alloc();
    for (int c : own_binding) hwloc_bitmap_set(own, static_cast<unsigned>(c));
    for (int c : node_bindings) hwloc_bitmap_set(busy, static_cast<unsigned>(c));
    hwloc_bitmap_or(busy, busy, own);
    hwloc_obj_t near = impl_->pci_device(gpu_bus_id);
    near = near ? hwloc_get_non_io_ancestor_obj(topology, near) : hwloc_get_obj_covering_cpuset(topology, own);
    // The nearest object (package, NUMA node, machine) with a core no PE of the node is on.
    for (; near; near = near->parent) {
        hwloc_bitmap_andnot(free_cpus, near->cpuset, busy);
        if (!hwloc_bitmap_iszero(free_cpus)) break;
    }
    int cpu = -1;
    if (near) {
        int skip = local_rank % hwloc_bitmap_weight(free_cpus);
        cpu = hwloc_bitmap_first(free_cpus);
        while (skip-- > 0) cpu = hwloc_bitmap_next(free_cpus, cpu);
    }
    hwloc_bitmap_free(own);
    hwloc_bitmap_free(busy);
    hwloc_bitmap_free(free_cpus);
    return cpu;
}

std::string Topology::summary() const {
    int gpus = 0, nics = 0;
    for (hwloc_obj_t pci = hwloc_get_next_pcidev(impl_->topology, nullptr); pci;
         pci = hwloc_get_next_pcidev(impl_->topology, pci)) {
        unsigned cls = pci->attr->pcidev.class_id;
        if (cls == 0x0302 || cls == 0x0300) ++gpus;   // 3D / VGA controllers
        if ((cls >> 8) == 0x02) ++nics;                // network controllers
    }
    char text[160];
    std::snprintf(text, sizeof text, "%d package(s), %d core(s), %d PU(s), %d GPU(s), %d NIC(s)",
                  impl_->count(HWLOC_OBJ_PACKAGE), impl_->count(HWLOC_OBJ_CORE),
                  impl_->count(HWLOC_OBJ_PU), gpus, nics);
    return text;
}

}  // namespace fabshmem
