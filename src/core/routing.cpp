#include "routing.h"

#include <algorithm>

#include "log.h"

namespace fabshmem {
namespace {

// Whether any PE of the job still has a peer no open transport reaches (collective). In a job
// of several nodes whose open transports reach no other node every PE has one: known to all
// without a fence (a PMIx fence per transport is what init pays most for at scale).
bool any_pe_unreached(Bootstrap &bootstrap, const std::vector<bool> &reached, bool other_nodes_reached) {
    if (!bootstrap.all_pes_on_one_node() && !other_nodes_reached) return true;
    uint8_t mine = std::find(reached.begin(), reached.end(), false) != reached.end();
    std::vector<uint8_t> all(bootstrap.size());
    if (bootstrap.allgather(&mine, 1, all.data()) != Status::ok)
        fatal("nvshmem_init: exchanging which PEs each transport reaches failed");
    return std::find(all.begin(), all.end(), 1) != all.end();
}

}  // namespace

void Routing::open(Bootstrap &bootstrap, const SymmetricSpace &space, const TransportOptions &options,
                   const Placement &placement) {
    const std::vector<const TransportEntry *> &entries = registered_transports();
    transports_.resize(entries.size());
    routes_.assign(bootstrap.size(), kUnrouted);
    my_pe_ = bootstrap.rank();
    std::vector<bool> reached(bootstrap.size(), false);
    bool other_nodes_reached = false;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (i > 0 && !any_pe_unreached(bootstrap, reached, other_nodes_reached)) break;
        TransportContext context{bootstrap, space, options, placement, reached};
        Status status = Status::ok;
        std::unique_ptr<Transport> transport = entries[i]->open(context, &status);
        if (!transport)
            fatal("nvshmem_init: transport '%s' could not start (%s)", entries[i]->name, to_string(status));
        for (int pe = 0; pe < bootstrap.size(); ++pe) {
            if (reached[pe] || !transport->reaches(pe)) continue;
            routes_[pe] = static_cast<uint8_t>(i);
            reached[pe] = true;
        }
        other_nodes_reached = other_nodes_reached || transport->can(kOtherNodes);
        if (!progressed_ && transport->can(kNeedsProgress)) progressed_ = transport.get();
        transports_[i] = std::move(transport);
    }
    for (int pe = 0; pe < bootstrap.size(); ++pe) {
        if (routes_[pe] == kUnrouted)
            fatal("nvshmem_init: no transport reaches PE %d (its heap could not be mapped on this "
                  "node); set FABSHMEM_DISABLE_IPC=1 to reach it through the fabric", pe);
    }
}

void Routing::close() {
    progressed_ = nullptr;
    // Last opened first: a later transport may still be completing work on an earlier one's memory.
    for (auto it = transports_.rbegin(); it != transports_.rend(); ++it) it->reset();
}

Transport *Routing::network() const {
    for (const auto &t : transports_)
        if (t && t->can(kOtherNodes)) return t.get();
    return nullptr;
}

bool Routing::all_can(TransportCaps cap) const {
    for (const auto &t : transports_)
        if (t && !t->can(cap)) return false;
    return true;
}

void Routing::quiet() const {
    for (auto it = transports_.rbegin(); it != transports_.rend(); ++it)
        if (*it) (*it)->quiet();
}

void Routing::add_extension(const ExtensionSegment &segment) const {
    for (const auto &transport : transports_)
        if (transport) transport->add_extension(segment);
}

void Routing::remove_extension(const ExtensionSegment &segment) const {
    for (const auto &transport : transports_)
        if (transport) transport->remove_extension(segment);
}

void Routing::fence() const {
    for (auto it = transports_.rbegin(); it != transports_.rend(); ++it)
        if (*it) (*it)->fence();
}

void Routing::remove_leftovers(long pid) const {
    for (const auto &t : transports_)
        if (t) t->remove_leftovers(pid);
}

std::string Routing::describe() const {
    std::string out;
    for (const auto &t : transports_) {
        bool carries_a_peer = false;
        for (size_t pe = 0; pe < routes_.size(); ++pe)
            carries_a_peer = carries_a_peer || (static_cast<int>(pe) != my_pe_ && transports_[routes_[pe]] == t);
        if (!t || !carries_a_peer) continue;
        std::string line = t->describe();
        if (line.rfind(t->name(), 0) != 0) line = std::string(t->name()) + " " + line;  // "fabric tcp;ofi_rxm (...)"
        out += (out.empty() ? "" : ", ") + line;
    }
    return out.empty() ? "none" : out;
}

size_t Routing::bytes_per_peer() const {
    size_t bytes = sizeof(routes_[0]);
    for (const auto &t : transports_)
        if (t) bytes += t->bytes_per_peer();
    return bytes;
}

std::string Routing::describe_bytes_per_peer() const {
    std::string out = "routes " + std::to_string(sizeof(routes_[0])) + " B";
    for (const auto &t : transports_)
        if (t && t->bytes_per_peer()) out += ", " + std::string(t->name()) + " " + std::to_string(t->bytes_per_peer()) + " B";
    return out;
}

std::string Routing::describe_paths() const {
    std::string paths;
    for (size_t pe = 0; pe < routes_.size(); ++pe)
        paths += (paths.empty() ? "" : " ") + std::to_string(pe) + ":" + route(static_cast<int>(pe)).name();
    return paths;
}

}  // namespace fabshmem
