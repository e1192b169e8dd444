/* OpenSHMEM's generic calls: shmem_put, shmem_g, shmem_atomic_fetch_add, shmem_wait_until,
 * shmem_sum_reduce, ... on any standard type, with or without a context first. In C11 each is
 * a _Generic selection over the typed calls; in C++, overloads. Both are made from the type
 * table (types.h: the families' distinct C types). Included by shmem.h. */
#ifndef FABSHMEM_DETAIL_SHMEM_GENERIC_H
#define FABSHMEM_DETAIL_SHMEM_GENERIC_H

#if defined(__cplusplus)

/* One overload per type of the call's family (and one taking a context first, where the
 * specification has it). */
#define FABSHMEMI_OVERLOAD(RET, NAME, TYPED, PARAMS, ARGS) inline RET NAME PARAMS { return TYPED ARGS; }

#define FABSHMEMI_CPP_PUT(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_put, (shmem_##N##_put), (TYPE *dest, const TYPE *source, size_t nelems, int pe), (dest, source, nelems, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_put, (shmem_ctx_##N##_put), (shmem_ctx_t ctx, TYPE *dest, const TYPE *source, size_t nelems, int pe), (ctx, dest, source, nelems, pe))
#define FABSHMEMI_CPP_GET(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_get, (shmem_##N##_get), (TYPE *dest, const TYPE *source, size_t nelems, int pe), (dest, source, nelems, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_get, (shmem_ctx_##N##_get), (shmem_ctx_t ctx, TYPE *dest, const TYPE *source, size_t nelems, int pe), (ctx, dest, source, nelems, pe))
#define FABSHMEMI_CPP_PUT_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_put_nbi, (shmem_##N##_put_nbi), (TYPE *dest, const TYPE *source, size_t nelems, int pe), (dest, source, nelems, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_put_nbi, (shmem_ctx_##N##_put_nbi), (shmem_ctx_t ctx, TYPE *dest, const TYPE *source, size_t nelems, int pe), (ctx, dest, source, nelems, pe))
#define FABSHMEMI_CPP_GET_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_get_nbi, (shmem_##N##_get_nbi), (TYPE *dest, const TYPE *source, size_t nelems, int pe), (dest, source, nelems, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_get_nbi, (shmem_ctx_##N##_get_nbi), (shmem_ctx_t ctx, TYPE *dest, const TYPE *source, size_t nelems, int pe), (ctx, dest, source, nelems, pe))
#define FABSHMEMI_CPP_P(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_p, (shmem_##N##_p), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_p, (shmem_ctx_##N##_p), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_G(N, TYPE) FABSHMEMI_OVERLOAD(TYPE, shmem_g, (shmem_##N##_g), (const TYPE *source, int pe), (source, pe)) \
    FABSHMEMI_OVERLOAD(TYPE, shmem_g, (shmem_ctx_##N##_g), (shmem_ctx_t ctx, const TYPE *source, int pe), (ctx, source, pe))
#define FABSHMEMI_CPP_IPUT(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_iput, (shmem_##N##_iput), (TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe), (dest, source, dst, sst, nelems, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_iput, (shmem_ctx_##N##_iput), (shmem_ctx_t ctx, TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe), (ctx, dest, source, dst, sst, nelems, pe))
#define FABSHMEMI_CPP_IGET(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_iget, (shmem_##N##_iget), (TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe), (dest, source, dst, sst, nelems, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_iget, (shmem_ctx_##N##_iget), (shmem_ctx_t ctx, TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe), (ctx, dest, source, dst, sst, nelems, pe))
#define FABSHMEMI_CPP_PUT_SIGNAL(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_put_signal, (shmem_##N##_put_signal), (TYPE *dest, const TYPE *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe), (dest, source, nelems, sig_addr, signal, sig_op, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_put_signal, (shmem_ctx_##N##_put_signal), (shmem_ctx_t ctx, TYPE *dest, const TYPE *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe), (ctx, dest, source, nelems, sig_addr, signal, sig_op, pe))
#define FABSHMEMI_CPP_PUT_SIGNAL_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_put_signal_nbi, (shmem_##N##_put_signal_nbi), (TYPE *dest, const TYPE *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe), (dest, source, nelems, sig_addr, signal, sig_op, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_put_signal_nbi, (shmem_ctx_##N##_put_signal_nbi), (shmem_ctx_t ctx, TYPE *dest, const TYPE *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe), (ctx, dest, source, nelems, sig_addr, signal, sig_op, pe))
#define FABSHMEMI_CPP_BROADCAST(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_broadcast, (shmem_##N##_broadcast), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems, int PE_root), (team, dest, source, nelems, PE_root))
#define FABSHMEMI_CPP_COLLECT(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_collect, (shmem_##N##_collect), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems), (team, dest, source, nelems))
#define FABSHMEMI_CPP_FCOLLECT(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_fcollect, (shmem_##N##_fcollect), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems), (team, dest, source, nelems))
#define FABSHMEMI_CPP_ALLTOALL(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_alltoall, (shmem_##N##_alltoall), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nelems), (team, dest, source, nelems))
#define FABSHMEMI_CPP_ALLTOALLS(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_alltoalls, (shmem_##N##_alltoalls), (shmem_team_t team, TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems), (team, dest, source, dst, sst, nelems))
#define FABSHMEMI_CPP_ATOMIC_FETCH(N, TYPE) FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch, (shmem_##N##_atomic_fetch), (const TYPE *source, int pe), (source, pe)) \
    FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch, (shmem_ctx_##N##_atomic_fetch), (shmem_ctx_t ctx, const TYPE *source, int pe), (ctx, source, pe))
#define FABSHMEMI_CPP_ATOMIC_SET(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_set, (shmem_##N##_atomic_set), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_set, (shmem_ctx_##N##_atomic_set), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_SWAP(N, TYPE) FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_swap, (shmem_##N##_atomic_swap), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_swap, (shmem_ctx_##N##_atomic_swap), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_COMPARE_SWAP(N, TYPE) FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_compare_swap, (shmem_##N##_atomic_compare_swap), (TYPE *dest, TYPE cond, TYPE value, int pe), (dest, cond, value, pe)) \
    FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_compare_swap, (shmem_ctx_##N##_atomic_compare_swap), (shmem_ctx_t ctx, TYPE *dest, TYPE cond, TYPE value, int pe), (ctx, dest, cond, value, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_INC(N, TYPE) FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_inc, (shmem_##N##_atomic_fetch_inc), (TYPE *dest, int pe), (dest, pe)) \
    FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_inc, (shmem_ctx_##N##_atomic_fetch_inc), (shmem_ctx_t ctx, TYPE *dest, int pe), (ctx, dest, pe))
#define FABSHMEMI_CPP_ATOMIC_INC(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_inc, (shmem_##N##_atomic_inc), (TYPE *dest, int pe), (dest, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_inc, (shmem_ctx_##N##_atomic_inc), (shmem_ctx_t ctx, TYPE *dest, int pe), (ctx, dest, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_ADD(N, TYPE) FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_add, (shmem_##N##_atomic_fetch_add), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_add, (shmem_ctx_##N##_atomic_fetch_add), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_ADD(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_add, (shmem_##N##_atomic_add), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_add, (shmem_ctx_##N##_atomic_add), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_AND(N, TYPE) FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_and, (shmem_##N##_atomic_fetch_and), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_and, (shmem_ctx_##N##_atomic_fetch_and), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_AND(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_and, (shmem_##N##_atomic_and), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_and, (shmem_ctx_##N##_atomic_and), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_OR(N, TYPE) FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_or, (shmem_##N##_atomic_fetch_or), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_or, (shmem_ctx_##N##_atomic_fetch_or), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_OR(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_or, (shmem_##N##_atomic_or), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_or, (shmem_ctx_##N##_atomic_or), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_XOR(N, TYPE) FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_xor, (shmem_##N##_atomic_fetch_xor), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(TYPE, shmem_atomic_fetch_xor, (shmem_ctx_##N##_atomic_fetch_xor), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_XOR(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_xor, (shmem_##N##_atomic_xor), (TYPE *dest, TYPE value, int pe), (dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_xor, (shmem_ctx_##N##_atomic_xor), (shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe), (ctx, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_nbi, (shmem_##N##_atomic_fetch_nbi), (TYPE *fetch, const TYPE *source, int pe), (fetch, source, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_nbi, (shmem_ctx_##N##_atomic_fetch_nbi), (shmem_ctx_t ctx, TYPE *fetch, const TYPE *source, int pe), (ctx, fetch, source, pe))
#define FABSHMEMI_CPP_ATOMIC_SWAP_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_swap_nbi, (shmem_##N##_atomic_swap_nbi), (TYPE *fetch, TYPE *dest, TYPE value, int pe), (fetch, dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_swap_nbi, (shmem_ctx_##N##_atomic_swap_nbi), (shmem_ctx_t ctx, TYPE *fetch, TYPE *dest, TYPE value, int pe), (ctx, fetch, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_COMPARE_SWAP_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_compare_swap_nbi, (shmem_##N##_atomic_compare_swap_nbi), (TYPE *fetch, TYPE *dest, TYPE cond, TYPE value, int pe), (fetch, dest, cond, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_compare_swap_nbi, (shmem_ctx_##N##_atomic_compare_swap_nbi), (shmem_ctx_t ctx, TYPE *fetch, TYPE *dest, TYPE cond, TYPE value, int pe), (ctx, fetch, dest, cond, value, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_INC_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_inc_nbi, (shmem_##N##_atomic_fetch_inc_nbi), (TYPE *fetch, TYPE *dest, int pe), (fetch, dest, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_inc_nbi, (shmem_ctx_##N##_atomic_fetch_inc_nbi), (shmem_ctx_t ctx, TYPE *fetch, TYPE *dest, int pe), (ctx, fetch, dest, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_ADD_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_add_nbi, (shmem_##N##_atomic_fetch_add_nbi), (TYPE *fetch, TYPE *dest, TYPE value, int pe), (fetch, dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_add_nbi, (shmem_ctx_##N##_atomic_fetch_add_nbi), (shmem_ctx_t ctx, TYPE *fetch, TYPE *dest, TYPE value, int pe), (ctx, fetch, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_AND_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_and_nbi, (shmem_##N##_atomic_fetch_and_nbi), (TYPE *fetch, TYPE *dest, TYPE value, int pe), (fetch, dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_and_nbi, (shmem_ctx_##N##_atomic_fetch_and_nbi), (shmem_ctx_t ctx, TYPE *fetch, TYPE *dest, TYPE value, int pe), (ctx, fetch, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_OR_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_or_nbi, (shmem_##N##_atomic_fetch_or_nbi), (TYPE *fetch, TYPE *dest, TYPE value, int pe), (fetch, dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_or_nbi, (shmem_ctx_##N##_atomic_fetch_or_nbi), (shmem_ctx_t ctx, TYPE *fetch, TYPE *dest, TYPE value, int pe), (ctx, fetch, dest, value, pe))
#define FABSHMEMI_CPP_ATOMIC_FETCH_XOR_NBI(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_xor_nbi, (shmem_##N##_atomic_fetch_xor_nbi), (TYPE *fetch, TYPE *dest, TYPE value, int pe), (fetch, dest, value, pe)) \
    FABSHMEMI_OVERLOAD(void, shmem_atomic_fetch_xor_nbi, (shmem_ctx_##N##_atomic_fetch_xor_nbi), (shmem_ctx_t ctx, TYPE *fetch, TYPE *dest, TYPE value, int pe), (ctx, fetch, dest, value, pe))
#define FABSHMEMI_CPP_WAIT_UNTIL(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_wait_until, (shmem_##N##_wait_until), (TYPE *ivar, int cmp, TYPE cmp_value), (ivar, cmp, cmp_value))
#define FABSHMEMI_CPP_WAIT_UNTIL_ALL(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_wait_until_all, (shmem_##N##_wait_until_all), (TYPE *ivars, size_t nelems, const int *status, int cmp, TYPE cmp_value), (ivars, nelems, status, cmp, cmp_value))
#define FABSHMEMI_CPP_WAIT_UNTIL_ANY(N, TYPE) FABSHMEMI_OVERLOAD(size_t, shmem_wait_until_any, (shmem_##N##_wait_until_any), (TYPE *ivars, size_t nelems, const int *status, int cmp, TYPE cmp_value), (ivars, nelems, status, cmp, cmp_value))
#define FABSHMEMI_CPP_WAIT_UNTIL_SOME(N, TYPE) FABSHMEMI_OVERLOAD(size_t, shmem_wait_until_some, (shmem_##N##_wait_until_some), (TYPE *ivars, size_t nelems, size_t *indices, const int *status, int cmp, TYPE cmp_value), (ivars, nelems, indices, status, cmp, cmp_value))
#define FABSHMEMI_CPP_WAIT_UNTIL_ALL_VECTOR(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_wait_until_all_vector, (shmem_##N##_wait_until_all_vector), (TYPE *ivars, size_t nelems, const int *status, int cmp, TYPE *cmp_values), (ivars, nelems, status, cmp, cmp_values))
#define FABSHMEMI_CPP_WAIT_UNTIL_ANY_VECTOR(N, TYPE) FABSHMEMI_OVERLOAD(size_t, shmem_wait_until_any_vector, (shmem_##N##_wait_until_any_vector), (TYPE *ivars, size_t nelems, const int *status, int cmp, TYPE *cmp_values), (ivars, nelems, status, cmp, cmp_values))
#define FABSHMEMI_CPP_WAIT_UNTIL_SOME_VECTOR(N, TYPE) FABSHMEMI_OVERLOAD(size_t, shmem_wait_until_some_vector, (shmem_##N##_wait_until_some_vector), (TYPE *ivars, size_t nelems, size_t *indices, const int *status, int cmp, TYPE *cmp_values), (ivars, nelems, indices, status, cmp, cmp_values))
#define FABSHMEMI_CPP_TEST(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_test, (shmem_##N##_test), (TYPE *ivar, int cmp, TYPE cmp_value), (ivar, cmp, cmp_value))
#define FABSHMEMI_CPP_TEST_ALL(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_test_all, (shmem_##N##_test_all), (TYPE *ivars, size_t nelems, const int *status, int cmp, TYPE cmp_value), (ivars, nelems, status, cmp, cmp_value))
#define FABSHMEMI_CPP_TEST_ANY(N, TYPE) FABSHMEMI_OVERLOAD(size_t, shmem_test_any, (shmem_##N##_test_any), (TYPE *ivars, size_t nelems, const int *status, int cmp, TYPE cmp_value), (ivars, nelems, status, cmp, cmp_value))
#define FABSHMEMI_CPP_TEST_SOME(N, TYPE) FABSHMEMI_OVERLOAD(size_t, shmem_test_some, (shmem_##N##_test_some), (TYPE *ivars, size_t nelems, size_t *indices, const int *status, int cmp, TYPE cmp_value), (ivars, nelems, indices, status, cmp, cmp_value))
#define FABSHMEMI_CPP_TEST_ALL_VECTOR(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_test_all_vector, (shmem_##N##_test_all_vector), (TYPE *ivars, size_t nelems, const int *status, int cmp, TYPE *cmp_values), (ivars, nelems, status, cmp, cmp_values))
#define FABSHMEMI_CPP_TEST_ANY_VECTOR(N, TYPE) FABSHMEMI_OVERLOAD(size_t, shmem_test_any_vector, (shmem_##N##_test_any_vector), (TYPE *ivars, size_t nelems, const int *status, int cmp, TYPE *cmp_values), (ivars, nelems, status, cmp, cmp_values))
#define FABSHMEMI_CPP_TEST_SOME_VECTOR(N, TYPE) FABSHMEMI_OVERLOAD(size_t, shmem_test_some_vector, (shmem_##N##_test_some_vector), (TYPE *ivars, size_t nelems, size_t *indices, const int *status, int cmp, TYPE *cmp_values), (ivars, nelems, indices, status, cmp, cmp_values))
#define FABSHMEMI_CPP_WAIT(N, TYPE) FABSHMEMI_OVERLOAD(void, shmem_wait, (shmem_##N##_wait), (TYPE *ivar, TYPE cmp_value), (ivar, cmp_value))
#define FABSHMEMI_CPP_AND_REDUCE(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_and_reduce, (shmem_##N##_and_reduce), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce), (team, dest, source, nreduce))
#define FABSHMEMI_CPP_OR_REDUCE(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_or_reduce, (shmem_##N##_or_reduce), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce), (team, dest, source, nreduce))
#define FABSHMEMI_CPP_XOR_REDUCE(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_xor_reduce, (shmem_##N##_xor_reduce), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce), (team, dest, source, nreduce))
#define FABSHMEMI_CPP_MIN_REDUCE(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_min_reduce, (shmem_##N##_min_reduce), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce), (team, dest, source, nreduce))
#define FABSHMEMI_CPP_MAX_REDUCE(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_max_reduce, (shmem_##N##_max_reduce), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce), (team, dest, source, nreduce))
#define FABSHMEMI_CPP_SUM_REDUCE(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_sum_reduce, (shmem_##N##_sum_reduce), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce), (team, dest, source, nreduce))
#define FABSHMEMI_CPP_PROD_REDUCE(N, TYPE) FABSHMEMI_OVERLOAD(int, shmem_prod_reduce, (shmem_##N##_prod_reduce), (shmem_team_t team, TYPE *dest, const TYPE *source, size_t nreduce), (team, dest, source, nreduce))

FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_PUT)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_GET)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_PUT_NBI)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_GET_NBI)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_P)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_G)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_IPUT)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_IGET)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_PUT_SIGNAL)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_PUT_SIGNAL_NBI)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_BROADCAST)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_COLLECT)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_FCOLLECT)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_ALLTOALL)
FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEMI_CPP_ALLTOALLS)
FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH)
FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_SET)
FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_SWAP)
FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_COMPARE_SWAP)
FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_INC)
FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_INC)
FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_ADD)
FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_ADD)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_AND)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_AND)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_OR)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_OR)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_XOR)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_XOR)
FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_NBI)
/* OpenSHMEM 1.3's generic atomics, deprecated since 1.4 (no context form) */
#define FABSHMEMI_CPP_DEPRECATED_AMO(N, TYPE)                                                                         \
    FABSHMEMI_OVERLOAD(void, shmem_add, (shmem_##N##_add), (TYPE *dest, TYPE value, int pe), (dest, value, pe))       \
    FABSHMEMI_OVERLOAD(void, shmem_inc, (shmem_##N##_inc), (TYPE *dest, int pe), (dest, pe))                          \
    FABSHMEMI_OVERLOAD(TYPE, shmem_fadd, (shmem_##N##_fadd), (TYPE *dest, TYPE value, int pe), (dest, value, pe))     \
    FABSHMEMI_OVERLOAD(TYPE, shmem_finc, (shmem_##N##_finc), (TYPE *dest, int pe), (dest, pe))                        \
    FABSHMEMI_OVERLOAD(TYPE, shmem_cswap, (shmem_##N##_cswap), (TYPE *dest, TYPE cond, TYPE value, int pe), (dest, cond, value, pe))
#define FABSHMEMI_CPP_DEPRECATED_EXTENDED_AMO(N, TYPE)                                                                \
    FABSHMEMI_OVERLOAD(TYPE, shmem_fetch, (shmem_##N##_fetch), (const TYPE *source, int pe), (source, pe))            \
    FABSHMEMI_OVERLOAD(void, shmem_set, (shmem_##N##_set), (TYPE *dest, TYPE value, int pe), (dest, value, pe))       \
    FABSHMEMI_OVERLOAD(TYPE, shmem_swap, (shmem_##N##_swap), (TYPE *dest, TYPE value, int pe), (dest, value, pe))
FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(FABSHMEMI_CPP_DEPRECATED_AMO)
FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE(FABSHMEMI_CPP_DEPRECATED_EXTENDED_AMO)
FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_SWAP_NBI)
FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_COMPARE_SWAP_NBI)
FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_INC_NBI)
FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_ADD_NBI)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_AND_NBI)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_OR_NBI)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEMI_CPP_ATOMIC_FETCH_XOR_NBI)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_WAIT_UNTIL)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_WAIT_UNTIL_ALL)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_WAIT_UNTIL_ANY)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_WAIT_UNTIL_SOME)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_WAIT_UNTIL_ALL_VECTOR)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_WAIT_UNTIL_ANY_VECTOR)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_WAIT_UNTIL_SOME_VECTOR)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_TEST)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_TEST_ALL)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_TEST_ANY)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_TEST_SOME)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_TEST_ALL_VECTOR)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_TEST_ANY_VECTOR)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_TEST_SOME_VECTOR)
FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE(FABSHMEMI_CPP_WAIT)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_REDUCE_TYPE(FABSHMEMI_CPP_AND_REDUCE)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_REDUCE_TYPE(FABSHMEMI_CPP_OR_REDUCE)
FABSHMEM_FOR_EACH_GENERIC_BITWISE_REDUCE_TYPE(FABSHMEMI_CPP_XOR_REDUCE)
FABSHMEM_FOR_EACH_GENERIC_ARITH_REDUCE_TYPE(FABSHMEMI_CPP_MIN_REDUCE)
FABSHMEM_FOR_EACH_GENERIC_ARITH_REDUCE_TYPE(FABSHMEMI_CPP_MAX_REDUCE)
FABSHMEM_FOR_EACH_GENERIC_ARITH_REDUCE_TYPE(FABSHMEMI_CPP_SUM_REDUCE)
FABSHMEM_FOR_EACH_GENERIC_ARITH_REDUCE_TYPE(FABSHMEMI_CPP_PROD_REDUCE)

#undef FABSHMEMI_CPP_PUT
#undef FABSHMEMI_CPP_GET
#undef FABSHMEMI_CPP_PUT_NBI
#undef FABSHMEMI_CPP_GET_NBI
#undef FABSHMEMI_CPP_P
#undef FABSHMEMI_CPP_G
#undef FABSHMEMI_CPP_IPUT
#undef FABSHMEMI_CPP_IGET
#undef FABSHMEMI_CPP_PUT_SIGNAL
#undef FABSHMEMI_CPP_PUT_SIGNAL_NBI
#undef FABSHMEMI_CPP_BROADCAST
#undef FABSHMEMI_CPP_COLLECT
#undef FABSHMEMI_CPP_FCOLLECT
#undef FABSHMEMI_CPP_ALLTOALL
#undef FABSHMEMI_CPP_ALLTOALLS
#undef FABSHMEMI_CPP_ATOMIC_FETCH
#undef FABSHMEMI_CPP_ATOMIC_SET
#undef FABSHMEMI_CPP_ATOMIC_SWAP
#undef FABSHMEMI_CPP_ATOMIC_COMPARE_SWAP
#undef FABSHMEMI_CPP_ATOMIC_FETCH_INC
#undef FABSHMEMI_CPP_ATOMIC_INC
#undef FABSHMEMI_CPP_ATOMIC_FETCH_ADD
#undef FABSHMEMI_CPP_ATOMIC_ADD
#undef FABSHMEMI_CPP_ATOMIC_FETCH_AND
#undef FABSHMEMI_CPP_ATOMIC_AND
#undef FABSHMEMI_CPP_ATOMIC_FETCH_OR
#undef FABSHMEMI_CPP_ATOMIC_OR
#undef FABSHMEMI_CPP_ATOMIC_FETCH_XOR
#undef FABSHMEMI_CPP_ATOMIC_XOR
#undef FABSHMEMI_CPP_ATOMIC_FETCH_NBI
#undef FABSHMEMI_CPP_ATOMIC_SWAP_NBI
#undef FABSHMEMI_CPP_ATOMIC_COMPARE_SWAP_NBI
#undef FABSHMEMI_CPP_ATOMIC_FETCH_INC_NBI
#undef FABSHMEMI_CPP_ATOMIC_FETCH_ADD_NBI
#undef FABSHMEMI_CPP_ATOMIC_FETCH_AND_NBI
#undef FABSHMEMI_CPP_ATOMIC_FETCH_OR_NBI
#undef FABSHMEMI_CPP_ATOMIC_FETCH_XOR_NBI
#undef FABSHMEMI_CPP_WAIT_UNTIL
#undef FABSHMEMI_CPP_WAIT_UNTIL_ALL
#undef FABSHMEMI_CPP_WAIT_UNTIL_ANY
#undef FABSHMEMI_CPP_WAIT_UNTIL_SOME
#undef FABSHMEMI_CPP_WAIT_UNTIL_ALL_VECTOR
#undef FABSHMEMI_CPP_WAIT_UNTIL_ANY_VECTOR
#undef FABSHMEMI_CPP_WAIT_UNTIL_SOME_VECTOR
#undef FABSHMEMI_CPP_TEST
#undef FABSHMEMI_CPP_TEST_ALL
#undef FABSHMEMI_CPP_TEST_ANY
#undef FABSHMEMI_CPP_TEST_SOME
#undef FABSHMEMI_CPP_TEST_ALL_VECTOR
#undef FABSHMEMI_CPP_TEST_ANY_VECTOR
#undef FABSHMEMI_CPP_TEST_SOME_VECTOR
#undef FABSHMEMI_CPP_WAIT
#undef FABSHMEMI_CPP_AND_REDUCE
#undef FABSHMEMI_CPP_OR_REDUCE
#undef FABSHMEMI_CPP_XOR_REDUCE
#undef FABSHMEMI_CPP_MIN_REDUCE
#undef FABSHMEMI_CPP_MAX_REDUCE
#undef FABSHMEMI_CPP_SUM_REDUCE
#undef FABSHMEMI_CPP_PROD_REDUCE
#undef FABSHMEMI_OVERLOAD
/* The team form of shmem_sync beside the legacy active-set one. */
inline int shmem_sync(shmem_team_t team) { return shmem_team_sync(team); }

#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

/* What a call with an argument no typed routine takes selects: a compile-time error. Declared
 * without a prototype, so that any call reaches the error; programs built with
 * -Wstrict-prototypes -Werror must not fail on it. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
void fabshmemi_generic_no_such_type() __attribute__((error("no OpenSHMEM routine takes this argument type")));
#pragma GCC diagnostic pop
#define FABSHMEMI_ARG1(a, ...) a
#define FABSHMEMI_ARG2(a, b, ...) b
/* The typed routine for pointer ARG among FAMILY's types: shmem_<name>_OP. */
#define FABSHMEMI_SELECT(ARG, FAMILY, OP) \
    _Generic((ARG), FAMILY(FABSHMEMI_ASSOC_##OP) default: fabshmemi_generic_no_such_type)
/* The same, or shmem_ctx_<name>_OP when the first argument is a context. */
#define FABSHMEMI_SELECT_CTX(FAMILY, OP, ...)                                                           \
    _Generic(FABSHMEMI_ARG1(__VA_ARGS__, 0),                                                            \
             shmem_ctx_t: FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FAMILY, ctx_##OP),        \
             default: FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FAMILY, OP))
#define FABSHMEMI_ASSOC(TYPE, FN) TYPE *: FN, const TYPE *: FN,

#define FABSHMEMI_ASSOC_put(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_put)
#define FABSHMEMI_ASSOC_ctx_put(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_put)
#define FABSHMEMI_ASSOC_get(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_get)
#define FABSHMEMI_ASSOC_ctx_get(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_get)
#define FABSHMEMI_ASSOC_put_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_put_nbi)
#define FABSHMEMI_ASSOC_ctx_put_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_put_nbi)
#define FABSHMEMI_ASSOC_get_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_get_nbi)
#define FABSHMEMI_ASSOC_ctx_get_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_get_nbi)
#define FABSHMEMI_ASSOC_p(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_p)
#define FABSHMEMI_ASSOC_ctx_p(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_p)
#define FABSHMEMI_ASSOC_g(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_g)
#define FABSHMEMI_ASSOC_ctx_g(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_g)
#define FABSHMEMI_ASSOC_iput(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_iput)
#define FABSHMEMI_ASSOC_ctx_iput(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_iput)
#define FABSHMEMI_ASSOC_iget(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_iget)
#define FABSHMEMI_ASSOC_ctx_iget(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_iget)
#define FABSHMEMI_ASSOC_put_signal(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_put_signal)
#define FABSHMEMI_ASSOC_ctx_put_signal(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_put_signal)
#define FABSHMEMI_ASSOC_put_signal_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_put_signal_nbi)
#define FABSHMEMI_ASSOC_ctx_put_signal_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_put_signal_nbi)
#define FABSHMEMI_ASSOC_broadcast(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_broadcast)
#define FABSHMEMI_ASSOC_collect(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_collect)
#define FABSHMEMI_ASSOC_fcollect(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_fcollect)
#define FABSHMEMI_ASSOC_alltoall(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_alltoall)
#define FABSHMEMI_ASSOC_alltoalls(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_alltoalls)
#define FABSHMEMI_ASSOC_atomic_fetch(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch)
#define FABSHMEMI_ASSOC_atomic_set(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_set)
#define FABSHMEMI_ASSOC_ctx_atomic_set(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_set)
#define FABSHMEMI_ASSOC_atomic_swap(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_swap)
#define FABSHMEMI_ASSOC_ctx_atomic_swap(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_swap)
#define FABSHMEMI_ASSOC_atomic_compare_swap(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_compare_swap)
#define FABSHMEMI_ASSOC_ctx_atomic_compare_swap(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_compare_swap)
#define FABSHMEMI_ASSOC_atomic_fetch_inc(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_inc)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_inc(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_inc)
#define FABSHMEMI_ASSOC_atomic_inc(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_inc)
#define FABSHMEMI_ASSOC_ctx_atomic_inc(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_inc)
#define FABSHMEMI_ASSOC_atomic_fetch_add(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_add)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_add(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_add)
#define FABSHMEMI_ASSOC_atomic_add(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_add)
#define FABSHMEMI_ASSOC_ctx_atomic_add(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_add)
#define FABSHMEMI_ASSOC_atomic_fetch_and(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_and)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_and(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_and)
#define FABSHMEMI_ASSOC_atomic_and(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_and)
#define FABSHMEMI_ASSOC_ctx_atomic_and(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_and)
#define FABSHMEMI_ASSOC_atomic_fetch_or(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_or)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_or(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_or)
#define FABSHMEMI_ASSOC_atomic_or(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_or)
#define FABSHMEMI_ASSOC_ctx_atomic_or(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_or)
#define FABSHMEMI_ASSOC_atomic_fetch_xor(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_xor)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_xor(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_xor)
#define FABSHMEMI_ASSOC_atomic_xor(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_xor)
#define FABSHMEMI_ASSOC_ctx_atomic_xor(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_xor)
#define FABSHMEMI_ASSOC_atomic_fetch_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_nbi)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_nbi)
#define FABSHMEMI_ASSOC_atomic_swap_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_swap_nbi)
#define FABSHMEMI_ASSOC_ctx_atomic_swap_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_swap_nbi)
#define FABSHMEMI_ASSOC_atomic_compare_swap_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_compare_swap_nbi)
#define FABSHMEMI_ASSOC_ctx_atomic_compare_swap_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_compare_swap_nbi)
#define FABSHMEMI_ASSOC_atomic_fetch_inc_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_inc_nbi)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_inc_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_inc_nbi)
#define FABSHMEMI_ASSOC_atomic_fetch_add_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_add_nbi)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_add_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_add_nbi)
#define FABSHMEMI_ASSOC_atomic_fetch_and_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_and_nbi)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_and_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_and_nbi)
#define FABSHMEMI_ASSOC_atomic_fetch_or_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_or_nbi)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_or_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_or_nbi)
#define FABSHMEMI_ASSOC_atomic_fetch_xor_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_atomic_fetch_xor_nbi)
#define FABSHMEMI_ASSOC_ctx_atomic_fetch_xor_nbi(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_ctx_##N##_atomic_fetch_xor_nbi)
#define FABSHMEMI_ASSOC_wait_until(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_wait_until)
#define FABSHMEMI_ASSOC_wait_until_all(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_wait_until_all)
#define FABSHMEMI_ASSOC_wait_until_any(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_wait_until_any)
#define FABSHMEMI_ASSOC_wait_until_some(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_wait_until_some)
#define FABSHMEMI_ASSOC_wait_until_all_vector(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_wait_until_all_vector)
#define FABSHMEMI_ASSOC_wait_until_any_vector(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_wait_until_any_vector)
#define FABSHMEMI_ASSOC_wait_until_some_vector(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_wait_until_some_vector)
#define FABSHMEMI_ASSOC_test(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_test)
#define FABSHMEMI_ASSOC_test_all(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_test_all)
#define FABSHMEMI_ASSOC_test_any(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_test_any)
#define FABSHMEMI_ASSOC_test_some(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_test_some)
#define FABSHMEMI_ASSOC_test_all_vector(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_test_all_vector)
#define FABSHMEMI_ASSOC_test_any_vector(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_test_any_vector)
#define FABSHMEMI_ASSOC_test_some_vector(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_test_some_vector)
#define FABSHMEMI_ASSOC_wait(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_wait)
#define FABSHMEMI_ASSOC_and_reduce(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_and_reduce)
#define FABSHMEMI_ASSOC_or_reduce(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_or_reduce)
#define FABSHMEMI_ASSOC_xor_reduce(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_xor_reduce)
#define FABSHMEMI_ASSOC_min_reduce(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_min_reduce)
#define FABSHMEMI_ASSOC_max_reduce(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_max_reduce)
#define FABSHMEMI_ASSOC_sum_reduce(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_sum_reduce)
#define FABSHMEMI_ASSOC_prod_reduce(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_prod_reduce)

#define shmem_put(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, put, __VA_ARGS__)(__VA_ARGS__)
#define shmem_get(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, get, __VA_ARGS__)(__VA_ARGS__)
#define shmem_put_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, put_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_get_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, get_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_p(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, p, __VA_ARGS__)(__VA_ARGS__)
#define shmem_g(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, g, __VA_ARGS__)(__VA_ARGS__)
#define shmem_iput(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, iput, __VA_ARGS__)(__VA_ARGS__)
#define shmem_iget(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, iget, __VA_ARGS__)(__VA_ARGS__)
#define shmem_put_signal(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, put_signal, __VA_ARGS__)(__VA_ARGS__)
#define shmem_put_signal_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, put_signal_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_broadcast(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, broadcast)(__VA_ARGS__)
#define shmem_collect(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, collect)(__VA_ARGS__)
#define shmem_fcollect(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, fcollect)(__VA_ARGS__)
#define shmem_alltoall(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, alltoall)(__VA_ARGS__)
#define shmem_alltoalls(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE, alltoalls)(__VA_ARGS__)
#define shmem_atomic_fetch(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE, atomic_fetch, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_set(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE, atomic_set, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_swap(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE, atomic_swap, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_compare_swap(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, atomic_compare_swap, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_inc(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, atomic_fetch_inc, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_inc(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, atomic_inc, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_add(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, atomic_fetch_add, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_add(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, atomic_add, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_and(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE, atomic_fetch_and, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_and(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE, atomic_and, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_or(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE, atomic_fetch_or, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_or(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE, atomic_or, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_xor(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE, atomic_fetch_xor, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_xor(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE, atomic_xor, __VA_ARGS__)(__VA_ARGS__)
/* OpenSHMEM 1.3's generic atomics, deprecated since 1.4 (no context form) */
#define FABSHMEMI_ASSOC_add(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_add)
#define FABSHMEMI_ASSOC_inc(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_inc)
#define FABSHMEMI_ASSOC_fadd(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_fadd)
#define FABSHMEMI_ASSOC_finc(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_finc)
#define FABSHMEMI_ASSOC_cswap(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_cswap)
#define FABSHMEMI_ASSOC_fetch(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_fetch)
#define FABSHMEMI_ASSOC_set(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_set)
#define FABSHMEMI_ASSOC_swap(N, TYPE) FABSHMEMI_ASSOC(TYPE, shmem_##N##_swap)
#define shmem_add(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, add)(__VA_ARGS__)
#define shmem_inc(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, inc)(__VA_ARGS__)
#define shmem_fadd(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, fadd)(__VA_ARGS__)
#define shmem_finc(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, finc)(__VA_ARGS__)
#define shmem_cswap(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, cswap)(__VA_ARGS__)
#define shmem_fetch(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE, fetch)(__VA_ARGS__)
#define shmem_set(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE, set)(__VA_ARGS__)
#define shmem_swap(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE, swap)(__VA_ARGS__)
#define shmem_atomic_fetch_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE, atomic_fetch_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_swap_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_EXTENDED_AMO_TYPE, atomic_swap_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, atomic_compare_swap_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, atomic_fetch_inc_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_AMO_TYPE, atomic_fetch_add_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE, atomic_fetch_and_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE, atomic_fetch_or_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...) FABSHMEMI_SELECT_CTX(FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE, atomic_fetch_xor_nbi, __VA_ARGS__)(__VA_ARGS__)
#define shmem_wait_until(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, wait_until)(__VA_ARGS__)
#define shmem_wait_until_all(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, wait_until_all)(__VA_ARGS__)
#define shmem_wait_until_any(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, wait_until_any)(__VA_ARGS__)
#define shmem_wait_until_some(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, wait_until_some)(__VA_ARGS__)
#define shmem_wait_until_all_vector(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, wait_until_all_vector)(__VA_ARGS__)
#define shmem_wait_until_any_vector(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, wait_until_any_vector)(__VA_ARGS__)
#define shmem_wait_until_some_vector(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, wait_until_some_vector)(__VA_ARGS__)
#define shmem_test(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, test)(__VA_ARGS__)
#define shmem_test_all(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, test_all)(__VA_ARGS__)
#define shmem_test_any(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, test_any)(__VA_ARGS__)
#define shmem_test_some(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, test_some)(__VA_ARGS__)
#define shmem_test_all_vector(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, test_all_vector)(__VA_ARGS__)
#define shmem_test_any_vector(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, test_any_vector)(__VA_ARGS__)
#define shmem_test_some_vector(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, test_some_vector)(__VA_ARGS__)
/* The deprecated shmem_wait(ivar, value): wait until *ivar differs from value. */
#define shmem_wait(...) FABSHMEMI_SELECT(FABSHMEMI_ARG1(__VA_ARGS__, 0), FABSHMEM_FOR_EACH_GENERIC_SYNC_TYPE, wait)(__VA_ARGS__)
#define shmem_and_reduce(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_BITWISE_REDUCE_TYPE, and_reduce)(__VA_ARGS__)
#define shmem_or_reduce(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_BITWISE_REDUCE_TYPE, or_reduce)(__VA_ARGS__)
#define shmem_xor_reduce(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_BITWISE_REDUCE_TYPE, xor_reduce)(__VA_ARGS__)
#define shmem_min_reduce(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_ARITH_REDUCE_TYPE, min_reduce)(__VA_ARGS__)
#define shmem_max_reduce(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEM_FOR_EACH_GENERIC_ARITH_REDUCE_TYPE, max_reduce)(__VA_ARGS__)
/* Sums and products take the complex types too. */
#define FABSHMEMI_GENERIC_SUM_PROD_TYPES(X) \
    FABSHMEM_FOR_EACH_GENERIC_ARITH_REDUCE_TYPE(X) X(complexf, float _Complex) X(complexd, double _Complex)
#define shmem_sum_reduce(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEMI_GENERIC_SUM_PROD_TYPES, sum_reduce)(__VA_ARGS__)
#define shmem_prod_reduce(...) FABSHMEMI_SELECT(FABSHMEMI_ARG2(__VA_ARGS__, 0, 0), FABSHMEMI_GENERIC_SUM_PROD_TYPES, prod_reduce)(__VA_ARGS__)

/* shmem_sync(team) is the team form; with four arguments, the legacy active-set one. */
#define FABSHMEMI_SYNC_PICK(_1, _2, _3, _4, NAME, ...) NAME
#define shmem_sync(...) \
    FABSHMEMI_SYNC_PICK(__VA_ARGS__, (shmem_sync), ~, ~, shmem_team_sync, ~)(__VA_ARGS__)

#endif
#endif

