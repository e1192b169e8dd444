#!/usr/bin/env bash
# What grows with the job, measured: nvshmem_init's steps, the bytes each PE receives through
# the bootstrap, and the state kept per peer (FABSHMEM_INFO's init line of PE 0), for 2 to 16 PEs
# on 1, 2 and 4 simulated nodes (scripts/local-cluster.sh), host heap, srun --mpi=pmix.
#   scripts/scale-measure.sh [PES...]     (default 2 4 8 16)
# On a 2-core machine 16 PEs share 2 cores: init's times there include waiting for the CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh >/dev/null
pes=("$@")
[ ${#pes[@]} -gt 0 ] || pes=(2 4 8 16)
export FABSHMEM_SYMMETRIC_SIZE=${FABSHMEM_SYMMETRIC_SIZE:-64M} FABSHMEM_HEAP=host FABSHMEM_INFO=1
printf '%5s %4s %8s %9s %9s %11s %9s %10s %6s %s\n' nodes PEs 'init s' bootstrap topology transports rest received fences 'per peer'
for nodes in 1 2 4; do
    if [ "$nodes" -eq 1 ]; then conf_line=$(scripts/local-cluster.sh up)
    else conf_line=$(scripts/local-cluster.sh up --nodes "$nodes"); fi
    export "${conf_line?}"
    for n in "${pes[@]}"; do
        [ $((n % nodes)) -eq 0 ] && [ "$n" -ge "$nodes" ] || continue
        line=$(timeout -k 5 300 scripts/local-cluster.sh exec srun --mpi=pmix --overcommit -N "$nodes" -n "$n" build/examples/hello 2>&1 |
               grep -m1 'PE 0: init ' || true)
        # "init 0.412 s: bootstrap 0.012, topology 0.100, heap 0.001, transports 0.250, the rest 0.049;
        #  received 16K bytes through the bootstrap in 3 job-wide steps (fences); state per peer 212 B (routes 8 B, ...)"
        read -r total boot topo trans rest received fences per <<<"$(sed -E 's/.*init ([0-9.]+) s: bootstrap ([0-9.]+), topology ([0-9.]+), heap [0-9.]+, transports ([0-9.]+), the rest ([0-9.]+); received ([^ ]+) bytes through the bootstrap in ([0-9]+) job-wide.*state per peer ([0-9]+ B \(.*\)).*/\1 \2 \3 \4 \5 \6 \7 \8/' <<<"$line")"
        printf '%5s %4s %8s %9s %9s %11s %9s %10s %6s %s\n' "$nodes" "$n" "${total:--}" "${boot:--}" "${topo:--}" "${trans:--}" "${rest:--}" "${received:--}" "${fences:--}" "${per:--}"
    done
    scripts/local-cluster.sh down >/dev/null
done
