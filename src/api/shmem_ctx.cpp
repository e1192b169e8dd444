// OpenSHMEM contexts (include/shmem.h). A PE has one path per peer and one completion point
// (quiet), so a context is a view of them: the shmem_ctx_ calls run the plain ones, quiet and
// fence act on every operation of the PE (which includes the context's), and a context made
// from a team numbers PEs in that team. Contexts are never freed, only marked dead and reused,
// so a call on a destroyed one is reported, not undefined.
#include <mutex>
#include <vector>

#include "log.h"
#include "nvshmem.h"
#include "runtime.h"
#include "shmem.h"

using namespace fabshmem;

struct fabshmemi_ctx {
    bool live;
    shmem_team_t team;
    long options;
};

extern "C" {
struct fabshmemi_ctx fabshmemi_ctx_default = {true, SHMEM_TEAM_WORLD, 0};
}

namespace {

constexpr long kKnownOptions = SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE;

std::mutex contexts_mutex;
std::vector<fabshmemi_ctx *> dead_contexts;  // to reuse

fabshmemi_ctx &live_context(const char *function, shmem_ctx_t ctx) {
    if (!ctx || !__atomic_load_n(&ctx->live, __ATOMIC_ACQUIRE))
        fatal("%s: the context is %s; use SHMEM_CTX_DEFAULT or one from shmem_ctx_create that is not "
              "destroyed", function, ctx ? "destroyed" : "SHMEM_CTX_INVALID");
    return *ctx;
}

int create(const char *function, shmem_team_t team, long options, shmem_ctx_t *ctx) {
    Runtime &rt = runtime_for(function);
    if (!ctx) fatal("%s: the ctx argument is NULL", function);
    *ctx = SHMEM_CTX_INVALID;
    if (options & ~kKnownOptions) {
        FS_ERROR("%s: unknown options %#lx (known: SHMEM_CTX_SERIALIZED, _PRIVATE, _NOSTORE)", function,
                 options & ~kKnownOptions);
        return 1;
    }
    if (!rt.teams.find(team)) return 1;  // SHMEM_TEAM_INVALID, or a team this PE is not in
    std::lock_guard<std::mutex> lock(contexts_mutex);
    fabshmemi_ctx *made = nullptr;
    if (dead_contexts.empty()) {
        made = new fabshmemi_ctx{};
    } else {
        made = dead_contexts.back();
        dead_contexts.pop_back();
    }
    made->team = team;
    made->options = options;
    __atomic_store_n(&made->live, true, __ATOMIC_RELEASE);
    *ctx = made;
    return 0;
}

}  // namespace

extern "C" {

int shmem_ctx_create(long options, shmem_ctx_t *ctx) {
    return create("shmem_ctx_create", SHMEM_TEAM_WORLD, options, ctx);
}

int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx) {
    return create("shmem_team_create_ctx", team, options, ctx);
}

void shmem_ctx_destroy(shmem_ctx_t ctx) {
    const char *fn = "shmem_ctx_destroy";
    if (ctx == SHMEM_CTX_INVALID) return;
    if (ctx == SHMEM_CTX_DEFAULT) fatal("%s: SHMEM_CTX_DEFAULT cannot be destroyed", fn);
    live_context(fn, ctx);
    nvshmem_quiet();  // destroying a context completes its operations
    std::lock_guard<std::mutex> lock(contexts_mutex);
    __atomic_store_n(&ctx->live, false, __ATOMIC_RELEASE);
    dead_contexts.push_back(ctx);
}

int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team) {
    if (!team) fatal("shmem_ctx_get_team: the team argument is NULL");
    if (!ctx || !__atomic_load_n(&ctx->live, __ATOMIC_ACQUIRE)) {
        *team = SHMEM_TEAM_INVALID;
        return -1;
    }
    *team = ctx->team;
    return 0;
}

void fabshmemi_ctx_check(shmem_ctx_t ctx, const char *function) { live_context(function, ctx); }

int fabshmemi_ctx_pe(shmem_ctx_t ctx, int pe, const char *function) {
    fabshmemi_ctx &c = live_context(function, ctx);
    if (c.team == SHMEM_TEAM_WORLD) return pe;
    Runtime &rt = runtime_for(function);
    Team &team = team_for(rt, function, c.team);
    if (pe < 0 || pe >= team.n_pes())
        fatal("%s: PE %d is not in the context's team, which has %d PEs (0..%d); a context made with "
              "shmem_team_create_ctx numbers PEs in its team", function, pe, team.n_pes(), team.n_pes() - 1);
    return team.members[pe];
}

}  // extern "C"
