// Collectives over a group of PEs (a team, or an OpenSHMEM active set), by one of two kinds of
// algorithm, chosen per collective by size and group size (FABSHMEM_*_ALGO overrides):
// - "pull": after a sync, each PE reads what it needs from the others with gets into its own
//   memory, and a second sync keeps every source unchanged until all have read it. Correct for
//   any group, size and route; one round of parallel gets, but n of them per PE.
// - "push" (collectives_push.cpp): after one sync, data goes out with puts followed by
//   point-to-point notices, in log2(n) rounds for broadcast and fcollect (a binomial tree,
//   scatter + allgather, Bruck's allgather) and one for alltoall. The notices are flag words
//   of the team (any job size), or over an active set the pair counters (jobs of at most
//   SymmetricHeap::kMaxPairCounterPes PEs), as are the pushed alltoall's (n per member); the
//   pull is the fallback.
// Reductions combine in member order whichever way they go, so every PE gets the same bits.
#pragma once

#include <cstddef>
#include <functional>
#include <initializer_list>
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
    const Team *team = nullptr;  // null: an OpenSHMEM active set (its notices: the pair counters)
};

// Runs body(rt, group, team) over the team behind `handle` (a fatal error naming `function`
// when there is none), inside an activity scope naming the collective.
template <class Body>
int on_team(const char *function, int handle, Body body) {
    Runtime &rt = runtime_for(function);
    Team &team = team_for(rt, function, handle);
    Group group{team.members, team.my_index, team.on_one_node, [&rt, &team] { sync_team(rt, team); }, &team};
    ActivityScope activity("in a collective (team operation)");
    body(rt, group, team);
    return 0;
}

// The rules the host's collectives choose by, which the kernels' take too where the variable is
// set (device_channel.cpp puts them in the device's team table): broadcasts of up to
// pushed_broadcast_limit bytes over n members go pushed (host: tree or scatter + allgather;
// kernels: tree), larger ones pull (kernels: the root's puts to every member); fcollect goes by
// Bruck's allgather or not.
size_t pushed_broadcast_limit(const Runtime &rt, size_t n, bool on_one_node);
bool fcollect_by_bruck(const Runtime &rt, size_t n, bool on_one_node);

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

// Every member's words `mine` (at most SymmetricHeap::kTeamScratchWords), member i's at
// [i * mine.size(), (i + 1) * mine.size()), through each PE's scratch words: publish, sync, read
// all. The caller syncs again before the scratch words may be reused (after its own reads).
std::vector<uint64_t> gather_words(Runtime &rt, const Group &group, std::initializer_list<uint64_t> mine);
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
// Blocks of even size, or of the sizes `starts` gives (count + 1 offsets, the last the total:
// collect's, where every member gives its own size).
struct Blocks {
    int count;
    size_t total;
    const std::vector<size_t> *starts = nullptr;
    size_t first(int b) const { return starts ? (*starts)[b] : total / count * b + total % count * b / count; }
};
// Every member holds its own block (member base + b holds block b); on return each has all.
void allgather_push(Runtime &rt, const Group &group, int base, const Blocks &blocks, char *dest, size_t dest_offset);
// Member `base` holds every block; on return member base + b has block b (at least).
void scatter_push(Runtime &rt, const Group &group, int base, const Blocks &blocks, char *dest, size_t dest_offset);
// Recursive doubling's exchange (reductions.h): send_to_slot puts `bytes` (at most
// SymmetricHeap::kReduceSlotBytes) of this PE's memory `data` into member `index`'s reduction
// slot `slot` (a round number, or kPairSlot), then notices it; receive_from_slot waits for
// member `index`'s notice and copies this PE's slot out into `data`. The notice words of a
// collective: rounds from 0, reduction slots by number, and the tree's word.
constexpr int kPairSlot = SymmetricHeap::kReduceSlots - 1;
constexpr int kTreeWord = SymmetricHeap::kMaxSyncRounds - 1;
static_assert(kPairSlot < kTreeWord, "the tree's notice word is none of the reduction slots'");
void send_to_slot(Runtime &rt, const Group &group, int index, int slot, const void *data, size_t bytes);
void receive_from_slot(Runtime &rt, const Group &group, int index, int slot, void *data, size_t bytes);
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

}  // namespace fabshmem
