// Logging: every line starts "fabshmem: PE <n>: ". Errors and warnings always print;
// info with FABSHMEM_INFO=1, debug with FABSHMEM_DEBUG=1.
#pragma once

#include <cstdarg>

namespace fabshmem {

enum class LogLevel { error, warn, info, debug };

// The PE number used in messages; before init it is guessed from the launcher's environment.
void set_log_pe(int pe);
int log_pe();
// Whether this thread's last OpenSHMEM call (shmem.h notes each) was `name`.
bool last_openshmem_call_was(const char *name);
void set_log_level(LogLevel max_level);
bool log_enabled(LogLevel level);

void log(LogLevel level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// How a fatal error ends the job: the bootstrap installs PMIx_Abort here once it is up.
using AbortHandler = void (*)(int exit_code, const char *message);
void set_abort_handler(AbortHandler handler);

// Called first by fatal: ends this PE without a message where the job is already ending on
// purpose (a peer's nvshmem_global_exit), so that its going away is not reported as an error.
using ExitCheck = void (*)();
void set_exit_check(ExitCheck check);

// Prints the message, then ends the whole job (all PEs) with exit code 1. For misuse that a
// void NVSHMEM routine cannot report to its caller.
[[noreturn]] void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace fabshmem

#define FS_ERROR(...) ::fabshmem::log(::fabshmem::LogLevel::error, __VA_ARGS__)
#define FS_WARN(...) ::fabshmem::log(::fabshmem::LogLevel::warn, __VA_ARGS__)
#define FS_INFO(...) ::fabshmem::log(::fabshmem::LogLevel::info, __VA_ARGS__)
#define FS_DEBUG(...)                                                                   \
    do {                                                                                \
        if (::fabshmem::log_enabled(::fabshmem::LogLevel::debug))                        \
            ::fabshmem::log(::fabshmem::LogLevel::debug, __VA_ARGS__);                  \
    } while (0)
