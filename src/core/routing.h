// Routing: the registered transports (src/interfaces/transport.h), opened in registry order,
// and for each PE the first of them that reaches it. Everything the core does over "all
// transports" (quiet, fence, progress, the abort path) loops here; nothing names one.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "transport.h"

namespace fabshmem {

class Routing {
public:
    // Opens the transports in order (collective). A transport is opened only while some PE of
    // the job still has a peer that no transport before it reaches, so every PE opens the
    // same ones. Ends the job with a message when one fails or a PE stays unreached.
    void open(Bootstrap &bootstrap, const SymmetricSpace &space, const TransportOptions &options,
              const Placement &placement);
    void close();

    Transport &route(int pe) const { return *transports_[routes_[pe]]; }
    // The transport the progress thread drives (the one that needs progress), or null.
    Transport *progressed() const { return progressed_; }
    // The transport that reaches other nodes, if one was opened.
    Transport *network() const;
    // Whether every open transport can `cap`.
    bool all_can(TransportCaps cap) const;

    // Over every open transport.
    void quiet() const;
    void fence() const;
    void add_extension(const ExtensionSegment &segment) const;
    void remove_extension(const ExtensionSegment &segment) const;
    // The job is ending without closing anything (see Transport::remove_leftovers).
    void remove_leftovers(long pid) const;
    // "ipc (shared memory), fabric tcp;ofi_rxm (...)": the open transports other than self.
    std::string describe() const;
    // "0:self 1:ipc 2:fabric"
    std::string describe_paths() const;
    // The routing table's and every open transport's state per PE of the job.
    size_t bytes_per_peer() const;
    std::string describe_bytes_per_peer() const;  // "routes 8 B, ipc 56 B, fabric 128 B"

private:
    // Fixed size once open() starts (one slot per registered transport), so the abort path
    // may read it from another thread while init still fills it.
    std::vector<std::unique_ptr<Transport>> transports_;
    // Per PE: the index in transports_ of the one that reaches it (one byte per peer, not a
    // pointer's eight: the table grows with the job).
    static constexpr uint8_t kUnrouted = 0xff;
    std::vector<uint8_t> routes_;
    Transport *progressed_ = nullptr;
    int my_pe_ = 0;
};

}  // namespace fabshmem
