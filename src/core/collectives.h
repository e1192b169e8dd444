// Collectives over a group of PEs (a team, or an OpenSHMEM active set), by one of two kinds of
// algorithm, chosen per collective by size and group size (FABSHMEM_*_ALGO overrides):
// - "pull": after a sync, each PE reads what it needs from the others with gets into its own
//   memory, and a second sync keeps every source unchanged until all have read it. Correct for
//   any group, size and route; one round of parallel gets, but n of them per PE.
// - "push" (collectives_push.cpp): after one sync, data goes out with puts followed by
//   point-to-point notices, in log2(n) rounds for broadcast and fcollect (a binomial tree,
//   scatter + allgather, Bruck's allgather) and one for alltoall. Needs the pair counters
//   (jobs of at most SymmetricHeap::kMaxPairCounterPes PEs); the pull is the fallback.
// Reductions combine in member order whichever way they go, so every PE gets the same bits.
#pragma once

#include <cstddef>
#include <functional>
#include <type_traits>
#include <vector>

#include "activity.h"
#include "fabshmem/detail/types.h"
#include "float16.h"
#include "runtime.h"

namespace fabshmem {

struct Group {
    const std::vector<int> &members;
    int my_index;
    bool on_one_node;  // every member is a PE of this node
    std::function<void()> sync;  // returns when every member has called it
};

// Runs body(rt, group, team) over the team behind `handle` (a fatal error naming `function`
// when there is none), inside an activity scope naming the collective.
template <class Body>
int on_team(const char *function, int handle, Body body) {
    Runtime &rt = runtime_for(function);
    Team &team = team_for(rt, function, handle);
    Group group{team.members, team.my_index, team.on_one_node, [&rt, &team] { sync_team(rt, team); }};
    ActivityScope activity("in a collective (team operation)");
    body(rt, group, team);
    return 0;
}

// Symmetric buffers; byte counts are per PE. `root_writes_dest` false: the root's dest is left
// as it was (OpenSHMEM 1.4's active-set broadcast).
void broadcast(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
               size_t bytes, int root_index, bool root_writes_dest = true);
void fcollect(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
              size_t bytes);
// OpenSHMEM's collect: each PE contributes its own `bytes`; dest gets them in member order.
void collect(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
             size_t bytes);
void alltoall(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
              size_t bytes);
// OpenSHMEM's alltoalls: strides in elements of `element` bytes (see shmem.h).
void alltoalls(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
               ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t element);

// Every member's `mine`, in member order, through each PE's scratch word: publish, sync, read
// all. The caller syncs again before the scratch word may be reused (after its own reads).
std::vector<uint64_t> gather_words(Runtime &rt, const Group &group, uint64_t mine);
// This PE's offset of its symmetric `symmetric` (`bytes` long), after the checks every call makes.
size_t symmetric_offset(Runtime &rt, const char *function, const void *symmetric, size_t bytes);
// The member a loop over all of them visits at `step`: this one first, then those after it, so
// that the members do not all read from member 0 first, then all from member 1, and so on.
int next_member(const Group &group, size_t step);
// Gets `bytes` at `offset` of member `index`'s heap into `dest` (any local memory); completes
// at quiet_all.
void get_from(Runtime &rt, const Group &group, int index, void *dest, size_t offset, size_t bytes);

// Push algorithms (collectives_push.cpp). The data are split into `count` blocks, block b
// being bytes [first(b), first(b + 1)) of every member's dest (`dest` here, at symmetric
// `dest_offset`); block numbers and member numbers are relative to member `base`.
struct Blocks {
    int count;
    size_t total;
    size_t first(int b) const { return total / count * b + total % count * b / count; }
};
// Every member holds its own block (member base + b holds block b); on return each has all.
void allgather_push(Runtime &rt, const Group &group, int base, const Blocks &blocks, char *dest, size_t dest_offset);
// Member `base` holds every block; on return member base + b has block b (at least).
void scatter_push(Runtime &rt, const Group &group, int base, const Blocks &blocks, char *dest, size_t dest_offset);
// alltoall with `bytes` per pair; `from` and `to`: the symmetric offsets of source and dest.
void alltoall_push(Runtime &rt, const Group &group, char *dest, const char *source, size_t from, size_t to,
                   size_t bytes);

// Gets `bytes` at symmetric `source` from every member, in member order, calling
// combine(member_index, data) for each; the data are valid only during the call.
void gather_from_each(Runtime &rt, const char *function, const Group &group, const void *source,
                      size_t bytes, const std::function<void(int, const void *)> &combine);
// Writes `bytes` from host memory into this PE's symmetric `dest`.
void write_local(Runtime &rt, const char *function, void *dest, const void *host, size_t bytes);
// With FABSHMEM_DEBUG=1: every member passes the same size (and root, when >= 0) to the
// collective, or the job ends naming the first member that differs. Costs two gathers: only
// when debugging, since a mismatch otherwise writes past the smaller buffers unseen.
void check_same_arguments(Runtime &rt, const char *function, const Group &group, uint64_t bytes, int root = -1);

// What a reduction computes in: the element type itself, or float for half and bfloat16 (the
// library holds those as 16-bit containers, see float16.h).
template <class T> struct Arith {
    using type = T;
    static T in(T v) { return v; }
    static T out(T v) { return v; }
};
template <> struct Arith<fabshmemi_half_bits> {
    using type = float;
    static float in(fabshmemi_half_bits v) { return half_to_float(v.x); }
    static fabshmemi_half_bits out(float v) { return {float_to_half(v)}; }
};
template <> struct Arith<fabshmemi_bfloat16_bits> {
    using type = float;
    static float in(fabshmemi_bfloat16_bits v) { return bfloat16_to_float(v.x); }
    static fabshmemi_bfloat16_bits out(float v) { return {float_to_bfloat16(v)}; }
};

// The reduction operators.
template <class T> struct And { T operator()(T a, T b) const { return a & b; } };
template <class T> struct Or { T operator()(T a, T b) const { return a | b; } };
template <class T> struct Xor { T operator()(T a, T b) const { return a ^ b; } };
template <class T> struct Min {
    T operator()(T a, T b) const { return Arith<T>::in(b) < Arith<T>::in(a) ? b : a; }
};
template <class T> struct Max {
    T operator()(T a, T b) const { return Arith<T>::in(a) < Arith<T>::in(b) ? b : a; }
};
template <class T> struct Sum {
    using A = Arith<T>;
    T operator()(T a, T b) const { return A::out(static_cast<typename A::type>(A::in(a) + A::in(b))); }
};
template <class T> struct Prod {
    using A = Arith<T>;
    T operator()(T a, T b) const { return A::out(static_cast<typename A::type>(A::in(a) * A::in(b))); }
};

// FABSHMEM_REDUCE_ALGO: whether a reduction of `bytes` over `members` goes block by block
// (reduce_blocks) rather than by the pull.
bool reduce_by_blocks(const Runtime &rt, size_t members, size_t bytes);

// The pull: every member reads every member's `count` elements at `source` (its own pointer,
// which may differ by member: reducescatter) and combines them in member order.
template <class T, class Op>
void reduce_pull(Runtime &rt, const char *function, const Group &group, T *dest, const T *source,
                 size_t count, Op op) {
    size_t bytes = checked_bytes(function, count, sizeof(T));
    check_same_arguments(rt, function, group, bytes);
    std::vector<T> result(count);
    group.sync();
    gather_from_each(rt, function, group, source, bytes, [&](int index, const void *data) {
        const T *in = static_cast<const T *>(data);
        if (index == 0) std::copy(in, in + count, result.begin());
        else for (size_t i = 0; i < count; ++i) result[i] = op(result[i], in[i]);
    });
    group.sync();
    write_local(rt, function, dest, result.data(), bytes);
}

// Reduce-scatter, then allgather, both pulled: member b combines block b of every member's
// source in member order (the pull's order, so the same bits, floating point too) into block b
// of its dest; then every member copies each block from its maker. 2 (n - 1) / n of the data
// per member instead of n times it, in two rounds of parallel reads between three syncs.
// In place is allowed: member b writes only block b of its dest, which no other member reads
// from its source.
template <class T, class Op>
void reduce_blocks(Runtime &rt, const char *function, const Group &group, T *dest, const T *source,
                   size_t count, Op op) {
    size_t bytes = checked_bytes(function, count, sizeof(T));
    check_same_arguments(rt, function, group, bytes);
    size_t from = symmetric_offset(rt, function, source, bytes);
    size_t to = symmetric_offset(rt, function, dest, bytes);
    size_t n = group.members.size(), me = static_cast<size_t>(group.my_index);
    auto first = [&](size_t b) { return count * b / n; };  // block b is [first(b), first(b + 1))
    size_t mine = first(me + 1) - first(me);
    std::vector<T> blocks(n * mine);
    group.sync();
    for (size_t step = 0; step < n; ++step) {
        int i = next_member(group, step);
        get_from(rt, group, i, blocks.data() + i * mine, from + first(me) * sizeof(T), mine * sizeof(T));
    }
    quiet_all(rt);
    for (size_t i = 1; i < n; ++i)  // in member order, as the pull: the same bits
        for (size_t k = 0; k < mine; ++k) blocks[k] = op(blocks[k], blocks[i * mine + k]);
    write_local(rt, function, dest + first(me), blocks.data(), mine * sizeof(T));
    group.sync();
    for (size_t step = 1; step < n; ++step) {
        int b = next_member(group, step);
        get_from(rt, group, b, dest + first(b), to + first(b) * sizeof(T), (first(b + 1) - first(b)) * sizeof(T));
    }
    quiet_all(rt);
    group.sync();  // the others may still be reading this member's block
}

// dest = op over every member's `count` elements at `source` (the same offset on each). Either
// way the elements are combined in member order: the bits the device's reductions give.
template <class T, class Op>
void reduce(Runtime &rt, const char *function, const Group &group, T *dest, const T *source,
            size_t count, Op op) {
    if (reduce_by_blocks(rt, group.members.size(), checked_bytes(function, count, sizeof(T))))
        reduce_blocks(rt, function, group, dest, source, count, op);
    else
        reduce_pull(rt, function, group, dest, source, count, op);
}

// reducescatter: source holds members x count elements; member i's dest gets op over every
// member's block i (the pull, each member reading block i of every member).
template <class T, class Op>
void reduce_scatter(Runtime &rt, const char *function, const Group &group, T *dest, const T *source,
                    size_t count, Op op) {
    reduce_pull(rt, function, group, dest, source + static_cast<size_t>(group.my_index) * count, count, op);
}

}  // namespace fabshmem
