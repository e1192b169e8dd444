#include "activity.h"

#include <atomic>

namespace fabshmem {
namespace {

std::atomic<const char *> g_what{nullptr};
std::atomic<int> g_pe{-1};

}  // namespace

ActivityScope::ActivityScope(const char *what, int pe)
    : previous_what_(g_what.load(std::memory_order_relaxed)), previous_pe_(g_pe.load(std::memory_order_relaxed)) {
    g_pe.store(pe, std::memory_order_relaxed);
    g_what.store(what, std::memory_order_release);
}

ActivityScope::~ActivityScope() {
    // `what` first: a reader that sees the old `what` again knows `pe` went with it.
    g_what.store(previous_what_, std::memory_order_release);
    g_pe.store(previous_pe_, std::memory_order_release);
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
    if (!what) return "in its own code (no fabshmem call)";
    return pe >= 0 ? std::string(what) + " PE " + std::to_string(pe) : std::string(what);
}

}  // namespace fabshmem
