#!/usr/bin/env bash
# The OSU Micro-Benchmarks' OpenSHMEM programs, built unchanged by their own
# `configure CC=oshcc CXX=oshc++ && make` against an installed fabshmem, then run with 2 PEs:
# get, put, put_mr, atomics, barrier, broadcast, collect, fcollect, reduce. Prints "N/M build"
# and writes each table (and the configure and make logs) into results/osu-<time>/ (or $2).
#   scripts/osu.sh OSU_SOURCE_DIR [OUT_DIR]
# OSU_SOURCE_DIR is an OSU Micro-Benchmarks 7.x tree fetched outside this repository; it is
# built out of tree (build-osu/) and never changed. OSHMEM_PREFIX=DIR builds against another
# OpenSHMEM installed there (bin/oshcc; build-osu/osu-$(basename DIR)/) instead, as
# `scripts/bench.sh --osu-vs-sos` does with Sandia OpenSHMEM; BUILD_ONLY=1 stops after the build.
set -euo pipefail
[ $# -ge 1 ] && [ -x "$1/configure" ] || { echo "usage: scripts/osu.sh OSU_SOURCE_DIR [OUT_DIR]" >&2; exit 2; }
src=$(realpath "$1")
cd "$(dirname "$0")/.."
root=$PWD
out=${2:-results/osu-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(realpath "$out")
scripts/setup.sh

if [ -n "${OSHMEM_PREFIX:-}" ]; then
    prefix=$(realpath "$OSHMEM_PREFIX")
    obj=$root/build-osu/osu-$(basename "$prefix")
else
    prefix=$(scripts/client-prefix.sh)
    obj=$root/build-osu/osu
fi

# OSU's own build: its configure finds OpenSHMEM by linking shmem_barrier_all and shmem_finalize.
mkdir -p "$obj"
(cd "$obj" && [ -f Makefile ] || "$src/configure" CC="$prefix/bin/oshcc" CXX="$prefix/bin/oshc++") \
    >"$out/configure.log" 2>&1 || { echo "osu: configure failed (log: $out/configure.log)"; exit 1; }
make -C "$obj" -j2 -k >"$out/make.log" 2>&1 || true
programs=$(cd "$src/c/openshmem" && ls osu_oshm_*.c | sed 's/\.c$//')
built=0 total=0
for p in $programs; do
    total=$((total + 1))
    [ -x "$obj/c/openshmem/$p" ] && built=$((built + 1))
done
found=$(grep -q '^ac_cv_func_shmem_barrier_all=yes' "$obj/config.log" && echo "found" || echo "did not find")
echo "osu: configure $found shmem_barrier_all in the library; $built/$total OpenSHMEM programs build ($obj)"
[ -n "${BUILD_ONLY:-}" ] && exit 0

conf_line=$(scripts/local-cluster.sh up)
export "${conf_line?}"
trap 'scripts/local-cluster.sh down >/dev/null 2>&1' EXIT
export FABSHMEM_SYMMETRIC_SIZE=${FABSHMEM_SYMMETRIC_SIZE:-1G}
status=0
# The point-to-point ones take where their buffers live: the symmetric heap.
for b in get put put_mr atomics barrier broadcast collect fcollect reduce; do
    exe=$obj/c/openshmem/osu_oshm_$b
    args=()
    case $b in get | put | put_mr | atomics) args=(heap) ;; esac
    echo "== osu_oshm_$b ${args[*]}"
    if [ ! -x "$exe" ]; then echo "   not built (see $out/make.log)"; status=1; continue; fi
    if timeout -k 5 600 "$prefix/bin/oshrun" -np 2 "$exe" "${args[@]}" >"$out/$b.txt" 2>&1; then
        cat "$out/$b.txt"
    else
        echo "   failed (exit $?):"; tail -n 5 "$out/$b.txt"; status=1
    fi
done
echo "osu: results in $out"
exit $status
