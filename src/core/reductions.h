// Reductions over a group (collectives.h): the operators, what they compute in, and the
// algorithms. Each combines the members' data in an order fixed by the member order alone, so
// every PE gets the same bits:
// - pull: every member reads every member's data and folds them in member order;
// - blocks: reduce-scatter then allgather, both pulled, each block folded in member order;
// - doubling (recursive doubling, pushed): log2(n) rounds; a partial covers a contiguous range
//   of members and two ranges fold lower first, so the bits are those of a balanced tree over
//   the member order (the member-order fold's for integers, bitwise operators, min and max,
//   and for any type on up to 3 PEs).
#pragma once

#include <algorithm>
#include <vector>

#include "collectives.h"

namespace fabshmem {

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

enum class ReduceAlgo { pull, blocks, doubling };
// FABSHMEM_REDUCE_ALGO, or by size and group (collectives.cpp).
ReduceAlgo reduce_algorithm(const Runtime &rt, const Group &group, size_t bytes);
// Reductions of up to this many bytes over n members go by doubling; kernels' reductions take
// the same rule (device_channel.cpp), so the host and the device get the same bits.
size_t doubling_limit(const Runtime &rt, size_t n, bool on_one_node);
// Larger reductions of at least this many bytes go by blocks (SIZE_MAX: never); kernels too
// where FABSHMEM_REDUCE_ALGO=blocks (the same bits as the pull's, so this is for speed only).
size_t blocks_from(const Runtime &rt);

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

// Recursive doubling, pushed (the slots and notices: collectives_push.cpp). With n = 2^k + r
// members, members 2j and 2j + 1 (j < r) first fold into 2j + 1; the 2^k left exchange partials
// with the one 2^i places away in round i, so each partial covers a contiguous range of members,
// and both sides fold the lower range's first: the same bits on both. Last, 2j + 1 hands 2j the
// result. One sync and log2(n) rounds of one put and one notice per member (the pull: two syncs
// and n gets), m x log2(n) bytes. Data larger than a slot go a slot's worth at a time. In place
// is allowed: each member reads its own source before anyone writes.
template <class T, class Op>
void reduce_doubling(Runtime &rt, const char *function, const Group &group, T *dest, const T *source,
                     size_t count, Op op) {
    size_t bytes = checked_bytes(function, count, sizeof(T));
    check_same_arguments(rt, function, group, bytes);
    size_t from = symmetric_offset(rt, function, source, bytes);
    symmetric_offset(rt, function, dest, bytes);
    int n = static_cast<int>(group.members.size()), me = group.my_index;
    int pow2 = 1;
    while (pow2 * 2 <= n) pow2 *= 2;
    int extra = n - pow2;
    auto member = [&](int rank) { return rank < extra ? 2 * rank + 1 : rank + extra; };  // of the 2^k
    int rank = me < 2 * extra ? me / 2 : me - extra;
    size_t per_slot = SymmetricHeap::kReduceSlotBytes / sizeof(T);
    std::vector<T> mine(std::min(count, per_slot)), theirs(mine.size());
    for (size_t first = 0; first < count; first += per_slot) {
        size_t c = std::min(per_slot, count - first), b = c * sizeof(T);
        auto fold = [&](bool theirs_first) {
            for (size_t i = 0; i < c; ++i) mine[i] = theirs_first ? op(theirs[i], mine[i]) : op(mine[i], theirs[i]);
        };
        get_from(rt, group, me, mine.data(), from + first * sizeof(T), b);
        quiet_all(rt);
        group.sync();  // every member's slots are free: its previous collective has ended
        if (me < 2 * extra && me % 2 == 0) {  // folded into me + 1, which sends the result back
            send_to_slot(rt, group, me + 1, kPairSlot, mine.data(), b);
            receive_from_slot(rt, group, me + 1, kPairSlot, mine.data(), b);
        } else {
            if (me < 2 * extra) {
                receive_from_slot(rt, group, me - 1, kPairSlot, theirs.data(), b);
                fold(true);
            }
            for (int distance = 1, round = 0; distance < pow2; distance <<= 1, ++round) {
                int partner = member(rank ^ distance);
                send_to_slot(rt, group, partner, round, mine.data(), b);
                receive_from_slot(rt, group, partner, round, theirs.data(), b);
                fold((rank ^ distance) < rank);
            }
            if (me < 2 * extra) send_to_slot(rt, group, me - 1, kPairSlot, mine.data(), b);
        }
        write_local(rt, function, dest + first, mine.data(), b);
    }
}

// dest = op over every member's `count` elements at `source` (the same offset on each).
template <class T, class Op>
void reduce(Runtime &rt, const char *function, const Group &group, T *dest, const T *source,
            size_t count, Op op) {
    switch (reduce_algorithm(rt, group, checked_bytes(function, count, sizeof(T)))) {
    case ReduceAlgo::blocks: return reduce_blocks(rt, function, group, dest, source, count, op);
    case ReduceAlgo::doubling: return reduce_doubling(rt, function, group, dest, source, count, op);
    case ReduceAlgo::pull: return reduce_pull(rt, function, group, dest, source, count, op);
    }
}

// reducescatter: source holds members x count elements; member i's dest gets op over every
// member's block i (the pull, each member reading block i of every member).
template <class T, class Op>
void reduce_scatter(Runtime &rt, const char *function, const Group &group, T *dest, const T *source,
                    size_t count, Op op) {
    reduce_pull(rt, function, group, dest, source + static_cast<size_t>(group.my_index) * count, count, op);
}

}  // namespace fabshmem
