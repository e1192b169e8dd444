// OpenSHMEM's distributed locks: a ticket lock in PE 0's copy of the symmetric long. Its high
// half hands out tickets, its low half says whose turn it is, so PEs get the lock in the order
// they asked (fair), over whatever path reaches PE 0 (every path's atomics are atomic with
// respect to each other: atomic_ops.h).
#include "activity.h"
#include "runtime.h"
#include "shmem.h"

using namespace fabshmem;

namespace {

constexpr int kHome = 0;  // the PE whose copy of the lock word is the lock
constexpr uint64_t kTicket = uint64_t{1} << 32;
constexpr uint64_t kServingMask = kTicket - 1;

uint64_t ticket_of(uint64_t word) { return word >> 32; }
uint64_t serving_of(uint64_t word) { return word & kServingMask; }

uint64_t lock_op(const char *function, AtomicOp op, long *lock, uint64_t operand = 0, uint64_t compare = 0) {
    static_assert(sizeof(long) == sizeof(uint64_t), "the lock is a 64-bit long");
    return atomic_on(function, op, sizeof(long), lock, operand, compare, kHome);
}

}  // namespace

extern "C" {

void shmem_set_lock(long *lock) {
    const char *fn = "shmem_set_lock";
    uint64_t mine = ticket_of(lock_op(fn, AtomicOp::add, lock, kTicket)) & kServingMask;
    ActivityScope activity("in shmem_set_lock, waiting for its turn at a lock on", kHome);
    while (serving_of(lock_op(fn, AtomicOp::read, lock)) != mine) cpu_relax();
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
}

int shmem_test_lock(long *lock) {
    const char *fn = "shmem_test_lock";
    uint64_t word = lock_op(fn, AtomicOp::read, lock);
    if (ticket_of(word) != serving_of(word)) return 1;  // held, or others are waiting
    if (lock_op(fn, AtomicOp::compare_swap, lock, word + kTicket, word) != word) return 1;
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    return 0;
}

void shmem_clear_lock(long *lock) {
    const char *fn = "shmem_clear_lock";
    // What the holder did to symmetric data is complete before the next holder starts.
    quiet_from_host(runtime_for(fn), fn);
    // The next turn, without carrying into the tickets when the low half wraps.
    uint64_t word = lock_op(fn, AtomicOp::read, lock);
    for (;;) {
        uint64_t next = (word & ~kServingMask) | ((word + 1) & kServingMask);
        uint64_t seen = lock_op(fn, AtomicOp::compare_swap, lock, next, word);
        if (seen == word) return;
        word = seen;
    }
}

}  // extern "C"
