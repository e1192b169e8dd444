// Where a PE sits on its node, as transports need it to choose a NIC (libfabric domain). The
// core fills it from the topology (hwloc); a transport only asks which candidate is closest.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace fabshmem {

// A NIC as libfabric names it: a PCI bus id ("0000:1b:00.0") where the provider gives one,
// else an interface name ("eth0") that hwloc may know as an OS device.
struct NicCandidate {
    std::string pci_bus_id;
    std::string name;
};

struct Placement {
    std::string requested_nic;  // FABSHMEM_NIC: a domain name or a PCI bus id; empty: choose
    std::string gpu_bus_id;     // the PE's GPU, empty for a host heap
    int local_rank = 0;
    // Index of the candidate closest to this PE (spreading node peers over equally close
    // ones), or -1. Empty when the node's topology is unknown.
    std::function<int(const std::vector<NicCandidate> &)> closest_nic;
};

}  // namespace fabshmem
