// NVSHMEM's collectives over teams, on the host and on a stream (which waits for the stream's
// work first and then runs the host collective). Algorithms: src/collectives.h.
#include <algorithm>
#include <string>

#include "reductions.h"
#include "cuda_support.h"
#include "log.h"
#include "nvshmemx.h"

using namespace fabshmem;

namespace {

int root_index(const char *function, const Team &team, int root) {
    if (root < 0 || root >= team.n_pes())
        fatal("%s: root %d is not a PE of the team (%d PEs: 0..%d)", function, root, team.n_pes(), team.n_pes() - 1);
    return root;
}

void wait_for_stream(const char *function, cudaStream_t stream) {
    std::string error;
    if (!cuda::stream_synchronize(stream, &error)) fatal("%s: %s", function, error.c_str());
}

}  // namespace

extern "C" {

int nvshmem_barrier(nvshmem_team_t team) {
    const char *fn = "nvshmem_barrier";
    Runtime &rt = runtime_for(fn);
    quiet_from_host(rt, fn);
    return on_team(fn, team, [](Runtime &, const Group &g, Team &) { g.sync(); });
}

int nvshmem_team_sync(nvshmem_team_t team) {
    return on_team("nvshmem_team_sync", team, [](Runtime &, const Group &g, Team &) { g.sync(); });
}

int nvshmem_broadcastmem(nvshmem_team_t team, void *dest, const void *source, size_t nelems, int root) {
    const char *fn = "nvshmem_broadcastmem";
    return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &t) {
        broadcast(rt, fn, g, dest, source, nelems, root_index(fn, t, root));
    });
}
int nvshmem_fcollectmem(nvshmem_team_t team, void *dest, const void *source, size_t nelems) {
    const char *fn = "nvshmem_fcollectmem";
    return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) { fcollect(rt, fn, g, dest, source, nelems); });
}
int nvshmem_alltoallmem(nvshmem_team_t team, void *dest, const void *source, size_t nelems) {
    const char *fn = "nvshmem_alltoallmem";
    return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) { alltoall(rt, fn, g, dest, source, nelems); });
}

#define FABSHMEM_DEFINE_COLLECTIVES(NAME, TYPE)                                                       \
    int nvshmem_##NAME##_broadcast(nvshmem_team_t team, TYPE *dest, const TYPE *source,             \
                                   size_t nelems, int root) {                                       \
        const char *fn = "nvshmem_" #NAME "_broadcast";                                             \
        return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &t) {                        \
            broadcast(rt, fn, g, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)),             \
                      root_index(fn, t, root));                                                     \
        });                                                                                         \
    }                                                                                               \
    int nvshmem_##NAME##_fcollect(nvshmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems) { \
        const char *fn = "nvshmem_" #NAME "_fcollect";                                              \
        return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) {                         \
            fcollect(rt, fn, g, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)));             \
        });                                                                                         \
    }                                                                                               \
    int nvshmem_##NAME##_alltoall(nvshmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems) { \
        const char *fn = "nvshmem_" #NAME "_alltoall";                                              \
        return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) {                         \
            alltoall(rt, fn, g, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)));             \
        });                                                                                         \
    }                                                                                               \
    int nvshmemx_##NAME##_broadcast_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source, \
                                               size_t nelems, int root, cudaStream_t stream) {      \
        wait_for_stream("nvshmemx_" #NAME "_broadcast_on_stream", stream);                          \
        return nvshmem_##NAME##_broadcast(team, dest, source, nelems, root);                        \
    }                                                                                               \
    int nvshmemx_##NAME##_fcollect_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source,  \
                                              size_t nelems, cudaStream_t stream) {                 \
        wait_for_stream("nvshmemx_" #NAME "_fcollect_on_stream", stream);                           \
        return nvshmem_##NAME##_fcollect(team, dest, source, nelems);                               \
    }                                                                                               \
    int nvshmemx_##NAME##_alltoall_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source,  \
                                              size_t nelems, cudaStream_t stream) {                 \
        wait_for_stream("nvshmemx_" #NAME "_alltoall_on_stream", stream);                           \
        return nvshmem_##NAME##_alltoall(team, dest, source, nelems);                               \
    }
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DEFINE_COLLECTIVES)
#undef FABSHMEM_DEFINE_COLLECTIVES

#define FABSHMEM_DEFINE_REDUCE(NAME, TYPE, OP, FUNCTOR)                                               \
    int nvshmem_##NAME##_##OP##_reduce(nvshmem_team_t team, TYPE *dest, const TYPE *source,         \
                                       size_t nreduce) {                                            \
        const char *fn = "nvshmem_" #NAME "_" #OP "_reduce";                                        \
        return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) {                         \
            reduce(rt, fn, g, dest, source, nreduce, FUNCTOR<TYPE>());                              \
        });                                                                                         \
    }                                                                                               \
    int nvshmemx_##NAME##_##OP##_reduce_on_stream(nvshmem_team_t team, TYPE *dest, const TYPE *source, \
                                                   size_t nreduce, cudaStream_t stream) {           \
        wait_for_stream("nvshmemx_" #NAME "_" #OP "_reduce_on_stream", stream);                     \
        return nvshmem_##NAME##_##OP##_reduce(team, dest, source, nreduce);                         \
    }                                                                                               \
    int nvshmem_##NAME##_##OP##_reducescatter(nvshmem_team_t team, TYPE *dest, const TYPE *source,  \
                                              size_t nreduce) {                                     \
        const char *fn = "nvshmem_" #NAME "_" #OP "_reducescatter";                                 \
        return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) {                         \
            reduce_scatter(rt, fn, g, dest, source, nreduce, FUNCTOR<TYPE>());                      \
        });                                                                                         \
    }                                                                                               \
    int nvshmemx_##NAME##_##OP##_reducescatter_on_stream(nvshmem_team_t team, TYPE *dest,          \
                                                          const TYPE *source, size_t nreduce,       \
                                                          cudaStream_t stream) {                    \
        wait_for_stream("nvshmemx_" #NAME "_" #OP "_reducescatter_on_stream", stream);              \
        return nvshmem_##NAME##_##OP##_reducescatter(team, dest, source, nreduce);                  \
    }
#define FABSHMEM_DEFINE_BITWISE_REDUCE(NAME, TYPE) \
    FABSHMEM_DEFINE_REDUCE(NAME, TYPE, and, And)   \
    FABSHMEM_DEFINE_REDUCE(NAME, TYPE, or, Or)     \
    FABSHMEM_DEFINE_REDUCE(NAME, TYPE, xor, Xor)
#define FABSHMEM_DEFINE_ARITH_REDUCE(NAME, TYPE) \
    FABSHMEM_DEFINE_REDUCE(NAME, TYPE, min, Min) \
    FABSHMEM_DEFINE_REDUCE(NAME, TYPE, max, Max) \
    FABSHMEM_DEFINE_REDUCE(NAME, TYPE, sum, Sum) \
    FABSHMEM_DEFINE_REDUCE(NAME, TYPE, prod, Prod)
FABSHMEM_FOR_EACH_BITWISE_REDUCE_TYPE(FABSHMEM_DEFINE_BITWISE_REDUCE)
FABSHMEM_FOR_EACH_ARITH_REDUCE_TYPE(FABSHMEM_DEFINE_ARITH_REDUCE)
#undef FABSHMEM_DEFINE_BITWISE_REDUCE
#undef FABSHMEM_DEFINE_ARITH_REDUCE
#undef FABSHMEM_DEFINE_REDUCE

int nvshmemx_barrier_on_stream(nvshmem_team_t team, cudaStream_t stream) {
    wait_for_stream("nvshmemx_barrier_on_stream", stream);
    return nvshmem_barrier(team);
}
int nvshmemx_team_sync_on_stream(nvshmem_team_t team, cudaStream_t stream) {
    wait_for_stream("nvshmemx_team_sync_on_stream", stream);
    return nvshmem_team_sync(team);
}
int nvshmemx_broadcastmem_on_stream(nvshmem_team_t team, void *dest, const void *source, size_t nelems, int root,
                                    cudaStream_t stream) {
    wait_for_stream("nvshmemx_broadcastmem_on_stream", stream);
    return nvshmem_broadcastmem(team, dest, source, nelems, root);
}
int nvshmemx_fcollectmem_on_stream(nvshmem_team_t team, void *dest, const void *source, size_t nelems,
                                   cudaStream_t stream) {
    wait_for_stream("nvshmemx_fcollectmem_on_stream", stream);
    return nvshmem_fcollectmem(team, dest, source, nelems);
}
int nvshmemx_alltoallmem_on_stream(nvshmem_team_t team, void *dest, const void *source, size_t nelems,
                                   cudaStream_t stream) {
    wait_for_stream("nvshmemx_alltoallmem_on_stream", stream);
    return nvshmem_alltoallmem(team, dest, source, nelems);
}

}  // extern "C"
