// Remote access over libfabric: FI_EP_RDM endpoints, get = fi_read, put = fi_write.
// Thread-safe: the domain is opened FI_THREAD_SAFE, counters are atomics, and whoever waits
// (a user thread in get/quiet/barrier, or the progress thread) reaps completions for all.
#pragma once

#include <rdma/fabric.h>
#include <rdma/fi_atomic.h>
#include <rdma/fi_domain.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cuda_support.h"
#include "per_peer.h"
#include "status.h"
#include "transport.h"

namespace fabshmem {

struct FabricChoice;   // fabric_select.h
struct StagedRequest;  // fabric_staged.cpp

class FabricTransport final : public Transport {
public:
    // Chooses a provider (FABSHMEM_PROVIDER / FI_PROVIDER or the default order), opens the
    // endpoint, registers the heap, and exchanges addresses and keys with every PE.
    static std::unique_ptr<FabricTransport> open(const TransportContext &context, Status *status);
    ~FabricTransport() override;

    const char *name() const override { return "fabric"; }
    unsigned caps() const override;
    // Every PE: routing gives it the PEs no transport before it reaches.
    bool reaches(int) const override { return true; }
    void get(void *dest, size_t offset, size_t bytes, int pe, bool blocking) override;
    void put(size_t offset, const void *src, size_t bytes, int pe, bool blocking) override;
    void strided(bool put, char *local, ptrdiff_t local_stride, size_t offset, ptrdiff_t remote_stride,
                 size_t nelems, size_t element, int pe) override;
    void put_signal(size_t offset, uint64_t value, int pe) override;
    uint64_t atomic(const AtomicRequest &request, int pe) override;
    void atomic_nbi(const AtomicRequest &request, int pe) override;
    void quiet() override;
    void fence() override;
    bool poll() override;
    bool wait_for_activity(int timeout_ms) override;
    void interrupt_wait() override;
    std::string describe() const override;
    size_t bytes_per_peer() const override;
    const char *provider_name() const override { return provider_.c_str(); }
    void remove_leftovers(long pid) override;
    bool probe(int pe, int timeout_ms) override;

private:
    struct OpContext;
    // A peer's registered region: the remote address of its offset 0 (0 with offset
    // addressing) and the key.
    struct Region {
        uint64_t base = 0;
        uint64_t key = 0;
    };
    // The regions each PE registers. The heap's base and key are kept as they are, the others'
    // as their distance from the heap's: the same on every PE wherever the provider lets them be
    // (the signal words inside a host heap's registration, requested keys), so stored once.
    enum RegionName { kData, kSignals, kStaging, kStatics, kRegionNames };
    struct RegionColumns {
        PerPeer base, key;
    };
    Region region(int pe, RegionName name) const;
    // The peer's region that holds symmetric `offset` (heap or static data), and the offset in it.
    std::pair<Region, size_t> remote(int pe, size_t offset) const;
    // This PE's memory at symmetric `offset` (the staged server's side); `cuda`: GPU memory.
    char *local_symmetric(size_t offset, size_t bytes, int initiator, bool *cuda) const;
    enum class Op { read, write, atomic };
    static const char *to_string(Op op);

    FabricTransport() = default;
    Status open_endpoint(const FabricChoice &choice);
    Status register_space(const SymmetricSpace &space);
    // Host memory, or GPU memory of `gpu` (>= 0). `report`: log a failure as an error
    // (otherwise the caller decides what it means).
    static constexpr int kHostMemory = -1;
    Status register_region(void *base, size_t bytes, int gpu, fid_mr **mr, bool report = true);
    // `whole_addresses`: send whole addresses even where every PE's fits in its card (the
    // path of providers with long addresses, taken under FABSHMEM_DEBUG=1 so tests reach it).
    Status exchange(Bootstrap &bootstrap, bool whole_addresses);

    // Staged access (fabric_staged.cpp): a heap the provider cannot touch (GPU memory without
    // FI_HMEM) is reached through the target's host staging area, served by its poll().
    Status open_staging(int n_pes);
    void staged_transfer(Op op, void *local, size_t offset, size_t bytes, int pe);
    void staged_in_turn(Op op, void *local, size_t offset, size_t bytes, int pe);  // get/put's
    bool serve_staged_requests();  // true if it served one
    uint64_t staged_atomic(const AtomicRequest &request, int pe);
    void send_staged_request(const StagedRequest &request, int pe);

    // Atomics (fabric_atomic.cpp): with the provider's fi_atomic where it supports the
    // operation on the word size, otherwise executed by the target (staged_atomic).
    void query_atomics();
    bool provider_does(const AtomicRequest &request) const;
    bool provider_does_every_atomic() const;
    // A non-fetching atomic injected without a completion (inject_atomics_).
    void inject_atomic(const AtomicRequest &request, int pe);
    // Posts `request` as a fetching atomic whose operand and result live in a pooled context
    // until its completion, which quiet waits for; on the word `signal_word` points to (a
    // region's first word) instead of the request's offset when given.
    void post_pooled_atomic(const AtomicRequest &request, int pe, const Region *signal_word = nullptr);
    // Whether the provider carries out `request` (else the target does: staged_atomic).
    bool provider_carries(const AtomicRequest &request) const;
    // The message of one atomic on PE `pe`; `operand`, `desc` and `target` (filled here) must
    // outlive the post.
    fi_msg_atomic atomic_message(const AtomicRequest &request, int pe, fi_ioc *operand, void **desc,
                                 fi_rma_ioc *target, void *context) const;
    // Posts one operation on registered memory and polls until it completes.
    void post_and_wait(Op op, void *local, size_t bytes, void *desc, int pe, const Region &remote,
                       size_t offset);
    // Posts one operation of at most max_msg_size_ bytes, retrying on FI_EAGAIN. Its context
    // comes from the pool, or is `own`: a blocking caller's, on its stack until it completes.
    void post(Op op, void *local, size_t bytes, void *desc, int pe, const Region &remote,
              size_t offset, std::atomic<int> *remaining, uint64_t extra_flags, OpContext *own = nullptr);
    // The same for one message of `count` pieces (at most the provider's iov limits): the
    // i-th local piece `iov[i]` goes to or from `remote[i]`.
    void post_message(Op op, const iovec *iov, void **desc, size_t count, int pe, const fi_rma_iov *remote,
                      std::atomic<int> *remaining, uint64_t extra_flags, OpContext *own = nullptr);
    // How many elements one strided message carries (1: one message each): the provider's
    // iov limits (tcp and shm: 4), at most kMostPiecesPerMessage.
    static constexpr size_t kMostPiecesPerMessage = 8;
    size_t pieces_per_message_ = 1;
    // Calls `start` (one fi_* post) until the provider accepts it: on FI_EAGAIN it reaps
    // completions and retries, for at most FABSHMEM_PEER_TIMEOUT. fabric_post.h defines it.
    // `completes`: the operation will have a completion, which quiet waits for (not an inject).
    template <class Start>
    void start_operation(Op op, size_t bytes, int pe, Start start, bool completes = true);
    // Splits a transfer into max_msg_size_ pieces and waits when `blocking`.
    void transfer(Op op, void *local, size_t offset, size_t bytes, int pe, bool blocking);
    // The descriptor of a local buffer for one operation (null where the provider needs none);
    // `*temporary`: a registration made for it, closed once the operation completed. `*device`:
    // the buffer is GPU memory (never injected: the provider copies it with CUDA).
    void *local_descriptor(void *buffer, size_t bytes, fid_mr **temporary, bool *device = nullptr);
    // GPUDirect: a local GPU buffer outside the heap, registered FI_HMEM_CUDA on first use.
    void *device_buffer_descriptor(const cuda::DeviceAllocation &allocation);
    void wait_for(const std::atomic<int> &remaining);
    void complete(void *op_context);
    [[noreturn]] void report_completion_error();
    OpContext *acquire_context();
    void release_context(OpContext *context);
    void release_temporary_registrations();

    std::string provider_, domain_;
    fi_info *info_ = nullptr;
    fid_fabric *fabric_ = nullptr;
    fid_domain *domain_fid_ = nullptr;
    fid_av *av_ = nullptr;
    fid_cq *cq_ = nullptr;
    fid_ep *ep_ = nullptr;
    fid_mr *heap_mr_ = nullptr;
    fid_mr *signal_mr_ = nullptr;  // null when the signal region lies inside the heap's
    fid_mr *static_mr_ = nullptr;  // the static data's registration, if any
    uint64_t registrations_ = 0;    // regions registered so far (their requested keys)
    char *static_base_ = nullptr;
    size_t static_size_ = 0;
    // A GPU heap's extension window: not registered with the provider, so always staged.
    char *extension_base_ = nullptr;
    size_t extension_size_ = 0;
    void *heap_desc_ = nullptr;
    char *heap_base_ = nullptr;
    size_t heap_size_ = 0;
    char *signal_base_ = nullptr;
    int cuda_device_ = -1;
    bool heap_is_cuda_ = false;

    // Which atomics the provider performs (with a result): [width 8][op]. None without FI_ATOMIC.
    bool atomic_supported_[2][7] = {};

    // Staged access state; see fabric_staged.cpp for the layout of the staging area. The
    // staging area also exists, for atomics only, when the provider lacks some atomics.
    bool staged_ = false;
    char *staging_ = nullptr;
    size_t staging_size_ = 0;
    bool staging_pinned_ = false;  // cudaHostAlloc'd (GPU heap), else mmap'd
    fid_mr *staging_mr_ = nullptr;
    int my_pe_ = 0;
    std::mutex staged_client_mutex_;          // one staged request of this PE at a time
    std::atomic<bool> serving_{false};        // one server at a time, never re-entered
    std::vector<uint64_t> staged_sent_;       // per target: the last request's number
    std::vector<uint64_t> staged_served_;     // per initiator: the last request served
    bool cq_wait_fd_ = true;  // TransportOptions::cq_wait_fd
    int wait_fd_ = -1;  // the CQ's wait fd, or -1 when it has none
    bool mr_local_ = false;
    bool virtual_addressing_ = false;
    bool ordered_writes_ = false;  // FI_ORDER_WAW: writes and atomics in the order posted
    // FI_ORDER_RMA_WAW (and ATOMIC_WAW) only, as tcp;ofi_rxm with FI_ATOMIC: writes keep their
    // order, atomics theirs, but an atomic may pass a write. fence then completes nothing and
    // notes it (writes_fenced_); the next atomic completes the writes before it (quiet).
    bool ordered_rma_writes_ = false;
    std::atomic<bool> writes_fenced_{false};
    void complete_fenced_writes();
    // A blocking put above the inject size and up to this size copies its source into its
    // operation's context and returns (SOS's bounce buffers, of 2 KiB there too).
    static constexpr size_t kBounceBytes = 2048;
    uint64_t write_completion_flags_ = FI_COMPLETION;
    size_t max_msg_size_ = 0;
    std::chrono::seconds unreachable_after_{0};  // FABSHMEM_PEER_TIMEOUT; 0: wait for ever
    size_t inject_size_ = 0;
    // What this PE knows of each PE of the job (per_peer.h: a table only where PEs differ).
    size_t n_pes_ = 0;
    PerPeer addresses_;  // fi_addr_t: the PE number itself in an FI_AV_TABLE filled in PE order
    RegionColumns regions_[kRegionNames];
    PerPeer has_statics_;  // 1: its static data is registered and laid out as this PE's
    size_t address_bytes_ = 0;  // one peer's address in the provider's address vector

    // The watchdog's liveness read: members, since a read that times out may still complete.
    // Completions of other operations with the probed PE count too: under heavy traffic the
    // probe may wait behind them on the connection, and a PE that answers them is alive.
    uint64_t probe_word_ = 0;
    std::atomic<int> probe_remaining_{0};
    std::atomic<int> probed_pe_{-1};
    std::atomic<uint64_t> probed_pe_completions_{0};

    std::atomic<bool> atomics_in_flight_{false};  // atomic_nbi since the last quiet: fence quiets
    // Operations confirmed at quiet by a read of the PE that the provider processes after them
    // (fabric_confirm.cpp): non-fetching atomics injected where it orders an atomic fetch after
    // them (inject_atomics_), and writes where it orders an RMA read after them
    // (confirm_writes_). The PEs that took one since the last quiet, in order, and what each
    // needs (bits; made on first use); the lock is held through each post of such an operation.
    enum Unconfirmed : uint8_t { kDeliveringWrite = 1, kWrites = 2, kAtomics = 4, kFetchedAtomic = 8 };
    bool inject_atomics_ = false;
    uint32_t injected_since_quiet_ = 0;  // atomic_nbi quiets after so many (under unconfirmed_mutex_)
    bool confirm_writes_ = false;
    bool delivery_complete_ = false;  // the provider takes FI_DELIVERY_COMPLETE
    std::mutex unconfirmed_mutex_;
    std::vector<int> unconfirmed_pes_;
    std::vector<uint8_t> unconfirmed_;
    // With unconfirmed_mutex_ held: notes `what` (kWrites or kAtomics) posted to `pe`. The
    // PE's first of its kind since the last quiet is to confirm itself instead, if it can
    // (`deliverable`: a write of one message, asking for delivery-complete; an atomic always,
    // posted with a result, which comes once it is applied): returns whether it is.
    bool note_unconfirmed(int pe, Unconfirmed what, bool deliverable = false);
    // Posts the confirming reads of every PE noted since the last quiet; quiet waits for them.
    void confirm_unconfirmed();
    // How a write to `pe` is posted: as any other (where writes are not confirmed at quiet, or
    // delivery-complete as the PE's first since the last quiet), asking for a local completion
    // only, or injected without a completion (`injectable`: fi_inject_write takes it). Where
    // writes are confirmed, takes `lock`, to be held through the post, and notes the PE.
    enum class WritePosting { usual, local_completion, injected };
    WritePosting confirmed_write(int pe, size_t bytes, bool injectable, std::unique_lock<std::mutex> &lock);
    // The flags of a write posted as `posting` says (`inject`: its data fits the inject size,
    // copied before the post returns): a local completion only where quiet confirms it.
    static uint64_t write_flags(WritePosting posting, bool inject) {
        return (inject ? FI_INJECT : 0) | (posting == WritePosting::usual ? 0 : FI_INJECT_COMPLETE);
    }
    void inject_write(const void *local, size_t bytes, int pe, const Region &region, size_t offset);
    std::atomic<uint64_t> posted_{0};
    std::atomic<uint64_t> completed_{0};

    std::mutex contexts_mutex_;
    std::vector<std::unique_ptr<OpContext[]>> context_slabs_;
    std::vector<OpContext *> free_contexts_;

    // Local GPU buffers outside the heap (GPUDirect), registered once per CUDA allocation and
    // found again by its id, which CUDA never reuses: a buffer freed and allocated again at the
    // same address is registered anew. Most recently used last; the oldest past a limit retire
    // to temporary_registrations_, closed at the next quiet (an operation may still use them).
    struct DeviceRegistration {
        unsigned long long id;
        fid_mr *mr;
    };
    bool gpudirect_ = false;  // the GPU heap is registered FI_HMEM_CUDA: the provider reaches it
    // GPUDirect on a software provider: kernels' requests are staged, and so are host calls of
    // kStagedFrom bytes and more (on shm the staged path took 0.43-0.88x direct's time from
    // 128 KiB to 64 MiB, direct 0.5-0.9x staged's below 64 KiB: docs/benchmarks.md).
    bool kernel_requests_staged_ = false;
    static constexpr size_t kStagedFrom = 128 << 10;
    std::string staged_reason_;            // why a GPU heap with FI_HMEM is staged (FABSHMEM_INFO)
    // Whether the calling operation, of `bytes` at `offset`, takes the staged path (see
    // kernel_requests_staged_; the heap's extension is never registered with the provider).
    bool stage(size_t offset, size_t bytes) const;
    std::mutex device_registrations_mutex_;
    std::vector<DeviceRegistration> device_registrations_;
    uint64_t device_registrations_made_ = 0;  // for FABSHMEM_INFO's count at the end

    std::mutex temporary_mutex_;
    std::vector<fid_mr *> temporary_registrations_;  // local buffers of nbi ops (FI_MR_LOCAL)
};

}  // namespace fabshmem
