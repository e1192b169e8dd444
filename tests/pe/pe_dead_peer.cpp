// A PE that dies must end the job within seconds, never hang it:
//   pe_dead_peer WHERE HOW [DYING_PE]
// The dying PE (default 1) ends 1 s after setup without nvshmem_finalize — HOW is `exit`
// (_exit(0)) or `kill` (SIGKILL), or it freezes (`stop`: SIGSTOP, alive but silent) — while
// every other PE is WHERE: `barrier` (barriers in a
// loop), `get` (blocking gets from the dying PE), `quiet` (non-blocking puts to it and quiet)
// or `compute` (its own loop, no fabshmem call). A survivor still running after 30 s fails.
// HOW `none`: nobody dies; the fault comes from outside (a test cuts the network between
// nodes), and gets and puts go to the next PE.
//   pe_dead_peer late_init SECONDS: PE 1 reaches nvshmem_init that late (bootstrap timeout).
//   pe_dead_peer init_fault: PE 1 dies inside nvshmem_init (PE 0 comes 4 s late).
//   pe_dead_peer init_peer_dies: PE 0 waits inside nvshmem_init for PE 1, which dies first.
//   pe_dead_peer orphan: every PE computes for 30 s and nobody dies; the test kills the launcher,
//   and the PEs must notice and end.
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "pe_check.h"

namespace {

// This process's rank before nvshmem_init, from the launcher's environment.
int launcher_rank() {
    for (const char *name : {"PMIX_RANK", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK"})
        if (const char *value = std::getenv(name)) return std::atoi(value);
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    std::string where = argc > 1 ? argv[1] : "";
    if (where == "init_fault") {  // PE 1 dies inside nvshmem_init, waiting there for PE 0
        if (launcher_rank() == 1) alarm(2);  // SIGALRM's default action: the process ends at once
        else sleep(4);
        nvshmem_init();
        nvshmem_finalize();
        return 0;
    }
    if (where == "init_peer_dies") {  // PE 0 waits inside nvshmem_init for PE 1, which dies first
        if (launcher_rank() == 1) {
            sleep(2);
            std::abort();  // SIGABRT: a crash (a SIGKILL's exit status, 137, reads as a timeout in the suite)
        }
        nvshmem_init();
        nvshmem_finalize();
        return 0;
    }
    if (where == "late_init") {
        if (launcher_rank() == 1) sleep(argc > 2 ? std::atoi(argv[2]) : 30);
        nvshmem_init();
        nvshmem_finalize();
        return 0;
    }
    std::string how = argc > 2 ? argv[2] : "exit";
    int dying = where == "orphan" || how == "none" ? -1 : argc > 3 ? std::atoi(argv[3]) : 1;
    nvshmem_init();
    int me = nvshmem_my_pe();
    int target = dying >= 0 ? dying : (me + 1) % nvshmem_n_pes();
    const size_t bytes = 4096;
    auto *block = static_cast<char *>(nvshmem_malloc(bytes));
    std::vector<char> local(bytes, static_cast<char>(me));
    nvshmem_barrier_all();
    if (me == dying) {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        if (how == "kill") raise(SIGKILL);
        if (how == "stop") raise(SIGSTOP);  // alive but frozen: only its silence tells
        _exit(0);
    }
    auto start = std::chrono::steady_clock::now();
    volatile unsigned long spin = 0;
    while (std::chrono::steady_clock::now() - start < std::chrono::seconds(30)) {
        if (where == "barrier") nvshmem_barrier_all();
        else if (where == "get") nvshmem_getmem(local.data(), block, bytes, target);
        else if (where == "quiet") {
            nvshmem_putmem_nbi(block, local.data(), bytes, target);
            nvshmem_quiet();
        } else if (where == "compute" || where == "orphan") {
            for (int i = 0; i < 100000; ++i) spin = spin + 1;
        } else {
            std::fprintf(stderr, "unknown case '%s'\n", where.c_str());
            return 2;
        }
    }
    if (where == "orphan") std::printf("PE %d: still running 30 s later: the launcher's death went unnoticed\n", me);
    else if (dying < 0) std::printf("PE %d: still running 30 s later: the fault went unnoticed\n", me);
    else std::printf("PE %d: still running 30 s later: the death of PE %d went unnoticed\n", me, dying);
    return 1;
}
