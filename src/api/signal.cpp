// Put with signal, and point-to-point synchronization: waiting on and testing this PE's own
// symmetric words while other PEs update them. Waits drive progress (they poll the fabric),
// so a PE waiting here still serves its peers.
#include <cstring>

#include "activity.h"
#include "heap_copy.h"
#include "log.h"
#include "nvshmem.h"
#include "runtime.h"

using namespace fabshmem;

namespace {

// The current value of a word of this PE's memory that other PEs may be changing.
template <class T>
T load(Runtime &rt, const T *address) {
    if (in_gpu_symmetric_memory(rt, address, sizeof(T))) {
        T value;
        heap_copy(true, &value, address, sizeof value);
        return value;
    }
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

template <class T>
bool compares(const char *function, T value, int cmp, T against) {
    switch (cmp) {
    case NVSHMEM_CMP_EQ: return value == against;
    case NVSHMEM_CMP_NE: return value != against;
    case NVSHMEM_CMP_GT: return value > against;
    case NVSHMEM_CMP_LE: return value <= against;
    case NVSHMEM_CMP_LT: return value < against;
    case NVSHMEM_CMP_GE: return value >= against;
    }
    fatal("%s: %d is not a comparison; pass NVSHMEM_CMP_EQ, _NE, _GT, _LE, _LT or _GE", function, cmp);
}

void check_local(const char *function, const void *address, size_t count) {
    if (count && !address) fatal("%s: the address of the variables is NULL", function);
}

void put_with_signal(const char *function, void *dest, const void *source, size_t bytes,
                     uint64_t *sig_addr, uint64_t signal, int sig_op, int pe, bool blocking) {
    Runtime &rt = runtime_for(function);
    if (sig_op != NVSHMEM_SIGNAL_SET && sig_op != NVSHMEM_SIGNAL_ADD)
        fatal("%s: signal operation %d is neither NVSHMEM_SIGNAL_SET nor NVSHMEM_SIGNAL_ADD", function, sig_op);
    size_t offset = checked_remote_offset(rt, function, dest, bytes, pe, source);
    checked_remote_offset(rt, function, sig_addr, sizeof *sig_addr, pe, &signal);
    {
        ActivityScope activity(blocking ? "in a blocking put with signal to" : "in a non-blocking put with signal to", pe);
        if (bytes) rt.route(pe).put(offset, source, bytes, pe, blocking);
        rt.route(pe).fence();  // the data before the signal
    }
    // The signal is complete at the next quiet, as the data is (a non-fetching atomic: over a
    // fabric no round trip of its own).
    atomic_nbi_on(function, sig_op == NVSHMEM_SIGNAL_SET ? AtomicOp::write : AtomicOp::add, sizeof signal,
                  sig_addr, signal, pe);
}

// Which elements a wait or test is about: all of them, any one, or some (every one that
// satisfies the comparison when it returns).
enum class Want { all, any, some };

// Waits (`block`) or looks once until the elements that `status` does not exclude satisfy
// the comparison as `want` says. Returns: all: 1 if they all do (also when none is a
// candidate); any: the index of one, or SIZE_MAX; some: how many, their indices in `indices`.
template <class T, class Against>
size_t wait_for_elements(const char *function, T *ivars, size_t nelems, const int *status,
                         size_t *indices, int cmp, Against against, Want want, bool block) {
    Runtime &rt = runtime_for(function);
    check_local(function, ivars, nelems);
    size_t candidates = 0;
    for (size_t i = 0; i < nelems; ++i) candidates += !(status && status[i]);
    if (candidates == 0) return want == Want::all ? 1 : want == Want::any ? SIZE_MAX : 0;
    size_t satisfied = 0, first = SIZE_MAX;
    // any and some start where the last call of this thread left off, so a program that
    // calls them until it has seen every index sees each, not only the lowest one ready.
    static thread_local size_t rotation = 0;
    size_t start = rotation % nelems;
    auto scan = [&] {
        satisfied = 0;
        first = SIZE_MAX;
        for (size_t k = 0; k < nelems; ++k) {
            size_t i = want == Want::all ? k : (start + k) % nelems;
            if ((status && status[i]) || !compares(function, load(rt, &ivars[i]), cmp, against(i))) continue;
            if (first == SIZE_MAX) first = i;
            if (indices && want == Want::some) indices[satisfied] = i;
            ++satisfied;
        }
        return want == Want::all ? satisfied == candidates : satisfied > 0;
    };
    bool done;
    if (block) {
        ActivityScope activity("in a wait_until on its own variables");
        progress_until(rt, scan);
        done = true;
    } else {
        done = scan();
    }
    if (want == Want::all) return done ? 1 : 0;
    if (satisfied) rotation = first + 1;
    if (want == Want::any) return first;
    return satisfied;
}

}  // namespace

extern "C" {

// nvshmem_BASE and nvshmem_BASE_nbi, for elements of SIZE bytes.
#define FABSHMEM_DEFINE_PUT_SIGNAL(BASE, ELEMENT, SIZE)                                            \
    void nvshmem_##BASE(ELEMENT *dest, const ELEMENT *source, size_t nelems, uint64_t *sig_addr,  \
                        uint64_t signal, int sig_op, int pe) {                                    \
        const char *fn = "nvshmem_" #BASE;                                                        \
        put_with_signal(fn, dest, source, checked_bytes(fn, nelems, SIZE), sig_addr, signal,      \
                        sig_op, pe, true);                                                        \
    }                                                                                             \
    void nvshmem_##BASE##_nbi(ELEMENT *dest, const ELEMENT *source, size_t nelems,                \
                              uint64_t *sig_addr, uint64_t signal, int sig_op, int pe) {          \
        const char *fn = "nvshmem_" #BASE "_nbi";                                                 \
        put_with_signal(fn, dest, source, checked_bytes(fn, nelems, SIZE), sig_addr, signal,      \
                        sig_op, pe, false);                                                       \
    }
#define FABSHMEM_DEFINE_TYPED_PUT_SIGNAL(NAME, TYPE) FABSHMEM_DEFINE_PUT_SIGNAL(NAME##_put_signal, TYPE, sizeof(TYPE))
#define FABSHMEM_DEFINE_SIZED_PUT_SIGNAL(BITS) FABSHMEM_DEFINE_PUT_SIGNAL(put##BITS##_signal, void, BITS / 8)
FABSHMEM_DEFINE_PUT_SIGNAL(putmem_signal, void, 1)
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DEFINE_TYPED_PUT_SIGNAL)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DEFINE_SIZED_PUT_SIGNAL)
#undef FABSHMEM_DEFINE_TYPED_PUT_SIGNAL
#undef FABSHMEM_DEFINE_SIZED_PUT_SIGNAL
#undef FABSHMEM_DEFINE_PUT_SIGNAL

void nvshmemx_signal_op(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe) {
    put_with_signal("nvshmemx_signal_op", sig_addr, nullptr, 0, sig_addr, signal, sig_op, pe, true);
}

uint64_t nvshmem_signal_fetch(const uint64_t *sig_addr) {
    Runtime &rt = runtime_for("nvshmem_signal_fetch");
    check_local("nvshmem_signal_fetch", sig_addr, 1);
    return load(rt, sig_addr);
}

uint64_t nvshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value) {
    const char *fn = "nvshmem_signal_wait_until";
    wait_for_elements(fn, sig_addr, 1, nullptr, nullptr, cmp, [&](size_t) { return cmp_value; }, Want::all, true);
    return load(runtime_for(fn), sig_addr);
}

#define FABSHMEM_WAIT(SUFFIX, IVARS, N, STATUS, INDICES, AGAINST, WANT, BLOCK)                    \
    wait_for_elements("nvshmem_" SUFFIX, IVARS, N, STATUS, INDICES, cmp,                          \
                      [&](size_t i) { (void)i; return AGAINST; }, Want::WANT, BLOCK)
#define FABSHMEM_DEFINE_WAIT(NAME, TYPE)                                                            \
    void nvshmem_##NAME##_wait_until(TYPE *ivar, int cmp, TYPE value) {                           \
        FABSHMEM_WAIT(#NAME "_wait_until", ivar, 1, nullptr, nullptr, value, all, true);          \
    }                                                                                             \
    void nvshmem_##NAME##_wait_until_all(TYPE *ivars, size_t n, const int *status, int cmp,       \
                                         TYPE value) {                                            \
        FABSHMEM_WAIT(#NAME "_wait_until_all", ivars, n, status, nullptr, value, all, true);      \
    }                                                                                             \
    size_t nvshmem_##NAME##_wait_until_any(TYPE *ivars, size_t n, const int *status, int cmp,     \
                                           TYPE value) {                                          \
        return FABSHMEM_WAIT(#NAME "_wait_until_any", ivars, n, status, nullptr, value, any, true); \
    }                                                                                             \
    size_t nvshmem_##NAME##_wait_until_some(TYPE *ivars, size_t n, size_t *indices,               \
                                            const int *status, int cmp, TYPE value) {             \
        return FABSHMEM_WAIT(#NAME "_wait_until_some", ivars, n, status, indices, value, some, true); \
    }                                                                                             \
    void nvshmem_##NAME##_wait_until_all_vector(TYPE *ivars, size_t n, const int *status, int cmp, \
                                                TYPE *values) {                                   \
        FABSHMEM_WAIT(#NAME "_wait_until_all_vector", ivars, n, status, nullptr, values[i], all, true); \
    }                                                                                             \
    size_t nvshmem_##NAME##_wait_until_any_vector(TYPE *ivars, size_t n, const int *status,       \
                                                  int cmp, TYPE *values) {                        \
        return FABSHMEM_WAIT(#NAME "_wait_until_any_vector", ivars, n, status, nullptr, values[i], any, true); \
    }                                                                                             \
    size_t nvshmem_##NAME##_wait_until_some_vector(TYPE *ivars, size_t n, size_t *indices,        \
                                                   const int *status, int cmp, TYPE *values) {    \
        return FABSHMEM_WAIT(#NAME "_wait_until_some_vector", ivars, n, status, indices, values[i], some, true); \
    }                                                                                             \
    int nvshmem_##NAME##_test(TYPE *ivar, int cmp, TYPE value) {                                  \
        return static_cast<int>(FABSHMEM_WAIT(#NAME "_test", ivar, 1, nullptr, nullptr, value, all, false)); \
    }                                                                                             \
    int nvshmem_##NAME##_test_all(TYPE *ivars, size_t n, const int *status, int cmp, TYPE value) { \
        return static_cast<int>(FABSHMEM_WAIT(#NAME "_test_all", ivars, n, status, nullptr, value, all, false)); \
    }                                                                                             \
    size_t nvshmem_##NAME##_test_any(TYPE *ivars, size_t n, const int *status, int cmp, TYPE value) { \
        return FABSHMEM_WAIT(#NAME "_test_any", ivars, n, status, nullptr, value, any, false);    \
    }                                                                                             \
    size_t nvshmem_##NAME##_test_some(TYPE *ivars, size_t n, size_t *indices, const int *status,  \
                                      int cmp, TYPE value) {                                      \
        return FABSHMEM_WAIT(#NAME "_test_some", ivars, n, status, indices, value, some, false);  \
    }                                                                                             \
    int nvshmem_##NAME##_test_all_vector(TYPE *ivars, size_t n, const int *status, int cmp, TYPE *values) { \
        return static_cast<int>(                                                                  \
            FABSHMEM_WAIT(#NAME "_test_all_vector", ivars, n, status, nullptr, values[i], all, false)); \
    }                                                                                             \
    size_t nvshmem_##NAME##_test_any_vector(TYPE *ivars, size_t n, const int *status, int cmp, TYPE *values) { \
        return FABSHMEM_WAIT(#NAME "_test_any_vector", ivars, n, status, nullptr, values[i], any, false); \
    }                                                                                             \
    size_t nvshmem_##NAME##_test_some_vector(TYPE *ivars, size_t n, size_t *indices, const int *status, \
                                             int cmp, TYPE *values) {                             \
        return FABSHMEM_WAIT(#NAME "_test_some_vector", ivars, n, status, indices, values[i], some, false); \
    }
FABSHMEM_FOR_EACH_SYNC_TYPE(FABSHMEM_DEFINE_WAIT)
#undef FABSHMEM_DEFINE_WAIT
#undef FABSHMEM_WAIT

}  // extern "C"
