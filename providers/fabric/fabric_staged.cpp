// Staged access: how a PE reaches a remote heap that the provider cannot touch, namely GPU
// memory when libfabric has no FI_HMEM (Debian's and Ubuntu's are built without CUDA). The
// target does the GPU copies; the fabric only ever moves host memory.
//
// Each PE's staging area, registered with the provider:
//   [requests: one 64-byte slot per initiator][replies: one 8-byte word per target]
//   [outbox: 64 bytes][server outbox: 64 bytes][bounce: kStageBytes, this PE's own requests]
//   [serve: kStageBytes]
// A get of `bytes` at `offset` from PE t, in chunks of at most kStageBytes:
//   1. the initiator writes {op, offset, bytes} into its slot at t, then (after that write
//      completed) the request's number into the slot's `number`;
//   2. t, polling (progress thread or any thread waiting in the library), sees the new number,
//      copies heap[offset..] into its serve buffer, fi_writes it into the initiator's bounce
//      buffer, then writes the number into the initiator's reply word for t;
//   3. the initiator, polling its reply word, copies bounce -> destination.
// A put is the mirror image: the initiator fills its bounce buffer, and t fi_reads it into its
// serve buffer and copies that into the heap. An atomic is a request the target executes
// with CPU atomics on its heap (GPU atomics on a GPU heap), replying with the old value as a
// get does (also used where the provider lacks an atomic, and for every atomic on a GPU heap). Every staged operation is complete on return.
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "fabric_post.h"
#include "heap_copy.h"
#include "log.h"

namespace fabshmem {

struct StagedRequest {
    enum : uint64_t { kGet = 0, kPut = 1, kAtomic = 2 };
    uint64_t op;      // kGet, kPut or kAtomic
    uint64_t offset;  // in the target's heap
    uint64_t bytes;   // an atomic's width
    uint64_t atomic_op, operand, compare;  // kAtomic: what AtomicRequest says
    uint64_t number;  // written last; a new number means a new request
};

namespace {

constexpr size_t kStageBytes = size_t{4} << 20;
constexpr size_t kSlotBytes = 64;
static_assert(sizeof(StagedRequest) <= kSlotBytes, "request slot");

struct Layout {
    size_t n_pes;
    size_t request(size_t initiator) const { return initiator * kSlotBytes; }
    size_t reply(size_t target) const { return n_pes * kSlotBytes + target * sizeof(uint64_t); }
    size_t outbox() const { return round(n_pes * kSlotBytes + n_pes * sizeof(uint64_t)); }
    size_t server_outbox() const { return outbox() + kSlotBytes; }
    size_t bounce() const { return server_outbox() + kSlotBytes; }
    size_t serve() const { return bounce() + kStageBytes; }
    size_t total() const { return serve() + kStageBytes; }
    static size_t round(size_t v) { return (v + kSlotBytes - 1) & ~(kSlotBytes - 1); }
};

}  // namespace

Status FabricTransport::open_staging(int n_pes) {
    Layout layout{static_cast<size_t>(n_pes)};
    staging_size_ = layout.total();
    // With a GPU heap every staged byte is copied to or from the GPU: pinned memory lets those
    // copies run as DMA, without the driver's own bounce buffer.
    std::string error;
    void *device_address = nullptr;
    void *memory = heap_is_cuda_ ? cuda::host_alloc_mapped(staging_size_, &device_address, &error)
                                 : mmap(nullptr, staging_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (!memory || memory == MAP_FAILED) {
        FS_ERROR("cannot allocate the %zu-byte staging area for remote GPU heap access%s%s", staging_size_,
                 error.empty() ? "" : ": ", error.c_str());
        return Status::out_of_memory;
    }
    staging_pinned_ = heap_is_cuda_;
    staging_ = static_cast<char *>(memory);
    staged_sent_.assign(n_pes, 0);
    staged_served_.assign(n_pes, 0);
    return register_region(staging_, staging_size_, kHostMemory, &staging_mr_);
}

void FabricTransport::post_and_wait(Op op, void *local, size_t bytes, void *desc, int pe,
                                    const Region &remote, size_t offset) {
    std::atomic<int> remaining{1};
    OpContext context;
    post(op, local, bytes, desc, pe, remote, offset, &remaining, 0, &context);
    // A plain loop, not poll_until: the server runs on the progress thread too, and its own
    // waits must not read as "a user thread is polling" (which makes that thread stand aside).
    while (remaining.load(std::memory_order_acquire) > 0) poll();
}

// Sends `request` to PE `pe` and waits for its reply. The caller holds staged_client_mutex_.
void FabricTransport::send_staged_request(const StagedRequest &request, int pe) {
    Layout layout{n_pes_};
    void *desc = fi_mr_desc(staging_mr_);
    auto *reply = reinterpret_cast<uint64_t *>(staging_ + layout.reply(pe));
    uint64_t number = ++staged_sent_[pe];
    auto *outbox = reinterpret_cast<StagedRequest *>(staging_ + layout.outbox());
    *outbox = request;
    size_t slot = layout.request(static_cast<size_t>(my_pe_));
    post_and_wait(Op::write, outbox, offsetof(StagedRequest, number), desc, pe, region(pe, kStaging), slot);
    outbox->number = number;  // only now: the target must never see a half-written request
    post_and_wait(Op::write, &outbox->number, sizeof number, desc, pe, region(pe, kStaging),
                  slot + offsetof(StagedRequest, number));
    poll_until([&] { return __atomic_load_n(reply, __ATOMIC_ACQUIRE) >= number; });
}

void FabricTransport::staged_transfer(Op op, void *local, size_t offset, size_t bytes, int pe) {
    std::lock_guard<std::mutex> lock(staged_client_mutex_);
    char *bounce = staging_ + Layout{n_pes_}.bounce();
    for (size_t done = 0; done < bytes;) {
        size_t chunk = std::min(bytes - done, kStageBytes);
        char *user = static_cast<char *>(local) + done;
        if (op == Op::write) heap_copy(cuda::is_device_pointer(user), bounce, user, chunk);
        send_staged_request(StagedRequest{op == Op::read ? StagedRequest::kGet : StagedRequest::kPut, offset + done, chunk, 0, 0, 0, 0}, pe);
        if (op == Op::read) heap_copy(cuda::is_device_pointer(user), user, bounce, chunk);
        done += chunk;
    }
}

uint64_t FabricTransport::staged_atomic(const AtomicRequest &r, int pe) {
    std::lock_guard<std::mutex> lock(staged_client_mutex_);
    send_staged_request(StagedRequest{StagedRequest::kAtomic, r.offset, r.width, static_cast<uint64_t>(r.op),
                                      r.operand, r.compare, 0}, pe);
    uint64_t old = 0;
    std::memcpy(&old, staging_ + Layout{n_pes_}.bounce(), sizeof old);
    return old;
}

char *FabricTransport::local_symmetric(size_t offset, size_t bytes, int initiator, bool *cuda) const {
    bool in_statics = is_static_offset(offset), in_extension = is_extension_offset(offset);
    char *base = in_statics ? static_base_ : in_extension ? extension_base_ : heap_base_;
    size_t size = in_statics ? static_size_ : in_extension ? extension_size_ : heap_size_;
    size_t at = in_statics ? offset - kStaticOffset : in_extension ? offset - kExtensionOffset : offset;
    if (bytes > kStageBytes || at > size || bytes > size - at)
        fatal("PE %d sent a staged request outside this PE's symmetric memory (offset %zu, %zu bytes)",
              initiator, offset, bytes);
    *cuda = heap_is_cuda_ && !in_statics;
    return base + at;
}

bool FabricTransport::serve_staged_requests() {
    bool expected = false;
    if (!serving_.compare_exchange_strong(expected, true, std::memory_order_acquire)) return false;
    bool served = false;
    Layout layout{n_pes_};
    void *desc = fi_mr_desc(staging_mr_);
    char *serve = staging_ + layout.serve();
    for (size_t initiator = 0; initiator < n_pes_; ++initiator) {
        auto *request = reinterpret_cast<StagedRequest *>(staging_ + layout.request(initiator));
        uint64_t number = __atomic_load_n(&request->number, __ATOMIC_ACQUIRE);
        if (number == staged_served_[initiator]) continue;
        int pe = static_cast<int>(initiator);
        size_t offset = request->offset, bytes = request->bytes;
        bool cuda = false;
        char *local = local_symmetric(offset, bytes, pe, &cuda);
        if (request->op == StagedRequest::kAtomic) {
            if ((bytes != 4 && bytes != 8) || offset % bytes || request->atomic_op > 6)
                fatal("PE %d sent an atomic this PE cannot execute (%zu bytes at offset %zu)", pe, bytes, offset);
            AtomicRequest atomic{static_cast<AtomicOp>(request->atomic_op), bytes, offset,
                                 request->operand, request->compare};
            uint64_t old = atomic_at(local, cuda, atomic);
            std::memcpy(serve, &old, sizeof old);
            post_and_wait(Op::write, serve, sizeof old, desc, pe, region(pe, kStaging), layout.bounce());
        } else if (request->op == StagedRequest::kGet) {
            heap_copy(cuda, serve, local, bytes);
            post_and_wait(Op::write, serve, bytes, desc, pe, region(pe, kStaging), layout.bounce());
        } else {
            post_and_wait(Op::read, serve, bytes, desc, pe, region(pe, kStaging), layout.bounce());
            heap_copy(cuda, local, serve, bytes);
        }
        staged_served_[initiator] = number;
        served = true;
        auto *answer = reinterpret_cast<uint64_t *>(staging_ + layout.server_outbox());
        *answer = number;
        post_and_wait(Op::write, answer, sizeof number, desc, pe, region(pe, kStaging),
                      layout.reply(static_cast<size_t>(my_pe_)));
    }
    serving_.store(false, std::memory_order_release);
    return served;
}

}  // namespace fabshmem
