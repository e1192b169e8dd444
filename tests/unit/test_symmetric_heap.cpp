// The host heap's shared-memory object: private to the user, and gone once unlinked.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "symmetric_heap.h"

namespace fabshmem {
namespace {

TEST(SymmetricHeap, SharedObjectIsPrivateToTheUserAndRemovable) {
    std::string name = "/fabshmem-heap.unit-test." + std::to_string(getpid());
    SymmetricHeap heap;
    ASSERT_TRUE(heap.reserve_host(size_t{1} << 20, name));
    struct stat st {};
    ASSERT_EQ(stat(("/dev/shm" + name).c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u) << "the heap must be readable and writable by its owner only";
    EXPECT_EQ(st.st_uid, getuid());
    heap.unlink_shared_name();
    EXPECT_NE(stat(("/dev/shm" + name).c_str(), &st), 0) << "the name must be gone after unlinking";
    // The memory stays usable after the name is gone.
    heap.base()[heap.size() - 1] = 42;
    EXPECT_EQ(heap.base()[heap.size() - 1], 42);
}

}  // namespace
}  // namespace fabshmem
