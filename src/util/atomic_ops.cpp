#include "atomic_ops.h"

#include <string>

#include "cuda_support.h"
#include "log.h"

namespace fabshmem {
namespace {

template <class Word>
Word apply(Word *w, AtomicOp op, Word operand, Word compare) {
    switch (op) {
    case AtomicOp::read: return __atomic_load_n(w, __ATOMIC_SEQ_CST);
    case AtomicOp::write: return __atomic_exchange_n(w, operand, __ATOMIC_SEQ_CST);
    case AtomicOp::add: return __atomic_fetch_add(w, operand, __ATOMIC_SEQ_CST);
    case AtomicOp::band: return __atomic_fetch_and(w, operand, __ATOMIC_SEQ_CST);
    case AtomicOp::bor: return __atomic_fetch_or(w, operand, __ATOMIC_SEQ_CST);
    case AtomicOp::bxor: return __atomic_fetch_xor(w, operand, __ATOMIC_SEQ_CST);
    case AtomicOp::compare_swap:
        __atomic_compare_exchange_n(w, &compare, operand, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        return compare;  // the old value, whether or not it matched
    }
    return 0;
}

}  // namespace

const char *to_string(AtomicOp op) {
    switch (op) {
    case AtomicOp::read: return "fetch";
    case AtomicOp::write: return "set/swap";
    case AtomicOp::add: return "add";
    case AtomicOp::band: return "and";
    case AtomicOp::bor: return "or";
    case AtomicOp::bxor: return "xor";
    case AtomicOp::compare_swap: return "compare-swap";
    }
    return "?";
}

uint64_t cpu_atomic(void *word, const AtomicRequest &r) {
    if (r.width == 4)
        return apply(static_cast<uint32_t *>(word), r.op, static_cast<uint32_t>(r.operand),
                     static_cast<uint32_t>(r.compare));
    return apply(static_cast<uint64_t *>(word), r.op, r.operand, r.compare);
}

uint64_t atomic_at(void *word, bool gpu_memory, const AtomicRequest &request) {
    if (!gpu_memory) return cpu_atomic(word, request);
    uint64_t old = 0;
    std::string error;
    if (!cuda::atomic(word, request, &old, &error))
        fatal("an atomic (%s) on a GPU heap word failed: %s", to_string(request.op), error.c_str());
    return old;
}

}  // namespace fabshmem
