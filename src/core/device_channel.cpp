#include "device_channel.h"

#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

#include "collectives.h"
#include "cuda_support.h"
#include "log.h"
#include "reductions.h"
#include "runtime.h"

namespace fabshmem {

static_assert(kExtensionOffset == FABSHMEMI_EXTENSION_OFFSET, "the device API names the extension as the host does");

namespace {

struct LoadedModule {
    void *module;  // a CUmodule, or a CUlibrary
    void *state;   // the module's copy of fabshmemi::state (device memory)
};

struct ModuleRegistry {
    std::mutex mutex;
    std::vector<fabshmemi_device_state_update> updates;
    std::vector<LoadedModule> loaded;
    fabshmemi_device_state current{};
};

// The device state's name in code built with -rdc=true (device.h: an inline variable).
constexpr const char *kStateSymbol = "_ZN9fabshmemi5stateE";

// Constructed on first use: modules register from static initializers, in any order.
ModuleRegistry &registry() {
    static ModuleRegistry *instance = new ModuleRegistry();
    return *instance;
}

void update_module(fabshmemi_device_state_update update, const fabshmemi_device_state &state) {
    if (int rc = update(&state))
        fatal("cannot pass fabshmem's device state to a CUDA module of this program (CUDA error "
              "%d); check that it was compiled for this GPU's architecture", rc);
}

void update_loaded(const LoadedModule &loaded, const fabshmemi_device_state &state) {
    std::string error;
    if (!cuda::copy(loaded.state, &state, sizeof state, &error) || !cuda::copies_complete(&error))
        fatal("cannot pass fabshmem's device state to the CUDA module %p: %s", loaded.module, error.c_str());
}

}  // namespace

void publish_device_state(const fabshmemi_device_state &state) {
    ModuleRegistry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.current = state;
    for (auto update : r.updates) update_module(update, state);
    for (const LoadedModule &loaded : r.loaded) update_loaded(loaded, state);
}

bool add_loaded_module(void *module, bool library, std::string *error) {
    LoadedModule loaded{module, nullptr};
    size_t bytes = 0;
    if (!cuda::module_global(module, library, kStateSymbol, &loaded.state, &bytes, error)) {
        *error += ": the module holds no fabshmem device state; build it from code that includes "
                  "nvshmem.h, with relocatable device code (nvcc -rdc=true, then -dlink or -cubin)";
        return false;
    }
    if (bytes != sizeof(fabshmemi_device_state)) {
        *error = "the module's fabshmem device state has " + std::to_string(bytes) + " bytes, this library's " +
                 std::to_string(sizeof(fabshmemi_device_state)) + ": build it against this fabshmem's headers";
        return false;
    }
    ModuleRegistry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    update_loaded(loaded, r.current);
    r.loaded.push_back(loaded);
    return true;
}

bool remove_loaded_module(void *module) {
    ModuleRegistry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    for (auto it = r.loaded.begin(); it != r.loaded.end(); ++it)
        if (it->module == module) {
            r.loaded.erase(it);
            return true;
        }
    return false;
}

DeviceChannel::DeviceChannel(Runtime &rt) : rt_(rt) {
    std::string error;
    auto fail = [&](const char *what) {
        fatal("nvshmem_init: cannot set up the device API (%s: %s)", what, error.c_str());
    };
    std::vector<char *> peers(rt.n_pes, nullptr), extensions(rt.n_pes, nullptr);
    bool all_mapped = true;
    for (int pe = 0; pe < rt.n_pes; ++pe) {
        peers[pe] = static_cast<char *>(rt.route(pe).local_address(0, pe));
        if (rt.extension.available())
            extensions[pe] = static_cast<char *>(rt.route(pe).local_address(kExtensionOffset, pe));
        all_mapped = all_mapped && peers[pe];
    }
    size_t table_bytes = peers.size() * sizeof(char *);
    peer_heaps_ = cuda::malloc_device(2 * table_bytes, &error);
    char *peer_extensions = static_cast<char *>(peer_heaps_) + table_bytes;
    if (!peer_heaps_ || !cuda::copy(peer_heaps_, peers.data(), table_bytes, &error) ||
        !cuda::copy(peer_extensions, extensions.data(), table_bytes, &error))
        fail("peer table");
    ring_tickets_ = cuda::malloc_device(sizeof(unsigned long long), &error);
    if (!ring_tickets_ || !cuda::memset_device(ring_tickets_, 0, sizeof(unsigned long long), &error))
        fail("ring tickets");
    constexpr size_t kSlots = SymmetricHeap::kMaxTeams;
    team_table_ = cuda::malloc_device(kSlots * sizeof(fabshmemi_device_team), &error);
    if (!team_table_) fail("team table");
    slot_memory_.resize(kSlots);

    state_.magic = FABSHMEMI_DEVICE_STATE_MAGIC;
    state_.my_pe = rt.my_pe;
    state_.n_pes = rt.n_pes;
    state_.heap_base = rt.heap.base();
    state_.heap_size = rt.heap.size();
    state_.peer_heaps = static_cast<char *const *>(peer_heaps_);
    state_.extension_base = rt.extension.window().base;
    state_.extension_size = 0;  // set_extension_size, as segments come and go
    state_.peer_extensions = reinterpret_cast<char *const *>(peer_extensions);
    state_.ring_tickets = static_cast<unsigned long long *>(ring_tickets_);
    state_.teams = static_cast<fabshmemi_device_team *>(team_table_);
    state_.max_teams = static_cast<int>(kSlots);
    state_.max_sync_rounds = static_cast<int>(SymmetricHeap::kMaxSyncRounds);
    state_.team_flags_offset = SymmetricHeap::kDeviceTeamFlagsOffset;
    state_.reduce_chunk_bytes = kReduceChunkBytes;
    state_.reduce_slots_offset = SymmetricHeap::kReduceSlotsOffset;
    state_.reduce_slot_bytes = SymmetricHeap::kReduceSlotBytes;
    state_.reduce_slots = SymmetricHeap::kReduceSlots;
    state_.reduce_flags_offset = SymmetricHeap::kDeviceReduceFlagsOffset;
    state_.broadcast_buffers_offset = SymmetricHeap::kBroadcastBuffersOffset;
    state_.broadcast_buffer_bytes = SymmetricHeap::kBroadcastBufferBytes;
    state_.broadcast_header_bytes = SymmetricHeap::kBroadcastHeaderBytes;
    state_.broadcast_ring_bytes = SymmetricHeap::kBroadcastRingBytes;
    for (size_t slot = 0; slot < kSlots; ++slot) set_team(static_cast<int>(slot), rt.teams.find(static_cast<int>(slot)));

    if (!all_mapped) {
        // The ring and, after it, the completed count; slot i starts free for ticket i.
        size_t bytes = kRingSlots * sizeof(fabshmemi_request) + 64;
        void *device_address = nullptr;
        ring_memory_ = cuda::host_alloc_mapped(bytes, &device_address, &error);
        if (!ring_memory_) fail("request ring");
        ring_ = static_cast<fabshmemi_request *>(ring_memory_);
        completed_ = reinterpret_cast<uint64_t *>(ring_ + kRingSlots);
        for (uint64_t i = 0; i < kRingSlots; ++i) ring_[i].seq = i;
        state_.ring = static_cast<fabshmemi_request *>(device_address);
        state_.ring_slots = kRingSlots;
        state_.ring_completed = reinterpret_cast<const volatile uint64_t *>(state_.ring + kRingSlots);
    }
    if (!cuda::copies_complete(&error)) fail("copying the peer table");
    publish_device_state(state_);
}

void DeviceChannel::set_extension_size(size_t bytes) {
    state_.extension_size = bytes;
    publish_device_state(state_);
}

DeviceChannel::~DeviceChannel() {
    publish_device_state(fabshmemi_device_state{});
    cuda::free_host_mapped(ring_memory_);
    cuda::free_device(peer_heaps_);
    cuda::free_device(ring_tickets_);
    cuda::free_device(team_table_);
    for (SlotMemory &slot : slot_memory_) {
        cuda::free_device(slot.members);
        cuda::free_device(slot.scratch);
    }
}

void DeviceChannel::set_team(int slot, const Team *team) {
    std::string error;
    fabshmemi_device_team entry{};
    bool ok = true;
    if (team) {
        SlotMemory &memory = slot_memory_.at(static_cast<size_t>(slot));
        if (!memory.members) memory.members = static_cast<int *>(cuda::malloc_device(rt_.n_pes * sizeof(int), &error));
        if (!memory.scratch) memory.scratch = static_cast<char *>(cuda::malloc_device(2 * kReduceChunkBytes, &error));
        ok = memory.members && memory.scratch &&
             cuda::copy(memory.members, team->members.data(), team->members.size() * sizeof(int), &error);
        entry.n_pes = team->n_pes();
        entry.my_index = team->my_index;
        entry.members = memory.members;
        entry.scratch = memory.scratch;
        entry.doubling_bytes = doubling_limit(rt_, team->members.size(), team->on_one_node);
        // The pushed broadcast and fcollect only when asked for by name: under auto kernels keep
        // NVSHMEM's puts to every member (measured faster with the PEs sharing a GPU: each of
        // the tree's and Bruck's rounds waits for a PE whose kernel is off it).
        const bool tree_asked = rt_.config.broadcast_algo != "auto", bruck_asked = rt_.config.fcollect_algo != "auto";
        // Under auto the blocks (reduce-scatter + allgather: three syncs whatever the size, about
        // 2m read per member) only where the pull (one sync per chunk of scratch, and one) would
        // sync a third time: with PEs sharing a GPU every sync waits for a time slice. Measured
        // on an H100, 2 PEs: 2 MiB 6.7 ms against the pull's 38 ms, 256 KiB even, and up to one
        // chunk the pull's two syncs win (4.5 against 6.7 ms).
        const std::string &reduce_algo = rt_.config.reduce_algo;
        entry.blocks_bytes = reduce_algo == "blocks" ? 0 : reduce_algo == "auto" ? kReduceChunkBytes + 1 : SIZE_MAX;
        entry.tree_bytes = tree_asked ? pushed_broadcast_limit(rt_, team->members.size(), team->on_one_node) : 0;
        entry.bruck_fcollect = bruck_asked && fcollect_by_bruck(rt_, team->members.size(), team->on_one_node);
        // Under auto, broadcasts among PEs that all store into each other's heaps go straight
        // into them with a flag word each, the small ones inside the flag words (NVSHMEM's LL
        // protocol): no member waits for another. Every member sees the same: CUDA IPC maps
        // the heaps of a node's PEs both ways.
        bool all_mapped = true;
        for (int pe : team->members) all_mapped = all_mapped && rt_.route(pe).local_address(0, pe);
        entry.direct_broadcast = rt_.config.broadcast_algo == "auto" && all_mapped;
        entry.ll_bytes = entry.direct_broadcast ? kLowLatencyBroadcastBytes : 0;
        entry.ring_room = SymmetricHeap::kBroadcastRingBytes;  // every member has read to 0
    } else {
        // Every peer's write to these flags and to the broadcast buffer was waited for by a sync,
        // a reduction or a broadcast here: none is in flight. A team made in this slot later
        // starts from zeroed flags (its first direct broadcast's flag is 1).
        for (size_t flags_offset : {SymmetricHeap::kDeviceTeamFlagsOffset, SymmetricHeap::kDeviceReduceFlagsOffset}) {
            char *flags = rt_.heap.base() + flags_offset + SymmetricHeap::team_flags_offset(slot);
            ok = ok && cuda::memset_device(flags, 0, SymmetricHeap::kMaxSyncRounds * sizeof(uint64_t), &error);
        }
        char *buffer = rt_.heap.base() + SymmetricHeap::kBroadcastBuffersOffset + slot * SymmetricHeap::kBroadcastBufferBytes;
        ok = ok && cuda::memset_device(buffer, 0, SymmetricHeap::kBroadcastBufferBytes, &error);
    }
    auto *table = static_cast<fabshmemi_device_team *>(team_table_);
    if (!ok || !cuda::copy(&table[slot], &entry, sizeof entry, &error) || !cuda::copies_complete(&error))
        fatal("cannot update the GPU's copy of team %d: %s", slot, error.c_str());
}

void DeviceChannel::execute(fabshmemi_request &request) {
    int pe = request.pe;
    size_t offset = request.remote_offset, bytes = request.bytes;
    // The device checked these; a corrupted request must still not reach the wire. Offsets from
    // kExtensionOffset are the heap's extension (its window's mapped part).
    bool in_extension = is_extension_offset(offset);
    size_t at = in_extension ? offset - kExtensionOffset : offset;
    size_t size = in_extension ? rt_.extension.extent() : rt_.heap.size();
    if (pe < 0 || pe >= rt_.n_pes || at > size || bytes > size - at)
        fatal("a kernel's request %u to PE %d (offset %zu, %zu bytes) is out of range; the request "
              "ring was overwritten", request.op, pe, offset, bytes);
    Transport &route = rt_.route(pe);
    void *local = reinterpret_cast<void *>(static_cast<uintptr_t>(request.local));
    switch (request.op) {
    case FABSHMEMI_OP_GET: route.get(local, offset, bytes, pe, false); break;
    case FABSHMEMI_OP_PUT: route.put(offset, local, bytes, pe, false); break;
    case FABSHMEMI_OP_GET_VALUE: route.get(&request.value, offset, bytes, pe, true); break;
    // From the slot itself, which stays ours until the batch is complete.
    case FABSHMEMI_OP_PUT_VALUE: route.put(offset, &request.value, bytes, pe, false); break;
    case FABSHMEMI_OP_FENCE: quiet_all(rt_); break;
    case FABSHMEMI_OP_ATOMIC: {
        if ((bytes != 4 && bytes != 8) || request.atomic_op > static_cast<uint32_t>(AtomicOp::compare_swap))
            fatal("a kernel sent a malformed atomic (%zu bytes, op %u); the request ring was overwritten",
                  bytes, request.atomic_op);
        AtomicRequest atomic{static_cast<AtomicOp>(request.atomic_op), bytes, offset, request.value, request.local};
        request.value = route.atomic(atomic, pe);  // complete now: the reply goes with the batch
        break;
    }
    default: fatal("a kernel sent an unknown request (%u); the request ring was overwritten", request.op);
    }
}

bool DeviceChannel::serve() {
    if (!ring_) return false;
    uint64_t first = next_ticket_;
    while (next_ticket_ - first < kMaxBatch) {
        fabshmemi_request &request = ring_[next_ticket_ % kRingSlots];
        if (__atomic_load_n(&request.seq, __ATOMIC_ACQUIRE) != next_ticket_ + 1) break;
        execute(request);
        ++next_ticket_;
    }
    if (next_ticket_ == first) return false;
    quiet_all(rt_);  // every request of the batch is complete, its buffers free
    for (uint64_t ticket = first; ticket < next_ticket_; ++ticket) {
        fabshmemi_request &request = ring_[ticket % kRingSlots];
        uint64_t next = request.wants_reply ? ticket + 2 : ticket + kRingSlots;
        __atomic_store_n(&request.seq, next, __ATOMIC_RELEASE);
    }
    __atomic_store_n(completed_, next_ticket_, __ATOMIC_RELEASE);
    return true;
}

void DeviceChannel::wait_for_kernel_requests() {
    if (!ring_) return;
    // Kernels that ended wrote every request they took a ticket for, so a request waits exactly
    // when the slot of the first ticket not yet completed holds one (seq = ticket + 1; it keeps
    // that value while the progress thread's batch carries it out). Host memory only: no CUDA
    // call on every quiet.
    for (;;) {
        uint64_t done = __atomic_load_n(completed_, __ATOMIC_ACQUIRE);
        if (__atomic_load_n(&ring_[done % kRingSlots].seq, __ATOMIC_ACQUIRE) != done + 1) return;
        std::this_thread::yield();
    }
}

}  // namespace fabshmem

extern "C" int fabshmemi_register_device_module(fabshmemi_device_state_update update) {
    using namespace fabshmem;
    ModuleRegistry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.updates.push_back(update);
    // A module loaded after init (dlopen) gets the state at once.
    if (r.current.magic == FABSHMEMI_DEVICE_STATE_MAGIC) update_module(update, r.current);
    return 0;
}
