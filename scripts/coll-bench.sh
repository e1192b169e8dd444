#!/usr/bin/env bash
# Collective latency against PE count, the new algorithms beside the old pull in the same run:
# fabshmem-coll-perf with every FABSHMEM_*_ALGO=pull, and with the new ones (broadcast
# NEW_BROADCAST, default tree; reduction NEW_REDUCE, default blocks; fcollect bruck; alltoall
# push), in alternation (PAIRS pairs); the median of each, and new/pull. Host heap, one node,
# under mpirun.
#   scripts/coll-bench.sh [PES...]        (default 2 3 4; PAIRS=3, SIZES="8 1048576")
# On a 2-core machine more than 2 PEs oversubscribe the cores: the numbers then show the rounds
# each algorithm needs under contention rather than what a cluster node would see.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh >/dev/null
pes=("$@")
[ ${#pes[@]} -gt 0 ] || pes=(2 3 4)
pairs=${PAIRS:-3}
sizes=${SIZES:-8 1048576}
export FABSHMEM_SYMMETRIC_SIZE=${FABSHMEM_SYMMETRIC_SIZE:-512M} FABSHMEM_HEAP=host
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in "${pes[@]}"; do
    for ((p = 0; p < pairs; ++p)); do
        FABSHMEM_BROADCAST_ALGO=pull FABSHMEM_REDUCE_ALGO=pull FABSHMEM_FCOLLECT_ALGO=pull FABSHMEM_ALLTOALL_ALGO=pull \
            timeout -k 5 600 \
            mpirun --allow-run-as-root --oversubscribe -n "$n" build/bench/fabshmem-coll-perf $sizes >>"$tmp/pull" 2>&1
        FABSHMEM_BROADCAST_ALGO=${NEW_BROADCAST:-tree} FABSHMEM_REDUCE_ALGO=${NEW_REDUCE:-blocks} \
            FABSHMEM_FCOLLECT_ALGO=bruck FABSHMEM_ALLTOALL_ALGO=push timeout -k 5 600 \
            mpirun --allow-run-as-root --oversubscribe -n "$n" build/bench/fabshmem-coll-perf $sizes >>"$tmp/new" 2>&1
    done
done
# The median per (op, bytes, pes) of each algorithm, then the ratio.
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
printf '%-10s %9s %4s %12s %12s %10s\n' op bytes pes 'pull us' 'new us' new/pull
awk 'NF == 4 && $3 ~ /^[0-9]+$/ {print $1, $2, $3}' "$tmp/pull" | sort -u -k3n -k1,1 -k2n | while read -r op bytes n; do
    pull=$(awk -v o="$op" -v b="$bytes" -v n="$n" '$1 == o && $2 == b && $3 == n {print $4}' "$tmp/pull" | median)
    new=$(awk -v o="$op" -v b="$bytes" -v n="$n" '$1 == o && $2 == b && $3 == n {print $4}' "$tmp/new" | median)
    printf '%-10s %9s %4s %12s %12s %10.2f\n' "$op" "$bytes" "$n" "$pull" "$new" "$(echo "$new / $pull" | bc -l)"
done
