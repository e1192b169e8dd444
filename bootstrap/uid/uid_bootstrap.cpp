// The unique-id bootstrap (nvshmemx_init_attr with NVSHMEMX_INIT_WITH_UNIQUEID): no launcher.
// Rank 0's nvshmemx_get_uniqueid opens a listening TCP socket and writes its address, port and
// a random job nonce into the id; the program hands the id to every rank any way it likes.
// At init every other rank connects to rank 0, which checks each (same nonce, same size, a
// rank of its own) and then relays: allgather and barrier go through rank 0 (a star: init
// exchanges a few hundred bytes per PE, so the root is no bottleneck at the sizes it serves).
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bootstrap.h"
#include "log.h"

namespace fabshmem {
namespace {

constexpr char kMagic[8] = "fabuid1";
constexpr size_t kHostBytes = 64;

// The id's contents (inside nvshmemx_uniqueid_t's 124 bytes).
struct IdWire {
    char magic[8];
    uint32_t address;  // IPv4, network order
    uint16_t port;     // network order
    uint16_t unused;
    uint64_t nonce;    // tells this job's id from another's
};
static_assert(sizeof(IdWire) <= kUniqueIdBytes, "the id must fit nvshmemx_uniqueid_t");

// A rank's first message to rank 0, and rank 0's answer.
struct Hello {
    uint64_t nonce;
    int32_t rank;
    int32_t size;
    char host[kHostBytes];
};
enum Verdict : uint8_t { kAccepted = 0, kOtherJob, kSizeDiffers, kRankTaken };

// Rank 0's listening socket, from nvshmemx_get_uniqueid until init takes it.
int g_listen_fd = -1;
IdWire g_made{};

std::string address_text(uint32_t address, uint16_t port) {
    char text[INET_ADDRSTRLEN] = "?";
    in_addr a{};
    a.s_addr = address;
    inet_ntop(AF_INET, &a, text, sizeof text);
    return std::string(text) + ":" + std::to_string(ntohs(port));
}

// The address to put in the id: `interface`'s, else the first IPv4 interface that is up and
// not loopback, else loopback (every rank on this host).
bool choose_address(const std::string &interface, uint32_t *address, std::string *error) {
    ifaddrs *list = nullptr;
    if (getifaddrs(&list) != 0) {
        *error = std::string("getifaddrs failed: ") + std::strerror(errno);
        return false;
    }
    bool found = false;
    *address = htonl(INADDR_LOOPBACK);
    for (ifaddrs *i = list; i && !found; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP)) continue;
        bool wanted = interface.empty() ? !(i->ifa_flags & IFF_LOOPBACK) : interface == i->ifa_name;
        if (!wanted) continue;
        *address = reinterpret_cast<sockaddr_in *>(i->ifa_addr)->sin_addr.s_addr;
        found = true;
    }
    freeifaddrs(list);
    if (!found && !interface.empty()) {
        *error = "FABSHMEM_BOOTSTRAP_UID_INTERFACE=" + interface +
                 " names no network interface with an IPv4 address that is up on this host";
        return false;
    }
    return true;
}

bool make_unique_id(void *id, const std::string &interface, std::string *error) {
    IdWire wire{};
    std::memcpy(wire.magic, kMagic, sizeof kMagic);
    if (!choose_address(interface, &wire.address, error)) return false;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in bound{};
    bound.sin_family = AF_INET;
    bound.sin_addr.s_addr = wire.address;
    socklen_t length = sizeof bound;
    if (fd < 0 || bind(fd, reinterpret_cast<sockaddr *>(&bound), sizeof bound) != 0 ||
        listen(fd, SOMAXCONN) != 0 || getsockname(fd, reinterpret_cast<sockaddr *>(&bound), &length) != 0) {
        *error = "could not listen on " + address_text(wire.address, 0) + ": " + std::strerror(errno);
        if (fd >= 0) close(fd);
        return false;
    }
    wire.port = bound.sin_port;
    std::random_device random;
    wire.nonce = (uint64_t{random()} << 32) ^ random() ^ uint64_t(getpid());
    if (g_listen_fd >= 0) close(g_listen_fd);  // a newer id replaces an unused one
    g_listen_fd = fd;
    g_made = wire;
    std::memset(id, 0, kUniqueIdBytes);
    std::memcpy(id, &wire, sizeof wire);
    return true;
}

using Clock = std::chrono::steady_clock;

// Waits until `fd` is readable (or writable) or the deadline passes; false on timeout.
bool wait_for(int fd, short events, Clock::time_point deadline) {
    for (;;) {
        long left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (deadline == Clock::time_point::max()) left = -1;
        else if (left <= 0) return false;
        pollfd p{fd, events, 0};
        int n = poll(&p, 1, left > 1000000 ? 1000000 : static_cast<int>(left));
        if (n > 0) return true;
        if (n < 0 && errno != EINTR) return true;  // the read or write that follows reports it
    }
}

// Whole messages; false (errno 0 for a closed peer, ETIMEDOUT) when they cannot be moved.
bool read_all(int fd, void *data, size_t bytes, Clock::time_point deadline) {
    char *p = static_cast<char *>(data);
    while (bytes) {
        if (!wait_for(fd, POLLIN, deadline)) { errno = ETIMEDOUT; return false; }
        ssize_t n = read(fd, p, bytes);
        if (n == 0) errno = 0;
        if (n <= 0) {
            if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            return false;
        }
        p += n;
        bytes -= static_cast<size_t>(n);
    }
    return true;
}
bool write_all(int fd, const void *data, size_t bytes) {
    const char *p = static_cast<const char *>(data);
    while (bytes) {
        ssize_t n = send(fd, p, bytes, MSG_NOSIGNAL);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) continue;
            return false;
        }
        p += n;
        bytes -= static_cast<size_t>(n);
    }
    return true;
}

std::string why_lost(int rank) {
    if (errno == 0) return "PE " + std::to_string(rank) + " closed its connection (it has most likely ended)";
    if (errno == ETIMEDOUT) return "PE " + std::to_string(rank) + " did not answer in time";
    return "the connection to PE " + std::to_string(rank) + " failed: " + std::strerror(errno);
}

class UidBootstrap final : public Bootstrap {
public:
    ~UidBootstrap() override { finalize(); }
    const char *name() const override { return "uid"; }

    Status start(const BootstrapArgs &args) {
        rank_ = args.rank;
        size_ = args.size;
        timeout_seconds_ = args.timeout_seconds;
        std::memcpy(&id_, args.unique_id, sizeof id_);
        if (std::memcmp(id_.magic, kMagic, sizeof kMagic) != 0) {
            FS_ERROR("nvshmemx_init_attr: the unique id was not made by nvshmemx_get_uniqueid (or "
                     "not copied whole: all of its 128 bytes): rank 0 makes it, and every rank passes "
                     "the same bytes to nvshmemx_set_attr_uniqueid_args");
            return Status::invalid_argument;
        }
        char host[kHostBytes] = {};
        gethostname(host, sizeof host - 1);
        hosts_.assign(static_cast<size_t>(size_) * kHostBytes, 0);
        Status status = rank_ == 0 ? accept_ranks(host) : join(host);
        if (status != Status::ok) return status;
        node_pes_.clear();
        for (int pe = 0; pe < size_; ++pe)
            if (std::strncmp(&hosts_[static_cast<size_t>(pe) * kHostBytes], host, kHostBytes) == 0) node_pes_.push_back(pe);
        return Status::ok;
    }

    Status gather(const void *mine, size_t bytes, void *all) override {
        char *out = static_cast<char *>(all);
        Clock::time_point deadline = this->deadline();
        if (rank_ != 0) {
            uint64_t size = bytes;
            if (!write_all(root_fd_, &size, sizeof size) || !write_all(root_fd_, mine, bytes) ||
                !read_all(root_fd_, all, bytes * static_cast<size_t>(size_), deadline))
                return lost("an exchange with PE 0", 0);
            return Status::ok;
        }
        std::memcpy(out, mine, bytes);
        // Every rank's contribution, in any order: poll them all and name the late ones.
        std::vector<bool> arrived(static_cast<size_t>(size_), false);
        arrived[0] = true;
        for (int left = size_ - 1; left > 0;) {
            std::vector<pollfd> waiting;
            std::vector<int> ranks;
            for (int r = 1; r < size_; ++r)
                if (!arrived[static_cast<size_t>(r)]) {
                    waiting.push_back({rank_fds_[static_cast<size_t>(r)], POLLIN, 0});
                    ranks.push_back(r);
                }
            long wait_ms = deadline == Clock::time_point::max() ? -1 :
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (wait_ms == 0 || wait_ms < -1) return late(ranks);
            int n = poll(waiting.data(), waiting.size(), static_cast<int>(std::min<long>(wait_ms, 1000000)));
            if (n == 0 && wait_ms >= 0 && wait_ms <= 1000000) return late(ranks);
            for (size_t i = 0; n > 0 && i < waiting.size(); ++i) {
                if (!waiting[i].revents) continue;
                int r = ranks[i];
                uint64_t size = 0;
                if (!read_all(waiting[i].fd, &size, sizeof size, deadline)) return lost("an exchange", r);
                if (size != bytes) {
                    FS_ERROR("bootstrap (unique id): PE %d contributed %llu bytes to an exchange of %zu: "
                             "the PEs are not making the same calls in the same order",
                             r, static_cast<unsigned long long>(size), bytes);
                    return Status::bootstrap_error;
                }
                if (!read_all(waiting[i].fd, out + static_cast<size_t>(r) * bytes, bytes, deadline))
                    return lost("an exchange", r);
                arrived[static_cast<size_t>(r)] = true;
                --left;
            }
        }
        for (int r = 1; r < size_; ++r)
            if (!write_all(rank_fds_[static_cast<size_t>(r)], all, bytes * static_cast<size_t>(size_)))
                return lost("an exchange", r);
        return Status::ok;
    }

    Status wait_for_all() override {
        char one = 1;
        std::vector<char> all(static_cast<size_t>(size_));
        return gather(&one, 1, all.data());
    }

    void abort(int exit_code, const char *) override {
        // The others notice the closed connections in their next exchange (or their watchdog).
        std::_Exit(exit_code);
    }

    void finalize() override {
        for (int fd : rank_fds_)
            if (fd >= 0) close(fd);
        rank_fds_.clear();
        if (root_fd_ >= 0) close(root_fd_);
        root_fd_ = -1;
    }

private:
    Clock::time_point deadline() const {
        return timeout_seconds_ > 0 ? Clock::now() + std::chrono::seconds(timeout_seconds_) : Clock::time_point::max();
    }

    Status lost(const char *during, int rank) {
        FS_ERROR("bootstrap (unique id): %s failed: %s", during, why_lost(rank).c_str());
        return Status::bootstrap_error;
    }

    Status late(const std::vector<int> &ranks) {
        std::string names;
        for (size_t i = 0; i < ranks.size() && i < 16; ++i) names += (i ? ", " : "") + std::to_string(ranks[i]);
        if (ranks.size() > 16) names += ", ...";
        FS_ERROR("bootstrap (unique id): PE(s) %s did not arrive within FABSHMEM_BOOTSTRAP_TIMEOUT=%ld s: "
                 "are they running, and making the same calls?",
                 names.c_str(), timeout_seconds_);
        return Status::bootstrap_error;
    }

    // Rank 0: the listening socket must be this process's own, from nvshmemx_get_uniqueid.
    Status accept_ranks(const char *host) {
        if (g_listen_fd < 0 || std::memcmp(&g_made, &id_, sizeof id_) != 0) {
            FS_ERROR("nvshmemx_init_attr: rank 0 must be the process that made the unique id with "
                     "nvshmemx_get_uniqueid (this one made %s); call it on rank 0 and hand its id to the others",
                     g_listen_fd < 0 ? "none" : "another");
            return Status::invalid_argument;
        }
        std::memcpy(&hosts_[0], host, kHostBytes);
        rank_fds_.assign(static_cast<size_t>(size_), -1);
        Clock::time_point deadline = this->deadline();
        for (int joined = 1; joined < size_;) {
            if (!wait_for(g_listen_fd, POLLIN, deadline)) {
                std::vector<int> missing;
                for (int r = 1; r < size_; ++r)
                    if (rank_fds_[static_cast<size_t>(r)] < 0) missing.push_back(r);
                return late(missing);
            }
            int fd = accept4(g_listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0) continue;
            Hello hello{};
            if (!read_all(fd, &hello, sizeof hello, Clock::now() + std::chrono::seconds(10))) {
                close(fd);  // not one of ours, or gone: keep waiting for the real ones
                continue;
            }
            Verdict verdict = kAccepted;
            if (hello.nonce != id_.nonce) verdict = kOtherJob;
            else if (hello.size != size_) verdict = kSizeDiffers;
            else if (hello.rank <= 0 || hello.rank >= size_ || rank_fds_[static_cast<size_t>(hello.rank)] >= 0)
                verdict = kRankTaken;
            uint8_t answer = verdict;
            int32_t size = size_;
            write_all(fd, &answer, 1);
            write_all(fd, &size, sizeof size);
            if (verdict != kAccepted) {
                close(fd);
                continue;
            }
            int one = 1;
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            rank_fds_[static_cast<size_t>(hello.rank)] = fd;
            std::memcpy(&hosts_[static_cast<size_t>(hello.rank) * kHostBytes], hello.host, kHostBytes);
            hosts_[static_cast<size_t>(hello.rank + 1) * kHostBytes - 1] = 0;
            ++joined;
        }
        close(g_listen_fd);  // every rank is here; the id is spent
        g_listen_fd = -1;
        for (int r = 1; r < size_; ++r)
            if (!write_all(rank_fds_[static_cast<size_t>(r)], hosts_.data(), hosts_.size())) return lost("init", r);
        return Status::ok;
    }

    // Any other rank: connect (rank 0 may not be listening yet: retry), introduce, get the hosts.
    Status join(const char *host) {
        Clock::time_point deadline = this->deadline();
        std::string where = address_text(id_.address, id_.port);
        sockaddr_in root{};
        root.sin_family = AF_INET;
        root.sin_addr.s_addr = id_.address;
        root.sin_port = id_.port;
        for (;;) {
            root_fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
            if (root_fd_ >= 0 && connect(root_fd_, reinterpret_cast<sockaddr *>(&root), sizeof root) == 0) break;
            int error = errno;
            if (root_fd_ >= 0) close(root_fd_);
            root_fd_ = -1;
            if (Clock::now() > deadline) {
                FS_ERROR("bootstrap (unique id): could not reach rank 0 at %s within "
                         "FABSHMEM_BOOTSTRAP_TIMEOUT=%ld s (%s): is rank 0 running, and is that address "
                         "reachable from here? (rank 0 may choose another with FABSHMEM_BOOTSTRAP_UID_INTERFACE)",
                         where.c_str(), timeout_seconds_, std::strerror(error));
                return Status::bootstrap_error;
            }
            usleep(20000);
        }
        int one = 1;
        setsockopt(root_fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        Hello hello{};
        hello.nonce = id_.nonce;
        hello.rank = rank_;
        hello.size = size_;
        std::memcpy(hello.host, host, kHostBytes - 1);
        uint8_t verdict = 0;
        int32_t root_size = 0;
        if (!write_all(root_fd_, &hello, sizeof hello) || !read_all(root_fd_, &verdict, 1, deadline) ||
            !read_all(root_fd_, &root_size, sizeof root_size, deadline))
            return lost("joining the job at rank 0", 0);
        switch (verdict) {
            case kAccepted: break;
            case kOtherJob:
                FS_ERROR("nvshmemx_init_attr: the unique id is another job's: rank 0 at %s runs a job with a "
                         "different id; pass every rank the id this job's rank 0 made", where.c_str());
                return Status::invalid_argument;
            case kSizeDiffers:
                FS_ERROR("nvshmemx_init_attr: this rank says the job has %d PEs, rank 0 says %d: pass every "
                         "rank the same nranks", size_, root_size);
                return Status::invalid_argument;
            default:
                FS_ERROR("nvshmemx_init_attr: rank %d is out of range or already taken by another process "
                         "(the job has %d PEs): give each process its own rank 0..%d",
                         rank_, root_size, root_size - 1);
                return Status::invalid_argument;
        }
        if (!read_all(root_fd_, hosts_.data(), hosts_.size(), deadline)) return lost("init", 0);
        return Status::ok;
    }

    IdWire id_{};
    std::vector<char> hosts_;
    std::vector<int> rank_fds_;  // rank 0: one per rank (rank 0's own entry unused)
    int root_fd_ = -1;           // other ranks: the connection to rank 0
};

std::unique_ptr<Bootstrap> create_uid_bootstrap(const BootstrapArgs &args, Status *status) {
    auto bootstrap = std::make_unique<UidBootstrap>();
    *status = bootstrap->start(args);
    if (*status != Status::ok) return nullptr;
    return bootstrap;
}

}  // namespace

extern const BootstrapEntry bootstrap_entry_uid = {"uid", nullptr, create_uid_bootstrap, make_unique_id};

}  // namespace fabshmem
