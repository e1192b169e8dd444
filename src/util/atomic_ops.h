// Remote atomic operations, as the transports see them: every AMO of the API is one of these on
// a 4- or 8-byte word. Typed values travel as their bit patterns: two's-complement addition is
// the same for signed and unsigned types, and floats only fetch, set and swap (bits in, bits out).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fabshmem {

enum class AtomicOp { read, write, add, band, bor, bxor, compare_swap };

struct AtomicRequest {
    AtomicOp op;
    size_t width;      // 4 or 8 bytes
    size_t offset;     // in the target's heap
    uint64_t operand;  // the value to write, add or combine; compare_swap: the new value
    uint64_t compare;  // compare_swap: the value expected
};

const char *to_string(AtomicOp op);

// Applies `request` to the word at `word` (this process's memory) with CPU atomics, which are
// atomic with respect to libfabric's software atomics on the same word (they use the same
// builtins) and to every other process mapping it. Returns the old value.
uint64_t cpu_atomic(void *word, const AtomicRequest &request);
// The same on a word this process can address: CPU atomics, or for GPU memory
// (`gpu_memory`) a GPU thread's system-scope atomics (cuda::atomic). Fatal on a CUDA error.
uint64_t atomic_at(void *word, bool gpu_memory, const AtomicRequest &request);

// The value of a typed argument as the 8 bytes a request carries, and back.
template <class T>
uint64_t to_bits(T value) {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "AMOs work on 4- and 8-byte types");
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof value);
    return bits;
}
template <class T>
T from_bits(uint64_t bits) {
    T value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

}  // namespace fabshmem
