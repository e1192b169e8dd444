// The open-files limit (RLIMIT_NOFILE): the soft limit is raised within the hard one, never
// lowered; a process that ran out is told how many files it has open against which limit.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cerrno>
#include <string>

#include "file_limit.h"

namespace fabshmem {
namespace {

class FileLimit : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &saved_), 0); }
    void TearDown() override { setrlimit(RLIMIT_NOFILE, &saved_); }
    void set_soft(rlim_t soft) {
        rlimit limit = saved_;
        limit.rlim_cur = soft;
        ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &limit), 0);
    }
    rlimit saved_{};
};

TEST_F(FileLimit, SoftLimitRaisedWithinTheHardOne) {
    if (saved_.rlim_max != RLIM_INFINITY && saved_.rlim_max < 200) GTEST_SKIP() << "hard limit below 200";
    set_soft(64);
    unsigned long soft = 0, hard = 0;
    EXPECT_TRUE(allow_open_files(200, &soft, &hard));
    EXPECT_EQ(soft, 200u);
    rlimit now{};
    ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &now), 0);
    EXPECT_EQ(now.rlim_cur, rlim_t{200});
    // Never lowered.
    EXPECT_TRUE(allow_open_files(100, &soft, &hard));
    EXPECT_EQ(soft, 200u);
}

TEST_F(FileLimit, BeyondTheHardLimitSaysSo) {
    if (saved_.rlim_max == RLIM_INFINITY) GTEST_SKIP() << "no hard limit";
    unsigned long soft = 0, hard = 0;
    EXPECT_FALSE(allow_open_files(static_cast<unsigned long>(saved_.rlim_max) + 1, &soft, &hard));
    EXPECT_EQ(soft, static_cast<unsigned long>(saved_.rlim_max));  // raised as far as it goes
    EXPECT_EQ(hard, static_cast<unsigned long>(saved_.rlim_max));
}

TEST_F(FileLimit, AdviceNamesTheLimitOnlyWhereItIsTheCause) {
    set_soft(64);
    std::string advice = open_files_advice(EMFILE);
    EXPECT_NE(advice.find("files open and may open 64 (ulimit -n"), std::string::npos) << advice;
    EXPECT_NE(open_files_advice(ENFILE).find("file-max"), std::string::npos);
    EXPECT_EQ(open_files_advice(ENOENT), "");
    EXPECT_EQ(open_files_advice(0), "");  // a reason-less failure with files to spare: not this
}

}  // namespace
}  // namespace fabshmem
