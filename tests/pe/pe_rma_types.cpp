// Every typed get/put/g/p (and _nbi) and strided iget/iput of the type table, and the sized
// calls (get32, put64_nbi, iget128, put8_signal, ...), between every pair of PEs, every element
// verified.
#include <cstring>
#include <initializer_list>
#include <type_traits>

#include "pe_check.h"

namespace {

constexpr size_t kCount = 257;  // odd, so no transfer is a round size

template <class T>
T value_of(int pe, size_t i) {
    if constexpr (std::is_floating_point<T>::value) {
        return static_cast<T>(pe * 1000.0 + i + 0.25);
    } else if constexpr (std::is_class<T>::value) {  // half, bfloat16
        return sixteen_bit_value<T>(pe, i);
    } else {
        return static_cast<T>((pe * 31 + i * 7 + 1) & 0x7f);
    }
}


template <class T, class Get, class Put, class GetNbi, class PutNbi, class G, class P>
void check_type(const char *name, Get get, Put put, GetNbi get_nbi, PutNbi put_nbi, G g, P p) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    T *source = static_cast<T *>(nvshmem_malloc(kCount * sizeof(T)));
    T *target = static_cast<T *>(nvshmem_malloc(n * kCount * sizeof(T)));  // one slot per writer
    T local[kCount];
    for (size_t i = 0; i < kCount; ++i) source[i] = value_of<T>(me, i);
    nvshmem_barrier_all();

    for (int peer = 0; peer < n; ++peer) {
        std::memset(local, 0, sizeof local);
        get(local, source, kCount, peer);
        for (size_t i = 0; i < kCount; ++i)
            PE_CHECK(same_bits(local[i], value_of<T>(peer, i)), "%s_get from PE %d, element %zu", name, peer, i);
        std::memset(local, 0, sizeof local);
        get_nbi(local, source, kCount, peer);
        nvshmem_quiet();
        for (size_t i = 0; i < kCount; ++i)
            PE_CHECK(same_bits(local[i], value_of<T>(peer, i)), "%s_get_nbi from PE %d, element %zu", name, peer, i);
        PE_CHECK(same_bits(g(source + 3, peer), value_of<T>(peer, 3)), "%s_g from PE %d", name, peer);
    }
    // Each PE writes its values into its own slot on every PE, half blocking, half nbi,
    // and the last element with _p.
    for (size_t i = 0; i < kCount; ++i) local[i] = value_of<T>(me, i);
    for (int peer = 0; peer < n; ++peer) {
        T *slot = target + me * kCount;
        put(slot, local, kCount / 2, peer);
        put_nbi(slot + kCount / 2, local + kCount / 2, kCount - kCount / 2 - 1, peer);
        p(slot + kCount - 1, local[kCount - 1], peer);
    }
    nvshmem_barrier_all();
    for (int writer = 0; writer < n; ++writer)
        for (size_t i = 0; i < kCount; ++i)
            PE_CHECK(same_bits(target[writer * kCount + i], value_of<T>(writer, i)),
                     "%s_put from PE %d, element %zu", name, writer, i);
    nvshmem_free(target);
    nvshmem_free(source);
}

// Strided: every 3rd element of the peer's source into every 2nd of a local buffer (iget), every
// 67th (too sparse to read by span: each element its own piece, several to a message over a
// fabric) likewise, and every element into every 2nd slot of this PE's row on the peer (iput).
// 21 elements: messages of 4 pieces leave one over.
template <class T, class Iget, class Iput>
void check_strided(const char *name, Iget iget, Iput iput) {
    constexpr size_t kElements = 21, kSparse = 67;
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    T *source = static_cast<T *>(nvshmem_malloc(kSparse * kElements * sizeof(T)));
    T *rows = static_cast<T *>(nvshmem_calloc(n * 2 * kElements, sizeof(T)));  // one row per writer
    for (size_t i = 0; i < kSparse * kElements; ++i) source[i] = value_of<T>(me, i);
    nvshmem_barrier_all();
    T local[2 * kElements];
    for (int peer = 0; peer < n; ++peer) {
        for (size_t stride : {size_t{3}, kSparse}) {
            std::memset(local, 0, sizeof local);
            iget(local, source, 2, static_cast<ptrdiff_t>(stride), kElements, peer);
            for (size_t i = 0; i < kElements; ++i) {
                PE_CHECK(same_bits(local[2 * i], value_of<T>(peer, stride * i)), "%s_iget (stride %zu) from PE %d, "
                         "element %zu", name, stride, peer, i);
                PE_CHECK(same_bits(local[2 * i + 1], T{}), "%s_iget wrote between strides (PE %d, %zu)", name, peer, i);
            }
        }
        T mine[kElements];
        for (size_t i = 0; i < kElements; ++i) mine[i] = value_of<T>(me, i);
        iput(rows + me * 2 * kElements, mine, 2, 1, kElements, peer);
    }
    nvshmem_barrier_all();
    for (int writer = 0; writer < n; ++writer)
        for (size_t i = 0; i < kElements; ++i) {
            PE_CHECK(same_bits(rows[writer * 2 * kElements + 2 * i], value_of<T>(writer, i)),
                     "%s_iput from PE %d, element %zu", name, writer, i);
            PE_CHECK(same_bits(rows[writer * 2 * kElements + 2 * i + 1], T{}),
                     "%s_iput wrote between strides (PE %d, %zu)", name, writer, i);
        }
    nvshmem_free(rows);
    nvshmem_free(source);
}

// The sized calls move BITS-bit elements: checked as bytes, with a signal word after the puts.
void check_sized(int bits, void (*get)(void *, const void *, size_t, int), void (*put)(void *, const void *, size_t, int),
                 void (*get_nbi)(void *, const void *, size_t, int), void (*put_nbi)(void *, const void *, size_t, int),
                 void (*iget)(void *, const void *, ptrdiff_t, ptrdiff_t, size_t, int),
                 void (*put_signal)(void *, const void *, size_t, uint64_t *, uint64_t, int, int)) {
    constexpr size_t kElements = 9;
    const size_t element = bits / 8, bytes = kElements * element;
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    auto *source = static_cast<unsigned char *>(nvshmem_malloc(2 * bytes));
    auto *rows = static_cast<unsigned char *>(nvshmem_calloc(n, 3 * bytes));
    auto *signals = static_cast<uint64_t *>(nvshmem_calloc(n, sizeof(uint64_t)));
    auto byte_of = [](int pe, size_t i) { return static_cast<unsigned char>(pe * 37 + i * 11 + 5); };
    for (size_t i = 0; i < 2 * bytes; ++i) source[i] = byte_of(me, i);
    nvshmem_barrier_all();
    unsigned char local[2 * kElements * 16];
    for (int peer = 0; peer < n; ++peer) {
        std::memset(local, 0, sizeof local);
        get(local, source, kElements, peer);
        get_nbi(local + bytes, source + bytes, kElements, peer);
        nvshmem_quiet();
        for (size_t i = 0; i < 2 * bytes; ++i)
            PE_CHECK(local[i] == byte_of(peer, i), "get%d / get%d_nbi from PE %d, byte %zu", bits, bits, peer, i);
        std::memset(local, 0, sizeof local);
        iget(local, source, 1, 2, kElements, peer);  // every 2nd element, packed
        for (size_t e = 0; e < kElements; ++e)
            for (size_t b = 0; b < element; ++b)
                PE_CHECK(local[e * element + b] == byte_of(peer, 2 * e * element + b), "iget%d from PE %d, element %zu",
                         bits, peer, e);
        unsigned char *row = rows + me * 3 * bytes;
        put(row, source, kElements, peer);
        put_nbi(row + bytes, source + bytes, kElements, peer);
        nvshmem_quiet();
        put_signal(row + 2 * bytes, source, kElements, signals + me, 1, NVSHMEM_SIGNAL_ADD, peer);
    }
    for (int writer = 0; writer < n; ++writer) nvshmem_signal_wait_until(signals + writer, NVSHMEM_CMP_EQ, 1);
    for (int writer = 0; writer < n; ++writer)
        for (size_t i = 0; i < 3 * bytes; ++i)
            PE_CHECK(rows[writer * 3 * bytes + i] == byte_of(writer, i < 2 * bytes ? i : i - 2 * bytes),
                     "put%d / put%d_nbi / put%d_signal from PE %d, byte %zu", bits, bits, bits, writer, i);
    nvshmem_barrier_all();
    nvshmem_free(signals);
    nvshmem_free(rows);
    nvshmem_free(source);
}

}  // namespace

int main() {
    nvshmem_init();
#define CHECK_TYPE(NAME, TYPE)                                                                  \
    check_type<TYPE>(#NAME, nvshmem_##NAME##_get, nvshmem_##NAME##_put, nvshmem_##NAME##_get_nbi, \
                     nvshmem_##NAME##_put_nbi, nvshmem_##NAME##_g, nvshmem_##NAME##_p);
    FABSHMEM_FOR_EACH_RMA_TYPE(CHECK_TYPE)
#undef CHECK_TYPE
#define CHECK_STRIDED(NAME, TYPE) check_strided<TYPE>(#NAME, nvshmem_##NAME##_iget, nvshmem_##NAME##_iput);
    FABSHMEM_FOR_EACH_RMA_TYPE(CHECK_STRIDED)
#undef CHECK_STRIDED
#define CHECK_SIZED(BITS)                                                                                       \
    check_sized(BITS, nvshmem_get##BITS, nvshmem_put##BITS, nvshmem_get##BITS##_nbi, nvshmem_put##BITS##_nbi, \
                nvshmem_iget##BITS, nvshmem_put##BITS##_signal);
    FABSHMEM_FOR_EACH_RMA_SIZE(CHECK_SIZED)
#undef CHECK_SIZED
    pe_pass("rma_types (25 types, get/put/g/p, _nbi and iget/iput; sized 8-128, all pairs)");
    nvshmem_finalize();
    return 0;
}
