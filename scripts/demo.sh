#!/usr/bin/env bash
# The demo: installs what is missing, builds, starts a private Slurm, runs the tutorial's
# program on 2 PEs, then get latency/bandwidth sweeps on 2 PEs (shared memory, libfabric shm,
# libfabric tcp), each beside raw libfabric, and prints the results.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh >/dev/null
conf_line=$(scripts/local-cluster.sh up)
export "${conf_line?}"
trap 'scripts/local-cluster.sh down >/dev/null 2>&1' EXIT
export FABSHMEM_SYMMETRIC_SIZE=256M

echo "== the tutorial's program: srun --mpi=pmix -n 2 build/examples/tutorial"
FABSHMEM_INFO=1 srun --mpi=pmix -n 2 build/examples/tutorial
# On one node PEs use shared memory; FABSHMEM_DISABLE_IPC=1 sends the same gets through a
# libfabric provider instead, as between nodes. Each sweep runs beside raw libfabric.
sweep() {
    echo
    echo "== get sweep, $1: srun --mpi=pmix -n 2 build/bench/fabshmem-perf --ops get --max 4M"
    srun --mpi=pmix -n 2 build/bench/fabshmem-perf --ops get --max 4M
}
sweep "shared memory (ipc)"
FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=shm sweep "libfabric shm"
FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp sweep "libfabric tcp"
