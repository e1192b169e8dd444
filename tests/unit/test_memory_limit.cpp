// Memory limits (RLIMIT_AS, RLIMIT_DATA): a mapping that failed is put down to a limit only where
// the limit is set and the mapping would pass it, and the text names the limit and its size.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "memory_limit.h"

namespace fabshmem {
namespace {

constexpr size_t kGiB = size_t{1} << 30;

// What this process maps now ("VmSize:" or "VmData:"), in bytes: limits are set above it, as a
// sanitizer's shadow memory alone is terabytes.
size_t mapped(const char *field) {
    FILE *status = std::fopen("/proc/self/status", "r");
    char line[256];
    size_t kib = 0;
    while (status && std::fgets(line, sizeof line, status))
        if (std::strncmp(line, field, std::strlen(field)) == 0) std::sscanf(line + std::strlen(field), "%zu", &kib);
    if (status) std::fclose(status);
    return kib * 1024;
}

class MemoryLimit : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_EQ(getrlimit(RLIMIT_AS, &address_space_), 0);
        ASSERT_EQ(getrlimit(RLIMIT_DATA, &data_), 0);
    }
    void TearDown() override {
        setrlimit(RLIMIT_AS, &address_space_);
        setrlimit(RLIMIT_DATA, &data_);
    }
    // Lowers only the soft limit (the hard one stays, so TearDown can raise it back).
    void set_soft(int resource, const rlimit &saved, rlim_t soft) {
        rlimit limit = saved;
        limit.rlim_cur = soft;
        ASSERT_EQ(setrlimit(resource, &limit), 0);
    }
    rlimit address_space_{}, data_{};
};

TEST_F(MemoryLimit, NoLimitNoAdvice) {
    if (address_space_.rlim_cur != RLIM_INFINITY || data_.rlim_cur != RLIM_INFINITY)
        GTEST_SKIP() << "this process runs under a memory limit";
    EXPECT_EQ(mapping_limit(ENOMEM, 64 * kGiB), "");
}

TEST_F(MemoryLimit, AddressSpaceLimitNamedWhereTheMappingPassesIt) {
    if (address_space_.rlim_max != RLIM_INFINITY) GTEST_SKIP() << "a hard address-space limit is set";
    set_soft(RLIMIT_AS, address_space_, mapped("VmSize:") + 32 * kGiB);  // far above what this test maps
    std::string advice = mapping_limit(ENOMEM, 40 * kGiB);
    EXPECT_NE(advice.find("; this process may map at most "), std::string::npos) << advice;
    EXPECT_NE(advice.find(" of address space (ulimit -v; hard limit none) and maps "), std::string::npos) << advice;
    EXPECT_NE(advice.find("already"), std::string::npos) << advice;
    EXPECT_EQ(mapping_limit(ENOMEM, kGiB), "");       // fits: the memory itself ran out
    EXPECT_EQ(mapping_limit(EACCES, 40 * kGiB), "");  // another cause
}

TEST_F(MemoryLimit, DataLimitNamed) {
    if (address_space_.rlim_cur != RLIM_INFINITY) GTEST_SKIP() << "an address-space limit is set";
    if (data_.rlim_max != RLIM_INFINITY) GTEST_SKIP() << "a hard data limit is set";
    set_soft(RLIMIT_DATA, data_, mapped("VmData:") + 16 * kGiB);
    std::string advice = mapping_limit(ENOMEM, 20 * kGiB);
    EXPECT_NE(advice.find("of private memory (ulimit -d"), std::string::npos) << advice;
}

}  // namespace
}  // namespace fabshmem
