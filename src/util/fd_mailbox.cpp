#include "fd_mailbox.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>

namespace fabshmem {
namespace {

// "\0name": the abstract namespace. Returns the address length.
socklen_t abstract_address(const std::string &name, sockaddr_un *address) {
    *address = sockaddr_un{};
    address->sun_family = AF_UNIX;
    size_t bytes = std::min(name.size(), sizeof address->sun_path - 1);
    std::memcpy(address->sun_path + 1, name.data(), bytes);
    return static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + bytes);
}

bool failed(const char *what, std::string *error) {
    *error = std::string(what) + ": " + std::strerror(errno);
    return false;
}

}  // namespace

FdMailbox::~FdMailbox() {
    if (socket_ >= 0) close(socket_);
}

bool FdMailbox::open(const std::string &name, std::string *error) {
    socket_ = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (socket_ < 0) return failed("socket(AF_UNIX)", error);
    sockaddr_un address;
    socklen_t length = abstract_address(name, &address);
    if (bind(socket_, reinterpret_cast<sockaddr *>(&address), length) == 0) return true;
    failed("binding the descriptor socket", error);
    close(socket_);
    socket_ = -1;
    return false;
}

FdMailbox::SendResult FdMailbox::send(const std::string &to, const void *header, size_t header_bytes, int fd, std::string *error) {
    sockaddr_un address;
    socklen_t length = abstract_address(to, &address);
    iovec data{const_cast<void *>(header), header_bytes};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    msghdr message{};
    message.msg_name = &address;
    message.msg_namelen = length;
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    cmsghdr *rights = CMSG_FIRSTHDR(&message);
    rights->cmsg_level = SOL_SOCKET;
    rights->cmsg_type = SCM_RIGHTS;
    rights->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(rights), &fd, sizeof fd);
    while (sendmsg(socket_, &message, MSG_DONTWAIT) < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK) return SendResult::busy;
        if (errno != EINTR) {
            failed("sending a descriptor", error);
            return SendResult::failed;
        }
    }
    return SendResult::sent;
}

bool FdMailbox::receive(void *header, size_t header_bytes, int *fd, int timeout_ms, std::string *error) {
    pollfd ready{socket_, POLLIN, 0};
    int rc;
    while ((rc = poll(&ready, 1, timeout_ms)) < 0 && errno == EINTR) {
    }
    if (rc < 0) return failed("waiting for a descriptor", error);
    if (rc == 0) {
        *error = "no descriptor arrived within " + std::to_string(timeout_ms / 1000) + " s";
        return false;
    }
    iovec data{header, header_bytes};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    msghdr message{};
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    ssize_t got = recvmsg(socket_, &message, MSG_CMSG_CLOEXEC);
    if (got < 0) return failed("receiving a descriptor", error);
    cmsghdr *rights = CMSG_FIRSTHDR(&message);
    if (static_cast<size_t>(got) != header_bytes || (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || !rights ||
        rights->cmsg_type != SCM_RIGHTS) {
        *error = "a malformed message arrived on the descriptor socket";
        return false;
    }
    std::memcpy(fd, CMSG_DATA(rights), sizeof *fd);
    return true;
}

}  // namespace fabshmem
