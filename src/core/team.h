// Teams: ordered sets of PEs with their own sync flags. A team's handle is its slot, which
// its members agree on when they create it, so the handle is the same on every member; the
// slot picks the team's flag words in every member's signal region (and, with a GPU heap, the
// kernels' flag words in the heap's library area: DeviceChannel::set_team).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "symmetric_heap.h"

namespace fabshmem {

struct Runtime;

struct Team {
    std::vector<int> members;  // PEs, in team order
    int my_index = 0;          // this PE's position in `members`
    int slot = 0;              // the handle, and which flags it syncs with
    uint64_t epoch = 0;        // syncs this PE has done in this team
    int num_contexts = 0;      // what the split's configuration asked for (contexts share the PE's path)
    uint64_t uniqueid = ~uint64_t{0};  // the unique id it was joined by (TeamTable::join), else none
    bool on_one_node = false;  // every member is a PE of this node (collectives choose by it)

    int n_pes() const { return static_cast<int>(members.size()); }
    int index_of(int pe) const;  // -1 when `pe` is not a member
};

class TeamTable {
public:
    static constexpr int kWorld = 0, kShared = 1, kNode = 2;

    // The predefined teams (world, shared: PEs whose heaps this PE can load and store, node).
    void start(const Runtime &rt);
    Team *find(int handle);
    // Creates the teams of one collective split: every PE of `parent` calls it with the
    // members of the team it will be in (empty: none); teams made by one call are disjoint
    // and share a slot. Returns the new handle, -1 for a PE in none, -2 when no slot is free.
    int create(Runtime &rt, Team &parent, std::vector<int> my_members);
    // Joins the team of `n_members` PEs that call it with the same `uniqueid` (no parent: each
    // publishes the id and its `my_index`, then reads the others' until it found the whole
    // team, and they agree on a slot over the pair counters). Returns the handle, -2 when no
    // slot is free on every member. A mismatch (two PEs at one index, another size) ends the job.
    int join(Runtime &rt, const char *function, uint64_t uniqueid, int n_members, int my_index);
    void destroy(Runtime &rt, int handle);

private:
    std::array<std::unique_ptr<Team>, SymmetricHeap::kMaxTeams> teams_;
};

// Dissemination over the team's flag words: in round k, member i signals member i + 2^k and
// waits for member i - 2^k. Epochs only grow while the team lives; flags are zeroed when
// the slot is freed, so a new team in it starts from epoch 0.
void sync_team(Runtime &rt, Team &team);

// The same over an OpenSHMEM active set, which has no flags of its own: each PE counts the
// sync messages it sent to and received from every other PE (pair counters in the signal
// region), which is consistent whatever sets two PEs share, as long as they call their
// collectives in the same order.
void sync_active_set(Runtime &rt, const std::vector<int> &members, int my_index);
// The same over the program's pSync (FABSHMEM_ACTIVE_SET_SYNC; any job size): round k's
// notice adds 1 to word k at the member 2^k ahead, and a member waits for its own word k to be
// above 0 and takes 1 off it. Counting keeps a notice of the next sync over the same pSync,
// from a member already there, for that sync. `psync`: this PE's pSync (host memory),
// `psync_offset` its symmetric offset, with room for a word per round.
void sync_active_set_psync(Runtime &rt, const std::vector<int> &members, int my_index, long *psync,
                           size_t psync_offset);
// The rounds of a dissemination sync of n members: ceil(log2 n).
int sync_rounds(int n);

// Point-to-point notices, over the same pair counters: notify_pe counts one more notice from
// this PE at PE `to`; wait_for_notice waits for the next one from PE `from` (naming it if the
// wait is long, as syncs do). Jobs of at most kMaxPairCounterPes PEs (pair_notices_available).
bool pair_notices_available(const Runtime &rt);
// The push algorithms' notices (collectives_push.cpp), for any job size in a team: flag `word`
// of the team's push flags at PE `to` is set to the team's epoch, that of the collective's
// opening sync: the same on every member, above every earlier collective's, and no member can
// start a later collective (its sync) before this PE has left this one. `word` names the notice
// within the collective (a round, a reduction slot, the tree's), each received once. Over an
// active set (`team` null), which has no flags: the pair counters.
void notify_member(Runtime &rt, const Team *team, int to, int word);
void wait_for_member_notice(Runtime &rt, const Team *team, int from, int word);
// Whether every PE of `members` is on this node (the same answer on every member).
bool all_on_this_node(const Runtime &rt, const std::vector<int> &members);
void notify_pe(Runtime &rt, int to);
void wait_for_notice(Runtime &rt, int from);

}  // namespace fabshmem
