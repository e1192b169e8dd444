// The node's layout, from hwloc (the only file that includes hwloc.h is topology.cpp):
// which NIC is closest to a PE's GPU (or to its CPUs, for a host heap), and which core near
// it can run the progress thread. HWLOC_XMLFILE loads a recorded topology instead of the live
// one (the tests use recorded multi-GPU nodes).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "placement.h"

namespace fabshmem {

class Topology {
public:
    // The live node (or HWLOC_XMLFILE); null when hwloc cannot load it (`why` says why).
    static std::unique_ptr<Topology> load(std::string *why);
    static std::unique_ptr<Topology> load_xml(const std::string &path, std::string *why);
    ~Topology();

    // Index into `nics` of the NIC closest to the GPU with `gpu_bus_id` (or, when it is empty,
    // to this process's CPU binding); among equally close NICs the `local_rank`-th, so PEs
    // spread over them. -1 when hwloc finds none of the NICs.
    int closest_nic(const std::vector<NicCandidate> &nics, const std::string &gpu_bus_id, int local_rank) const;
    // The CPUs the calling thread is bound to; empty when it may run on all of them.
    std::vector<int> thread_binding() const;
    // A core for the progress thread: the nearest cores to the GPU (or, without one, to
    // `own_binding`) that no PE of the node is bound to (`node_bindings`, the union of their
    // bindings), the `local_rank`-th of them, so PEs of a node get different ones. -1 when
    // this PE is unbound (it may run anywhere) or every core is taken.
    int progress_cpu(const std::string &gpu_bus_id, int local_rank, const std::vector<int> &own_binding,
                     const std::vector<int> &node_bindings) const;
    // "2 packages, 16 cores, 8 GPUs, 8 NICs" style summary.
    std::string summary() const;

private:
    struct Impl;
    explicit Topology(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace fabshmem
