// The node's layout, from hwloc (the only file that includes hwloc.h is topology.cpp):
// which NIC is closest to a PE's GPU (or to its CPUs, for a host heap), and which core near
// it can run the progress thread. HWLOC_XMLFILE loads a recorded topology instead of the live
// one (the tests use recorded multi-GPU nodes).
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace fabshmem {

// A NIC as libfabric names it: a PCI bus id ("0000:1b:00.0") where the provider gives one,
// else an interface name ("eth0") that hwloc may know as an OS device.
struct NicCandidate {
    std::string pci_bus_id;
    std::string name;
};

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
    // A core for the progress thread: near the GPU (or the CPU binding), not one the calling
    // thread is bound to, chosen by `local_rank` among those; -1 when there is no such core
    // (the thread is unbound, or bound to every core near).
    int progress_cpu(const std::string &gpu_bus_id, int local_rank) const;
    // "2 packages, 16 cores, 8 GPUs, 8 NICs" style summary.
    std::string summary() const;

private:
    struct Impl;
    explicit Topology(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace fabshmem
