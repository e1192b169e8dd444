// The tutorial's life-cycle pitfalls, in a 1-PE process: each must end in a clear message and
// a non-zero exit (or, for a second init, a warning), never a crash or a hang.
#include <gtest/gtest.h>

#include <cstdlib>

#include "nvshmemx.h"

using testing::ExitedWithCode;

TEST(LifecycleDeathTest, CallBeforeInitIsAClearError) {
    EXPECT_EQ(nvshmemx_init_status(), NVSHMEM_STATUS_NOT_INITIALIZED);
    EXPECT_EXIT(nvshmem_my_pe(), ExitedWithCode(1),
                "fabshmem: PE 0: error: nvshmem_my_pe was called before nvshmem_init; call "
                "nvshmem_init first");
    EXPECT_EXIT(nvshmem_malloc(64), ExitedWithCode(1), "nvshmem_malloc was called before nvshmem_init");
    EXPECT_EXIT(nvshmem_barrier_all(), ExitedWithCode(1), "nvshmem_barrier_all was called before");
    EXPECT_EXIT(nvshmem_finalize(), ExitedWithCode(1), "nvshmem_finalize was called before");
}

TEST(LifecycleDeathTest, SecondInitWarnsAndIsCountedByFinalize) {
    EXPECT_EXIT(
        {
            nvshmem_init();
            nvshmem_init();
            nvshmem_finalize();  // only drops the second reference
            if (nvshmemx_init_status() != NVSHMEM_STATUS_IS_INITIALIZED) std::exit(3);
            nvshmem_finalize();
            std::exit(nvshmemx_init_status() == NVSHMEM_STATUS_NOT_INITIALIZED ? 0 : 4);
        },
        ExitedWithCode(0), "warning: nvshmem_init was called again");
}

TEST(LifecycleDeathTest, CallAfterFinalizeIsAClearError) {
    EXPECT_EXIT(
        {
            nvshmem_init();
            nvshmem_finalize();
            nvshmem_n_pes();
        },
        ExitedWithCode(1), "nvshmem_n_pes was called after nvshmem_finalize");
    EXPECT_EXIT(
        {
            nvshmem_init();
            nvshmem_finalize();
            nvshmem_init();
        },
        ExitedWithCode(1), "cannot be initialized again");
}

TEST(LifecycleDeathTest, BadEnvironmentValueIsNamed) {
    EXPECT_EXIT(
        {
            setenv("FABSHMEM_SYMMETRIC_SIZE", "12 apples", 1);
            nvshmem_init();
        },
        ExitedWithCode(1), "FABSHMEM_SYMMETRIC_SIZE='12 apples' is not valid");
}

TEST(LifecycleDeathTest, LeakAtFinalizeIsReported) {
    EXPECT_EXIT(
        {
            nvshmem_init();
            nvshmem_malloc(100);
            nvshmem_malloc(1000);
            nvshmem_finalize();
            std::exit(0);
        },
        ExitedWithCode(0), "2 symmetric heap block\\(s\\) of 1100 bytes in all were never freed");
}

int main(int argc, char **argv) {
    testing::InitGoogleTest(&argc, argv);
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    setenv("FABSHMEM_SYMMETRIC_SIZE", "16M", 1);
    return RUN_ALL_TESTS();
}
