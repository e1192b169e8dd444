// The types OpenSHMEM has and NVSHMEM does not (include/shmem.h): long double RMA, collectives
// and reductions, and complex sum and product reductions. They run the untyped calls and the
// team algorithms with the element size, under the name the program called.

#include "active_set.h"
#include "reductions.h"
#include "rma.h"
#include "log.h"
#include "nvshmemx.h"
#include "shmem.h"

using namespace fabshmem;

namespace {

// The legacy active-set reduction, as src/api/shmem.cpp runs the others.
template <class T, class Op>
void reduce_to_all(const char *function, T *dest, const T *source, int nreduce, int start, int log_stride,
                   int size, long *psync, Op op) {
    if (nreduce < 0) fatal("%s: nreduce %d is negative", function, nreduce);
    on_active_set(function, start, log_stride, size, psync, [&](Runtime &rt, const Group &g) {
        reduce(rt, function, g, dest, source, static_cast<size_t>(nreduce), op);
    });
}

}  // namespace

extern "C" {

#define FABSHMEM_DEFINE_SHMEM_ONLY_RMA(NAME, TYPE)                                                           \
    void shmem_##NAME##_put(TYPE *dest, const TYPE *source, size_t n, int pe) {                            \
        put_bytes("shmem_" #NAME "_put", dest, source, checked_bytes("shmem_" #NAME "_put", n, sizeof(TYPE)), pe, true);            \
    }                                                                                                       \
    void shmem_##NAME##_get(TYPE *dest, const TYPE *source, size_t n, int pe) {                            \
        get_bytes("shmem_" #NAME "_get", dest, source, checked_bytes("shmem_" #NAME "_get", n, sizeof(TYPE)), pe, true);            \
    }                                                                                                       \
    void shmem_##NAME##_put_nbi(TYPE *dest, const TYPE *source, size_t n, int pe) {                        \
        put_bytes("shmem_" #NAME "_put_nbi", dest, source, checked_bytes("shmem_" #NAME "_put_nbi", n, sizeof(TYPE)), pe, false);    \
    }                                                                                                       \
    void shmem_##NAME##_get_nbi(TYPE *dest, const TYPE *source, size_t n, int pe) {                        \
        get_bytes("shmem_" #NAME "_get_nbi", dest, source, checked_bytes("shmem_" #NAME "_get_nbi", n, sizeof(TYPE)), pe, false);    \
    }                                                                                                       \
    void shmem_##NAME##_p(TYPE *dest, TYPE value, int pe) {                                              \
        put_bytes("shmem_" #NAME "_p", dest, &value, sizeof value, pe, true);                               \
    }                                                                                                       \
    TYPE shmem_##NAME##_g(const TYPE *source, int pe) {                                                    \
        TYPE value;                                                                                         \
        get_bytes("shmem_" #NAME "_g", &value, source, sizeof value, pe, true);                             \
        return value;                                                                                       \
    }                                                                                                       \
    void shmem_##NAME##_put_signal(TYPE *dest, const TYPE *source, size_t n, uint64_t *sig, uint64_t signal, \
                                   int sig_op, int pe) {                                                    \
        nvshmem_putmem_signal(dest, source, checked_bytes("shmem_" #NAME "_put_signal", n, sizeof(TYPE)), sig, \
                              signal, sig_op, pe);                                                          \
    }                                                                                                       \
    void shmem_##NAME##_put_signal_nbi(TYPE *dest, const TYPE *source, size_t n, uint64_t *sig,            \
                                       uint64_t signal, int sig_op, int pe) {                               \
        nvshmem_putmem_signal_nbi(dest, source, checked_bytes("shmem_" #NAME "_put_signal_nbi", n, sizeof(TYPE)), \
                                  sig, signal, sig_op, pe);                                                 \
    }                                                                                                       \
    int shmem_##NAME##_broadcast(shmem_team_t team, TYPE *dest, const TYPE *source, size_t n, int root) {   \
        return nvshmem_broadcastmem(team, dest, source, checked_bytes("shmem_" #NAME "_broadcast", n, sizeof(TYPE)), \
                                    root);                                                                  \
    }                                                                                                       \
    int shmem_##NAME##_fcollect(shmem_team_t team, TYPE *dest, const TYPE *source, size_t n) {             \
        return nvshmem_fcollectmem(team, dest, source, checked_bytes("shmem_" #NAME "_fcollect", n, sizeof(TYPE))); \
    }                                                                                                       \
    int shmem_##NAME##_alltoall(shmem_team_t team, TYPE *dest, const TYPE *source, size_t n) {             \
        return nvshmem_alltoallmem(team, dest, source, checked_bytes("shmem_" #NAME "_alltoall", n, sizeof(TYPE))); \
    }
FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEM_DEFINE_SHMEM_ONLY_RMA)
#undef FABSHMEM_DEFINE_SHMEM_ONLY_RMA

#define FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, OP, FUNCTOR)                                               \
    int shmem_##NAME##_##OP##_reduce(shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce) {  \
        const char *fn = "shmem_" #NAME "_" #OP "_reduce";                                                  \
        return on_team(fn, team, [&](Runtime &rt, const Group &g, Team &) {                                 \
            reduce(rt, fn, g, dest, source, nreduce, FUNCTOR<TYPE>());                                      \
        });                                                                                                 \
    }
#define FABSHMEM_DEFINE_SHMEM_ONLY_REDUCE(NAME, TYPE)                                                       \
    FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, min, Min) FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, max, Max)     \
    FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, sum, Sum) FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, prod, Prod)
FABSHMEM_FOR_EACH_SHMEM_ONLY_REDUCE_TYPE(FABSHMEM_DEFINE_SHMEM_ONLY_REDUCE)
#undef FABSHMEM_DEFINE_SHMEM_ONLY_REDUCE
#define FABSHMEM_DEFINE_SIGNED_BITWISE_REDUCE(NAME, TYPE)                                                   \
    FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, and, And) FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, or, Or)       \
    FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, xor, Xor)
FABSHMEM_FOR_EACH_TO_ALL_BITWISE_TYPE(FABSHMEM_DEFINE_SIGNED_BITWISE_REDUCE)
#undef FABSHMEM_DEFINE_SIGNED_BITWISE_REDUCE

// float _Complex and double _Complex, as C (and shmem.h, for C++ too) declares them: GCC's C++
// knows the type and its + and *.
#define FABSHMEM_DEFINE_COMPLEX(NAME, TYPE)                                                                  \
    FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, sum, Sum) FABSHMEM_DEFINE_TEAM_REDUCE(NAME, TYPE, prod, Prod)   \
    void shmem_##NAME##_sum_to_all(TYPE *dest, const TYPE *source, int nreduce, int start, int log_stride,  \
                                   int size, TYPE *, long *pSync) {                                         \
        reduce_to_all("shmem_" #NAME "_sum_to_all", dest, source, nreduce, start, log_stride, size, pSync,      \
                      Sum<TYPE>());                                                                         \
    }                                                                                                       \
    void shmem_##NAME##_prod_to_all(TYPE *dest, const TYPE *source, int nreduce, int start, int log_stride, \
                                    int size, TYPE *, long *pSync) {                                        \
        reduce_to_all("shmem_" #NAME "_prod_to_all", dest, source, nreduce, start, log_stride, size, pSync, \
                      Prod<TYPE>());                                                                        \
    }
FABSHMEM_DEFINE_COMPLEX(complexf, float _Complex)
FABSHMEM_DEFINE_COMPLEX(complexd, double _Complex)
#undef FABSHMEM_DEFINE_COMPLEX
#undef FABSHMEM_DEFINE_TEAM_REDUCE

}  // extern "C"
