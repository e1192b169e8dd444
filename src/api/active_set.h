// OpenSHMEM's active sets (PE_start, logPE_stride, PE_size): the legacy collectives run the
// team algorithms (collectives.h) over the set's PEs.
#pragma once

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

// Runs `body` with the active set's group. The whole world in order (the common case) is the
// world team's group: its flags serve any job size, while the pair counters an arbitrary set
// syncs over stop at SymmetricHeap::kMaxPairCounterPes PEs.
template <class Body>
void on_active_set(const char *function, int start, int log_stride, int size, Body body) {
    Runtime &rt = runtime_for(function);
    ActivityScope activity("in an active-set collective");
    if (start == 0 && log_stride == 0 && size == rt.n_pes) {
        Team &world = team_for(rt, function, TeamTable::kWorld);
        body(rt, Group{world.members, world.my_index, world.on_one_node, [&] { sync_team(rt, world); }, &world});
        return;
    }
    ActiveSet set = active_set(rt, function, start, log_stride, size);
    Group group{set.members, set.my_index, all_on_this_node(rt, set.members),
                [&] { sync_active_set(rt, set.members, set.my_index); }};
    body(rt, group);
}

}  // namespace fabshmem
