// Atomic memory operations, typed from the AMO type tables; each becomes one AtomicRequest on
// the route to the target PE (CPU atomics on this node, the fabric's atomics beyond it). All
// complete before returning, the non-fetching ones too (see providers/fabric/fabric_atomic.cpp).
#include "activity.h"
#include "log.h"
#include "nvshmem.h"
#include "runtime.h"

using namespace fabshmem;

namespace fabshmem {

namespace {

// The offset of the aligned symmetric word `dest` of `width` bytes, after every check.
size_t atomic_offset(Runtime &rt, const char *function, size_t width, void *dest, int pe, const void *local) {
    size_t offset = checked_remote_offset(rt, function, dest, width, pe, local);
    if (offset % width)
        fatal("%s: the address %p is not aligned to its %zu-byte type; atomics need an aligned "
              "symmetric word", function, dest, width);
    return offset;
}

}  // namespace

uint64_t atomic_on(const char *function, AtomicOp op, size_t width, void *dest, uint64_t operand,
                   uint64_t compare, int pe) {
    Runtime &rt = runtime_for(function);
    size_t offset = atomic_offset(rt, function, width, dest, pe, &operand);
    ActivityScope activity("in an atomic on", pe);
    return rt.route(pe).atomic(AtomicRequest{op, width, offset, operand, compare}, pe);
}

void atomic_nbi_on(const char *function, AtomicOp op, size_t width, void *dest, uint64_t operand, int pe) {
    Runtime &rt = runtime_for(function);
    size_t offset = atomic_offset(rt, function, width, dest, pe, &operand);
    ActivityScope activity("in an atomic on", pe);
    rt.route(pe).atomic_nbi(AtomicRequest{op, width, offset, operand, 0}, pe);
}

}  // namespace fabshmem

namespace {

template <class T>
T fetching(const char *function, AtomicOp op, T *dest, T value, int pe, T compare = T{}) {
    return from_bits<T>(atomic_on(function, op, sizeof(T), dest, to_bits(value), to_bits(compare), pe));
}

// Complete at the next quiet, as the specification allows (and ordered by fence).
template <class T>
void non_fetching(const char *function, AtomicOp op, T *dest, T value, int pe) {
    atomic_nbi_on(function, op, sizeof(T), dest, to_bits(value), pe);
}

}  // namespace

extern "C" {

#define FABSHMEM_DEFINE_AMO(NAME, TYPE)                                                           \
    TYPE nvshmem_##NAME##_atomic_compare_swap(TYPE *dest, TYPE cond, TYPE value, int pe) {      \
        return fetching("nvshmem_" #NAME "_atomic_compare_swap", AtomicOp::compare_swap, dest,  \
                        value, pe, cond);                                                       \
    }                                                                                           \
    TYPE nvshmem_##NAME##_atomic_fetch_inc(TYPE *dest, int pe) {                                \
        return fetching("nvshmem_" #NAME "_atomic_fetch_inc", AtomicOp::add, dest, static_cast<TYPE>(1), pe); \
    }                                                                                           \
    void nvshmem_##NAME##_atomic_inc(TYPE *dest, int pe) {                                      \
        non_fetching("nvshmem_" #NAME "_atomic_inc", AtomicOp::add, dest, static_cast<TYPE>(1), pe);         \
    }                                                                                           \
    TYPE nvshmem_##NAME##_atomic_fetch_add(TYPE *dest, TYPE value, int pe) {                    \
        return fetching("nvshmem_" #NAME "_atomic_fetch_add", AtomicOp::add, dest, value, pe);  \
    }                                                                                           \
    void nvshmem_##NAME##_atomic_add(TYPE *dest, TYPE value, int pe) {                          \
        non_fetching("nvshmem_" #NAME "_atomic_add", AtomicOp::add, dest, value, pe);           \
    }
#define FABSHMEM_DEFINE_EXTENDED_AMO(NAME, TYPE)                                                  \
    TYPE nvshmem_##NAME##_atomic_fetch(const TYPE *source, int pe) {                            \
        return fetching("nvshmem_" #NAME "_atomic_fetch", AtomicOp::read,                       \
                        const_cast<TYPE *>(source), static_cast<TYPE>(0), pe);                                \
    }                                                                                           \
    void nvshmem_##NAME##_atomic_set(TYPE *dest, TYPE value, int pe) {                          \
        non_fetching("nvshmem_" #NAME "_atomic_set", AtomicOp::write, dest, value, pe);         \
    }                                                                                           \
    TYPE nvshmem_##NAME##_atomic_swap(TYPE *dest, TYPE value, int pe) {                         \
        return fetching("nvshmem_" #NAME "_atomic_swap", AtomicOp::write, dest, value, pe);     \
    }
#define FABSHMEM_DEFINE_BITWISE_AMO(NAME, TYPE)                                                   \
    TYPE nvshmem_##NAME##_atomic_fetch_and(TYPE *dest, TYPE value, int pe) {                    \
        return fetching("nvshmem_" #NAME "_atomic_fetch_and", AtomicOp::band, dest, value, pe); \
    }                                                                                           \
    void nvshmem_##NAME##_atomic_and(TYPE *dest, TYPE value, int pe) {                          \
        non_fetching("nvshmem_" #NAME "_atomic_and", AtomicOp::band, dest, value, pe);          \
    }                                                                                           \
    TYPE nvshmem_##NAME##_atomic_fetch_or(TYPE *dest, TYPE value, int pe) {                     \
        return fetching("nvshmem_" #NAME "_atomic_fetch_or", AtomicOp::bor, dest, value, pe);   \
    }                                                                                           \
    void nvshmem_##NAME##_atomic_or(TYPE *dest, TYPE value, int pe) {                           \
        non_fetching("nvshmem_" #NAME "_atomic_or", AtomicOp::bor, dest, value, pe);            \
    }                                                                                           \
    TYPE nvshmem_##NAME##_atomic_fetch_xor(TYPE *dest, TYPE value, int pe) {                    \
        return fetching("nvshmem_" #NAME "_atomic_fetch_xor", AtomicOp::bxor, dest, value, pe); \
    }                                                                                           \
    void nvshmem_##NAME##_atomic_xor(TYPE *dest, TYPE value, int pe) {                          \
        non_fetching("nvshmem_" #NAME "_atomic_xor", AtomicOp::bxor, dest, value, pe);          \
    }
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEM_DEFINE_AMO)
FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEM_DEFINE_EXTENDED_AMO)
FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(FABSHMEM_DEFINE_EXTENDED_AMO)
FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(FABSHMEM_DEFINE_BITWISE_AMO)
#undef FABSHMEM_DEFINE_AMO
#undef FABSHMEM_DEFINE_EXTENDED_AMO
#undef FABSHMEM_DEFINE_BITWISE_AMO

}  // extern "C"
