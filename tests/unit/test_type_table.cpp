// The typed API is generated from one table: check that every entry has the C type NVSHMEM
// documents and that every generated function exists with the right signature.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "float16.h"
#include "nvshmem.h"

namespace {

struct TypeEntry {
    std::string name;
    size_t size;
};

#define FABSHMEM_TEST_TYPE(NAME, TYPE)                                                          \
    static_assert(std::is_same<decltype(&nvshmem_##NAME##_get),                                 \
                               void (*)(TYPE *, const TYPE *, size_t, int)>::value, #NAME);     \
    static_assert(std::is_same<decltype(&nvshmem_##NAME##_put_nbi),                             \
                               void (*)(TYPE *, const TYPE *, size_t, int)>::value, #NAME);     \
    static_assert(std::is_same<decltype(&nvshmem_##NAME##_g), TYPE (*)(const TYPE *, int)>::value, \
                  #NAME);                                                                       \
    static_assert(std::is_same<decltype(&nvshmem_##NAME##_p), void (*)(TYPE *, TYPE, int)>::value, \
                  #NAME);
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_TEST_TYPE)
#undef FABSHMEM_TEST_TYPE

std::vector<TypeEntry> table() {
    return {
#define FABSHMEM_TEST_ENTRY(NAME, TYPE) {#NAME, sizeof(TYPE)},
        FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_TEST_ENTRY)
#undef FABSHMEM_TEST_ENTRY
    };
}

}  // namespace

TEST(TypeTable, HasNvshmemStandardRmaTypes) {
    std::vector<std::string> expected = {
        "half", "bfloat16", "float", "double", "char", "schar", "short", "int", "long", "longlong",
        "uchar", "ushort", "uint", "ulong", "ulonglong", "int8", "int16", "int32",
        "int64", "uint8", "uint16", "uint32", "uint64", "size", "ptrdiff"};
    std::vector<std::string> names;
    for (const auto &entry : table()) names.push_back(entry.name);
    EXPECT_EQ(names, expected);
}

TEST(TypeTable, FixedWidthTypesHaveTheirWidth) {
    for (const auto &entry : table()) {
        for (const char *prefix : {"int", "uint"}) {
            std::string p = prefix;
            if (entry.name.rfind(p, 0) == 0 && entry.name.size() > p.size() &&
                std::isdigit(static_cast<unsigned char>(entry.name[p.size()]))) {
                EXPECT_EQ(entry.size * 8, std::stoul(entry.name.substr(p.size()))) << entry.name;
            }
        }
    }
}

namespace {

#define FABSHMEM_TEST_NAME(NAME, TYPE) #NAME,
// The tutorial's indexed form nvshmem_TYPE_g(buf, i, pe) exists for every RMA type (the
// generated g_macros.h) and means the element at buf + i.
#define FABSHMEM_TEST_INDEXED_G(NAME, TYPE) \
    static_assert(std::is_same<decltype(nvshmem_##NAME##_g((const TYPE *)nullptr, 1, 0)), TYPE>::value, #NAME);
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_TEST_INDEXED_G)
#undef FABSHMEM_TEST_INDEXED_G

}  // namespace

// Each family the type table's columns select is NVSHMEM's / OpenSHMEM 1.5's list.
TEST(TypeTable, FamiliesAreTheStandardLists) {
    using Names = std::vector<std::string>;
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_AMO_TYPE(FABSHMEM_TEST_NAME)}),
              (Names{"int", "long", "longlong", "uint", "ulong", "ulonglong", "int32", "int64", "uint32",
                     "uint64", "size", "ptrdiff"}));
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_EXTENDED_ONLY_AMO_TYPE(FABSHMEM_TEST_NAME)}), (Names{"float", "double"}));
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_BITWISE_AMO_TYPE(FABSHMEM_TEST_NAME)}),
              (Names{"uint", "ulong", "ulonglong", "int32", "int64", "uint32", "uint64"}));
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_SYNC_TYPE(FABSHMEM_TEST_NAME)}),
              (Names{"short", "int", "long", "longlong", "ushort", "uint", "ulong", "ulonglong", "int32", "int64",
                     "uint32", "uint64", "size", "ptrdiff"}));
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_BITWISE_REDUCE_TYPE(FABSHMEM_TEST_NAME)}),
              (Names{"uchar", "ushort", "uint", "ulong", "ulonglong", "int8", "int16", "int32", "int64", "uint8",
                     "uint16", "uint32", "uint64", "size"}));
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_ARITH_REDUCE_TYPE(FABSHMEM_TEST_NAME)}).size(), 25u);
    // OpenSHMEM's lists are NVSHMEM's without half and bfloat16.
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_SHMEM_RMA_TYPE(FABSHMEM_TEST_NAME)}).size(), 23u);
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_SHMEM_ARITH_REDUCE_TYPE(FABSHMEM_TEST_NAME)}).front(), "float");
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_TO_ALL_ARITH_TYPE(FABSHMEM_TEST_NAME)}),
              (Names{"float", "double", "longdouble", "short", "int", "long", "longlong"}));
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_SHMEM_ONLY_RMA_TYPE(FABSHMEM_TEST_NAME)}), (Names{"longdouble"}));
    // The generic calls select on distinct C types only (no typedef may appear twice); the
    // bitwise families have their signed types only under the sized names (int32_t is int).
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_GENERIC_RMA_TYPE(FABSHMEM_TEST_NAME)}),
              (Names{"float", "double", "longdouble", "char", "schar", "short", "int", "long", "longlong", "uchar",
                     "ushort", "uint", "ulong", "ulonglong"}));
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_GENERIC_BITWISE_AMO_TYPE(FABSHMEM_TEST_NAME)}),
              (Names{"uint", "ulong", "ulonglong", "int32", "int64"}));
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_GENERIC_BITWISE_REDUCE_TYPE(FABSHMEM_TEST_NAME)}),
              (Names{"uchar", "ushort", "uint", "ulong", "ulonglong", "int8", "int16", "int32", "int64"}));
    EXPECT_EQ((Names{FABSHMEM_FOR_EACH_TO_ALL_BITWISE_TYPE(FABSHMEM_TEST_NAME)}),
              (Names{"short", "int", "long", "longlong"}));
}
#undef FABSHMEM_TEST_NAME

// half and bfloat16 on the host (float16.h): exact where the value fits, rounded to nearest
// even otherwise, inf and NaN kept.
TEST(Float16, ConvertsAsCudaDoes) {
    using namespace fabshmem;
    EXPECT_EQ(float_to_half(1.0f), 0x3c00);
    EXPECT_EQ(float_to_half(-2.5f), 0xc100);
    EXPECT_EQ(float_to_half(65504.0f), 0x7bff);
    EXPECT_EQ(float_to_half(65520.0f), 0x7c00);          // rounds up to inf
    EXPECT_EQ(float_to_half(5.9604645e-8f), 0x0001);     // the smallest subnormal
    EXPECT_EQ(float_to_half(1.0f + 1.0f / 2048), 0x3c00);  // a tie: to even
    EXPECT_EQ(float_to_half(1.0f + 3.0f / 2048), 0x3c02);  // a tie: to even, up
    EXPECT_EQ(half_to_float(0x3555), 0.333251953125f);
    EXPECT_EQ(half_to_float(0x0001), 5.9604645e-8f);
    EXPECT_TRUE(std::isinf(half_to_float(0xfc00)));
    EXPECT_TRUE(std::isnan(half_to_float(float_to_half(NAN))));
    for (uint32_t h = 0; h < 0x10000; ++h) {  // every finite half survives the round trip
        if ((h & 0x7c00) == 0x7c00) continue;
        EXPECT_EQ(float_to_half(half_to_float(static_cast<uint16_t>(h))), h) << h;
    }
    EXPECT_EQ(float_to_bfloat16(1.0f), 0x3f80);
    EXPECT_EQ(float_to_bfloat16(1.00390625f), 0x3f80);  // a tie: to even
    EXPECT_EQ(bfloat16_to_float(0xc0a0), -5.0f);
    EXPECT_TRUE(std::isnan(bfloat16_to_float(float_to_bfloat16(NAN))));
}
