// File descriptors between processes of one node (CUDA memory shared by descriptor): each
// process binds a datagram socket in Linux's abstract namespace (no file to clean up, gone
// with the process) and peers send it descriptors with SCM_RIGHTS. Datagrams keep each
// message whole; the header says who sent it and for what.
#pragma once

#include <cstddef>
#include <string>

namespace fabshmem {

class FdMailbox {
public:
    FdMailbox() = default;
    FdMailbox(const FdMailbox &) = delete;
    FdMailbox &operator=(const FdMailbox &) = delete;
    ~FdMailbox();

    // Binds the socket named `name` (unique on the node).
    bool open(const std::string &name, std::string *error);
    bool is_open() const { return socket_ >= 0; }
    // Sends `header` and a copy of `fd` to the mailbox named `to`, without waiting: `busy` when
    // its queue is full (receive meanwhile, then try again).
    enum class SendResult { sent, busy, failed };
    SendResult send(const std::string &to, const void *header, size_t header_bytes, int fd, std::string *error);
    // Waits up to `timeout_ms` for one message of exactly `header_bytes` with one descriptor.
    bool receive(void *header, size_t header_bytes, int *fd, int timeout_ms, std::string *error);

private:
    int socket_ = -1;
};

}  // namespace fabshmem
