#include "progress_thread.h"

#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "cuda_support.h"
#include "device_channel.h"
#include "transport.h"
#include "log.h"

namespace fabshmem {

// While a user thread drives progress the progress thread sleeps, starting at the minimum
// and doubling up to the maximum as long as the user stays active. Each wake-up can preempt
// a polling user thread (measured on 2 cores: a fixed 200 us nap made an 8-byte tcp get 30%
// slower); the longest nap bounds the hand-over delay when the user goes back to computing.
constexpr useconds_t kMinStandAsideUs = 200;
constexpr useconds_t kMaxStandAsideUs = 10000;
// With a request ring, the longest nap when idle or standing aside: a kernel's request waits
// at most about this long for the thread to notice it.
constexpr useconds_t kRingNapUs = 20;

void ProgressThread::start(Transport *transport, DeviceChannel *channel, long cpu, long spin_us) {
    transport_ = transport;
    channel_ = channel && channel->has_ring() ? channel : nullptr;
    spin_us_ = spin_us;
    cpu_ = static_cast<int>(cpu);
    stopping_ = false;
    thread_ = std::thread([this] { run(); });
    if (cpu_ >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu_, &set);
        int rc = pthread_setaffinity_np(thread_.native_handle(), sizeof set, &set);
        if (rc != 0) {
            FS_WARN("cannot pin the progress thread to CPU %d (FABSHMEM_PROGRESS_CPU): %s; it "
                    "runs unpinned",
                    cpu_, std::strerror(rc));
            cpu_ = -1;
        }
    }
}

void ProgressThread::stop() {
    if (!thread_.joinable()) return;
    stopping_ = true;
    transport_->interrupt_wait();
    thread_.join();
}

void ProgressThread::run() {
    cuda::mark_library_thread();  // its GPU copies never wait for the program's kernels
    using Clock = std::chrono::steady_clock;
    const auto spin = std::chrono::microseconds(spin_us_);
    auto last_activity = Clock::now();
    uint64_t user_polls_seen = transport_->user_poll_count();
    uint64_t user_posts_seen = transport_->user_post_count();
    useconds_t stand_aside = kMinStandAsideUs;
    const useconds_t max_stand_aside = channel_ ? kRingNapUs : kMaxStandAsideUs;
    while (!stopping_.load(std::memory_order_relaxed)) {
        if (channel_ && channel_->serve()) {
            // Serving polls the transport as a user thread would: not a reason to stand aside.
            user_polls_seen = transport_->user_poll_count();
            stand_aside = kMinStandAsideUs;
            last_activity = Clock::now();
            continue;
        }
        uint64_t user_polls = transport_->user_poll_count();
        if (transport_->user_is_polling() || user_polls != user_polls_seen) {
            // A user thread drives progress (it is in get, quiet or a barrier, or was since we
            // last looked): leave the core to it rather than preempt it or compete for the CQ.
            user_polls_seen = user_polls;
            usleep(std::min(stand_aside, max_stand_aside));
            stand_aside = std::min(stand_aside * 2, kMaxStandAsideUs);
            last_activity = Clock::now();
            continue;
        }
        stand_aside = kMinStandAsideUs;
        uint64_t user_posts = transport_->user_post_count();
        if (user_posts != user_posts_seen) {
            // A user thread is posting (non-blocking operations, before its quiet): polling
            // now would contend with it for the provider's locks. Measured on the H200, shm
            // with GPU memory, 64 operations then quiet: 1.2-1.3x raw libfabric's time per
            // operation with the progress thread polling, 0.9-1.1x standing aside. A single
            // short nap, not doubled: a program that posts and then computes is served soon.
            user_posts_seen = user_posts;
            usleep(std::min(kMinStandAsideUs, max_stand_aside));
            last_activity = Clock::now();
            continue;
        }
        if (transport_->poll()) {
            last_activity = Clock::now();
            continue;
        }
        if (Clock::now() - last_activity < spin) {
            sched_yield();
            continue;
        }
        if (channel_) usleep(kRingNapUs);
        else if (transport_->wait_for_activity(2 /* ms, so stop() is never late */))
            last_activity = Clock::now();
    }
}

}  // namespace fabshmem
