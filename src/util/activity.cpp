#include "activity.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>

namespace fabshmem {
namespace {

std::atomic<const char *> g_what{nullptr};
std::atomic<int> g_pe{-1};
// The last call that ended, for a PE caught between calls (a loop of short gets spends
// part of its time outside them): "in its own code (last in fabshmem 0.1 s ago: ...)".
// No clock on this path (it is every get and put): the watchdog samples the call count
// and notes when it last changed.
std::atomic<const char *> g_last_what{nullptr};
std::atomic<int> g_last_pe{-1};
std::atomic<uint64_t> g_calls{0};
uint64_t g_calls_sampled = 0;              // the watchdog's thread only
std::atomic<int64_t> g_last_change_ns{0};  // when the watchdog saw g_calls change

int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::string with_pe(const char *what, int pe) {
    return pe >= 0 ? std::string(what) + " PE " + std::to_string(pe) : std::string(what);
}

}  // namespace

ActivityScope::ActivityScope(const char *what, int pe)
    : what_(what), pe_(pe), previous_what_(g_what.load(std::memory_order_relaxed)),
      previous_pe_(g_pe.load(std::memory_order_relaxed)) {
    g_pe.store(pe, std::memory_order_relaxed);
    g_what.store(what, std::memory_order_release);
}

ActivityScope::~ActivityScope() {
    g_last_pe.store(pe_, std::memory_order_relaxed);
    g_last_what.store(what_, std::memory_order_relaxed);
    // A plain increment: two threads racing may lose one count, which only delays the sample.
    g_calls.store(g_calls.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    // `what` first: a reader that sees the old `what` again knows `pe` went with it.
    g_what.store(previous_what_, std::memory_order_release);
    g_pe.store(previous_pe_, std::memory_order_release);
}

void sample_activity() {
    uint64_t calls = g_calls.load(std::memory_order_relaxed);
    if (calls == g_calls_sampled) return;
    g_calls_sampled = calls;
    g_last_change_ns.store(now_ns(), std::memory_order_relaxed);
}

std::string describe_activity() {
    // The two words change together; read until `what` is the same before and after `pe`.
    const char *what = g_what.load(std::memory_order_acquire);
    int pe = -1;
    for (int attempt = 0; attempt < 100; ++attempt) {
        pe = g_pe.load(std::memory_order_acquire);
        const char *again = g_what.load(std::memory_order_acquire);
        if (again == what) break;
        what = again;
    }
    if (what) return with_pe(what, pe);
    const char *last = g_last_what.load(std::memory_order_relaxed);
    if (!last) return "in its own code (no fabshmem call yet)";
    std::string previous = with_pe(last, g_last_pe.load(std::memory_order_relaxed));
    int64_t changed = g_last_change_ns.load(std::memory_order_relaxed);
    if (!changed) return "in its own code (last in fabshmem: " + previous + ")";
    char ago[64];
    double ms = (now_ns() - changed) / 1e6;
    if (ms < 1000) std::snprintf(ago, sizeof ago, "%.1f ms", ms);
    else std::snprintf(ago, sizeof ago, "%.1f s", ms / 1000);
    return std::string("in its own code (last in fabshmem ") + ago + " ago: " + previous + ")";
}

}  // namespace fabshmem
