/* The C interface between fabshmem and its MPI plugin (libfabshmem_bootstrap_mpi.so), which is
 * the one part built against MPI: the library itself never links MPI, and loads the plugin
 * only when a program asks for NVSHMEMX_INIT_WITH_MPI_COMM. Each call returns 0, or an MPI
 * error code after writing what failed into `error`. */
#ifndef FABSHMEM_MPI_PLUGIN_H
#define FABSHMEM_MPI_PLUGIN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fabshmemi_mpi_plugin {
    int rank;
    int size;
    int node_size;   /* ranks sharing this node (MPI_COMM_TYPE_SHARED), this one included */
    int *node_ranks; /* node_size ranks, ascending; freed by finalize */
    void *state;
    int (*allgather)(void *state, const void *mine, size_t bytes, void *all, char *error, size_t error_len);
    int (*barrier)(void *state, char *error, size_t error_len);
    void (*abort)(void *state, int exit_code);
    void (*finalize)(struct fabshmemi_mpi_plugin *plugin);
} fabshmemi_mpi_plugin;

/* `comm` is the program's MPI_Comm's address; the plugin works on a duplicate of it. */
int fabshmemi_mpi_plugin_open(void *comm, fabshmemi_mpi_plugin *plugin, char *error, size_t error_len);
typedef int (*fabshmemi_mpi_plugin_open_fn)(void *, fabshmemi_mpi_plugin *, char *, size_t);

#ifdef __cplusplus
}
#endif

#endif
