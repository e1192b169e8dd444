// The MPI plugin (see mpi_plugin.h): allgather, barrier and abort over a duplicate of the
// program's communicator. Built only where Meson finds MPI.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "mpi_plugin.h"

namespace {

struct State {
    MPI_Comm comm;
};

int failed(int code, const char *call, char *error, size_t error_len) {
    char text[MPI_MAX_ERROR_STRING] = "";
    int length = 0;
    MPI_Error_string(code, text, &length);
    std::snprintf(error, error_len, "%s failed: %s", call, text);
    return code;
}

int allgather(void *state, const void *mine, size_t bytes, void *all, char *error, size_t error_len) {
    MPI_Comm comm = static_cast<State *>(state)->comm;
    int rc = MPI_Allgather(mine, static_cast<int>(bytes), MPI_BYTE, all, static_cast<int>(bytes), MPI_BYTE, comm);
    return rc == MPI_SUCCESS ? 0 : failed(rc, "MPI_Allgather", error, error_len);
}

int barrier(void *state, char *error, size_t error_len) {
    int rc = MPI_Barrier(static_cast<State *>(state)->comm);
    return rc == MPI_SUCCESS ? 0 : failed(rc, "MPI_Barrier", error, error_len);
}

void abort_job(void *state, int exit_code) { MPI_Abort(static_cast<State *>(state)->comm, exit_code); }

void finalize(fabshmemi_mpi_plugin *plugin) {
    auto *state = static_cast<State *>(plugin->state);
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Comm_free(&state->comm);
    delete state;
    std::free(plugin->node_ranks);
    plugin->node_ranks = nullptr;
    plugin->state = nullptr;
}

}  // namespace

extern "C" int fabshmemi_mpi_plugin_open(void *comm, fabshmemi_mpi_plugin *plugin, char *error, size_t error_len) {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) {
        std::snprintf(error, error_len, "MPI is not initialized: call MPI_Init before nvshmemx_init_attr");
        return MPI_ERR_OTHER;
    }
    auto *state = new State;
    int rc = MPI_Comm_dup(*static_cast<MPI_Comm *>(comm), &state->comm);
    if (rc != MPI_SUCCESS) {
        delete state;
        return failed(rc, "MPI_Comm_dup", error, error_len);
    }
    MPI_Comm_rank(state->comm, &plugin->rank);
    MPI_Comm_size(state->comm, &plugin->size);
    // The ranks of this node: split by shared memory, then gather their ranks in `comm`.
    MPI_Comm node;
    rc = MPI_Comm_split_type(state->comm, MPI_COMM_TYPE_SHARED, plugin->rank, MPI_INFO_NULL, &node);
    if (rc != MPI_SUCCESS) {
        MPI_Comm_free(&state->comm);
        delete state;
        return failed(rc, "MPI_Comm_split_type", error, error_len);
    }
    MPI_Comm_size(node, &plugin->node_size);
    plugin->node_ranks = static_cast<int *>(std::malloc(sizeof(int) * static_cast<size_t>(plugin->node_size)));
    rc = MPI_Allgather(&plugin->rank, 1, MPI_INT, plugin->node_ranks, 1, MPI_INT, node);
    MPI_Comm_free(&node);
    plugin->state = state;
    plugin->allgather = allgather;
    plugin->barrier = barrier;
    plugin->abort = abort_job;
    plugin->finalize = finalize;
    if (rc != MPI_SUCCESS) {
        finalize(plugin);
        return failed(rc, "MPI_Allgather", error, error_len);
    }
    return 0;
}
