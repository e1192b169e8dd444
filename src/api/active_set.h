// OpenSHMEM's active sets (PE_start, logPE_stride, PE_size): the legacy collectives run the
// team algorithms (collectives.h) over the set's PEs.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "collectives.h"
#include "log.h"

namespace fabshmem {

// The PEs of an active set, and this PE's place in it.
struct ActiveSet {
    std::vector<int> members;
    int my_index = -1;
};

inline ActiveSet active_set(Runtime &rt, const char *function, int start, int log_stride, int size) {
    if (size < 1 || start < 0 || log_stride < 0 || log_stride > 30)
        fatal("%s: PE_start %d, logPE_stride %d, PE_size %d do not describe an active set", function,
              start, log_stride, size);
    ActiveSet set;
    for (int i = 0; i < size; ++i) {
        long pe = start + (static_cast<long>(i) << log_stride);
        if (pe >= rt.n_pes)
            fatal("%s: the active set (PE_start %d, logPE_stride %d, PE_size %d) reaches PE %ld, but "
                  "the job has %d PEs", function, start, log_stride, size, pe, rt.n_pes);
        if (pe == rt.my_pe) set.my_index = i;
        set.members.push_back(static_cast<int>(pe));
    }
    if (set.my_index < 0)
        fatal("%s: this PE is not in the active set (PE_start %d, logPE_stride %d, PE_size %d); only "
              "its PEs may call the collective", function, start, log_stride, size);
    return set;
}

// How an active set other than the whole world syncs (FABSHMEM_ACTIVE_SET_SYNC): over the pair
// counters, or over the program's pSync, which must then be symmetric host memory with a word
// per round (SHMEM_*_SYNC_SIZE has 64).
inline std::function<void()> active_set_sync(Runtime &rt, const char *function, const ActiveSet &set, long *psync) {
    const std::string &choice = rt.config.active_set_sync;
    if (choice == "pairs" || (choice == "auto" && pair_notices_available(rt)))
        return [&rt, &set] { sync_active_set(rt, set.members, set.my_index); };
    int rounds = sync_rounds(static_cast<int>(set.members.size()));
    if (!rounds) return [] {};
    if (!psync)
        fatal("%s: pSync is NULL; the active-set collectives need a symmetric array of "
              "SHMEM_*_SYNC_SIZE longs, each set to SHMEM_SYNC_VALUE before its first use", function);
    size_t offset = checked_remote_offset(rt, function, psync, rounds * sizeof(long), rt.my_pe, psync);
    if (offset % sizeof(long)) fatal("%s: pSync %p is not aligned to a long", function, static_cast<void *>(psync));
    if (rt.heap.kind() == HeapKind::cuda && !is_static_offset(offset))
        fatal("%s: pSync is in the GPU heap, which this PE's host cannot wait on; put it in host memory "
              "(a global or static array) or use teams and the team collectives", function);
    return [&rt, &set, psync, offset] { sync_active_set_psync(rt, set.members, set.my_index, psync, offset); };
}

// Runs `body` with the active set's group. The whole world in order (the common case) is the
// world team's group: its flags serve any job size. Other sets sync as active_set_sync says.
template <class Body>
void on_active_set(const char *function, int start, int log_stride, int size, long *psync, Body body) {
    Runtime &rt = runtime_for(function);
    ActivityScope activity("in an active-set collective");
    if (start == 0 && log_stride == 0 && size == rt.n_pes) {
        Team &world = team_for(rt, function, TeamTable::kWorld);
        body(rt, Group{world.members, world.my_index, world.on_one_node, [&] { sync_team(rt, world); }, &world});
        return;
    }
    ActiveSet set = active_set(rt, function, start, log_stride, size);
    Group group{set.members, set.my_index, all_on_this_node(rt, set.members), active_set_sync(rt, function, set, psync)};
    body(rt, group);
}

}  // namespace fabshmem
