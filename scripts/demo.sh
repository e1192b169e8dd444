#!/usr/bin/env bash
# The demo: installs what is missing, builds, starts a private Slurm, runs the tutorial's
# program on 2 PEs, then a get latency/bandwidth sweep on 2 PEs (shm and tcp), each beside
# raw libfabric, and prints the results.
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
for prov in shm tcp; do
    echo
    echo "== get sweep, provider $prov: srun --mpi=pmix -n 2 build/bench/fabshmem-perf --ops get --max 4M"
    FABSHMEM_PROVIDER=$prov srun --mpi=pmix -n 2 build/bench/fabshmem-perf --ops get --max 4M
done
