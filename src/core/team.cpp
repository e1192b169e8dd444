#include "team.h"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>

#include "collectives.h"
#include "activity.h"
#include "log.h"
#include "runtime.h"

namespace fabshmem {
namespace {

std::unique_ptr<Team> make_team(const Runtime &rt, std::vector<int> members, int slot) {
    auto team = std::make_unique<Team>();
    team->members = std::move(members);
    team->my_index = team->index_of(rt.my_pe);
    team->slot = slot;
    team->on_one_node = all_on_this_node(rt, team->members);
    return team;
}

// The AND of every member's `mine`; the second sync keeps the scratch words until all have
// read them.
uint64_t and_over_team(Runtime &rt, Team &team, uint64_t mine) {
    Group group{team.members, team.my_index, team.on_one_node, [&] { sync_team(rt, team); }, &team};
    uint64_t result = mine;
    for (uint64_t theirs : gather_words(rt, group, {mine})) result &= theirs;
    group.sync();
    return result;
}

}  // namespace

int Team::index_of(int pe) const {
    auto it = std::find(members.begin(), members.end(), pe);
    return it == members.end() ? -1 : static_cast<int>(it - members.begin());
}

void TeamTable::start(const Runtime &rt) {
    std::vector<int> world, shared;
    for (int pe = 0; pe < rt.n_pes; ++pe) {
        world.push_back(pe);
        if (rt.route(pe).local_address(0, pe)) shared.push_back(pe);  // self or ipc
    }
    teams_[kWorld] = make_team(rt, world, kWorld);
    teams_[kShared] = make_team(rt, shared, kShared);
    teams_[kNode] = make_team(rt, rt.bootstrap->node_pes(), kNode);
}

Team *TeamTable::find(int handle) {
    if (handle < 0 || handle >= static_cast<int>(teams_.size())) return nullptr;
    return teams_[handle].get();
}

int TeamTable::create(Runtime &rt, Team &parent, std::vector<int> my_members) {
    uint64_t free_slots = 0;
    for (size_t slot = 0; slot < teams_.size(); ++slot)
        if (!teams_[slot]) free_slots |= uint64_t{1} << slot;
    uint64_t agreed = and_over_team(rt, parent, free_slots);
    if (!agreed) return -2;
    if (my_members.empty()) return -1;
    int slot = __builtin_ctzll(agreed);
    teams_[slot] = make_team(rt, std::move(my_members), slot);
    if (rt.device) rt.device->set_team(slot, teams_[slot].get());
    return slot;
}

void TeamTable::destroy(Runtime &rt, int handle) {
    // Every write to this PE's flags was waited for by a sync here, so none is in flight.
    for (uint64_t *flags : {rt.heap.team_flags(static_cast<size_t>(handle)), rt.heap.push_flags(static_cast<size_t>(handle))})
        for (size_t round = 0; round < SymmetricHeap::kMaxSyncRounds; ++round)
            __atomic_store_n(&flags[round], 0, __ATOMIC_RELEASE);
    teams_[handle].reset();
    if (rt.device) rt.device->set_team(handle, nullptr);
}

namespace {

constexpr auto kFirstReport = std::chrono::seconds(5);
constexpr auto kReportEvery = std::chrono::seconds(60);

// Waits in a sync for PE `from`'s signal (`arrived`). A wait far longer than a healthy sync
// takes says which PE it waits for, and in which call, after kFirstReport and every
// kReportEvery, and ends the job at FABSHMEM_COLLECTIVE_TIMEOUT (a PE that never makes the
// call, such as nvshmem_free on one PE only, would otherwise hang the job without a word).
template <class Arrived>
void wait_for_member(Runtime &rt, int from, Arrived arrived) {
    if (arrived()) return;
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    const long limit = rt.config.collective_timeout;
    Clock::time_point next_look = start + kFirstReport;
    if (limit > 0) next_look = std::min(next_look, start + std::chrono::seconds(limit));
    unsigned polls = 0;
    progress_until(rt, [&] {
        if (arrived()) return true;
        if (++polls % 1024 != 0) return false;  // the clock only now and then
        Clock::time_point now = Clock::now();
        if (now < next_look) return false;
        long waited = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(now - start).count());
        // Why PE `from` is not there: stopped (its node peers can see it), or elsewhere in its program.
        long pid = 0;
        char why[256];
        std::string activity = describe_activity();
        bool elsewhere = !all_on_this_node(rt, {from});
        if (rt.monitor.node_peer_stopped(from, &pid))
            std::snprintf(why, sizeof why, "whose process %ld on this node is stopped (SIGSTOP, or held in a "
                          "debugger; kill -CONT %ld lets it go on)", pid, pid);
        else if (activity.rfind("in nvshmem_init", 0) == 0)
            std::snprintf(why, sizeof why, "which is still in nvshmem_init (slow to start, or stuck there: its "
                          "own output may say why)%s", elsewhere ? ", or cannot reach this node" : "");
        else
            std::snprintf(why, sizeof why, "which has not reached the same call (every PE of a team must make "
                          "the same collective calls in the same order)%s",
                          elsewhere ? ", or whose signal cannot reach this node" : "");
        if (limit > 0 && waited >= limit)
            fatal("%s for %ld s, waiting for PE %d, %s; ending the job (FABSHMEM_COLLECTIVE_TIMEOUT=%ld sets how "
                  "long to wait)",
                  activity.c_str(), waited, from, why, limit);
        FS_WARN("%s for %ld s, waiting for PE %d, %s; the job ends after %ld s (FABSHMEM_COLLECTIVE_TIMEOUT)",
                activity.c_str(), waited, from, why, limit);
        next_look = now + kReportEvery;
        if (limit > 0) next_look = std::min(next_look, start + std::chrono::seconds(limit));
        return false;
    });
}

}  // namespace

void sync_team(Runtime &rt, Team &team) {
    int n = team.n_pes();
    if (n == 1) return;
    uint64_t epoch = ++team.epoch;
    uint64_t *flags = rt.heap.team_flags(static_cast<size_t>(team.slot));
    size_t round = 0;
    for (int distance = 1; distance < n; distance <<= 1, ++round) {
        int to = team.members[(team.my_index + distance) % n];
        rt.route(to).put_signal(SymmetricHeap::team_flags_offset(team.slot) + round * sizeof(uint64_t), epoch, to);
        uint64_t *flag = &flags[round];
        int from = team.members[(team.my_index - distance % n + n) % n];
        wait_for_member(rt, from, [&] { return __atomic_load_n(flag, __ATOMIC_ACQUIRE) >= epoch; });
    }
}

bool all_on_this_node(const Runtime &rt, const std::vector<int> &members) {
    const std::vector<int> &node = rt.bootstrap->node_pes();  // ascending
    return std::all_of(members.begin(), members.end(),
                       [&](int pe) { return std::binary_search(node.begin(), node.end(), pe); });
}

bool pair_notices_available(const Runtime &rt) {
    return rt.n_pes <= static_cast<int>(SymmetricHeap::kMaxPairCounterPes);
}

namespace {
void count_pairs(Runtime &rt) {
    if (rt.pair_sent.empty()) rt.pair_sent.assign(rt.n_pes, 0), rt.pair_received.assign(rt.n_pes, 0);
}
}  // namespace

void notify_pe(Runtime &rt, int to) {
    count_pairs(rt);
    size_t my_counter = SymmetricHeap::kPairCountersOffset + rt.my_pe * sizeof(uint64_t);
    rt.route(to).put_signal(my_counter, ++rt.pair_sent[to], to);
}

void wait_for_notice(Runtime &rt, int from) {
    count_pairs(rt);
    uint64_t *counters = rt.heap.pair_counters();
    uint64_t expected = ++rt.pair_received[from];
    wait_for_member(rt, from, [&] { return __atomic_load_n(&counters[from], __ATOMIC_ACQUIRE) >= expected; });
}

void notify_member(Runtime &rt, const Team *team, int to, int word) {
    if (!team) return notify_pe(rt, to);
    size_t offset = SymmetricHeap::kPushFlagsOffset + SymmetricHeap::team_flags_offset(team->slot) + word * sizeof(uint64_t);
    rt.route(to).put_signal(offset, team->epoch, to);
}

void wait_for_member_notice(Runtime &rt, const Team *team, int from, int word) {
    if (!team) return wait_for_notice(rt, from);
    uint64_t *flag = &rt.heap.push_flags(static_cast<size_t>(team->slot))[word];
    wait_for_member(rt, from, [&] { return __atomic_load_n(flag, __ATOMIC_ACQUIRE) >= team->epoch; });
}

void sync_active_set(Runtime &rt, const std::vector<int> &members, int my_index) {
    int n = static_cast<int>(members.size());
    if (n == 1) return;
    if (!pair_notices_available(rt))
        fatal("FABSHMEM_ACTIVE_SET_SYNC=pairs: the pair counters exist in jobs of at most %zu PEs, and this "
              "one has %d; unset it (active sets then sync over the program's pSync)",
              SymmetricHeap::kMaxPairCounterPes, rt.n_pes);
    for (int distance = 1; distance < n; distance <<= 1) {
        notify_pe(rt, members[(my_index + distance) % n]);
        wait_for_notice(rt, members[(my_index - distance % n + n) % n]);
    }
}

int sync_rounds(int n) {
    int rounds = 0;
    for (int distance = 1; distance < n; distance <<= 1) ++rounds;
    return rounds;
}

void sync_active_set_psync(Runtime &rt, const std::vector<int> &members, int my_index, long *psync,
                           size_t psync_offset) {
    int n = static_cast<int>(members.size());
    size_t round = 0;
    for (int distance = 1; distance < n; distance <<= 1, ++round) {
        int to = members[(my_index + distance) % n];
        rt.route(to).atomic_nbi(AtomicRequest{AtomicOp::add, sizeof(long), psync_offset + round * sizeof(long), 1, 0}, to);
        long *word = &psync[round];
        wait_for_member(rt, members[(my_index - distance % n + n) % n],
                        [&] { return __atomic_load_n(word, __ATOMIC_ACQUIRE) > 0; });
        // The same CPU atomics as the ipc and software-fabric atomics that add to it.
        __atomic_fetch_sub(word, 1, __ATOMIC_ACQ_REL);
    }
}

namespace {

// What a PE joining a team by unique id publishes at SymmetricHeap::kTeamJoinOffset: its index
// and the team's size, then the id (written last, cleared once the team is made).
struct JoinRecord {
    uint64_t index, n_members, uniqueid;
};
constexpr size_t kJoinUniqueid = offsetof(JoinRecord, uniqueid);
static_assert(sizeof(JoinRecord) == SymmetricHeap::kTeamJoinWords * sizeof(uint64_t), "the join words");

void publish_join(Runtime &rt, const JoinRecord &record) {
    Transport &self = rt.route(rt.my_pe);
    self.put(SymmetricHeap::kTeamJoinOffset, &record, kJoinUniqueid, rt.my_pe, true);
    std::atomic_thread_fence(std::memory_order_release);  // who sees the id sees the index and size
    self.put(SymmetricHeap::kTeamJoinOffset + kJoinUniqueid, &record.uniqueid, sizeof(uint64_t), rt.my_pe, true);
}

}  // namespace

int TeamTable::join(Runtime &rt, const char *function, uint64_t uniqueid, int n_members, int my_index) {
    publish_join(rt, {static_cast<uint64_t>(my_index), static_cast<uint64_t>(n_members), uniqueid});
    // Every PE's id, read until n_members carry this one; a PE that has it keeps it until all
    // members passed the sync below, so none is missed.
    std::vector<int> members(n_members, -1);
    std::vector<char> counted(rt.n_pes, 0);
    int found = 0;
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    const long limit = rt.config.collective_timeout;
    auto next_look = [&](Clock::time_point report) {
        return limit > 0 ? std::min(report, start + std::chrono::seconds(limit)) : report;
    };
    Clock::time_point next_report = next_look(start + kFirstReport);
    while (found < n_members) {
        for (int pe = 0; pe < rt.n_pes; ++pe) {
            if (counted[pe]) continue;
            uint64_t theirs = 0;
            rt.route(pe).get(&theirs, SymmetricHeap::kTeamJoinOffset + kJoinUniqueid, sizeof theirs, pe, true);
            if (theirs != uniqueid) continue;
            JoinRecord record{};
            rt.route(pe).get(&record, SymmetricHeap::kTeamJoinOffset, kJoinUniqueid, pe, true);
            int index = static_cast<int>(record.index);
            if (record.n_members != static_cast<uint64_t>(n_members))
                fatal("%s: PE %d joins the team of unique id %#llx as one of %llu PEs, this PE as one of %d; every "
                      "PE of the team must pass the same npes",
                      function, pe, static_cast<unsigned long long>(uniqueid),
                      static_cast<unsigned long long>(record.n_members), n_members);
            if (members[index] >= 0)
                fatal("%s: PEs %d and %d both join the team of unique id %#llx at index %d; each PE must pass "
                      "its own pe_idx_in_team (0 to npes - 1, each once)",
                      function, members[index], pe, static_cast<unsigned long long>(uniqueid), index);
            members[index] = pe;
            counted[pe] = 1;
            ++found;
        }
        if (found == n_members) break;
        if (rt.yield_in_waits) sched_yield();
        Clock::time_point now = Clock::now();
        if (now < next_report) continue;
        long waited = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(now - start).count());
        if (limit > 0 && waited >= limit)
            fatal("%s: after %ld s, %d of the %d PEs of the team of unique id %#llx have joined; ending the job "
                  "(every PE of the team must call it with the same unique id; FABSHMEM_COLLECTIVE_TIMEOUT=%ld "
                  "sets how long to wait)",
                  function, waited, found, n_members, static_cast<unsigned long long>(uniqueid), limit);
        FS_WARN("%s: for %ld s, %d of the %d PEs of the team of unique id %#llx have joined (every PE of the "
                "team must call it with the same unique id); the job ends after %ld s (FABSHMEM_COLLECTIVE_TIMEOUT)",
                function, waited, found, n_members, static_cast<unsigned long long>(uniqueid), limit);
        next_report = next_look(now + kReportEvery);
    }
    // The slot: the lowest free on every member, agreed over the pair counters (no flags yet).
    uint64_t free_slots = 0;
    for (size_t slot = 0; slot < teams_.size(); ++slot)
        if (!teams_[slot]) free_slots |= uint64_t{1} << slot;
    Group group{members, my_index, all_on_this_node(rt, members), [&] { sync_active_set(rt, members, my_index); }};
    uint64_t agreed = free_slots;
    for (uint64_t theirs : gather_words(rt, group, {free_slots})) agreed &= theirs;
    group.sync();  // every member has read every id and scratch word
    publish_join(rt, {0, 0, ~uint64_t{0}});
    if (!agreed) return -2;
    int slot = __builtin_ctzll(agreed);
    teams_[slot] = make_team(rt, std::move(members), slot);
    teams_[slot]->uniqueid = uniqueid;
    if (rt.device) rt.device->set_team(slot, teams_[slot].get());
    return slot;
}

}  // namespace fabshmem
