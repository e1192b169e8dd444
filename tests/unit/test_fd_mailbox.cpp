// File descriptors between mailboxes (how node peers share GPU memory): the descriptor that
// arrives is a working copy of the one sent, with its header; a full queue reports busy rather
// than blocking; a mailbox nobody opened is an error; waiting ends with a message.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

#include "fd_mailbox.h"

namespace fabshmem {
namespace {

struct Note {
    int from;
    unsigned long long start;
};

std::string unique_name(const char *what) { return "fabshmem-test-" + std::to_string(getpid()) + "-" + what; }

TEST(FdMailbox, DescriptorAndHeaderArrive) {
    FdMailbox a, b;
    std::string error;
    ASSERT_TRUE(a.open(unique_name("a"), &error)) << error;
    ASSERT_TRUE(b.open(unique_name("b"), &error)) << error;
    int pipe_ends[2];
    ASSERT_EQ(pipe(pipe_ends), 0);
    Note sent{3, 1ull << 40};
    ASSERT_EQ(a.send(unique_name("b"), &sent, sizeof sent, pipe_ends[1], &error), FdMailbox::SendResult::sent) << error;
    close(pipe_ends[1]);  // only the copy in flight keeps the pipe's write end open now
    Note got{};
    int fd = -1;
    ASSERT_TRUE(b.receive(&got, sizeof got, &fd, 1000, &error)) << error;
    EXPECT_EQ(got.from, 3);
    EXPECT_EQ(got.start, 1ull << 40);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(write(fd, "ok", 2), 2);  // the received descriptor is the pipe's write end
    close(fd);
    char text[3] = {};
    ASSERT_EQ(read(pipe_ends[0], text, 2), 2);
    EXPECT_STREQ(text, "ok");
    close(pipe_ends[0]);
}

TEST(FdMailbox, FullQueueIsBusyNotBlocked) {
    FdMailbox sender, receiver;
    std::string error;
    ASSERT_TRUE(sender.open(unique_name("sender"), &error)) << error;
    ASSERT_TRUE(receiver.open(unique_name("receiver"), &error)) << error;
    Note note{1, 2};
    int null_fd = open("/dev/null", O_RDONLY);
    ASSERT_GE(null_fd, 0);
    int sent = 0;
    FdMailbox::SendResult result;
    while ((result = sender.send(unique_name("receiver"), &note, sizeof note, null_fd, &error)) ==
               FdMailbox::SendResult::sent &&
           sent < 100000)
        ++sent;
    EXPECT_EQ(result, FdMailbox::SendResult::busy) << error;
    EXPECT_GT(sent, 0);
    for (int i = 0; i < sent; ++i) {  // drain: every one arrives whole
        int fd = -1;
        Note got{};
        ASSERT_TRUE(receiver.receive(&got, sizeof got, &fd, 1000, &error)) << i << ": " << error;
        EXPECT_EQ(got.start, 2u);
        close(fd);
    }
    close(null_fd);
}

TEST(FdMailbox, ErrorsSayWhy) {
    FdMailbox a;
    std::string error;
    ASSERT_TRUE(a.open(unique_name("lonely"), &error)) << error;
    Note note{0, 0};
    int null_fd = open("/dev/null", O_RDONLY);
    EXPECT_EQ(a.send(unique_name("nobody"), &note, sizeof note, null_fd, &error), FdMailbox::SendResult::failed);
    close(null_fd);
    EXPECT_NE(error.find("sending a descriptor"), std::string::npos) << error;
    int fd = -1;
    EXPECT_FALSE(a.receive(&note, sizeof note, &fd, 50, &error));
    EXPECT_NE(error.find("no descriptor arrived"), std::string::npos) << error;
    FdMailbox twin;
    EXPECT_FALSE(twin.open(unique_name("lonely"), &error));  // the name is taken
    EXPECT_NE(error.find("binding"), std::string::npos) << error;
}

}  // namespace
}  // namespace fabshmem
