// OpenSHMEM's generic names in C++: overloads of shmem_put, shmem_g, shmem_atomic_fetch_add,
// shmem_wait_until, shmem_sum_reduce, ... chosen by the argument types, with and without a
// context. Every value moved is checked.
#include <shmem.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define CHECK(cond, ...)                                                                          \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            std::fprintf(stderr, "PE %d: FAIL %s:%d: %s: ", shmem_my_pe(), __FILE__, __LINE__, #cond); \
            std::fprintf(stderr, __VA_ARGS__);                                                    \
            std::fprintf(stderr, "\n");                                                           \
            std::exit(1);                                                                         \
        }                                                                                         \
    } while (0)

int main() {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), next = (me + 1) % n, prev = (me + n - 1) % n;
    constexpr int kN = 8;
    auto *ints = static_cast<int *>(shmem_malloc(kN * sizeof(int)));
    auto *floats = static_cast<float *>(shmem_malloc(kN * sizeof(float)));
    auto *sums = static_cast<long long *>(shmem_malloc(kN * sizeof(long long)));
    auto *counter = static_cast<unsigned long *>(shmem_calloc(1, sizeof(unsigned long)));
    auto *sig = static_cast<uint64_t *>(shmem_calloc(1, sizeof(uint64_t)));
    int isrc[kN];
    float fsrc[kN];
    auto *lsrc = static_cast<long long *>(shmem_malloc(kN * sizeof(long long)));  // reductions read peers' sources
    for (int i = 0; i < kN; ++i) {
        isrc[i] = me * 10 + i;
        fsrc[i] = me + 0.5f * i;
        lsrc[i] = me + i;
    }
    shmem_put(ints, isrc, kN, next);
    shmem_put(SHMEM_CTX_DEFAULT, floats, fsrc, kN, next);
    shmem_barrier_all();
    for (int i = 0; i < kN; ++i) {
        CHECK(ints[i] == prev * 10 + i, "put int [%d] = %d", i, ints[i]);
        CHECK(floats[i] == prev + 0.5f * i, "ctx put float [%d]", i);
    }
    CHECK(shmem_g(ints + 2, next) == me * 10 + 2, "g int");
    shmem_p(floats, 9.5f, me);
    CHECK(shmem_g(SHMEM_CTX_DEFAULT, floats, me) == 9.5f, "ctx g float");
    unsigned long old = shmem_atomic_fetch_add(counter, 1ul, 0);
    CHECK(old < 2ul * n, "fetch_add old %lu", old);  // each PE adds twice
    shmem_atomic_fetch_add_nbi(&old, counter, 1ul, 0);
    shmem_quiet();
    shmem_atomic_add(sig, uint64_t{1}, next);
    shmem_wait_until(sig, SHMEM_CMP_EQ, uint64_t{1});
    shmem_barrier_all();
    if (me == 0) CHECK(*counter == 2ul * n, "counter %lu", *counter);
    CHECK(shmem_sum_reduce(SHMEM_TEAM_WORLD, sums, lsrc, kN) == 0, "sum_reduce");
    for (int i = 0; i < kN; ++i) CHECK(sums[i] == 1LL * n * (n - 1) / 2 + 1LL * n * i, "sum [%d]", i);
    // The bitwise overloads on signed exact-width types, and complex reductions from C++
    auto *mask = static_cast<int32_t *>(shmem_calloc(1, sizeof(int32_t)));
    auto *halves = static_cast<int16_t *>(shmem_malloc(2 * sizeof(int16_t)));
    auto *complexes = static_cast<double _Complex *>(shmem_malloc(2 * sizeof(double _Complex)));
    halves[0] = static_cast<int16_t>(1 << me);
    __real__ complexes[0] = me + 1.0;
    __imag__ complexes[0] = 2.0;
    shmem_barrier_all();
    int32_t before = shmem_atomic_fetch_xor(mask, int32_t{1} << me, 0);
    CHECK((before & (int32_t{1} << me)) == 0, "int32_t fetch_xor %x", unsigned(before));
    CHECK(shmem_xor_reduce(SHMEM_TEAM_WORLD, halves + 1, halves, 1) == 0, "int16_t xor_reduce");
    CHECK(halves[1] == static_cast<int16_t>((1 << n) - 1), "int16_t xor_reduce %x", unsigned(halves[1]));
    CHECK(shmem_complexd_sum_reduce(SHMEM_TEAM_WORLD, complexes + 1, complexes, 1) == 0, "complexd sum");
    CHECK(__real__ complexes[1] == n * (n + 1) / 2.0 && __imag__ complexes[1] == 2.0 * n, "complexd sum");
    shmem_barrier_all();
    if (me == 0) CHECK(*mask == static_cast<int32_t>((1u << n) - 1), "int32_t fetch_xor total %x", unsigned(*mask));
    // OpenSHMEM 1.3's generic atomics (deprecated), as overloads
    if (me == 0) {
        *mask = 0;
        shmem_add(mask, int32_t{5}, 0);
        CHECK(shmem_fadd(mask, int32_t{1}, 0) == 5 && shmem_finc(mask, 0) == 6, "deprecated fadd, finc");
        CHECK(shmem_swap(mask, int32_t{9}, 0) == 7 && shmem_fetch(mask, 0) == 9, "deprecated swap, fetch");
    }
    shmem_free(complexes);
    shmem_free(halves);
    shmem_free(mask);
    shmem_sync(SHMEM_TEAM_WORLD);
    shmem_barrier_all();
    shmem_free(sig);
    shmem_free(counter);
    shmem_free(sums);
    shmem_free(lsrc);
    shmem_free(floats);
    shmem_free(ints);
    if (me == 0) std::printf("generic_cpp: PASS on %d PEs\n", n);
    shmem_finalize();
    return 0;
}
