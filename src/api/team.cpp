// Teams: the predefined ones, strided and 2-D splits, teams joined by unique id, translation
// and destruction.
#include <algorithm>
#include <chrono>
#include <mutex>
#include <random>

#include "activity.h"
#include "log.h"
#include "nvshmem.h"
#include "nvshmemx.h"
#include "runtime.h"

using namespace fabshmem;

namespace fabshmem {

Team &team_for(Runtime &rt, const char *function, nvshmem_team_t handle) {
    Team *team = rt.teams.find(handle);
    if (!team)
        fatal("%s: team %d is not a team this PE belongs to (NVSHMEM_TEAM_INVALID, destroyed, or "
              "never created here); pass a team returned to this PE by a split, or a predefined one",
              function, static_cast<int>(handle));
    return *team;
}

}  // namespace fabshmem

namespace {

// The result of a split on every PE, after the same check everywhere (so all agree).
int finish_split(Runtime &rt, const char *function, Team &parent, std::vector<int> members,
                 const nvshmem_team_config_t *config, long config_mask, nvshmem_team_t *new_team) {
    int handle = rt.teams.create(rt, parent, std::move(members));
    if (handle == -2) {
        if (parent.my_index == 0)
            FS_ERROR("%s: no team slot is free on every PE of the parent team (at most %zu teams "
                     "live at once, the 3 predefined included); destroy teams that are no longer used",
                     function, SymmetricHeap::kMaxTeams);
        *new_team = NVSHMEM_TEAM_INVALID;
        return -1;
    }
    *new_team = handle < 0 ? NVSHMEM_TEAM_INVALID : handle;
    if (handle >= 0 && config && (config_mask & NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS))
        rt.teams.find(handle)->num_contexts = config->num_contexts;
    return 0;
}

}  // namespace

extern "C" {

int nvshmem_team_my_pe(nvshmem_team_t team) {
    Runtime &rt = runtime_for("nvshmem_team_my_pe");
    Team *t = rt.teams.find(team);
    return t ? t->my_index : -1;
}

int nvshmem_team_n_pes(nvshmem_team_t team) {
    Runtime &rt = runtime_for("nvshmem_team_n_pes");
    Team *t = rt.teams.find(team);
    return t ? t->n_pes() : -1;
}

int nvshmem_team_translate_pe(nvshmem_team_t src_team, int src_pe, nvshmem_team_t dest_team) {
    Runtime &rt = runtime_for("nvshmem_team_translate_pe");
    Team *from = rt.teams.find(src_team), *to = rt.teams.find(dest_team);
    if (!from || !to || src_pe < 0 || src_pe >= from->n_pes()) return -1;
    return to->index_of(from->members[src_pe]);
}

int nvshmem_team_split_strided(nvshmem_team_t parent_team, int PE_start, int PE_stride, int PE_size,
                               const nvshmem_team_config_t *config, long config_mask, nvshmem_team_t *new_team) {
    const char *fn = "nvshmem_team_split_strided";
    Runtime &rt = runtime_for(fn);
    if (!new_team) fatal("%s: new_team is NULL; pass where to store the new team", fn);
    // The specification: an invalid parent makes no team (every PE of that parent gets this).
    if (parent_team == NVSHMEM_TEAM_INVALID) {
        *new_team = NVSHMEM_TEAM_INVALID;
        return -1;
    }
    Team &parent = team_for(rt, fn, parent_team);
    long last = PE_start + static_cast<long>(PE_stride) * (PE_size - 1);
    if (PE_size < 1 || PE_start < 0 || PE_start >= parent.n_pes() || last < 0 || last >= parent.n_pes() ||
        (PE_stride == 0 && PE_size > 1)) {
        FS_ERROR("%s: start %d, stride %d, size %d do not name PEs of the parent team (%d PEs); "
                 "every PE start + i * stride for i < size must be in 0..%d",
                 fn, PE_start, PE_stride, PE_size, parent.n_pes(), parent.n_pes() - 1);
        *new_team = NVSHMEM_TEAM_INVALID;
        return -1;
    }
    std::vector<int> members;
    for (int i = 0; i < PE_size; ++i) members.push_back(parent.members[PE_start + i * PE_stride]);
    if (std::find(members.begin(), members.end(), rt.my_pe) == members.end()) members.clear();
    return finish_split(rt, fn, parent, std::move(members), config, config_mask, new_team);
}

// The parent's PEs as a grid `xrange` wide, in row-major order: x-teams are its rows,
// y-teams its columns. Every PE is in one of each.
int nvshmem_team_split_2d(nvshmem_team_t parent_team, int xrange, const nvshmem_team_config_t *xaxis_config,
                          long xaxis_mask, nvshmem_team_t *xaxis_team, const nvshmem_team_config_t *yaxis_config,
                          long yaxis_mask, nvshmem_team_t *yaxis_team) {
    const char *fn = "nvshmem_team_split_2d";
    Runtime &rt = runtime_for(fn);
    if (!xaxis_team || !yaxis_team) fatal("%s: xaxis_team or yaxis_team is NULL", fn);
    if (parent_team == NVSHMEM_TEAM_INVALID) {
        *xaxis_team = *yaxis_team = NVSHMEM_TEAM_INVALID;
        return -1;
    }
    Team &parent = team_for(rt, fn, parent_team);
    if (xrange < 1) {
        FS_ERROR("%s: xrange %d must be at least 1", fn, xrange);
        *xaxis_team = *yaxis_team = NVSHMEM_TEAM_INVALID;
        return -1;
    }
    int n = parent.n_pes(), x = parent.my_index % xrange, y = parent.my_index / xrange;
    std::vector<int> row, column;
    for (int i = y * xrange; i < std::min(n, (y + 1) * xrange); ++i) row.push_back(parent.members[i]);
    for (int i = x; i < n; i += xrange) column.push_back(parent.members[i]);
    if (finish_split(rt, fn, parent, std::move(row), xaxis_config, xaxis_mask, xaxis_team) != 0) {
        *yaxis_team = NVSHMEM_TEAM_INVALID;
        return -1;
    }
    return finish_split(rt, fn, parent, std::move(column), yaxis_config, yaxis_mask, yaxis_team);
}

void nvshmem_team_destroy(nvshmem_team_t team) {
    const char *fn = "nvshmem_team_destroy";
    Runtime &rt = runtime_for(fn);
    if (team == NVSHMEM_TEAM_INVALID) return;
    team_for(rt, fn, team);
    if (team == NVSHMEM_TEAM_WORLD || team == NVSHMEM_TEAM_SHARED || team == NVSHMEMX_TEAM_NODE)
        fatal("%s: team %d is predefined and cannot be destroyed", fn, static_cast<int>(team));
    rt.teams.destroy(rt, team);
}

void nvshmem_team_get_config(nvshmem_team_t team, nvshmem_team_config_t *config) {
    const char *fn = "nvshmem_team_get_config";
    Runtime &rt = runtime_for(fn);
    if (!config) fatal("%s: config is NULL; pass where to store the team's configuration", fn);
    const Team &t = team_for(rt, fn, team);
    *config = NVSHMEM_TEAM_CONFIG_INITIALIZER;
    config->num_contexts = t.num_contexts;
    config->uniqueid = t.uniqueid;
}

int nvshmemx_team_get_uniqueid(nvshmemx_team_uniqueid_t *uniqueid) {
    const char *fn = "nvshmemx_team_get_uniqueid";
    Runtime &rt = runtime_for(fn);
    if (!uniqueid) {
        FS_ERROR("%s: uniqueid is NULL; pass where to store the new id", fn);
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    // Random, so ids made on different PEs (or in different calls) differ; never the invalid id.
    static std::mt19937_64 generator(std::random_device{}() ^ (static_cast<uint64_t>(rt.my_pe) << 32) ^
                                     static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    do *uniqueid = generator();
    while (*uniqueid == NVSHMEM_TEAM_UNIQUEID_INVALID);
    return NVSHMEMX_SUCCESS;
}

int nvshmemx_team_init(nvshmem_team_t *team, nvshmem_team_config_t *config, long config_mask, int npes,
                       int pe_idx_in_team) {
    const char *fn = "nvshmemx_team_init";
    Runtime &rt = runtime_for(fn);
    if (!team) {
        FS_ERROR("%s: team is NULL; pass where to store the new team", fn);
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    *team = NVSHMEM_TEAM_INVALID;
    const char *refused = nullptr;
    if (!config || config->uniqueid == NVSHMEM_TEAM_UNIQUEID_INVALID)
        refused = "config->uniqueid holds no unique id: set it to one that nvshmemx_team_get_uniqueid made, "
                  "the same on every PE of the team";
    else if (npes < 1 || npes > rt.n_pes)
        refused = "npes must be between 1 and the job's PE count";
    else if (pe_idx_in_team < 0 || pe_idx_in_team >= npes)
        refused = "pe_idx_in_team must be between 0 and npes - 1";
    else if (!pair_notices_available(rt))
        refused = "teams by unique id agree on their slot over pair counters, which jobs of more than 2048 PEs "
                  "lack; make the team with nvshmem_team_split_strided";
    if (refused) {
        FS_ERROR("%s(npes %d, index %d): %s", fn, npes, pe_idx_in_team, refused);
        return NVSHMEMX_ERROR_INVALID_VALUE;
    }
    ActivityScope activity("in nvshmemx_team_init");
    int handle = rt.teams.join(rt, fn, config->uniqueid, npes, pe_idx_in_team);
    if (handle == -2) {
        if (pe_idx_in_team == 0)
            FS_ERROR("%s: no team slot is free on every PE of the new team (at most %zu teams live at once, the 3 "
                     "predefined included); destroy teams that are no longer used",
                     fn, SymmetricHeap::kMaxTeams);
        return NVSHMEMX_ERROR_OUT_OF_MEMORY;
    }
    if (config_mask & NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS) rt.teams.find(handle)->num_contexts = config->num_contexts;
    *team = handle;
    return NVSHMEMX_SUCCESS;
}

// Multicast objects (NVLink SHARP) are not used by fabshmem: NULL, as NVSHMEM returns where
// a team has none.
void *nvshmemx_mc_ptr(nvshmem_team_t team, const void *) {
    team_for(runtime_for("nvshmemx_mc_ptr"), "nvshmemx_mc_ptr", team);
    return nullptr;
}

}  // extern "C"
