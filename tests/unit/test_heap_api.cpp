// The heap and RMA API in one PE (a plain ./a.out runs as a 1-PE job).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "nvshmemx.h"

using testing::ExitedWithCode;

TEST(HeapApi, MallocFreeReuseDoesNotGrow) {
    void *first = nvshmem_malloc(1 << 20);
    ASSERT_NE(first, nullptr);
    nvshmem_free(first);
    for (int i = 0; i < 1000; ++i) {
        void *again = nvshmem_malloc(1 << 20);
        ASSERT_EQ(again, first);
        nvshmem_free(again);
    }
}

TEST(HeapApi, CallocZeroesAndAlignAligns) {
    auto *block = static_cast<unsigned char *>(nvshmem_malloc(4096));
    std::memset(block, 0xab, 4096);
    nvshmem_free(block);
    auto *zeroed = static_cast<unsigned char *>(nvshmem_calloc(1024, 4));
    ASSERT_NE(zeroed, nullptr);
    for (int i = 0; i < 4096; ++i) ASSERT_EQ(zeroed[i], 0) << i;
    void *aligned = nvshmem_align(1 << 16, 10);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(aligned) % (1 << 16), 0u);
    nvshmem_free(aligned);
    nvshmem_free(zeroed);
    EXPECT_EQ(nvshmem_align(3, 10), nullptr);  // not a power of two
    EXPECT_EQ(nvshmem_malloc(0), nullptr);
}

TEST(HeapApi, TutorialSpellingsAreAliases) {
    float *data = static_cast<float *>(nvshmalloc(100 * sizeof(float)));
    ASSERT_NE(data, nullptr);
    for (int i = 0; i < 100; ++i) data[i] = static_cast<float>(i);
    EXPECT_EQ(nvshmem_float_g(data, 5, 0), 5.0f);  // the tutorial's indexed form
    EXPECT_EQ(nvshmem_float_g(data + 7, 0), 7.0f);
    nvshfree(data);
}

TEST(HeapApi, HeapFullReturnsNullWithAMessage) {
    testing::internal::CaptureStderr();
    void *too_big = nvshmem_malloc(size_t{1} << 30);
    std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(too_big, nullptr);
    EXPECT_NE(err.find("fabshmem: PE 0: error: nvshmem_malloc(1073741824 bytes) failed: the "
                       "request is larger than the whole symmetric heap (FABSHMEM_SYMMETRIC_SIZE=16M"),
              std::string::npos)
        << err;
    // Fits the heap, but not next to what is live.
    void *most = nvshmem_malloc(12 << 20);
    testing::internal::CaptureStderr();
    EXPECT_EQ(nvshmem_malloc(8 << 20), nullptr);
    err = testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("does not fit in what is free"), std::string::npos) << err;
    nvshmem_free(most);
    EXPECT_NE(err.find("raise FABSHMEM_SYMMETRIC_SIZE"), std::string::npos) << err;
    void *fits = nvshmem_malloc(1 << 20);  // the heap still works afterwards
    EXPECT_NE(fits, nullptr);
    nvshmem_free(fits);
}

// A host heap cannot take a program's buffer (NVSHMEM's buffers are GPU memory): refused with a
// message, and nothing is registered. tests/gpu/gpu_extension.cu covers the GPU heap.
TEST(HeapApi, RegisterSymmetricOnAHostHeapIsRefused) {
    std::vector<char> buffer(1 << 20);
    testing::internal::CaptureStderr();
    EXPECT_EQ(nvshmemx_buffer_register_symmetric(buffer.data(), buffer.size(), 0), nullptr);
    EXPECT_NE(nvshmemx_buffer_unregister_symmetric(buffer.data(), buffer.size()), 0);
    std::string err = testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("fabshmem: PE 0: error: nvshmemx_buffer_register_symmetric(0x"), std::string::npos) << err;
    EXPECT_NE(err.find("failed: the symmetric heap is in host memory"), std::string::npos) << err;
    EXPECT_NE(err.find("nvshmemx_buffer_unregister_symmetric(0x"), std::string::npos) << err;
    EXPECT_NE(err.find("is not an address that nvshmemx_buffer_register_symmetric returned"), std::string::npos) << err;
}

// The program's own buffers as local source and destination: registered, used, and every
// misuse refused with a message and an error code.
TEST(HeapApi, BufferRegisterKeepsTheRangesApart) {
    std::vector<int64_t> mine(256), other(64);
    auto *heap = static_cast<int64_t *>(nvshmem_malloc(256 * sizeof(int64_t)));
    ASSERT_EQ(nvshmemx_buffer_register(mine.data(), mine.size() * sizeof(int64_t)), 0);
    ASSERT_EQ(nvshmemx_buffer_register(other.data(), other.size() * sizeof(int64_t)), 0);
    for (int i = 0; i < 256; ++i) mine[i] = i * 7 - 100;
    nvshmem_int64_put(heap, mine.data(), 256, 0);
    nvshmem_int64_get(other.data(), heap + 192, 64, 0);
    for (int i = 0; i < 64; ++i) ASSERT_EQ(other[i], (192 + i) * 7 - 100) << i;
    testing::internal::CaptureStderr();
    EXPECT_EQ(nvshmemx_buffer_register(mine.data(), 8), NVSHMEMX_ERROR_INVALID_VALUE);       // twice
    EXPECT_EQ(nvshmemx_buffer_register(mine.data() + 255, 16), NVSHMEMX_ERROR_INVALID_VALUE);  // its tail
    EXPECT_EQ(nvshmemx_buffer_register(nullptr, 8), NVSHMEMX_ERROR_INVALID_VALUE);
    EXPECT_EQ(nvshmemx_buffer_unregister(mine.data() + 1), NVSHMEMX_ERROR_INVALID_VALUE);  // not its start
    std::string err = testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("fabshmem: PE 0: error: nvshmemx_buffer_register(0x"), std::string::npos) << err;
    EXPECT_NE(err.find("failed: it overlaps the buffer 0x"), std::string::npos) << err;
    EXPECT_NE(err.find("(registered twice?)"), std::string::npos) << err;
    EXPECT_NE(err.find("the buffer is NULL or its length 0"), std::string::npos) << err;
    EXPECT_NE(err.find("no buffer registered with nvshmemx_buffer_register starts there"), std::string::npos) << err;
    EXPECT_EQ(nvshmemx_buffer_unregister(mine.data()), 0);
    EXPECT_NE(nvshmemx_buffer_unregister(mine.data()), 0);  // once
    EXPECT_EQ(nvshmemx_buffer_register(mine.data() + 255, 8), 0);  // free again
    nvshmemx_buffer_unregister_all();
    EXPECT_NE(nvshmemx_buffer_unregister(other.data()), 0);
    nvshmem_free(heap);
}

TEST(HeapApi, SelfRmaAndPtr) {
    auto *src = static_cast<int64_t *>(nvshmem_malloc(64 * sizeof(int64_t)));
    auto *dst = static_cast<int64_t *>(nvshmem_malloc(64 * sizeof(int64_t)));
    for (int i = 0; i < 64; ++i) src[i] = i * 3;
    nvshmem_int64_get(dst, src, 64, 0);
    for (int i = 0; i < 64; ++i) ASSERT_EQ(dst[i], i * 3);
    nvshmem_int64_p(dst + 1, -9, 0);
    EXPECT_EQ(dst[1], -9);
    EXPECT_EQ(nvshmem_ptr(src, 0), src);
    EXPECT_EQ(nvshmem_ptr(src, 1), nullptr);  // no such PE
    int local = 0;
    EXPECT_EQ(nvshmem_ptr(&local, 0), nullptr);  // not symmetric
    nvshmem_free(dst);
    nvshmem_free(src);
}

TEST(HeapApi, ReallocKeepsTheContents) {
    auto *block = static_cast<unsigned char *>(nvshmem_realloc(nullptr, 100));  // NULL: malloc
    ASSERT_NE(block, nullptr);
    for (int i = 0; i < 100; ++i) block[i] = static_cast<unsigned char>(i * 3);
    auto *grown = static_cast<unsigned char *>(nvshmem_realloc(block, 1 << 16));
    ASSERT_NE(grown, nullptr);
    for (int i = 0; i < 100; ++i) ASSERT_EQ(grown[i], static_cast<unsigned char>(i * 3)) << i;
    auto *shrunk = static_cast<unsigned char *>(nvshmem_realloc(grown, 10));
    ASSERT_NE(shrunk, nullptr);
    for (int i = 0; i < 10; ++i) ASSERT_EQ(shrunk[i], static_cast<unsigned char>(i * 3)) << i;
    EXPECT_EQ(nvshmem_realloc(shrunk, 0), nullptr);  // 0: free
    int local = 0;
    EXPECT_EXIT(nvshmem_realloc(&local, 8), ExitedWithCode(1), "nvshmem_realloc\\(0x[0-9a-f]+\\): this is not a block");
}

TEST(HeapApi, VersionThreadsTeamsAndMulticast) {
    int major = 0, minor = 0, patch = -1, provided = -1;
    nvshmemx_vendor_get_version_info(&major, &minor, &patch);
    EXPECT_EQ(major * 10000 + minor * 100 + patch, NVSHMEM_VENDOR_VERSION);
    nvshmem_info_get_version(&major, &minor);
    EXPECT_TRUE(major == 1 && minor == 3) << major << "." << minor;  // NVSHMEM's OpenSHMEM level
    char name[NVSHMEM_MAX_NAME_LEN];
    nvshmem_info_get_name(name);
    EXPECT_NE(std::string(name).find("(NVSHMEM API 3.4.5 over libfabric)"), std::string::npos) << name;
    EXPECT_EQ(nvshmem_init_thread(NVSHMEM_THREAD_SERIALIZED, &provided), 0);  // counted: finalized below
    EXPECT_EQ(provided, NVSHMEM_THREAD_MULTIPLE);
    nvshmem_finalize();
    nvshmem_team_config_t config{};
    config.num_contexts = -1;
    nvshmem_team_get_config(NVSHMEM_TEAM_WORLD, &config);
    EXPECT_EQ(config.num_contexts, 0);
    EXPECT_EQ(config.version, (2 << 16) + static_cast<int>(sizeof(nvshmem_team_config_t)));
    EXPECT_EQ(config.uniqueid, NVSHMEM_TEAM_UNIQUEID_INVALID);
    static_assert(sizeof(nvshmem_team_config_t) == 64, "NVSHMEM's layout");
    nvshmemx_team_uniqueid_t id = NVSHMEM_TEAM_UNIQUEID_INVALID;
    ASSERT_EQ(nvshmemx_team_get_uniqueid(&id), 0);
    config = NVSHMEM_TEAM_CONFIG_INITIALIZER;
    config.uniqueid = id;
    nvshmem_team_t team = NVSHMEM_TEAM_INVALID;
    ASSERT_EQ(nvshmemx_team_init(&team, &config, 0, 1, 0), 0);
    EXPECT_EQ(nvshmem_team_n_pes(team), 1);
    nvshmem_team_get_config(team, &config);
    EXPECT_EQ(config.uniqueid, id);
    nvshmem_team_destroy(team);
    testing::internal::CaptureStderr();
    config.uniqueid = NVSHMEM_TEAM_UNIQUEID_INVALID;
    EXPECT_EQ(nvshmemx_team_init(&team, &config, 0, 1, 0), NVSHMEMX_ERROR_INVALID_VALUE);
    EXPECT_EQ(team, NVSHMEM_TEAM_INVALID);
    config.uniqueid = id;
    EXPECT_EQ(nvshmemx_team_init(&team, &config, 0, 2, 0), NVSHMEMX_ERROR_INVALID_VALUE);  // a 1-PE job
    EXPECT_EQ(nvshmemx_team_init(&team, &config, 0, 1, 1), NVSHMEMX_ERROR_INVALID_VALUE);
    std::string err = testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("fabshmem: PE 0: error: nvshmemx_team_init(npes 1, index 0): config->uniqueid holds no unique id"),
              std::string::npos) << err;
    EXPECT_NE(err.find("npes must be between 1 and the job's PE count"), std::string::npos) << err;
    EXPECT_NE(err.find("pe_idx_in_team must be between 0 and npes - 1"), std::string::npos) << err;
    int word = 0;
    EXPECT_EQ(nvshmemx_mc_ptr(NVSHMEM_TEAM_WORLD, &word), nullptr);
    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    int comm = 7;
    EXPECT_EQ(nvshmemx_set_attr_mpi_comm_args(&comm, &attr), 0);
    EXPECT_EQ(attr.mpi_comm, &comm);
}

TEST(HeapApiDeathTest, WrongFreesAreClearErrors) {
    void *block = nvshmem_malloc(256);
    int local = 0;
    EXPECT_EXIT(nvshmem_free(&local), ExitedWithCode(1),
                "nvshmem_free\\(0x[0-9a-f]+\\): this pointer is not in the symmetric heap");
    EXPECT_EXIT(nvshmem_free(static_cast<char *>(block) + 8), ExitedWithCode(1),
                "this points 8 bytes into the block at");
    EXPECT_EXIT(
        {
            nvshmem_free(block);
            nvshmem_free(block);
        },
        ExitedWithCode(1), "no live block starts here: it was already freed or never allocated");
    nvshmem_free(block);
}

TEST(HeapApiDeathTest, BadRmaArgumentsAreRefused) {
    auto *block = static_cast<int *>(nvshmem_malloc(16 * sizeof(int)));
    int local[16];
    EXPECT_EXIT(nvshmem_int_get(local, block, 16, 1), ExitedWithCode(1),
                "nvshmem_int_get: PE 1 is out of range: this job has 1 PE \\(0..0\\)");
    EXPECT_EXIT(nvshmem_int_get(local, block, 16, -1), ExitedWithCode(1), "PE -1 is out of range");
    EXPECT_EXIT(nvshmem_int_put(local, block, 16, 0), ExitedWithCode(1),
                "nvshmem_int_put: the symmetric address 0x[0-9a-f]+ \\(64 bytes\\) is neither inside "
                "the symmetric heap");
    EXPECT_EXIT(nvshmem_getmem(local, block, size_t{1} << 40, 0), ExitedWithCode(1),
                "is neither inside the symmetric heap");
    EXPECT_EXIT(nvshmem_int64_get(reinterpret_cast<int64_t *>(local),
                                  reinterpret_cast<int64_t *>(block), SIZE_MAX / 4, 0),
                ExitedWithCode(1), "overflow size_t");
    EXPECT_EXIT(nvshmem_getmem(nullptr, block, 4, 0), ExitedWithCode(1), "local buffer is NULL");
    nvshmem_free(block);
}

int main(int argc, char **argv) {
    testing::InitGoogleTest(&argc, argv);
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    setenv("FABSHMEM_SYMMETRIC_SIZE", "16M", 1);
    nvshmem_init();
    int result = RUN_ALL_TESTS();
    nvshmem_finalize();
    return result;
}
