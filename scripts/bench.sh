#!/usr/bin/env bash
# The benchmark sweep, on-node and cross-node in one go, each beside raw libfabric for the
# same PE pair: it starts 2 simulated nodes (scripts/local-cluster.sh up --nodes 2) and runs
# fabshmem-perf five times with 2 PEs:
#   on-node-ipc     both PEs on n1, shared memory   (baseline: raw shm fi_read/fi_write)
#   on-node-shm     both PEs on n1, FABSHMEM_DISABLE_IPC=1 over libfabric shm (baseline: shm)
#   cross-node-tcp  one PE on n1, one on n2, tcp over the nodes' link (baseline: tcp)
#   cross-node-tcp-nap   the same with FABSHMEM_PROGRESS_NAP=1 (no completion-queue wait object)
#   cross-node-tcp-cqwait  latency up to 4 KiB against a baseline whose completion queue has a
#                    wait fd too, as fabshmem's does by default: fabshmem's own overhead, without
#                    what the wait object costs the provider
# and writes tables, CSV, JSON, one merged table and plots into results/bench-<time>/ (or $1).
#   FABSHMEM_BENCH_MAX=64M by default
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh >/dev/null
out=${1:-results/bench-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
conf_line=$(scripts/local-cluster.sh up --nodes 2)
export "${conf_line?}"
trap 'scripts/local-cluster.sh down >/dev/null 2>&1' EXIT
max=${FABSHMEM_BENCH_MAX:-64M}
export FABSHMEM_SYMMETRIC_SIZE=${FABSHMEM_SYMMETRIC_SIZE:-1G}

run() {  # run NAME SRUN_ARGS... [-- FABSHMEM_PERF_ARGS...]
    local name=$1; shift
    local srun_args=()
    while (($#)) && [[ $1 != -- ]]; do srun_args+=("$1"); shift; done
    (($#)) && shift
    echo "== $name"
    scripts/local-cluster.sh exec srun --mpi=pmix "${srun_args[@]}" build/bench/fabshmem-perf --max "$max" \
        --csv "$out/$name.csv" --json "$out/$name.json" "$@" | tee "$out/$name.txt"
    echo
}
run on-node-ipc -N 1 -n 2
FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=shm run on-node-shm -N 1 -n 2
run cross-node-tcp -N 2 --ntasks-per-node=1
FABSHMEM_PROGRESS_NAP=1 run cross-node-tcp-nap -N 2 --ntasks-per-node=1
max=4K run cross-node-tcp-cqwait -N 2 --ntasks-per-node=1 -- --ops get,put,amo --baseline-cq-wait

# One table: every case's median beside its baseline's.
{
    printf '%-22s %-12s %-15s %10s %14s %14s %7s\n' case op metric bytes fabshmem baseline ratio
    for name in on-node-ipc on-node-shm cross-node-tcp cross-node-tcp-nap cross-node-tcp-cqwait; do
        awk -F, -v c="$name" 'NR > 1 {printf "%-22s %-12s %-15s %10s %14.3f %14.3f %7.2f\n", c, $2, $3, $4, $6, $8, $9}' "$out/$name.csv"
    done
} > "$out/summary.txt"
cat "$out/summary.txt"
scripts/plot-bench "$out" "$out/on-node-ipc.csv" "$out/on-node-shm.csv" "$out/cross-node-tcp.csv" "$out/cross-node-tcp-nap.csv"
echo "bench: results in $out"
