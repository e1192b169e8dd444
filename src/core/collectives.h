// Collectives over a group of PEs (a team, or an OpenSHMEM active set). Every one is "pull":
// after a sync, each PE reads what it needs from the others with gets into its own memory,
// and a second sync keeps every source unchanged until all have read it. That makes them
// correct for any group size, any buffer size, in-place reductions, and every route (self,
// ipc, fabric, staged); reductions combine in member order, so every PE gets the same bits.
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
    std::function<void()> sync;  // returns when every member has called it
};

// Runs body(rt, group, team) over the team behind `handle` (a fatal error naming `function`
// when there is none), inside an activity scope naming the collective.
template <class Body>
int on_team(const char *function, int handle, Body body) {
    Runtime &rt = runtime_for(function);
    Team &team = team_for(rt, function, handle);
    Group group{team.members, team.my_index, [&rt, &team] { sync_team(rt, team); }};
    ActivityScope activity("in a collective (team operation)");
    body(rt, group, team);
    return 0;
}

// Symmetric buffers; byte counts are per PE.
void broadcast(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
               size_t bytes, int root_index);
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

// FABSHMEM_REDUCE_ALGO: whether a reduction of `bytes` over `members` goes around a ring.
bool reduce_by_ring(const Runtime &rt, size_t members, size_t bytes);
// Reduce-scatter then allgather around the group, in the members' dest buffers: block b of the
// result (count x element bytes in all) is made by member b and then copied to all. `combine`
// folds `elements` elements of `in` into `accumulated`.
void ring_allreduce(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
                    size_t count, size_t element,
                    const std::function<void(void *accumulated, const void *in, size_t elements)> &combine);

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

// dest = op over every member's `count` elements at `source` (the same offset on each).
template <class T, class Op>
void reduce(Runtime &rt, const char *function, const Group &group, T *dest, const T *source,
            size_t count, Op op) {
    // Integers only: a ring combines each block in another order, which changes floating-point bits.
    size_t bytes = checked_bytes(function, count, sizeof(T));
    if (!std::is_integral<T>::value || !reduce_by_ring(rt, group.members.size(), bytes)) {
        reduce_pull(rt, function, group, dest, source, count, op);
        return;
    }
    check_same_arguments(rt, function, group, bytes);
    ring_allreduce(rt, function, group, dest, source, count, sizeof(T), [op](void *acc, const void *in, size_t n) {
        T *a = static_cast<T *>(acc);
        const T *b = static_cast<const T *>(in);
        for (size_t i = 0; i < n; ++i) a[i] = op(a[i], b[i]);
    });
}

// reducescatter: source holds members x count elements; member i's dest gets op over every
// member's block i (the pull, each member reading block i of every member).
template <class T, class Op>
void reduce_scatter(Runtime &rt, const char *function, const Group &group, T *dest, const T *source,
                    size_t count, Op op) {
    reduce_pull(rt, function, group, dest, source + static_cast<size_t>(group.my_index) * count, count, op);
}

}  // namespace fabshmem
