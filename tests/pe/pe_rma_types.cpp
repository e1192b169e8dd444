// Every typed get/put/g/p (and _nbi) of the type table, between every pair of PEs, every
// element verified.
#include <cstring>
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

}  // namespace

int main() {
    nvshmem_init();
#define CHECK_TYPE(NAME, TYPE)                                                                  \
    check_type<TYPE>(#NAME, nvshmem_##NAME##_get, nvshmem_##NAME##_put, nvshmem_##NAME##_get_nbi, \
                     nvshmem_##NAME##_put_nbi, nvshmem_##NAME##_g, nvshmem_##NAME##_p);
    FABSHMEM_FOR_EACH_RMA_TYPE(CHECK_TYPE)
#undef CHECK_TYPE
    pe_pass("rma_types (25 types, get/put/g/p and _nbi, all pairs)");
    nvshmem_finalize();
    return 0;
}
