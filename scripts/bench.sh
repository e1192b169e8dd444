#!/usr/bin/env bash
# Runs the fabshmem-perf sweep on 2 PEs under the local Slurm, once per provider (shm, tcp),
# each beside the raw libfabric baseline, and writes tables, CSV, JSON and plots into
# results/bench-<time>/ (or $1).
#   scripts/bench.sh [OUT_DIR]        FABSHMEM_BENCH_MAX=64M by default
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh >/dev/null
out=${1:-results/bench-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
conf_line=$(scripts/local-cluster.sh up)
export "${conf_line?}"
trap 'scripts/local-cluster.sh down >/dev/null 2>&1' EXIT
max=${FABSHMEM_BENCH_MAX:-64M}
export FABSHMEM_SYMMETRIC_SIZE=${FABSHMEM_SYMMETRIC_SIZE:-1G}
for prov in shm tcp; do
    FABSHMEM_PROVIDER=$prov srun --mpi=pmix -n 2 build/bench/fabshmem-perf --max "$max" \
        --csv "$out/$prov.csv" --json "$out/$prov.json" | tee "$out/$prov.txt"
    echo
done
scripts/plot-bench "$out" "$out/shm.csv" "$out/tcp.csv"
echo "bench: results in $out"
