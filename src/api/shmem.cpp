// The OpenSHMEM calls that are not plain forwards to NVSHMEM ones (include/shmem.h): thread
// levels, accessibility, the legacy start_pes family, strided and sized RMA, and the
// active-set collectives, which run the team algorithms (collectives.h) over the set's PEs.
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "active_set.h"
#include "rma.h"
#include "reductions.h"
#include "log.h"
#include "nvshmemx.h"
#include "shmem.h"

using namespace fabshmem;

extern "C" {

int shmem_init_thread(int requested, int *provided) { return nvshmemx_init_thread(requested, provided); }
void shmem_query_thread(int *provided) { nvshmem_query_thread(provided); }
void shmem_global_exit(int status) { nvshmem_global_exit(status); }

int shmem_pe_accessible(int pe) {
    Runtime &rt = runtime_for("shmem_pe_accessible");
    return pe >= 0 && pe < rt.n_pes;
}

int shmem_addr_accessible(const void *addr, int pe) {
    Runtime &rt = runtime_for("shmem_addr_accessible");
    return pe >= 0 && pe < rt.n_pes && symmetric_offset(rt, addr, 1).has_value();
}

// A legacy program may return from main without shmem_finalize: finalize at exit then (when
// it did finalize, the status says so and this does nothing).
void start_pes(int) {
    static bool registered = false;
    nvshmem_init();
    if (!registered) {
        registered = true;
        std::atexit([] {
            if (nvshmemx_init_status() == NVSHMEM_STATUS_IS_INITIALIZED) nvshmem_finalize();
        });
    }
}
int _my_pe(void) { return nvshmem_my_pe(); }
int _num_pes(void) { return nvshmem_n_pes(); }

// Strided and sized RMA: the NVSHMEM face's definitions (rma.h), under OpenSHMEM's names.
#define FABSHMEM_DEFINE_SHMEM_STRIDED(NAME, TYPE) FABSHMEM_DEFINE_STRIDED(shmem, NAME##_iput, NAME##_iget, TYPE)
FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(FABSHMEM_DEFINE_SHMEM_STRIDED)
FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEM_DEFINE_SHMEM_STRIDED)
#undef FABSHMEM_DEFINE_SHMEM_STRIDED
#define FABSHMEM_DEFINE_SHMEM_SIZED(BITS) FABSHMEM_DEFINE_SIZED(shmem, BITS)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DEFINE_SHMEM_SIZED)
#undef FABSHMEM_DEFINE_SHMEM_SIZED

void shmem_barrier(int start, int log_stride, int size, long *pSync) {
    Runtime &rt = runtime_for("shmem_barrier");
    quiet_from_host(rt, "shmem_barrier");
    on_active_set("shmem_barrier", start, log_stride, size, pSync, [](Runtime &, const Group &g) { g.sync(); });
}

void shmem_sync(int start, int log_stride, int size, long *pSync) {
    on_active_set("shmem_sync", start, log_stride, size, pSync, [](Runtime &, const Group &g) { g.sync(); });
}

// collect, fcollect and alltoall over an active set: n elements of BITS bits per PE.
#define FABSHMEM_DEFINE_ACTIVE_SET_GATHER(OP, BITS)                                                               \
    void shmem_##OP##BITS(void *dest, const void *source, size_t n, int start, int log_stride, int size,          \
                          long *pSync) {                                                                          \
        const char *fn = "shmem_" #OP #BITS;                                                                      \
        on_active_set(fn, start, log_stride, size, pSync, [&](Runtime &rt, const Group &g) {                      \
            OP(rt, fn, g, dest, source, checked_bytes(fn, n, BITS / 8));                                          \
        });                                                                                                       \
    }

// Legacy broadcast: the root's dest is left as it was (OpenSHMEM 1.4).
#define FABSHMEM_DEFINE_ACTIVE_SET(BITS)                                                                          \
    void shmem_broadcast##BITS(void *dest, const void *source, size_t n, int root, int start, int log_stride,     \
                               int size, long *pSync) {                                                           \
        const char *fn = "shmem_broadcast" #BITS;                                                                 \
        on_active_set(fn, start, log_stride, size, pSync, [&](Runtime &rt, const Group &g) {                      \
            if (root < 0 || root >= size) fatal("%s: PE_root %d is not in 0..%d", fn, root, size - 1);            \
            size_t bytes = checked_bytes(fn, n, BITS / 8);                                                        \
            broadcast(rt, fn, g, dest, source, bytes, root, /*root_writes_dest=*/false);                          \
        });                                                                                                       \
    }                                                                                                             \
    FABSHMEM_DEFINE_ACTIVE_SET_GATHER(collect, BITS)                                                              \
    FABSHMEM_DEFINE_ACTIVE_SET_GATHER(fcollect, BITS)                                                             \
    FABSHMEM_DEFINE_ACTIVE_SET_GATHER(alltoall, BITS)                                                             \
    void shmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t n, int start, \
                               int log_stride, int size, long *pSync) {                                           \
        const char *fn = "shmem_alltoalls" #BITS;                                                                 \
        on_active_set(fn, start, log_stride, size, pSync, [&](Runtime &rt, const Group &g) {                      \
            alltoalls(rt, fn, g, dest, source, dst, sst, n, BITS / 8);                                            \
        });                                                                                                       \
    }
FABSHMEM_DEFINE_ACTIVE_SET(32)
FABSHMEM_DEFINE_ACTIVE_SET(64)
#undef FABSHMEM_DEFINE_ACTIVE_SET
#undef FABSHMEM_DEFINE_ACTIVE_SET_GATHER

#define FABSHMEM_DEFINE_TO_ALL(NAME, TYPE, OP, FUNCTOR)                                       \
    void shmem_##NAME##_##OP##_to_all(TYPE *dest, const TYPE *source, int nreduce, int start, \
                                      int log_stride, int size, TYPE *, long *pSync) {        \
        const char *fn = "shmem_" #NAME "_" #OP "_to_all";                                    \
        if (nreduce < 0) fatal("%s: nreduce %d is negative", fn, nreduce);                    \
        on_active_set(fn, start, log_stride, size, pSync, [&](Runtime &rt, const Group &g) {  \
            reduce(rt, fn, g, dest, source, static_cast<size_t>(nreduce), FUNCTOR<TYPE>());   \
        });                                                                                   \
    }
#define FABSHMEM_DEFINE_TO_ALL_ARITH(NAME, TYPE)                                           \
    FABSHMEM_DEFINE_TO_ALL(NAME, TYPE, min, Min) FABSHMEM_DEFINE_TO_ALL(NAME, TYPE, max, Max) \
    FABSHMEM_DEFINE_TO_ALL(NAME, TYPE, sum, Sum) FABSHMEM_DEFINE_TO_ALL(NAME, TYPE, prod, Prod)
#define FABSHMEM_DEFINE_TO_ALL_BITWISE(NAME, TYPE)                                         \
    FABSHMEM_DEFINE_TO_ALL(NAME, TYPE, and, And) FABSHMEM_DEFINE_TO_ALL(NAME, TYPE, or, Or) \
    FABSHMEM_DEFINE_TO_ALL(NAME, TYPE, xor, Xor)
FABSHMEM_FOR_EACH_TO_ALL_ARITH_TYPE(FABSHMEM_DEFINE_TO_ALL_ARITH)
FABSHMEM_FOR_EACH_TO_ALL_BITWISE_TYPE(FABSHMEM_DEFINE_TO_ALL_BITWISE)
#undef FABSHMEM_DEFINE_TO_ALL
#undef FABSHMEM_DEFINE_TO_ALL_ARITH
#undef FABSHMEM_DEFINE_TO_ALL_BITWISE

void *shmem_malloc_with_hints(size_t size, long) { return nvshmem_malloc(size); }

void shmem_pcontrol(const int, ...) {}

void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe) {
    Runtime &rt = runtime_for("shmem_team_ptr");
    Team *t = rt.teams.find(team);
    if (!t || pe < 0 || pe >= t->n_pes()) return nullptr;
    return nvshmem_ptr(dest, t->members[pe]);
}

int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config) {
    Runtime &rt = runtime_for("shmem_team_get_config");
    Team *t = rt.teams.find(team);
    if (!t || !config) return -1;
    if (config_mask & SHMEM_TEAM_NUM_CONTEXTS) config->num_contexts = t->num_contexts;
    return 0;
}

int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems) {
    const char *fn = "shmem_collectmem";
    return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) { collect(rt, fn, g, dest, source, nelems); });
}

int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems) {
    const char *fn = "shmem_alltoallsmem";
    return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) {
        alltoalls(rt, fn, g, dest, source, dst, sst, nelems, 1);
    });
}

#define FABSHMEM_DEFINE_ALLTOALLS(NAME, TYPE)                                                              \
    int shmem_##NAME##_alltoalls(shmem_team_t team, TYPE *dest, const TYPE *source, ptrdiff_t dst,       \
                                 ptrdiff_t sst, size_t nelems) {                                         \
        const char *fn = "shmem_" #NAME "_alltoalls";                                                    \
        return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) {                              \
            alltoalls(rt, fn, g, dest, source, dst, sst, nelems, sizeof(TYPE));                          \
        });                                                                                              \
    }
FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(FABSHMEM_DEFINE_ALLTOALLS)
FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEM_DEFINE_ALLTOALLS)
#undef FABSHMEM_DEFINE_ALLTOALLS

#define FABSHMEM_DEFINE_COLLECT(NAME, TYPE)                                                                \
    int shmem_##NAME##_collect(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems) {       \
        return shmem_collectmem(team, dest, source, checked_bytes("shmem_" #NAME "_collect", nelems, sizeof(TYPE))); \
    }
FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(FABSHMEM_DEFINE_COLLECT)
FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEM_DEFINE_COLLECT)
#undef FABSHMEM_DEFINE_COLLECT

}  // extern "C"
