// Completing at quiet with one read per PE. A write's completion says that the target has the
// data only when the write asks for delivery-complete, which costs an acknowledgement per write
// (over tcp a message back, and a receive here, for each: OSU's put message rate was 0.35-0.6x
// SOS's). Where the provider processes an RMA read after the RMA writes posted before it to
// the same PE (FI_ORDER_RMA_RAW, or FI_ORDER_RAW, on both sides: tcp;ofi_rxm, verbs;ofi_rxm),
// one read of the PE at quiet says the same of them all. So a PE's first write since the last
// quiet asks for delivery-complete (put then quiet waits for that acknowledgement alone, as
// before), later ones are injected without a completion where small enough (fi_inject_write)
// or ask for a local completion only (FI_INJECT_COMPLETE: the source is reusable; tcp's
// FI_TRANSMIT_COMPLETE waits for the acknowledgement too), and quiet reads each PE that took
// one of those once. Injected non-fetching atomics (fabric_atomic.cpp) are confirmed the same
// way, by an atomic fetch (FI_ORDER_ATOMIC_RAW: the provider may order atomics apart from RMA,
// as rxm does).
#include "fabric_post.h"

namespace fabshmem {

bool FabricTransport::note_unconfirmed(int pe, Unconfirmed what, bool deliverable) {
    if (unconfirmed_.empty()) unconfirmed_.assign(n_pes_, 0);
    uint8_t &state = unconfirmed_[pe];
    if (state == 0) unconfirmed_pes_.push_back(pe);
    const Unconfirmed confirmed_by_itself = what == kWrites ? kDeliveringWrite : kFetchedAtomic;
    bool first = !(state & (confirmed_by_itself | what));
    bool itself = first && deliverable && (what == kAtomics || delivery_complete_);
    state |= itself ? confirmed_by_itself : what;
    return itself;
}

FabricTransport::WritePosting FabricTransport::confirmed_write(int pe, size_t bytes, bool injectable,
                                                               std::unique_lock<std::mutex> &lock) {
    if (!confirm_writes_) return WritePosting::usual;  // delivery-complete where the provider offers it
    lock = std::unique_lock<std::mutex>(unconfirmed_mutex_);
    if (note_unconfirmed(pe, kWrites, bytes <= max_msg_size_)) return WritePosting::usual;
    return injectable ? WritePosting::injected : WritePosting::local_completion;
}

// The provider copies the data before returning and reports nothing (fi_inject_write): not
// counted among the operations quiet waits for, which its read at quiet confirms.
void FabricTransport::inject_write(const void *local, size_t bytes, int pe, const Region &region, size_t offset) {
    start_operation(Op::write, bytes, pe, [&] {
        return fi_inject_write(ep_, local, bytes, addresses_[pe], region.base + offset, region.key);
    }, /*completes=*/false);
}

// Under the lock from first to last, as each noted operation was posted under it: a quiet that
// finds the list empty runs after the reads of any quiet that took the list before were posted
// (and waits for them with the rest), and an operation posted after the list was taken notes
// its PE again. Each read goes into a pooled context and is counted like any operation.
void FabricTransport::confirm_unconfirmed() {
    std::lock_guard<std::mutex> lock(unconfirmed_mutex_);
    injected_since_quiet_ = 0;
    for (int pe : unconfirmed_pes_) {
        uint8_t state = unconfirmed_[pe];
        unconfirmed_[pe] = 0;
        Region signals = region(pe, kSignals);  // every PE registers them; host memory there
        void *no_desc = nullptr;                // neither path runs under FI_MR_LOCAL
        if (state & kWrites) {  // a read of 8 bytes into its own pooled context
            OpContext *context = acquire_context();
            post(Op::read, &context->result, sizeof context->result, no_desc, pe, signals, 0, nullptr, 0, context);
        }
        if (state & kAtomics) post_pooled_atomic(AtomicRequest{AtomicOp::read, sizeof(uint64_t), 0, 0, 0}, pe, &signals);
    }
    unconfirmed_pes_.clear();
}

}  // namespace fabshmem
