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
#
#   scripts/bench.sh --osu-vs-sos OSU_SRC SOS_SRC [OUT_DIR]
# instead compares fabshmem with Sandia OpenSHMEM on the OSU Micro-Benchmarks' point-to-point
# programs (osu_oshm_get, _put, _put_mr, _atomics on the heap), each built unchanged against both
# (scripts/osu.sh; SOS by scripts/sos.sh into build-osu/sos), 2 PEs on one node under srun,
# fabshmem and SOS alternating in PAIRS pairs (default 3), over libfabric shm and tcp (both
# libraries on the same provider; CASES="shm tcp default" adds each library's own default, where
# SOS takes whichever provider libfabric lists first, and shm-nocma runs both on shm with
# FI_SHM_DISABLE_CMA=1: shm's shared-buffer protocols instead of cross-memory attach, which is
# what SOS's shm reads use here anyway); prints the median per size of each and fabshmem / SOS:
# latency in us (below 1: fabshmem faster), and for put_mr messages per second (above 1). Then tests/pe/pe_quiet_asleep.c, built with each library's oshcc, says on
# each case whether a quiet after an 8-byte put and after an atomic add had completed them at
# a target asleep outside the library (a faster row where it had not is the cost of sending).
# The two source trees are fetched outside this repository.
#
#   scripts/bench.sh --osu-coll-vs-sos OSU_SRC SOS_SRC [OUT_DIR]
# the same for OSU's collective programs (PROGRAMS, default osu_oshm_barrier, _broadcast,
# _fcollect, _reduce: OpenSHMEM 1.4's active-set collectives, 1 B to MAX=1048576 per PE,
# ITERATIONS=100 after OSU's own warm-up) on each PE count of PES (default "2 4 8") on one node.
# With more PEs than cores, a library whose waits spin takes a time slice per round; a run
# over RUN_TIMEOUT (300 s) shows as '-'.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh >/dev/null
if [ "${1:-}" = --osu-vs-sos ] || [ "${1:-}" = --osu-coll-vs-sos ]; then
    mode=$1
    [ $# -ge 3 ] || { echo "usage: scripts/bench.sh $mode OSU_SRC SOS_SRC [OUT_DIR]" >&2; exit 2; }
    osu_src=$2 sos_src=$3
    out=${4:-results/${mode#--}-$(date +%Y%m%d-%H%M%S)}
    if [ "$mode" = --osu-vs-sos ]; then
        programs="get put put_mr atomics" pes_list=2 program_args=(heap)
    else
        programs=${PROGRAMS:-barrier broadcast fcollect reduce} pes_list=${PES:-2 4 8}
        program_args=(-i "${ITERATIONS:-100}" -m "${MAX:-1048576}")
    fi
    mkdir -p "$out"
    scripts/sos.sh "$sos_src" build-osu/sos
    BUILD_ONLY=1 scripts/osu.sh "$osu_src" "$out/fabshmem-build"
    BUILD_ONLY=1 OSHMEM_PREFIX=build-osu/sos scripts/osu.sh "$osu_src" "$out/sos-build"
    conf_line=$(scripts/local-cluster.sh up)
    export "${conf_line?}"
    trap 'scripts/local-cluster.sh down >/dev/null 2>&1' EXIT
    export FABSHMEM_SYMMETRIC_SIZE=256M SHMEM_SYMMETRIC_SIZE=256M
    # osu_run LIB CASE PROGRAM PES: one run's "size latency" lines into $out/LIB-CASE-PROGRAM-PES.
    osu_run() {
        local lib=$1 case=$2 program=$3 n=$4 env=()
        case $lib-$case in
            fabshmem-shm) env=(FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=shm) ;;
            fabshmem-shm-nocma) env=(FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=shm FI_SHM_DISABLE_CMA=1) ;;
            fabshmem-tcp) env=("FABSHMEM_DISABLE_IPC=1" "FABSHMEM_PROVIDER=tcp;ofi_rxm") ;;
            sos-shm) env=(SHMEM_OFI_PROVIDER=shm) ;;
            sos-shm-nocma) env=(SHMEM_OFI_PROVIDER=shm FI_SHM_DISABLE_CMA=1) ;;
            sos-tcp) env=("SHMEM_OFI_PROVIDER=tcp;ofi_rxm") ;;
        esac
        local dir=build-osu/osu; [ "$lib" = sos ] && dir=build-osu/osu-sos
        local log=$out/$lib-$case-$program-$n.log
        env "${env[@]}" timeout -k 5 "${RUN_TIMEOUT:-300}" srun --mpi=pmix --overcommit -n "$n" \
            "$dir/c/openshmem/osu_oshm_$program" "${program_args[@]}" >"$log" 2>&1 ||
            echo "bench: $lib $case osu_oshm_$program on $n PEs failed (exit $?, $log)"
        # "SIZE LATENCY" lines (barrier: its one "LATENCY" line as size 0); atomics: "OPERATION RATE LATENCY".
        awk 'NF == 2 && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9.]+$/ {print}
             NF == 1 && $1 ~ /^[0-9.]+$/ {print 0, $1}
             NF == 3 && $1 ~ /^shmem_/ {print $1, $3}' "$log" >>"$out/$lib-$case-$program-$n"
    }
    cases=${CASES:-shm tcp}
    for ((p = 0; p < ${PAIRS:-3}; ++p)); do
        for case in $cases; do
            for program in $programs; do
                for n in $pes_list; do
                    osu_run fabshmem "$case" "$program" "$n"
                    osu_run sos "$case" "$program" "$n"
                done
            done
        done
    done
    median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
    {
        printf '%-8s %-9s %4s %22s %12s %12s %12s\n' case program PEs size fabshmem SOS fabshmem/SOS
        for case in $cases; do
            for program in $programs; do
                for n in $pes_list; do
                    touch "$out/fabshmem-$case-$program-$n" "$out/sos-$case-$program-$n"
                    for size in $(awk '!seen[$1]++ {print $1}' "$out/fabshmem-$case-$program-$n" "$out/sos-$case-$program-$n"); do
                        f=$(awk -v s="$size" '$1 == s {print $2}' "$out/fabshmem-$case-$program-$n" | median)
                        o=$(awk -v s="$size" '$1 == s {print $2}' "$out/sos-$case-$program-$n" | median)
                        ratio=-; [ -n "$f" ] && [ -n "$o" ] && ratio=$(printf '%.2f' "$(echo "$f / $o" | bc -l)")
                        printf '%-8s %-9s %4s %22s %12s %12s %12s\n' "$case" "$program" "$n" "$size" "${f:--}" "${o:--}" "$ratio"
                    done
                done
            done
        done
    } | tee "$out/summary.txt"
    if [ "$mode" = --osu-vs-sos ]; then
        # Does each library's quiet complete what the rows time? One run per library and case.
        build-osu/prefix/bin/oshcc tests/pe/pe_quiet_asleep.c -o "$out/quiet_asleep-fabshmem"
        build-osu/sos/bin/oshcc tests/pe/pe_quiet_asleep.c -o "$out/quiet_asleep-sos"
        for case in $cases; do
            for lib in fabshmem sos; do
                local_env=()
                case $lib-$case in
                    fabshmem-shm*) local_env=(FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=shm) ;;
                    fabshmem-tcp) local_env=("FABSHMEM_DISABLE_IPC=1" "FABSHMEM_PROVIDER=tcp;ofi_rxm") ;;
                    sos-shm*) local_env=(SHMEM_OFI_PROVIDER=shm) ;;
                    sos-tcp) local_env=("SHMEM_OFI_PROVIDER=tcp;ofi_rxm") ;;
                esac
                [[ $case = *nocma ]] && local_env+=(FI_SHM_DISABLE_CMA=1)
                echo "== quiet at a sleeping target: $lib $case"
                log=$out/quiet_asleep-$lib-$case.log rc=0
                env "${local_env[@]}" timeout -k 5 60 srun --mpi=pmix -n 2 "$out/quiet_asleep-$lib" >"$log" 2>&1 || rc=$?
                grep -E '^(put 8 B|atomic add): PE 1' "$log" || true
                [ $rc -eq 0 ] || echo "(exit $rc: a quiet that had not completed, or a failed run: $log)"
            done
        done | tee -a "$out/summary.txt"
    fi
    echo "bench: results in $out ('-': that library's run did not finish in ${RUN_TIMEOUT:-300} s)"
    exit 0
fi
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
