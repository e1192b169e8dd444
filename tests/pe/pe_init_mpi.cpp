// Init over the program's MPI: NVSHMEMX_INIT_WITH_MPI_COMM on a communicator whose ranks are
// reversed (so PE numbers must come from it, not from the launcher), and the unique id handed
// out with MPI_Bcast, as NVIDIA's examples do. Every byte moved is checked.
//   pe_init_mpi comm | uid
#include <mpi.h>

#include <cstring>

#include "nvshmemx.h"
#include "pe_check.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    bool use_comm = argc > 1 && std::strcmp(argv[1], "comm") == 0;
    int expected_pe = rank;
    MPI_Comm reversed = MPI_COMM_NULL;
    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    nvshmemx_uniqueid_t id = NVSHMEMX_UNIQUEID_INITIALIZER;
    int status;
    if (use_comm) {
        MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &reversed);
        expected_pe = size - 1 - rank;
        attr.mpi_comm = &reversed;
        status = nvshmemx_init_attr(NVSHMEMX_INIT_WITH_MPI_COMM, &attr);
    } else {
        if (rank == 0) nvshmemx_get_uniqueid(&id);
        MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
        nvshmemx_set_attr_uniqueid_args(rank, size, &id, &attr);
        status = nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr);
    }
    if (status != 0) MPI_Abort(MPI_COMM_WORLD, 1);
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    PE_CHECK(me == expected_pe && n == size, "PE %d of %d, expected %d of %d", me, n, expected_pe, size);

    // Every PE gathers every PE's block: n x 4 KiB checked byte by byte.
    constexpr size_t kBytes = 4096;
    auto *mine = static_cast<unsigned char *>(nvshmem_malloc(kBytes));
    auto *all = static_cast<unsigned char *>(nvshmem_malloc(kBytes * n));
    for (size_t i = 0; i < kBytes; ++i) mine[i] = pattern_byte(me, i, 9);
    PE_CHECK(nvshmem_fcollectmem(NVSHMEM_TEAM_WORLD, all, mine, kBytes) == 0, "fcollect");
    for (int pe = 0; pe < n; ++pe)
        for (size_t i = 0; i < kBytes; ++i)
            PE_CHECK(all[pe * kBytes + i] == pattern_byte(pe, i, 9), "byte %zu of PE %d", i, pe);
    nvshmem_free(all);
    nvshmem_free(mine);
    pe_pass(use_comm ? "init_mpi comm" : "init_mpi uid");
    nvshmem_finalize();
    if (reversed != MPI_COMM_NULL) MPI_Comm_free(&reversed);
    MPI_Finalize();
    return 0;
}
