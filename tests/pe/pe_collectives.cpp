// Teams (predefined, strided and 2-D splits, by unique id, translation, slot reuse) and every collective
// over them, from 1 element to MiBs, each result compared with a reference computed here.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "pe_check.h"

namespace {

const size_t kCounts[] = {1, 7, 1000, 131072};  // the last: 1 MiB of doubles

// What member `index` of a team contributes at element i.
template <class T>
T contribution(int index, size_t i) {
    return static_cast<T>((index * 7 + i * 3 + 1) % 23);
}

template <class T>
void check_team_collectives(nvshmem_team_t team, const char *label) {
    int me = nvshmem_team_my_pe(team), n = nvshmem_team_n_pes(team);
    for (size_t count : kCounts) {
        // Sized by the world, not the team: every PE makes the same allocation calls
        // (FABSHMEM_DEBUG=1 checks it), members of teams of other sizes too.
        T *source = static_cast<T *>(nvshmem_malloc(count * nvshmem_n_pes() * sizeof(T)));
        T *dest = static_cast<T *>(nvshmem_malloc(count * nvshmem_n_pes() * sizeof(T)));
        for (size_t i = 0; i < count * n; ++i) source[i] = contribution<T>(me, i);

        // broadcast from the last member, and (small sizes) from every member: a tree's shape
        // depends on the root
        for (int root = count > 1000 ? n - 1 : 0; root < n; ++root) {
            std::fill(dest, dest + count, T(0));
            nvshmem_team_sync(team);
            nvshmem_broadcastmem(team, dest, source, count * sizeof(T), root);
            for (size_t i = 0; i < count; ++i)
                PE_CHECK(dest[i] == contribution<T>(root, i), "%s broadcast %zu from %d: element %zu", label, count,
                         root, i);
        }
        // fcollect: member j's first `count` elements at j * count. Every dest is first filled
        // with a value no member contributes (contributions are below 23), so a block that
        // never arrives is seen.
        std::fill(dest, dest + count * n, T(99));
        nvshmem_team_sync(team);
        nvshmem_fcollectmem(team, dest, source, count * sizeof(T));
        for (int j = 0; j < n; ++j)
            for (size_t i = 0; i < count; ++i)
                PE_CHECK(dest[j * count + i] == contribution<T>(j, i), "%s fcollect %zu: from %d element %zu", label, count, j, i);
        // alltoall: member j's block `me` at j * count
        nvshmem_team_sync(team);  // every member has checked its fcollect result
        std::fill(dest, dest + count * n, T(99));
        nvshmem_team_sync(team);
        nvshmem_alltoallmem(team, dest, source, count * sizeof(T));
        for (int j = 0; j < n; ++j)
            for (size_t i = 0; i < count; ++i)
                PE_CHECK(dest[j * count + i] == contribution<T>(j, me * count + i), "%s alltoall %zu: from %d element %zu", label, count, j, i);
        nvshmem_barrier(team);
        nvshmem_free(dest);
        nvshmem_free(source);
    }
}

template <class T, class Reduce, class Op>
void check_reduce(nvshmem_team_t team, const char *label, const char *op_name, Reduce reduce_call, Op op,
                  bool in_place) {
    int me = nvshmem_team_my_pe(team), n = nvshmem_team_n_pes(team);
    for (size_t count : kCounts) {
        T *source = static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
        T *dest = in_place ? source : static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
        for (size_t i = 0; i < count; ++i) source[i] = contribution<T>(me, i);
        reduce_call(team, dest, source, count);
        for (size_t i = 0; i < count; ++i) {
            T expected = contribution<T>(0, i);
            for (int j = 1; j < n; ++j) expected = op(expected, contribution<T>(j, i));
            PE_CHECK(dest[i] == expected, "%s %s_reduce%s of %zu: element %zu is %g, expected %g", label, op_name,
                     in_place ? " in place" : "", count, i, static_cast<double>(dest[i]), static_cast<double>(expected));
        }
        nvshmem_team_sync(team);
        if (!in_place) nvshmem_free(dest);
        nvshmem_free(source);
    }
}

// half and bfloat16 (16-bit structs in this C++ without CUDA's headers): small whole numbers,
// which both hold exactly, so sums, products, minima and maxima are exact too.
template <class T>
T from_whole(unsigned k) {  // k < 2048
    unsigned short bits = 0;
    if (std::is_same<T, fabshmemi_bfloat16_bits>::value) {
        float f = static_cast<float>(k);
        uint32_t u;
        std::memcpy(&u, &f, sizeof u);
        bits = static_cast<unsigned short>(u >> 16);
    } else if (k) {
        int e = 31 - __builtin_clz(k);
        bits = static_cast<unsigned short>(((e + 15) << 10) | ((k << (10 - e)) & 0x3ff));
    }
    return T{bits};
}

template <class T>
void check_16bit_reduce(nvshmem_team_t team, const char *name, int (*reduce_call)(nvshmem_team_t, T *, const T *, size_t),
                        unsigned (*value)(int, size_t), unsigned (*combine)(unsigned, unsigned)) {
    int me = nvshmem_team_my_pe(team), n = nvshmem_team_n_pes(team);
    const size_t count = 1000;
    T *source = static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
    T *dest = static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
    for (size_t i = 0; i < count; ++i) source[i] = from_whole<T>(value(me, i));
    reduce_call(team, dest, source, count);
    for (size_t i = 0; i < count; ++i) {
        unsigned expected = value(0, i);
        for (int j = 1; j < n; ++j) expected = combine(expected, value(j, i));
        PE_CHECK(dest[i].x == from_whole<T>(expected).x, "%s element %zu: bits %#x, expected %u (%#x)", name, i,
                 dest[i].x, expected, from_whole<T>(expected).x);
    }
    nvshmem_team_sync(team);
    nvshmem_free(dest);
    nvshmem_free(source);
}

template <class T>
void check_16bit_reductions(const char *type, int (*sum)(nvshmem_team_t, T *, const T *, size_t),
                            int (*prod)(nvshmem_team_t, T *, const T *, size_t),
                            int (*min)(nvshmem_team_t, T *, const T *, size_t),
                            int (*max)(nvshmem_team_t, T *, const T *, size_t)) {
    auto small = [](int pe, size_t i) { return static_cast<unsigned>((pe + i) % 7 + 1); };
    auto one_or_two = [](int pe, size_t i) { return static_cast<unsigned>((pe + i) % 2 + 1); };
    std::string name = type;
    check_16bit_reduce<T>(NVSHMEM_TEAM_WORLD, (name + "_sum").c_str(), sum, small, [](unsigned a, unsigned b) { return a + b; });
    check_16bit_reduce<T>(NVSHMEM_TEAM_WORLD, (name + "_prod").c_str(), prod, one_or_two, [](unsigned a, unsigned b) { return a * b; });
    check_16bit_reduce<T>(NVSHMEM_TEAM_WORLD, (name + "_min").c_str(), min, small, [](unsigned a, unsigned b) { return std::min(a, b); });
    check_16bit_reduce<T>(NVSHMEM_TEAM_WORLD, (name + "_max").c_str(), max, small, [](unsigned a, unsigned b) { return std::max(a, b); });
}

// reducescatter: PE i gets the sum (and the max) over every PE of block i of source.
void check_reducescatter(nvshmem_team_t team, const char *label) {
    int me = nvshmem_team_my_pe(team), n = nvshmem_team_n_pes(team);
    for (size_t count : {size_t{1}, size_t{77}, size_t{5000}}) {
        long *source = static_cast<long *>(nvshmem_malloc(nvshmem_n_pes() * count * sizeof(long)));  // as above
        long *dest = static_cast<long *>(nvshmem_malloc(count * sizeof(long)));
        auto value = [count](int pe, int block, size_t i) { return static_cast<long>(pe * 100003 + block * count + i); };
        for (int block = 0; block < n; ++block)
            for (size_t i = 0; i < count; ++i) source[block * count + i] = value(me, block, i);
        PE_CHECK(nvshmem_long_sum_reducescatter(team, dest, source, count) == 0, "%s reducescatter", label);
        for (size_t i = 0; i < count; ++i) {
            long expected = 0;
            for (int pe = 0; pe < n; ++pe) expected += value(pe, me, i);
            PE_CHECK(dest[i] == expected, "%s long_sum_reducescatter of %zu: element %zu is %ld, expected %ld", label,
                     count, i, dest[i], expected);
        }
        nvshmem_long_max_reducescatter(team, dest, source, count);
        for (size_t i = 0; i < count; ++i)
            PE_CHECK(dest[i] == value(n - 1, me, i), "%s long_max_reducescatter of %zu: element %zu", label, count, i);
        nvshmem_team_sync(team);
        nvshmem_free(dest);
        nvshmem_free(source);
    }
}

void check_reductions(nvshmem_team_t team, const char *label) {
    check_reduce<int>(team, label, "int_sum", nvshmem_int_sum_reduce, [](int a, int b) { return a + b; }, false);
    check_reduce<int>(team, label, "int_max", nvshmem_int_max_reduce, [](int a, int b) { return std::max(a, b); }, true);
    check_reduce<long>(team, label, "long_min", nvshmem_long_min_reduce, [](long a, long b) { return std::min(a, b); }, false);
    check_reduce<double>(team, label, "double_sum", nvshmem_double_sum_reduce, [](double a, double b) { return a + b; }, true);
    check_reduce<float>(team, label, "float_prod", nvshmem_float_prod_reduce, [](float a, float b) { return a * b; }, false);
    check_reduce<uint32_t>(team, label, "uint32_and", nvshmem_uint32_and_reduce, [](uint32_t a, uint32_t b) { return a & b; }, false);
    check_reduce<uint64_t>(team, label, "uint64_or", nvshmem_uint64_or_reduce, [](uint64_t a, uint64_t b) { return a | b; }, true);
    check_reduce<unsigned char>(team, label, "uchar_xor", nvshmem_uchar_xor_reduce,
                                [](unsigned char a, unsigned char b) { return static_cast<unsigned char>(a ^ b); }, false);
    // Typed broadcast and fcollect too (the byte forms are checked above).
    int me = nvshmem_team_my_pe(team), n = nvshmem_team_n_pes(team);
    auto *src = static_cast<short *>(nvshmem_malloc(3 * sizeof(short)));
    auto *dst = static_cast<short *>(nvshmem_malloc(3 * nvshmem_n_pes() * sizeof(short)));  // as above
    for (int i = 0; i < 3; ++i) src[i] = static_cast<short>(me * 10 + i);
    nvshmem_short_broadcast(team, dst, src, 3, 0);
    for (int i = 0; i < 3; ++i) PE_CHECK(dst[i] == i, "%s short_broadcast", label);
    nvshmem_short_fcollect(team, dst, src, 3);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < 3; ++i) PE_CHECK(dst[j * 3 + i] == j * 10 + i, "%s short_fcollect", label);
    nvshmem_barrier(team);
    nvshmem_free(dst);
    nvshmem_free(src);
}

// Sums that round (1 / (3 + member + i)): whatever order an algorithm folds in, every member
// must get the same bits — checked against member 0's result, read from its heap — and the
// value must be the sum's to within rounding.
template <class T>
void check_same_bits(nvshmem_team_t team, const char *label, int (*sum)(nvshmem_team_t, T *, const T *, size_t)) {
    int me = nvshmem_team_my_pe(team), n = nvshmem_team_n_pes(team);
    int pe0 = nvshmem_team_translate_pe(team, 0, NVSHMEM_TEAM_WORLD);
    for (size_t count : {size_t{1}, size_t{7}, size_t{1000}, size_t{3000}}) {
        T *source = static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
        T *dest = static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
        for (size_t i = 0; i < count; ++i) source[i] = static_cast<T>(1.0 / (3.0 + me + static_cast<double>(i)));
        sum(team, dest, source, count);
        nvshmem_team_sync(team);  // member 0's dest is written
        std::vector<T> first(count);
        nvshmem_getmem(first.data(), dest, count * sizeof(T), pe0);
        for (size_t i = 0; i < count; ++i) {
            double exact = 0;
            for (int j = 0; j < n; ++j) exact += static_cast<double>(static_cast<T>(1.0 / (3.0 + j + static_cast<double>(i))));
            PE_CHECK(std::memcmp(&dest[i], &first[i], sizeof(T)) == 0,
                     "%s sum of %zu: element %zu is %.17g here but %.17g on member 0: members differ in the bits",
                     label, count, i, static_cast<double>(dest[i]), static_cast<double>(first[i]));
            PE_CHECK(std::fabs(static_cast<double>(dest[i]) - exact) <= exact * n * 1e-6,
                     "%s sum of %zu: element %zu is %.17g, expected about %.17g", label, count, i,
                     static_cast<double>(dest[i]), exact);
        }
        nvshmem_team_sync(team);
        nvshmem_free(dest);
        nvshmem_free(source);
    }
}

void check_teams() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    PE_CHECK(nvshmem_team_my_pe(NVSHMEM_TEAM_WORLD) == me && nvshmem_team_n_pes(NVSHMEM_TEAM_WORLD) == n, "world");
    int node_pes = nvshmem_team_n_pes(NVSHMEMX_TEAM_NODE);
    PE_CHECK(node_pes >= 1 && node_pes <= n, "node team of %d PEs", node_pes);
    PE_CHECK(nvshmem_team_translate_pe(NVSHMEMX_TEAM_NODE, nvshmem_team_my_pe(NVSHMEMX_TEAM_NODE), NVSHMEM_TEAM_WORLD) == me,
             "node -> world translation");
    PE_CHECK(nvshmem_team_n_pes(NVSHMEM_TEAM_SHARED) >= 1, "shared team");

    // Even and odd PEs, then a 2-D split of the world, many times over (slots are reused).
    for (int round = 0; round < 40; ++round) {
        nvshmem_team_t evens = NVSHMEM_TEAM_INVALID, odds = NVSHMEM_TEAM_INVALID;
        PE_CHECK(nvshmem_team_split_strided(NVSHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, nullptr, 0, &evens) == 0, "split evens");
        PE_CHECK(n < 2 || nvshmem_team_split_strided(NVSHMEM_TEAM_WORLD, 1, 2, n / 2, nullptr, 0, &odds) == 0, "split odds");
        nvshmem_team_t mine = me % 2 ? odds : evens;
        PE_CHECK((me % 2 ? evens : odds) == NVSHMEM_TEAM_INVALID, "a PE outside a team gets NVSHMEM_TEAM_INVALID");
        PE_CHECK(nvshmem_team_my_pe(mine) == me / 2, "index in the split team");
        PE_CHECK(nvshmem_team_translate_pe(mine, nvshmem_team_my_pe(mine), NVSHMEM_TEAM_WORLD) == me, "translate to world");
        PE_CHECK(nvshmem_team_translate_pe(NVSHMEM_TEAM_WORLD, me, mine) == me / 2, "translate from world");
        if (round == 0) {
            check_team_collectives<int>(mine, me % 2 ? "odd team" : "even team");
            check_reductions(mine, me % 2 ? "odd team" : "even team");
            check_same_bits<double>(mine, me % 2 ? "odd team double" : "even team double", nvshmem_double_sum_reduce);
        } else {
            int value = me, sum = 0;
            int *v = static_cast<int *>(nvshmem_malloc(sizeof(int)));
            int *s = static_cast<int *>(nvshmem_malloc(sizeof(int)));
            *v = value;
            nvshmem_int_sum_reduce(mine, s, v, 1);
            for (int pe = me % 2; pe < n; pe += 2) sum += pe;
            PE_CHECK(*s == sum, "round %d: sum over the team %d, expected %d", round, *s, sum);
            nvshmem_free(s);
            nvshmem_free(v);
        }
        nvshmem_team_destroy(mine);

        nvshmem_team_t xteam, yteam;
        int xrange = n >= 4 ? 2 : 1;
        PE_CHECK(nvshmem_team_split_2d(NVSHMEM_TEAM_WORLD, xrange, nullptr, 0, &xteam, nullptr, 0, &yteam) == 0, "split_2d");
        PE_CHECK(nvshmem_team_my_pe(xteam) == me % xrange && nvshmem_team_my_pe(yteam) == me / xrange, "2-D coordinates");
        nvshmem_team_sync(xteam);
        nvshmem_team_sync(yteam);
        nvshmem_team_destroy(xteam);
        nvshmem_team_destroy(yteam);
    }
}

// Teams without a parent (nvshmemx_team_init): the lower half of the PEs in reverse order and
// the upper half in order, at once, each by its own unique id, several times (the ids and the
// slots are reused); members, translation, a reduction and an fcollect over each are checked.
void check_teams_by_uniqueid() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), half = (n + 1) / 2;
    bool lower = me < half;
    int size = lower ? half : n - half, index = lower ? half - 1 - me : me - half;
    auto world_pe = [&](int i) { return lower ? half - 1 - i : half + i; };
    auto *ids = static_cast<nvshmemx_team_uniqueid_t *>(nvshmem_malloc(2 * sizeof(nvshmemx_team_uniqueid_t)));
    int *mine = static_cast<int *>(nvshmem_malloc(sizeof(int)));
    int *all = static_cast<int *>(nvshmem_malloc(n * sizeof(int)));
    int *sum = static_cast<int *>(nvshmem_malloc(sizeof(int)));
    for (int round = 0; round < 5; ++round) {
        // PE 0 makes the lower team's id, the last PE the upper's, and each hands it to all.
        for (int which = 0; which < 2; ++which) {
            if (me != (which == 0 ? 0 : n - 1)) continue;
            nvshmemx_team_uniqueid_t id;
            PE_CHECK(nvshmemx_team_get_uniqueid(&id) == 0 && id != NVSHMEM_TEAM_UNIQUEID_INVALID, "get_uniqueid");
            for (int pe = 0; pe < n; ++pe) nvshmem_uint64_p(ids + which, id, pe);
        }
        nvshmem_barrier_all();
        nvshmem_team_config_t config = NVSHMEM_TEAM_CONFIG_INITIALIZER;
        config.uniqueid = ids[lower ? 0 : 1];
        config.num_contexts = round;
        nvshmem_team_t team = NVSHMEM_TEAM_INVALID;
        PE_CHECK(nvshmemx_team_init(&team, &config, NVSHMEM_TEAM_CONFIG_MASK_NUM_CONTEXTS | NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID,
                                    size, index) == 0 && team != NVSHMEM_TEAM_INVALID,
                 "round %d: nvshmemx_team_init (%d PEs, index %d)", round, size, index);
        PE_CHECK(nvshmem_team_my_pe(team) == index && nvshmem_team_n_pes(team) == size, "round %d: team index %d of %d",
                 round, nvshmem_team_my_pe(team), nvshmem_team_n_pes(team));
        int expected_sum = 0;
        for (int i = 0; i < size; ++i) {
            PE_CHECK(nvshmem_team_translate_pe(team, i, NVSHMEM_TEAM_WORLD) == world_pe(i), "round %d: member %d", round, i);
            expected_sum += world_pe(i);
        }
        nvshmem_team_config_t got;
        nvshmem_team_get_config(team, &got);
        PE_CHECK(got.uniqueid == config.uniqueid && got.num_contexts == round, "round %d: the team's config", round);
        *mine = me;
        nvshmem_int_sum_reduce(team, sum, mine, 1);
        PE_CHECK(*sum == expected_sum, "round %d: sum over the team %d, expected %d", round, *sum, expected_sum);
        nvshmem_int_fcollect(team, all, mine, 1);
        for (int i = 0; i < size; ++i) PE_CHECK(all[i] == world_pe(i), "round %d: fcollect element %d is %d", round, i, all[i]);
        nvshmem_team_destroy(team);
        nvshmem_barrier_all();  // the ids are rewritten next round
    }
    nvshmem_free(sum);
    nvshmem_free(all);
    nvshmem_free(mine);
    nvshmem_free(ids);
}

}  // namespace

int main() {
    nvshmem_init();
    check_team_collectives<double>(NVSHMEM_TEAM_WORLD, "world");
    check_team_collectives<char>(NVSHMEMX_TEAM_NODE, "node");
    check_reductions(NVSHMEM_TEAM_WORLD, "world");
    check_reducescatter(NVSHMEM_TEAM_WORLD, "world");
    check_same_bits<double>(NVSHMEM_TEAM_WORLD, "world double", nvshmem_double_sum_reduce);
    check_same_bits<float>(NVSHMEM_TEAM_WORLD, "world float", nvshmem_float_sum_reduce);
    check_16bit_reductions<fabshmemi_half_bits>("half", nvshmem_half_sum_reduce, nvshmem_half_prod_reduce,
                                                nvshmem_half_min_reduce, nvshmem_half_max_reduce);
    check_16bit_reductions<fabshmemi_bfloat16_bits>("bfloat16", nvshmem_bfloat16_sum_reduce, nvshmem_bfloat16_prod_reduce,
                                                    nvshmem_bfloat16_min_reduce, nvshmem_bfloat16_max_reduce);
    check_teams();
    check_teams_by_uniqueid();
    pe_pass("collectives");
    nvshmem_finalize();
    return 0;
}
