#include <gtest/gtest.h>

#include <cstdlib>

#include "config.h"
#include "parse.h"

using namespace fabshmem;

TEST(ParseSize, AcceptsSuffixes) {
    size_t v = 0;
    EXPECT_TRUE(parse_size("1048576", &v));
    EXPECT_EQ(v, 1048576u);
    EXPECT_TRUE(parse_size("512M", &v));
    EXPECT_EQ(v, size_t{512} << 20);
    EXPECT_TRUE(parse_size("2G", &v));
    EXPECT_EQ(v, size_t{2} << 30);
    EXPECT_TRUE(parse_size("64KiB", &v));
    EXPECT_EQ(v, size_t{64} << 10);
    EXPECT_TRUE(parse_size(" 1t ", &v));
    EXPECT_EQ(v, size_t{1} << 40);
    EXPECT_TRUE(parse_size("3gb", &v));
    EXPECT_EQ(v, size_t{3} << 30);
}

TEST(ParseSize, RefusesGarbageAndOverflow) {
    size_t v = 7;
    for (const char *bad : {"", "M", "-1", "1.5G", "12X", "99999999999999999999", "16777216T", "1 G"})
        EXPECT_FALSE(parse_size(bad, &v)) << bad;
    EXPECT_EQ(v, 7u);
}

TEST(FormatSize, RoundTrips) {
    for (size_t v : {size_t{1} << 30, size_t{1536}, size_t{3} << 20, size_t{100}}) {
        size_t back = 0;
        ASSERT_TRUE(parse_size(format_size(v), &back));
        EXPECT_EQ(back, v);
    }
    EXPECT_EQ(format_size(size_t{1} << 30), "1G");
}

TEST(ParseBool, AcceptsCommonSpellings) {
    bool b = false;
    EXPECT_TRUE(parse_bool("Yes", &b));
    EXPECT_TRUE(b);
    EXPECT_TRUE(parse_bool("off", &b));
    EXPECT_FALSE(b);
    EXPECT_FALSE(parse_bool("maybe", &b));
}

TEST(Config, DefaultsAndAliases) {
    unsetenv("FABSHMEM_SYMMETRIC_SIZE");
    unsetenv("NVSHMEM_SYMMETRIC_SIZE");
    Config config;
    std::string error;
    ASSERT_TRUE(load_config(&config, &error)) << error;
    EXPECT_EQ(config.symmetric_size, size_t{1} << 30);
    setenv("NVSHMEM_SYMMETRIC_SIZE", "256M", 1);
    ASSERT_TRUE(load_config(&config, &error));
    EXPECT_EQ(config.symmetric_size, size_t{256} << 20);
    setenv("FABSHMEM_SYMMETRIC_SIZE", "2G", 1);  // the fabshmem name wins
    ASSERT_TRUE(load_config(&config, &error));
    EXPECT_EQ(config.symmetric_size, size_t{2} << 30);
    unsetenv("FABSHMEM_SYMMETRIC_SIZE");
    unsetenv("NVSHMEM_SYMMETRIC_SIZE");
}

TEST(Config, BadValueNamesVariableAndWhatIsAccepted) {
    setenv("FABSHMEM_SYMMETRIC_SIZE", "lots", 1);
    Config config;
    std::string error;
    EXPECT_FALSE(load_config(&config, &error));
    EXPECT_NE(error.find("FABSHMEM_SYMMETRIC_SIZE='lots'"), std::string::npos) << error;
    EXPECT_NE(error.find("512M"), std::string::npos) << error;
    unsetenv("FABSHMEM_SYMMETRIC_SIZE");
}

TEST(Config, EveryVariableHasHelpAndAParsableDefault) {
    for (const EnvVar &var : env_vars()) {
        EXPECT_EQ(std::string(var.name).rfind("FABSHMEM_", 0), 0u) << var.name;
        EXPECT_GT(std::string(var.help).size(), 10u) << var.name;
    }
    Config config;
    std::string error;
    EXPECT_TRUE(load_config(&config, &error)) << error;
}
