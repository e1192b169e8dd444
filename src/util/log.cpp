#include "log.h"

#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

// The name the last OpenSHMEM forward of this thread was called by (shmem.h sets it).
extern "C" {
__attribute__((visibility("default"))) __thread const char *fabshmemi_shmem_call = nullptr;
}

namespace fabshmem {
namespace {

// Before init the PE number is unknown; launchers publish it in the environment.
int rank_from_launcher_env() {
    for (const char *name : {"PMIX_RANK", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMI_RANK"}) {
        if (const char *value = std::getenv(name)) return std::atoi(value);
    }
    return 0;
}

std::atomic<int> g_pe{-1};
std::atomic<int> g_max_level{static_cast<int>(LogLevel::warn)};
std::atomic<AbortHandler> g_abort_handler{nullptr};
std::atomic<ExitCheck> g_exit_check{nullptr};

const char *level_tag(LogLevel level) {
    switch (level) {
        case LogLevel::error: return "error: ";
        case LogLevel::warn: return "warning: ";
        case LogLevel::info: return "";
        case LogLevel::debug: return "debug: ";
    }
    return "";
}

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A message about an OpenSHMEM call names it as the program wrote it: the forwards in shmem.h
// note their name (shmem_long_put), and a message that starts with the NVSHMEM call of the same
// name (nvshmem_long_put; the context forms drop "ctx_") takes it. A note left by an earlier
// call renames nothing else.
std::string as_called(const char *body) {
    const char *called = fabshmemi_shmem_call;
    if (!called || std::strncmp(body, "nv", 2) != 0) return body;
    std::string plain = called;
    if (plain.compare(0, 10, "shmem_ctx_") == 0) plain.erase(6, 4);
    size_t end = 2 + plain.size();
    if (std::strncmp(body + 2, plain.c_str(), plain.size()) != 0 || is_name_char(body[end])) return body;
    return called + std::string(body + end);
}

void vlog(LogLevel level, const char *fmt, va_list args) {
    char body[1024];
    std::vsnprintf(body, sizeof body, fmt, args);
    // One write per line so lines of different PEs and threads do not interleave.
    std::string line = "fabshmem: PE " + std::to_string(log_pe()) + ": " + level_tag(level) + as_called(body);
    if (line.empty() || line.back() != '\n') line += '\n';
    ssize_t ignored = ::write(STDERR_FILENO, line.data(), line.size());
    (void)ignored;
}

}  // namespace

void set_log_pe(int pe) { g_pe = pe; }
int log_pe() {
    int pe = g_pe.load();
    return pe >= 0 ? pe : rank_from_launcher_env();
}
void set_log_level(LogLevel max_level) { g_max_level = static_cast<int>(max_level); }
bool log_enabled(LogLevel level) { return static_cast<int>(level) <= g_max_level.load(); }

void log(LogLevel level, const char *fmt, ...) {
    if (!log_enabled(level)) return;
    va_list args;
    va_start(args, fmt);
    vlog(level, fmt, args);
    va_end(args);
}

bool last_openshmem_call_was(const char *name) {
    return fabshmemi_shmem_call && std::strcmp(fabshmemi_shmem_call, name) == 0;
}

void set_abort_handler(AbortHandler handler) { g_abort_handler = handler; }
void set_exit_check(ExitCheck check) { g_exit_check = check; }

void fatal(const char *fmt, ...) {
    if (ExitCheck check = g_exit_check.load()) check();
    // One error per PE: a second thread that fails while the first ends the PE (the watchdog
    // finding a peer gone that failed alike) would add a consequence as if it were the cause.
    // It waits for the first to end the process; at most 10 s, in case that one is stuck.
    static std::atomic<bool> ending{false};
    if (ending.exchange(true)) {
        for (int waited = 0; waited < 1000; ++waited) usleep(10000);
        _exit(1);
    }
    char message[1024];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    log(LogLevel::error, "%s", message);
    std::fflush(nullptr);
    if (AbortHandler handler = g_abort_handler.load()) handler(1, message);
    // _exit, not exit: the progress thread may still run and static destructors must not race it.
    _exit(1);
}

}  // namespace fabshmem
