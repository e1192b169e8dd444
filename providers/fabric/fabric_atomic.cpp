// Remote atomics over libfabric: fi_fetch_atomic and fi_compare_atomic where the provider
// performs the operation on the word size, as fi_*atomicvalid reports at init; every other
// atomic, and every atomic on a GPU heap, is executed by the target itself (staged_atomic).
// Either way a host word is changed with the same CPU atomics (libfabric's software atomics
// use the same builtins) and a GPU word with the GPU's, so all paths are atomic together.
#include <rdma/fi_atomic.h>

#include "fabric_post.h"

namespace fabshmem {
namespace {

constexpr AtomicOp kAllOps[] = {AtomicOp::read, AtomicOp::write, AtomicOp::add, AtomicOp::band,
                                AtomicOp::bor, AtomicOp::bxor, AtomicOp::compare_swap};

fi_op to_fi_op(AtomicOp op) {
    switch (op) {
    case AtomicOp::read: return FI_ATOMIC_READ;
    case AtomicOp::write: return FI_ATOMIC_WRITE;
    case AtomicOp::add: return FI_SUM;
    case AtomicOp::band: return FI_BAND;
    case AtomicOp::bor: return FI_BOR;
    case AtomicOp::bxor: return FI_BXOR;
    case AtomicOp::compare_swap: return FI_CSWAP;
    }
    __builtin_unreachable();  // the switch covers every AtomicOp
}

fi_datatype to_fi_type(size_t width) { return width == 4 ? FI_UINT32 : FI_UINT64; }

}  // namespace

void FabricTransport::query_atomics() {
    if (!(info_->caps & FI_ATOMIC)) return;  // no atomic calls at all: everything is staged
    for (size_t wide = 0; wide < 2; ++wide) {
        for (AtomicOp op : kAllOps) {
            fi_datatype type = to_fi_type(wide ? 8 : 4);
            size_t count = 0;
            int rc = op == AtomicOp::compare_swap ? fi_compare_atomicvalid(ep_, type, FI_CSWAP, &count)
                                                  : fi_fetch_atomicvalid(ep_, type, to_fi_op(op), &count);
            atomic_supported_[wide][static_cast<size_t>(op)] = rc == 0 && count >= 1;
        }
    }
    // Non-fetching atomics may go without a completion where the provider processes an atomic
    // fetch after the updates posted before it (FI_ORDER_ATOMIC_RAW, both sides): one fetching
    // read per PE at quiet then shows them all applied (fabric_confirm.cpp). Not asked
    // for: tcp;ofi_rxm promises it anyway (libfabric 1.17), and shm only in a mode without its
    // direct reads (cross-memory attach), where gets of 8 B to 1 MiB took 1.3-3.3x as long.
    uint64_t raw = FI_ORDER_ATOMIC_RAW;
    inject_atomics_ = (info_->tx_attr->msg_order & raw) && (info_->rx_attr->msg_order & raw) &&
                      inject_size_ >= sizeof(uint64_t) && !mr_local_ && !heap_is_cuda_ &&
                      atomic_supported_[1][static_cast<size_t>(AtomicOp::read)];
}

bool FabricTransport::provider_does(const AtomicRequest &r) const {
    return atomic_supported_[r.width == 8][static_cast<size_t>(r.op)];
}

// A GPU heap's words take atomics from kernels too, which a NIC's atomics on GPU memory would
// not be atomic with: the target makes them itself, with the GPU's atomics.
bool FabricTransport::provider_carries(const AtomicRequest &r) const {
    bool gpu_word = heap_is_cuda_ && !is_static_offset(r.offset);
    return !staged_ && !gpu_word && provider_does(r);
}

fi_msg_atomic FabricTransport::atomic_message(const AtomicRequest &r, int pe, fi_ioc *operand, void **desc,
                                              fi_rma_ioc *target, void *context) const {
    auto [region, region_offset] = remote(pe, r.offset);
    *target = fi_rma_ioc{region.base + region_offset, 1, region.key};
    fi_msg_atomic msg{};
    msg.msg_iov = operand;
    msg.desc = desc;
    msg.iov_count = 1;
    msg.addr = addresses_[pe];
    msg.rma_iov = target;
    msg.rma_iov_count = 1;
    msg.datatype = to_fi_type(r.width);
    msg.op = to_fi_op(r.op);
    msg.context = context;
    return msg;
}

bool FabricTransport::provider_does_every_atomic() const {
    for (size_t wide = 0; wide < 2; ++wide)
        for (AtomicOp op : kAllOps)
            if (!atomic_supported_[wide][static_cast<size_t>(op)]) return false;
    return true;
}

// Every atomic is a fetching one, the non-fetching ones too: a completion without a result can
// come before the target has applied the operation (shm applies atomics in the target's
// progress and completes them on delivery to its queue, delivery-complete or not), and then a
// quiet would not make the new value visible. A result arrives only once it is applied.
uint64_t FabricTransport::atomic(const AtomicRequest &r, int pe) {
    // A result that does not show this PE's own earlier atomics would surprise: they complete
    // first, and so do writes before a fence (fence()).
    if (atomics_in_flight_.load(std::memory_order_relaxed)) quiet();
    complete_fenced_writes();
    if (!provider_carries(r)) return staged_atomic(r, pe);
    std::atomic<int> remaining{1};
    OpContext context{{}, &remaining, pe, Op::atomic, false};  // on the stack: the call waits
    uint64_t operand = r.operand, compare = r.compare, result = 0;
    fid_mr *operand_mr = nullptr, *compare_mr = nullptr, *result_mr = nullptr;
    void *operand_desc = local_descriptor(&operand, r.width, &operand_mr);
    void *result_desc = local_descriptor(&result, r.width, &result_mr);
    fi_ioc operand_ioc{&operand, 1}, result_ioc{&result, 1};
    fi_rma_ioc target;
    fi_msg_atomic msg = atomic_message(r, pe, &operand_ioc, &operand_desc, &target, &context.fi);
    if (r.op == AtomicOp::compare_swap) {
        fi_ioc compare_ioc{&compare, 1};
        void *compare_desc = local_descriptor(&compare, r.width, &compare_mr);
        start_operation(Op::atomic, r.width, pe, [&] {
            return fi_compare_atomicmsg(ep_, &msg, &compare_ioc, &compare_desc, 1, &result_ioc,
                                        &result_desc, 1, FI_COMPLETION);
        });
    } else {
        start_operation(Op::atomic, r.width, pe, [&] {
            return fi_fetch_atomicmsg(ep_, &msg, &result_ioc, &result_desc, 1, FI_COMPLETION);
        });
    }
    wait_for(remaining);
    for (fid_mr *mr : {operand_mr, compare_mr, result_mr})
        if (mr) fi_close(&mr->fid);
    return result;
}

// Posted, not waited for. Injected where the provider orders atomics (query_atomics): no
// completion, no context; the next quiet confirms them by a read of the PE. A PE's first since
// the last quiet is posted as a fetching one instead, whose result says it was applied: over
// rxm an injected atomic is a request and a response on the wire too, so an atomic then quiet
// costs two messages rather than four (the atomic, the confirming read and their responses).
// Without that order every one is a fetching atomic whose operand and result live in a pooled
// context until its completion, which quiet waits for like any other. Blocking where the
// provider does not do the operation, on a GPU word, or where local buffers need registering
// (FI_MR_LOCAL).
void FabricTransport::atomic_nbi(const AtomicRequest &r, int pe) {
    complete_fenced_writes();
    if (!provider_carries(r) || mr_local_) {
        atomic(r, pe);
        return;
    }
    // The PE is noted and the atomic posted under one lock, so that a quiet that takes the list
    // either finds this PE in it or runs after the atomic has been noted again.
    std::unique_lock<std::mutex> confirming;
    if (inject_atomics_) {
        confirming = std::unique_lock<std::mutex>(unconfirmed_mutex_);
        if (!note_unconfirmed(pe, kAtomics, true)) {
            inject_atomic(r, pe);
            // The provider may hold a buffer for an injected atomic until the target answers
            // (rxm does, and reads the answer only when polled, which the progress thread
            // leaves to a posting user): 4,000 of them in a loop grew rxm's pool past its first
            // 1,024 buffers, a 47 ms stall, then fresh pages for each atomic up to the 2,200th
            // (13-15 us each over tcp here, 6 once warm): 92 ms in all, 31 ms with a quiet
            // after every kMostInjected, which keeps the pool as it is (OSU's loops of 500 do
            // not reach it).
            constexpr uint32_t kMostInjected = 512;
            bool pool_full = ++injected_since_quiet_ >= kMostInjected;  // confirm_unconfirmed resets it
            confirming.unlock();
            if (pool_full) quiet();
            return;
        }
    } else {
        // A loop of them must not outrun the provider's queues and grow the context pool
        // without end: past this many outstanding operations, reap completions first. Each
        // one in flight over shm holds a buffer in the target's region, whose pages fault in on
        // first use on both sides: at 256, OSU's first loop of 500 adds took 320 faults per PE
        // and 16.5-17 us per add (1.6-2.2 once warm); at 64, 130 faults and 5.1-5.8 us.
        constexpr uint64_t kMostOutstanding = 64;
        poll_until([&] {
            return posted_.load(std::memory_order_acquire) - completed_.load(std::memory_order_acquire) < kMostOutstanding;
        });
    }
    atomics_in_flight_.store(true, std::memory_order_relaxed);
    post_pooled_atomic(r, pe);
}

void FabricTransport::post_pooled_atomic(const AtomicRequest &r, int pe, const Region *signal_word) {
    OpContext *context = acquire_context();
    context->remaining = nullptr;
    context->pe = pe;
    context->op = Op::atomic;
    context->operand = r.operand;
    fi_ioc operand_ioc{&context->operand, 1}, result_ioc{&context->result, 1};
    void *no_desc = nullptr;  // host memory, no FI_MR_LOCAL (atomic_nbi's callers)
    fi_rma_ioc target;
    fi_msg_atomic msg = atomic_message(r, pe, &operand_ioc, &no_desc, &target, &context->fi);
    if (signal_word) target = fi_rma_ioc{signal_word->base, 1, signal_word->key};
    start_operation(Op::atomic, r.width, pe, [&] {
        return fi_fetch_atomicmsg(ep_, &msg, &result_ioc, &no_desc, 1, FI_COMPLETION);
    });
}

// With unconfirmed_mutex_ held (atomic_nbi noted the PE).
void FabricTransport::inject_atomic(const AtomicRequest &r, int pe) {
    auto [region, region_offset] = remote(pe, r.offset);
    uint64_t operand = r.operand;  // inject: the provider copies it before returning
    atomics_in_flight_.store(true, std::memory_order_relaxed);
    start_operation(Op::atomic, r.width, pe, [&] {
        return fi_inject_atomic(ep_, &operand, 1, addresses_[pe], region.base + region_offset, region.key,
                                to_fi_type(r.width), to_fi_op(r.op));
    }, /*completes=*/false);
}

}  // namespace fabshmem
