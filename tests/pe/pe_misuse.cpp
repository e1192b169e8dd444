// The tutorial's pitfalls in a launched job: `pe_misuse <case>`. Each case must end the job
// with a clear message (checked by scripts/test.sh), never a crash or a hang.
#include <cstdlib>
#include <cstring>

#include <unistd.h>

#include "nvshmemx.h"
#include "pe_check.h"

int main(int argc, char **argv) {
    const char *c = argc > 1 ? argv[1] : "";
    if (!std::strcmp(c, "before_init")) {
        nvshmem_barrier_all();
        return 0;
    }
    nvshmem_init();
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    int local = 0;
    auto *block = static_cast<int *>(nvshmem_malloc(64 * sizeof(int)));
    if (!std::strcmp(c, "init_twice")) {
        nvshmem_init();
        nvshmem_finalize();
        PE_CHECK(nvshmemx_init_status() == NVSHMEM_STATUS_IS_INITIALIZED, "still initialized");
    } else if (!std::strcmp(c, "after_finalize")) {
        nvshmem_free(block);
        nvshmem_finalize();
        nvshmem_barrier_all();
    } else if (!std::strcmp(c, "pe_out_of_range")) {
        if (me == 0) nvshmem_int_get(&local, block, 1, n);
        nvshmem_barrier_all();
    } else if (!std::strcmp(c, "remote_outside_heap")) {
        if (me == 0) nvshmem_int_put(&local, block, 1, 1 % n);
        nvshmem_barrier_all();
    } else if (!std::strcmp(c, "remote_range_end")) {
        // Starts inside the heap's last block but runs past the heap's end.
        if (me == 0) nvshmem_getmem(&local, block, size_t{1} << 40, 1 % n);
        nvshmem_barrier_all();
    } else if (!std::strcmp(c, "library_area")) {
        // Below the first block: the heap's own synchronisation words.
        if (me == 0) nvshmem_int_put(reinterpret_cast<int *>(block) - 16, &local, 1, 1 % n);
        nvshmem_barrier_all();
    } else if (!std::strcmp(c, "null_local")) {
        if (me == 0) nvshmem_getmem(nullptr, block, 8, 1 % n);
        nvshmem_barrier_all();
    } else if (!std::strcmp(c, "size_overflow")) {
        if (me == 0) nvshmem_int_get(&local, block, SIZE_MAX / 2, 1 % n);
        nvshmem_barrier_all();
    } else if (!std::strcmp(c, "mismatched_alloc")) {
        void *other = nvshmem_malloc(me == 0 ? 64 : 128);  // detected with FABSHMEM_DEBUG=1
        nvshmem_free(other);
    } else if (!std::strcmp(c, "free_on_one_pe")) {
        // nvshmem_free is collective: PE 0 alone waits in it, naming PE 1, until the limit.
        if (me == 0) nvshmem_free(nullptr);
        else sleep(60);
    } else if (!std::strcmp(c, "mismatched_broadcast")) {
        auto *big = static_cast<char *>(nvshmem_malloc(65536));
        nvshmem_broadcastmem(NVSHMEM_TEAM_WORLD, big, big, me == 0 ? 16 : 65536, 0);  // FABSHMEM_DEBUG=1
        nvshmem_free(big);
    } else if (!std::strcmp(c, "mismatched_root")) {
        nvshmem_broadcastmem(NVSHMEM_TEAM_WORLD, block, block, 16, me);  // FABSHMEM_DEBUG=1
    } else if (!std::strcmp(c, "free_foreign")) {
        int *foreign = static_cast<int *>(std::malloc(64));
        nvshmem_free(foreign);
    } else if (!std::strcmp(c, "free_interior")) {
        nvshmem_free(block + 4);
    } else if (!std::strcmp(c, "free_twice")) {
        nvshmem_free(block);
        nvshmem_free(block);
    } else if (!std::strcmp(c, "malloc_too_big")) {
        void *huge = nvshmem_malloc(size_t{1} << 40);
        PE_CHECK(huge == nullptr, "a 1 TiB allocation succeeded");
        std::printf("PE %d: nvshmem_malloc(1 TiB) returned NULL\n", me);
    } else if (!std::strcmp(c, "team_init_same_index")) {
        nvshmem_team_config_t config = NVSHMEM_TEAM_CONFIG_INITIALIZER;
        config.uniqueid = 42;
        nvshmem_team_t team;
        nvshmemx_team_init(&team, &config, 0, 2, 0);  // both PEs claim index 0
    } else if (!std::strcmp(c, "team_init_alone")) {
        nvshmem_team_config_t config = NVSHMEM_TEAM_CONFIG_INITIALIZER;
        config.uniqueid = 42;
        nvshmem_team_t team;
        if (me == 0) nvshmemx_team_init(&team, &config, 0, 2, 0);  // PE 1 never joins
        else sleep(60);
    } else if (!std::strcmp(c, "leak")) {
        nvshmem_finalize();
        return 0;
    } else {
        std::fprintf(stderr, "unknown case '%s'\n", c);
        return 2;
    }
    nvshmem_free(block);
    nvshmem_finalize();
    return 0;
}
