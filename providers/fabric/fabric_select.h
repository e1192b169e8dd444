// Choosing a libfabric provider: the first of a default order that offers FI_EP_RDM with
// FI_RMA, or the one the user asked for; then the richest attribute set it accepts.
#pragma once

#include <rdma/fabric.h>

#include <string>
#include <vector>

#include "status.h"
#include "transport.h"

namespace fabshmem {

struct FabricChoice {
    fi_info *info = nullptr;  // owned by the caller (fi_freeinfo)
    bool delivery_complete = false;
    bool atomics = false;
    bool hmem = false;  // the provider reads and writes GPU memory itself (FI_HMEM)
};

// libfabric's software providers (shm, tcp, ...) offer FI_HMEM by copying GPU memory with the
// CUDA runtime's cudaMemcpy on the legacy default stream, which waits for every kernel running
// on a blocking stream: a kernel waiting on a transfer they carry out would wait for ever.
// NIC providers (verbs, efa, cxi, ...) move GPU memory by DMA.
bool copies_gpu_memory_with_cuda(const char *provider);

// `single_node`: every PE is on this node, so shm may serve them all. `gpu_heap`: the heap is
// GPU memory, so a provider with FI_HMEM is preferred (without it, the heap is staged).
// `placement` picks the domain among the provider's (FABSHMEM_NIC, else the closest).
Status choose_fabric(const std::string &requested_provider, bool single_node, bool gpu_heap,
                     const Placement &placement, FabricChoice *choice);

// Providers that offer FI_EP_RDM with FI_RMA here, unique names, in libfabric's order.
std::vector<std::string> qualifying_providers();

}  // namespace fabshmem
