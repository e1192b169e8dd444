/* fabshmem's device API, part two: collectives over teams inside CUDA kernels, over the
 * primitives of device.h (groups, the request ring, mapped copies, RMA, team syncs, flags).
 * Included by device.h only. */
#ifndef FABSHMEM_DEVICE_COLLECTIVES_H
#define FABSHMEM_DEVICE_COLLECTIVES_H

namespace fabshmemi {
namespace {

// ---- collectives over teams ------------------------------------------------------------------
// By the host's rules (the team table carries them), so host and kernels choose alike:
// - Pushed, in log2(n) rounds: broadcast down a binomial tree, fcollect by Bruck's allgather,
//   reductions by recursive doubling. Each opens with a team sync (every member is in it, so
//   every dest and slot may be written, and each has the same epoch), then data go straight
//   into the peers' memory, each piece followed by a flag word set to the epoch (below).
// - Broadcasts where every member maps every heap (one node, CUDA IPC): straight into the
//   members' heaps with a flag word each, no sync (broadcast_direct).
// - Otherwise broadcast, fcollect and alltoall push to every member, as NVSHMEM's do (mapped
//   stores, or puts through the ring), then one barrier completes the puts and tells every member
//   its dest is whole: a dest may so be written before its owner enters the collective, as with
//   NVSHMEM (it must not be in use then). Reductions pull.
// Every PE of the team calls them, with one thread, warp or block each.

__device__ __noinline__ void fail_root(const char *function, int root, int n_pes) {
    printf("fabshmem: PE %d: error: %s (in a kernel): root %d is not a PE of the team (%d PEs: 0..%d)\n",
           state.my_pe, function, root, n_pes, n_pes - 1);
    __trap();
}

// A pushed collective's flag words: per team slot, max_sync_rounds of them (a round, or a
// reduction slot), laid out as the sync flags.
__device__ inline uint64_t flag_offset(int team, int word) {
    return state.reduce_flags_offset + (static_cast<uint64_t>(team) * state.max_sync_rounds + word) * sizeof(uint64_t);
}

// The team sync that opens a pushed collective, then its epoch: above every earlier one's.
template <class Group>
__device__ inline unsigned long long open_pushed(const Group &group, const char *function, int team,
                                                 fabshmemi_device_team &t) {
    team_sync(group, function, team, false);
    const unsigned long long epoch = t.epoch + 1;
    group.sync();
    if (group.rank() == 0) t.epoch = epoch;
    return epoch;
}

// `bytes` at `source` into member `pe`'s `dest` (symmetric), then its flag `word` set to
// `epoch`. Mapped: stores, a system fence, the flag; through the ring: put, fence, then the
// flag with a reply, after which `source` may change.
template <class Group>
__device__ inline void put_flagged(const Group &group, const char *function, int team, int pe, void *dest,
                                   const void *source, size_t bytes, int word, unsigned long long epoch) {
    const uint64_t flag = flag_offset(team, word);
    group.sync();  // every thread's part of `source` is written
    const Remote at = remote(function, dest, bytes, pe);
    char *peer = peer_heap(pe);
    if (at.mapped && peer) {
        copy(group, at.mapped, source, bytes);
        group.sync();
        if (group.rank() == 0) {
            __threadfence_system();
            *reinterpret_cast<volatile unsigned long long *>(peer + flag) = epoch;
        }
    } else if (group.rank() == 0) {
        if (bytes) request(function, FABSHMEMI_OP_PUT, pe, at.offset, source, bytes, 0, false);
        request(function, FABSHMEMI_OP_FENCE, state.my_pe, 0, nullptr, 0, 0, false);
        request(function, FABSHMEMI_OP_PUT_VALUE, pe, flag, nullptr, sizeof epoch, epoch, true);
    }
    group.sync();
}

// Returns once this PE's flag `word` says the data sent with it are here.
template <class Group>
__device__ inline void wait_flag(const Group &group, int team, int word, unsigned long long epoch) {
    if (group.rank() == 0) {
        const volatile unsigned long long *flag =
            reinterpret_cast<const volatile unsigned long long *>(state.heap_base + flag_offset(team, word));
        while (*flag < epoch) __nanosleep(64);
        __threadfence_system();
    }
    group.sync();
}

// Binomial tree relative to the root, as the host's (src/core/collectives.cpp): member r waits
// for the data from r minus its lowest set bit, then pushes them to r + 2^k for every 2^k below
// that bit (the root: below n). The root sends log2(n) copies instead of n; no sync at the end:
// a member is done when it has its data and its children theirs.
template <class Group>
__device__ inline void broadcast_tree(const Group &group, const char *function, int team, fabshmemi_device_team &t,
                                      void *dest, const void *source, size_t bytes, int root) {
    const int n = t.n_pes, relative = (t.my_index - root + n) % n;
    const unsigned long long epoch = open_pushed(group, function, team, t);
    int lowest = 1;
    while (lowest < n && !(relative & lowest)) lowest <<= 1;
    const void *data = dest;  // what this member passes on
    if (relative != 0) {
        wait_flag(group, team, 0, epoch);
    } else {
        if (dest != source) copy(group, dest, source, bytes);  // the root's own dest, as NVSHMEM's
        data = source;
    }
    for (int step = lowest >> 1; step > 0; step >>= 1)
        if (relative + step < n)
            put_flagged(group, function, team, t.members[(relative + step + root) % n], dest, data, bytes, 0, epoch);
    group.sync();
}

// 4 bytes at word i of `p`, through 4-byte accesses where `p` is aligned to them.
__device__ inline unsigned load_quad(const void *p, size_t i, bool aligned) {
    if (aligned) return static_cast<const unsigned *>(p)[i];
    unsigned v;
    memcpy(&v, static_cast<const char *>(p) + 4 * i, 4);
    return v;
}
__device__ inline void store_quad(void *p, size_t i, unsigned v, bool aligned) {
    if (aligned) static_cast<unsigned *>(p)[i] = v;
    else memcpy(static_cast<char *>(p) + 4 * i, &v, 4);
}

// The word of `pe`'s broadcast buffer for `team` at heap offset `at` past its start, through
// the mapping (every member maps every member's heap where broadcasts are direct).
__device__ inline volatile unsigned long long *broadcast_word(int pe, int team, uint64_t at) {
    char *heap = pe == state.my_pe ? state.heap_base : peer_heap(pe);
    return reinterpret_cast<volatile unsigned long long *>(heap + state.broadcast_buffers_offset +
                                                            team * state.broadcast_buffer_bytes + at);
}

// Direct broadcast, for teams whose members all map each other's heaps (t.direct_broadcast):
// the root writes straight into every member, and each member learns that its data are there
// from a word in its ring carrying the broadcast's flag (a count that only grows while the team
// lives: the host zeroes the buffer when it frees the slot). Up to t.ll_bytes the data travel in
// the flag words themselves, 4 bytes and the flag in each 8-byte store (NVSHMEM's LL protocol),
// and each member copies them into its own dest; above, the root copies into every member's
// dest, then a system fence, then the flag words. No member waits for another but for its data:
// a root only waits where the ring is a lap ahead of a member, which then has not yet read what
// would be overwritten (each member's header word says how far it has read). As with
// NVSHMEM, a member's dest may so be written before that member enters the broadcast (it must
// not be in use then, as for the puts).
template <class Group>
__device__ inline void broadcast_direct(const Group &group, const char *function, int team, fabshmemi_device_team &t,
                                        void *dest, const void *source, size_t bytes, int root) {
    const bool in_words = bytes <= t.ll_bytes && bytes % 4 == 0;
    const size_t words = in_words ? bytes / 4 : 1;
    const unsigned long long ring = state.broadcast_ring_bytes, used = words * sizeof(unsigned long long);
    group.sync();  // every thread's part of `source` is written, and t is as the last call left it
    unsigned long long at = t.ring_position;
    if (at % ring + used > ring) at += ring - at % ring;  // a broadcast's words never wrap
    const unsigned long long end = at + used;
    const unsigned flag = t.broadcast_flag + 1 == 0 ? 1 : t.broadcast_flag + 1;  // 0: never written
    const unsigned long long tag = static_cast<unsigned long long>(flag) << 32;
    const uint64_t slot = state.broadcast_header_bytes + at % ring;
    const int n = t.n_pes;
    const bool root_here = t.my_index == root;
    if (root_here && end > t.ring_room && group.rank() == 0) {
        // Every other member has read what this broadcast overwrites (its words of a lap ago).
        unsigned long long room = ~0ULL;
        for (int i = 1; i < n; ++i) {
            const volatile unsigned long long *read_to = broadcast_word(t.members[(root + i) % n], team, 0);
            unsigned long long seen;
            while ((seen = *read_to) + ring < end) __nanosleep(64);
            room = seen + ring < room ? seen + ring : room;
        }
        t.ring_room = room;
        __threadfence();  // their reads before this PE's writes
    }
    group.sync();
    const bool dest_aligned = (reinterpret_cast<uintptr_t>(dest) & 3) == 0;
    if (root_here) {
        const bool source_aligned = (reinterpret_cast<uintptr_t>(source) & 3) == 0;
        if (in_words) {
            for (int i = 1; i < n; ++i) {
                volatile unsigned long long *to = broadcast_word(t.members[(root + i) % n], team, slot);
                for (size_t w = group.rank(); w < words; w += group.size()) to[w] = tag | load_quad(source, w, source_aligned);
            }
        } else {
            // Blocking: a dest the mapping does not reach (a registered buffer a peer has not
            // mapped) goes through the ring, and must be there before its flag.
            for (int i = 1; i < n; ++i) put(group, function, dest, source, bytes, t.members[(root + i) % n], true);
        }
        if (dest != source) copy(group, dest, source, bytes);
        if (!in_words) {
            group.sync();
            if (group.rank() == 0) {
                __threadfence_system();  // the data before the flags
                for (int i = 1; i < n; ++i) *broadcast_word(t.members[(root + i) % n], team, slot) = tag;
            }
        }
    } else {
        const volatile unsigned long long *mine = broadcast_word(state.my_pe, team, slot);
        if (in_words) {
            for (size_t w = group.rank(); w < words; w += group.size()) {
                unsigned long long word;
                while (((word = mine[w]) & ~0xffffffffULL) != tag) __nanosleep(32);
                store_quad(dest, w, static_cast<unsigned>(word), dest_aligned);
            }
        } else if (group.rank() == 0) {
            while ((*mine & ~0xffffffffULL) != tag) __nanosleep(32);
            __threadfence_system();  // the data are read after the flag
        }
    }
    group.sync();  // every thread has read its words
    if (group.rank() == 0) {
        // A member's reads before it says so; the root read nothing (and a fence would wait for
        // its stores to the members to land).
        if (!root_here) __threadfence();
        *broadcast_word(state.my_pe, team, 0) = end;  // read to here: a root may overwrite before it
        t.ring_position = end;
        t.broadcast_flag = flag;
    }
    group.sync();
}

template <class Group>
__device__ inline int broadcast(const Group &group, const char *function, int team, void *dest,
                                const void *source, size_t bytes, int root) {
    fabshmemi_device_team &t = team_for(function, team);
    if (root < 0 || root >= t.n_pes) fail_root(function, root, t.n_pes);
    heap_offset(function, dest, bytes, state.my_pe);
    if (bytes <= t.tree_bytes) {
        broadcast_tree(group, function, team, t, dest, source, bytes, root);
        return 0;
    }
    if (t.direct_broadcast) {
        broadcast_direct(group, function, team, t, dest, source, bytes, root);
        return 0;
    }
    if (t.my_index == root)
        for (int i = 0; i < t.n_pes; ++i)  // the root's own dest too, as NVSHMEM's
            put(group, function, dest, source, bytes, t.members[(root + 1 + i) % t.n_pes], false);
    team_sync(group, function, team, true);
    return 0;
}

// Bruck's allgather with every block in its place: after the round that sends 2^k blocks,
// member i holds blocks i .. i + 2^(k+1) - 1 (mod n); in each round it sends what it holds (the
// first n - 2^k where that is fewer) to member i - 2^k. Every member receives n - 1 blocks in
// log2(n) messages (one or two puts: the run may wrap past block n - 1).
template <class Group>
__device__ inline void fcollect_bruck(const Group &group, const char *function, int team, fabshmemi_device_team &t,
                                      char *dest, const void *source, size_t bytes) {
    const int n = t.n_pes, me = t.my_index;
    const unsigned long long epoch = open_pushed(group, function, team, t);
    copy(group, dest + me * bytes, source, bytes);
    int round = 0;
    for (int have = 1; have < n; have <<= 1, ++round) {
        const int count = have < n - have ? have : n - have, to = t.members[(me - have + n) % n];
        const int run = count < n - me ? count : n - me;  // blocks me .. me + run - 1, then 0 ..
        if (count > run) put(group, function, dest, dest, (count - run) * bytes, to, false);
        put_flagged(group, function, team, to, dest + me * bytes, dest + me * bytes, run * bytes, round, epoch);
        wait_flag(group, team, round, epoch);
    }
}

// This PE's `bytes` at `source` + i * source_step land at member i's dest + my_index * bytes:
// fcollect (source_step 0) and alltoall (block i for member i). Members are served starting
// with the next one, so that PEs do not all write to the same PE at once.
template <class Group>
__device__ inline int gather(const Group &group, const char *function, int team, void *dest,
                             const void *source, size_t bytes, bool alltoall) {
    fabshmemi_device_team &t = team_for(function, team);
    const size_t total = bytes * t.n_pes;
    if (bytes && total / bytes != static_cast<size_t>(t.n_pes)) fail_range(function, dest, total);
    heap_offset(function, dest, total, state.my_pe);
    if (!alltoall && t.bruck_fcollect) {
        fcollect_bruck(group, function, team, t, static_cast<char *>(dest), source, bytes);
        return 0;
    }
    char *mine = static_cast<char *>(dest) + t.my_index * bytes;
    for (int i = 1; i <= t.n_pes; ++i) {
        const int member = (t.my_index + i) % t.n_pes;
        const char *from = static_cast<const char *>(source) + (alltoall ? member * bytes : 0);
        put(group, function, mine, from, bytes, t.members[member], false);
    }
    team_sync(group, function, team, true);
    return 0;
}

template <class T> struct op_and { __device__ T operator()(T a, T b) const { return static_cast<T>(a & b); } };
template <class T> struct op_or { __device__ T operator()(T a, T b) const { return static_cast<T>(a | b); } };
template <class T> struct op_xor { __device__ T operator()(T a, T b) const { return static_cast<T>(a ^ b); } };
template <class T> struct op_min { __device__ T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct op_max { __device__ T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct op_sum { __device__ T operator()(T a, T b) const { return static_cast<T>(a + b); } };
template <class T> struct op_prod { __device__ T operator()(T a, T b) const { return static_cast<T>(a * b); } };
struct op_maxloc {
    __device__ double2 operator()(double2 a, double2 b) const {
        return (b.x > a.x || (b.x == a.x && b.y < a.y)) ? b : a;
    }
};

// An element read while peers may be writing it: arithmetic types directly, CUDA's 16-bit
// floating types (classes without volatile copies) and double2 through their bits. (Overloads,
// not `if constexpr`: programs may compile the header as C++11 or C++14.)
template <class T>
__device__ inline T load_volatile(const T *p, std::true_type /* arithmetic */) {
    return *reinterpret_cast<const volatile T *>(p);
}
template <class T>
__device__ inline T load_volatile(const T *p, std::false_type /* a class */) {
    static_assert(sizeof(T) % sizeof(unsigned short) == 0, "16-bit multiples");
    T value;
    auto *in = reinterpret_cast<const volatile unsigned short *>(p);
    auto *out = reinterpret_cast<unsigned short *>(&value);
    for (size_t i = 0; i < sizeof(T) / sizeof(unsigned short); ++i) out[i] = in[i];
    return value;
}
template <class T>
__device__ inline T load_volatile(const T *p) {
    return load_volatile(p, std::is_arithmetic<T>());
}

// sum[0, n) = op over every member's n elements at heap offset `offset`, in member order (so
// every PE gets the same bits, the host's too). Each thread keeps to its own elements; a
// member the ring reaches sends its elements into `incoming` first.
template <class Group, class T, class Op>
__device__ inline void combine_members(const Group &group, const char *function, const fabshmemi_device_team &t,
                                       T *sum, T *incoming, uint64_t offset, size_t n, Op op) {
    const unsigned rank = group.rank(), threads = group.size();
    for (int member = 0; member < t.n_pes; ++member) {
        const int pe = t.members[member];
        char *peer = peer_address(pe, offset);
        const T *in = incoming;
        if (peer) {
            in = reinterpret_cast<const T *>(peer);
        } else {
            if (rank == 0) request(function, FABSHMEMI_OP_GET, pe, offset, incoming, n * sizeof(T), 0, true);
            group.sync();
        }
        for (size_t i = rank; i < n; i += threads) {
            T value = load_volatile(in + i);
            sum[i] = member == 0 ? value : op(sum[i], value);
        }
        if (!peer) group.sync();  // `incoming` is free again
    }
}

// What the pull and the blocks start from: the team, the checked offset of source, the
// team's scratch halves (the combined chunk, and a member's chunk through the ring), and how
// many elements a chunk holds.
template <class T>
struct Pulled {
    const fabshmemi_device_team &team;
    uint64_t source_offset;
    T *sum, *incoming;
    size_t chunk;
};
template <class T>
__device__ inline Pulled<T> pulled(const char *function, int team, T *dest, const T *source, size_t count) {
    const fabshmemi_device_team &t = team_for(function, team);
    const size_t bytes = count * sizeof(T);
    if (count && bytes / sizeof(T) != count) fail_range(function, dest, bytes);
    heap_offset(function, dest, bytes, state.my_pe);
    return {t, heap_offset(function, source, bytes, state.my_pe), reinterpret_cast<T *>(t.scratch),
            reinterpret_cast<T *>(t.scratch + state.reduce_chunk_bytes), state.reduce_chunk_bytes / sizeof(T)};
}

// In chunks of the team's scratch: combine every member's chunk, sync (every member has read
// this chunk of every source), then write the chunk to dest, which may be source itself.
template <class Group, class T, class Op>
__device__ inline int reduce_pull(const Group &group, const char *function, int team, T *dest, const T *source,
                                  size_t count, Op op) {
    const Pulled<T> p = pulled(function, team, dest, source, count);
    const fabshmemi_device_team &t = p.team;
    const size_t chunk = p.chunk;
    const unsigned rank = group.rank(), threads = group.size();
    team_sync(group, function, team, false);
    for (size_t start = 0; start < count; start += chunk) {
        const size_t n = count - start < chunk ? count - start : chunk;
        combine_members(group, function, t, p.sum, p.incoming, p.source_offset + start * sizeof(T), n, op);
        team_sync(group, function, team, false);
        for (size_t i = rank; i < n; i += threads) dest[start + i] = p.sum[i];
        group.sync();
    }
    return 0;
}

// Reduce-scatter, then allgather, as the host's "blocks" (src/core/reductions.h): member b
// combines block b of every member's source in member order (the pull's bits) into block b of
// its dest, a chunk of scratch at a time; after a sync every member copies each other block
// from its maker's dest. About 2m read per member instead of n x m, and three syncs whatever
// the size (the pull: one per chunk, and one). In place is allowed, as on the host: member b
// writes block b of its dest before the sync, which no other member reads from its source.
template <class Group, class T, class Op>
__device__ inline int reduce_blocks(const Group &group, const char *function, int team, T *dest, const T *source,
                                    size_t count, Op op) {
    const Pulled<T> p = pulled(function, team, dest, source, count);
    const fabshmemi_device_team &t = p.team;
    const size_t chunk = p.chunk, n = static_cast<size_t>(t.n_pes);
    const size_t me = static_cast<size_t>(t.my_index), end = count * (me + 1) / n;
    const unsigned rank = group.rank(), threads = group.size();
    team_sync(group, function, team, false);
    for (size_t start = count * me / n; start < end; start += chunk) {  // block b: [count b / n, count (b + 1) / n)
        const size_t length = end - start < chunk ? end - start : chunk;
        combine_members(group, function, t, p.sum, p.incoming, p.source_offset + start * sizeof(T), length, op);
        for (size_t i = rank; i < length; i += threads) dest[start + i] = p.sum[i];
        group.sync();
    }
    team_sync(group, function, team, false);  // every block made, every source read
    for (size_t step = 1; step < n; ++step) {
        const size_t b = (me + step) % n, first = count * b / n;
        get(group, function, dest + first, dest + first, (count * (b + 1) / n - first) * sizeof(T), t.members[b], true);
    }
    team_sync(group, function, team, false);  // the others may still be reading this member's block
    return 0;
}

// Recursive doubling, as the host's (src/core/reductions.h), so both give the same bits: with
// n = 2^k + r, the first 2r members fold in pairs (the even one's data into the odd one, which
// sends the result back at the end); the 2^k others exchange partials with the member 2^j ranks
// away in round j, the lower range first in every fold. A partial goes into the peer's
// reduction slot for that round, flagged (put_flagged). One sync per slot's worth of data.
template <class T>
__device__ inline T *reduce_slot(int slot) {
    return reinterpret_cast<T *>(state.heap_base + state.reduce_slots_offset + static_cast<uint64_t>(slot) * state.reduce_slot_bytes);
}

template <class Group, class T>
__device__ inline void send_partial(const Group &group, const char *function, int team, int pe, int slot,
                                    const T *partial, size_t count, unsigned long long epoch) {
    put_flagged(group, function, team, pe, reduce_slot<T>(slot), partial, count * sizeof(T), slot, epoch);
}

template <class Group, class T>
__device__ inline const T *receive_partial(const Group &group, int team, int slot, unsigned long long epoch) {
    wait_flag(group, team, slot, epoch);
    return reduce_slot<T>(slot);
}

template <class Group, class T, class Op>
__device__ inline int reduce_doubling(const Group &group, const char *function, int team, T *dest, const T *source,
                                      size_t count, Op op) {
    fabshmemi_device_team &t = team_for(function, team);
    const size_t bytes = count * sizeof(T);
    if (count && bytes / sizeof(T) != count) fail_range(function, dest, bytes);
    heap_offset(function, dest, bytes, state.my_pe);
    heap_offset(function, source, bytes, state.my_pe);
    const int n = t.n_pes, me = t.my_index, pair_slot = state.reduce_slots - 1;
    int pow2 = 1;
    while (pow2 * 2 <= n) pow2 *= 2;
    const int extra = n - pow2, rank = me < 2 * extra ? me / 2 : me - extra;
    const unsigned threads = group.size(), lane = group.rank();
    T *mine = reinterpret_cast<T *>(t.scratch);
    const size_t per_slot = state.reduce_slot_bytes / sizeof(T);
    for (size_t first = 0; first < count; first += per_slot) {
        const size_t c = count - first < per_slot ? count - first : per_slot;
        for (size_t i = lane; i < c; i += threads) mine[i] = load_volatile(source + first + i);
        const unsigned long long epoch = open_pushed(group, function, team, t);  // the slots are free
        if (me < 2 * extra && me % 2 == 0) {
            send_partial(group, function, team, t.members[me + 1], pair_slot, mine, c, epoch);
            const T *result = receive_partial<Group, T>(group, team, pair_slot, epoch);
            for (size_t i = lane; i < c; i += threads) mine[i] = load_volatile(result + i);
        } else {
            if (me < 2 * extra) {
                const T *theirs = receive_partial<Group, T>(group, team, pair_slot, epoch);
                for (size_t i = lane; i < c; i += threads) mine[i] = op(load_volatile(theirs + i), mine[i]);
            }
            for (int distance = 1, round = 0; distance < pow2; distance <<= 1, ++round) {
                const int partner_rank = rank ^ distance;
                const int partner = partner_rank < extra ? 2 * partner_rank + 1 : partner_rank + extra;
                send_partial(group, function, team, t.members[partner], round, mine, c, epoch);
                const T *theirs = receive_partial<Group, T>(group, team, round, epoch);
                for (size_t i = lane; i < c; i += threads) {
                    const T value = load_volatile(theirs + i);
                    mine[i] = partner_rank < rank ? op(value, mine[i]) : op(mine[i], value);
                }
            }
            if (me < 2 * extra) send_partial(group, function, team, t.members[me - 1], pair_slot, mine, c, epoch);
        }
        for (size_t i = lane; i < c; i += threads) dest[first + i] = mine[i];
        group.sync();
    }
    return 0;
}

// dest = op over every member's `count` elements at `source`: by the team's rule (the host's).
template <class Group, class T, class Op>
__device__ inline int reduce(const Group &group, const char *function, int team, T *dest, const T *source,
                             size_t count, Op op) {
    const fabshmemi_device_team &t = team_for(function, team);
    if (count && count * sizeof(T) <= t.doubling_bytes) return reduce_doubling(group, function, team, dest, source, count, op);
    if (count && t.n_pes > 1 && count * sizeof(T) >= t.blocks_bytes) return reduce_blocks(group, function, team, dest, source, count, op);
    return reduce_pull(group, function, team, dest, source, count, op);
}

// Member i's dest gets the reduction of every member's block i of source (n_pes x count): the
// pull, each member reading block i of every member.
template <class Group, class T, class Op>
__device__ inline int reducescatter(const Group &group, const char *function, int team, T *dest, const T *source,
                                    size_t count, Op op) {
    const fabshmemi_device_team &t = team_for(function, team);
    return reduce_pull(group, function, team, dest, source + static_cast<size_t>(t.my_index) * count, count, op);
}

}  // namespace
}  // namespace fabshmemi

#endif
