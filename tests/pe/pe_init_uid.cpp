// Init from a unique id, with no PMIx: rank 0 makes the id and writes it to a file, the others
// read it (any launcher's rank and size variables, or none: FABSHMEM_TEST_RANK/SIZE).
//   pe_init_uid ID_FILE            the job: a ring of puts, every byte checked
//   pe_init_uid ID_FILE other-job  rank 1 joins with an id from another job (a changed nonce)
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "nvshmemx.h"
#include "pe_check.h"

namespace {

int env_int(const char *a, const char *b, const char *c) {
    for (const char *name : {a, b, c})
        if (const char *value = std::getenv(name)) return std::atoi(value);
    std::fprintf(stderr, "pe_init_uid: none of %s, %s, %s is set\n", a, b, c);
    std::exit(2);
}

void share_id(const std::string &path, int rank, nvshmemx_uniqueid_t *id) {
    if (rank == 0) {
        if (nvshmemx_get_uniqueid(id) != 0) std::exit(1);
        std::string tmp = path + ".tmp";
        FILE *f = std::fopen(tmp.c_str(), "wb");
        if (!f || std::fwrite(id, sizeof *id, 1, f) != 1 || std::fclose(f) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
            std::perror("pe_init_uid: writing the id");
            std::exit(2);
        }
        return;
    }
    for (int tries = 0; tries < 3000; ++tries) {  // 30 s
        if (FILE *f = std::fopen(path.c_str(), "rb")) {
            bool read = std::fread(id, sizeof *id, 1, f) == 1;
            std::fclose(f);
            if (read) return;
        }
        usleep(10000);
    }
    std::fprintf(stderr, "pe_init_uid: rank %d found no id in %s\n", rank, path.c_str());
    std::exit(2);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: pe_init_uid ID_FILE [other-job]\n");
        return 2;
    }
    int rank = env_int("FABSHMEM_TEST_RANK", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK");
    int size = env_int("FABSHMEM_TEST_SIZE", "SLURM_NTASKS", "OMPI_COMM_WORLD_SIZE");
    nvshmemx_uniqueid_t id = NVSHMEMX_UNIQUEID_INITIALIZER;
    share_id(argv[1], rank, &id);
    if (argc > 2 && std::strcmp(argv[2], "other-job") == 0 && rank == 1)
        id.internal[16] ^= 0x5a;  // inside the nonce: the id of a job that is not rank 0's

    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    PE_CHECK(nvshmemx_set_attr_uniqueid_args(rank, size, &id, &attr) == 0, "set_attr_uniqueid_args");
    int status = nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr);
    if (status != 0) {
        std::fprintf(stderr, "rank %d: nvshmemx_init_attr returned %d\n", rank, status);
        return 1;
    }
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    PE_CHECK(me == rank && n == size, "PE %d of %d, expected rank %d of %d", me, n, rank, size);
    PE_CHECK(nvshmemx_init_status() == NVSHMEM_STATUS_IS_INITIALIZED, "init status");

    // A ring: each PE puts a pattern into the next one's buffer.
    constexpr size_t kBytes = 1 << 16;
    auto *buffer = static_cast<unsigned char *>(nvshmem_malloc(kBytes));
    unsigned char local[kBytes];
    for (size_t i = 0; i < kBytes; ++i) local[i] = pattern_byte(me, i, 5);
    nvshmem_putmem(buffer, local, kBytes, (me + 1) % n);
    nvshmem_barrier_all();
    int from = (me + n - 1) % n;
    for (size_t i = 0; i < kBytes; ++i)
        PE_CHECK(buffer[i] == pattern_byte(from, i, 5), "byte %zu from PE %d", i, from);
    nvshmem_free(buffer);
    std::printf("PE %d: node PEs %d\n", me, nvshmem_team_n_pes(NVSHMEMX_TEAM_NODE));
    pe_pass("init_uid");
    nvshmem_finalize();
    return 0;
}
