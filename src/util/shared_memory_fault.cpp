#include "shared_memory_fault.h"

#include <signal.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>

#include "log.h"
#include "parse.h"

namespace fabshmem {
namespace {

struct Mapping {
    std::atomic<uintptr_t> start{0};
    std::atomic<size_t> bytes{0};  // 0: a free entry
    int owner_pe = -1;
    const char *what = "";
};

// A node's peers and this PE's own two: far more than any node has PEs.
constexpr size_t kMaxMappings = 4096;
Mapping g_mappings[kMaxMappings];
std::atomic<size_t> g_used{0};  // entries [0, g_used) may be in use
std::mutex g_note_mutex;
struct sigaction g_previous;
char g_dev_shm_size[32] = "unknown size";  // for the message, written before the handler is installed
constexpr int kExitCode = 1;

// Only async-signal-safe calls here, and snprintf on a stack buffer (no allocation for %d and %s).
void on_sigbus(int signal, siginfo_t *info, void *context) {
    const uintptr_t address = reinterpret_cast<uintptr_t>(info->si_addr);
    const size_t used = g_used.load(std::memory_order_acquire);
    for (size_t i = 0; i < used; ++i) {
        const Mapping &m = g_mappings[i];
        const uintptr_t start = m.start.load(std::memory_order_acquire);
        const size_t bytes = m.bytes.load(std::memory_order_acquire);
        if (bytes == 0 || address < start || address - start >= bytes) continue;
        char whose[32] = "this PE's";
        if (m.owner_pe >= 0) std::snprintf(whose, sizeof whose, "PE %d's", m.owner_pe);
        char line[640];
        int length = std::snprintf(
            line, sizeof line,
            "fabshmem: PE %d: error: /dev/shm is full (%s in all): a write to %s %s (shared memory, %zu bytes "
            "in) needed a page tmpfs no longer has; give /dev/shm more room (docker run --shm-size=..., or "
            "mount -o remount,size=... /dev/shm), have the PEs of this node write less of their heaps "
            "(FABSHMEM_SYMMETRIC_SIZE only reserves: written pages count), or set FABSHMEM_DISABLE_IPC=1 to keep "
            "each heap in private memory (node peers then go through the fabric); ending this PE\n",
            log_pe(), g_dev_shm_size, whose, m.what, static_cast<size_t>(address - start));
        if (length > 0) {
            ssize_t ignored = write(STDERR_FILENO, line, static_cast<size_t>(length) < sizeof line ? length : sizeof line - 1);
            (void)ignored;
        }
        _exit(kExitCode);
    }
    // Not the library's memory: as if this handler were not there.
    sigaction(SIGBUS, &g_previous, nullptr);
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) g_previous.sa_sigaction(signal, info, context);
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
    }
    // With the default action back, the faulting instruction runs again and ends the process.
}

void install_handler() {
    std::snprintf(g_dev_shm_size, sizeof g_dev_shm_size, "%s", human_size(dev_shm_bytes()).c_str());
    struct sigaction action{};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &g_previous);
}

}  // namespace

size_t dev_shm_bytes() {
    struct statvfs fs{};
    if (statvfs("/dev/shm", &fs) != 0) return 0;
    return static_cast<size_t>(fs.f_blocks) * fs.f_frsize;
}

void note_shared_mapping(const void *start, size_t bytes, int owner_pe, const char *what) {
    if (!start || bytes == 0) return;
    std::lock_guard<std::mutex> lock(g_note_mutex);
    static bool installed = false;
    if (!installed) install_handler(), installed = true;
    size_t used = g_used.load(std::memory_order_relaxed), i = 0;
    while (i < used && g_mappings[i].bytes.load(std::memory_order_relaxed) != 0) ++i;
    if (i == kMaxMappings) return;  // unnoted: a fault there is a plain SIGBUS
    Mapping &m = g_mappings[i];
    m.owner_pe = owner_pe;
    m.what = what;
    m.start.store(reinterpret_cast<uintptr_t>(start), std::memory_order_release);
    m.bytes.store(bytes, std::memory_order_release);
    if (i == used) g_used.store(used + 1, std::memory_order_release);
}

void forget_shared_mapping(const void *start) {
    std::lock_guard<std::mutex> lock(g_note_mutex);
    const size_t used = g_used.load(std::memory_order_relaxed);
    for (size_t i = 0; i < used; ++i)
        if (g_mappings[i].start.load(std::memory_order_relaxed) == reinterpret_cast<uintptr_t>(start))
            g_mappings[i].bytes.store(0, std::memory_order_release);
}

}  // namespace fabshmem
