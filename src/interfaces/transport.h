// A transport moves bytes between this PE and the symmetric space of others. Each lives in
// its own folder (providers/<name>/) and registers itself with one TransportEntry; the core
// opens the registered transports in order and routes each PE to the first that reaches it
// (src/core/routing.h), never naming one.
// Remote locations are offsets into the peer's symmetric space (symmetric_space.h); callers
// have checked ranges. Failures end the job with a message (every caller is a void NVSHMEM
// routine).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "atomic_ops.h"
#include "bootstrap.h"
#include "placement.h"
#include "status.h"
#include "symmetric_space.h"

namespace fabshmem {

// What a transport can do, so the core asks instead of knowing transports by name.
enum TransportCaps : unsigned {
    kLoadStore = 1u << 0,      // local_address() maps peers' memory: loads, stores, kernels
    kOtherNodes = 1u << 1,     // reaches PEs on other nodes (a network)
    kNeedsProgress = 1u << 2,  // completes only while someone calls poll(): the progress thread
    kDeviceMemory = 1u << 3,   // reaches a GPU heap directly (CUDA IPC, FI_HMEM); else staged
    kLiveness = 1u << 4,       // probe() tells whether a peer still answers (the watchdog)
};

class Transport {
public:
    virtual ~Transport() = default;
    virtual const char *name() const = 0;
    virtual unsigned caps() const = 0;
    bool can(TransportCaps cap) const { return (caps() & cap) != 0; }
    // Whether this transport carries the traffic to PE `pe` (the core asks each in turn).
    virtual bool reaches(int pe) const = 0;

    // Blocking get: returns with the data in `dest`. Non-blocking: complete at quiet().
    virtual void get(void *dest, size_t offset, size_t bytes, int pe, bool blocking) = 0;
    // Blocking put: returns when `src` may be reused. Either way delivered at quiet().
    virtual void put(size_t offset, const void *src, size_t bytes, int pe, bool blocking) = 0;
    // An atomic on a word of PE `pe`'s symmetric memory: complete on return, giving the old
    // value. Atomic with respect to every other path to the same word (atomic_ops.h).
    virtual uint64_t atomic(const AtomicRequest &request, int pe) = 0;
    // The same without a result (add, set, and, or, xor): done and visible at the next quiet,
    // ordered by fence. Transports that complete every atomic at once need not override it.
    virtual void atomic_nbi(const AtomicRequest &request, int pe) { atomic(request, pe); }
    // Strided: `nelems` elements of `element` bytes, the i-th at local + i * local_stride here
    // and at offset + i * remote_stride on PE `pe` (either stride may be negative; the core has
    // checked the span). Complete at quiet(), the source reusable then too. This one moves each
    // element as a non-blocking get or put; a transport that can carry several in one message
    // overrides it.
    virtual void strided(bool put, char *local, ptrdiff_t local_stride, size_t offset, ptrdiff_t remote_stride,
                         size_t nelems, size_t element, int pe);
    // Stores an 8-byte signal word (barrier flags) without waiting for it.
    virtual void put_signal(size_t offset, uint64_t value, int pe) = 0;
    // Every operation this PE issued is complete and visible at its target.
    virtual void quiet() = 0;
    // Puts issued before it are delivered before puts issued after it, per target PE.
    virtual void fence() = 0;
    // A load/store address for the peer's heap offset, or nullptr when there is none.
    virtual void *local_address(size_t /*offset*/, int /*pe*/) { return nullptr; }
    // The libfabric provider behind it, or the transport's name.
    virtual const char *provider_name() const { return name(); }
    // One line for FABSHMEM_INFO.
    virtual std::string describe() const { return name(); }
    // The memory it keeps for each PE of the job (its tables; a provider's address vector entry
    // counted as the address's length): what grows with the job's size.
    virtual size_t bytes_per_peer() const { return 0; }

    // The GPU heap's extension changed (collective: every PE, in the same order): a transport
    // that maps peers' memory maps their new segment at the same place in its view of their
    // window. Failures end the job with a message.
    virtual void add_extension(const ExtensionSegment & /*segment*/) {}
    virtual void remove_extension(const ExtensionSegment & /*segment*/) {}

    // Progress. poll() reaps completions and serves peers (manual-progress providers); true
    // if anything happened. wait_for_activity() is the progress thread's idle sleep: it
    // blocks up to `timeout_ms` serving peers meanwhile, true if a completion arrived.
    virtual bool poll() { return false; }
    virtual bool wait_for_activity(int timeout_ms);
    virtual void interrupt_wait() {}
    // Liveness: reads a word of PE `pe`'s library area and waits up to `timeout_ms` for it.
    // False when it did not complete in time; a failed read ends the job (naming the PE).
    // One caller at a time (the watchdog).
    virtual bool probe(int /*pe*/, int /*timeout_ms*/) { return true; }
    // The job is ending without closing anything: remove files that would outlive process
    // `pid` (this one, or a dead peer's). Must be safe while other threads still run.
    virtual void remove_leftovers(long /*pid*/) {}

    // Polls until `done()`, marked as a user thread polling (the progress thread stands aside).
    // A wait already satisfied polls nothing and is not counted: a program that calls one in a
    // loop (wait_until on a word that is already set, then a fetch) would otherwise keep the
    // progress thread aside while nothing serves peers (shm then never applied a peer's signal).
    template <class Done>
    void poll_until(Done done) {
        if (done()) return;
        PollerScope scope(*this);
        do poll();
        while (!done());
    }
    // How many times a user thread has started polling: if this changed since the progress
    // thread last looked, the user is driving progress and the progress thread stands aside.
    uint64_t user_poll_count() const { return user_polls_.load(std::memory_order_relaxed); }
    bool user_is_polling() const { return user_pollers_.load(std::memory_order_relaxed) > 0; }
    // How many operations user threads have posted.
    uint64_t user_post_count() const { return user_posts_.load(std::memory_order_relaxed); }

protected:
    // A user thread posted an operation (it will poll for it at quiet, or sooner): the progress
    // thread stands aside a moment rather than contend with it for the provider's locks.
    void note_user_post() { user_posts_.fetch_add(1, std::memory_order_relaxed); }
    class PollerScope {
    public:
        explicit PollerScope(Transport &t) : t_(t) {
            t_.user_pollers_.fetch_add(1, std::memory_order_relaxed);
            t_.user_polls_.fetch_add(1, std::memory_order_relaxed);
        }
        ~PollerScope() { t_.user_pollers_.fetch_sub(1, std::memory_order_relaxed); }

    private:
        Transport &t_;
    };

private:
    std::atomic<int> user_pollers_{0};
    std::atomic<uint64_t> user_polls_{0};
    std::atomic<uint64_t> user_posts_{0};
};

// Settings from the environment that transports act on (the core's env table reads them).
struct TransportOptions {
    std::string requested_provider;  // FABSHMEM_PROVIDER; empty: the default order
    bool force_staged = false;       // FABSHMEM_STAGED: the staged path even where not needed
    std::string gpudirect = "auto";  // FABSHMEM_GPUDIRECT: auto, on or off
    size_t max_message = 0;          // FABSHMEM_MAX_MSG_SIZE: split larger transfers; 0: none
    long peer_timeout = 0;           // FABSHMEM_PEER_TIMEOUT: a post refused this long is fatal
    bool cq_wait_fd = true;          // !FABSHMEM_PROGRESS_NAP: the idle progress thread sleeps on it
    bool debug = false;              // FABSHMEM_DEBUG: take rarely used paths too (fabric_transport.h)
};

// Everything a transport is given when it opens.
struct TransportContext {
    Bootstrap &bootstrap;
    const SymmetricSpace &space;
    const TransportOptions &options;
    const Placement &placement;
    // Per PE: whether a transport opened earlier already reaches it.
    const std::vector<bool> &reached;
};

// One registered transport. open() is collective when it talks to peers: the core calls it on
// every PE or on none (only while some PE of the job still has a peer no earlier transport
// reaches). It returns a transport (which may reach no PE), or null with *status set after
// logging the cause.
struct TransportEntry {
    const char *name;
    std::unique_ptr<Transport> (*open)(const TransportContext &context, Status *status);
    // fabshmem-info: what this transport can use on this machine, one line.
    std::string (*describe_machine)();
};

// Every transport built into the library, in routing order (src/interfaces/registry.cpp.in,
// filled from the provider folders that providers/meson.build builds).
const std::vector<const TransportEntry *> &registered_transports();

}  // namespace fabshmem
