#!/usr/bin/env bash
# NVIDIA's own NVSHMEM programs (perftest and examples), built unchanged with nvcc against an
# installed fabshmem: no edits, no force-included header. Prints "N/M build". With --run it
# also runs each one with 2 PEs under mpirun (on the GPU machine) and, when NVSHMEM_HOME points
# at an NVSHMEM installation (include/, lib/), builds and runs the same programs against
# NVSHMEM and prints both side by side.
#   scripts/nvshmem-clients.sh SRC_DIR [--run] [OUT_DIR]
# SRC_DIR is an NVSHMEM source tree (tag v3.4.5-0) fetched outside this repository; it is never
# changed. Left out: NVLink multicast (perftest/device/tile, examples/gemm_allreduce), and what
# NVIDIA's own build leaves out (redmaxloc_latency).
# Environment: FABSHMEM_PREFIX (an installed fabshmem; default: build/ installed into
# build-nvshmem/prefix), NVCC_ARCH (default sm_90), NVML_INCLUDE (the folder with nvml.h, which
# perftest includes; default the CUDA toolkit's), JOBS (parallel compiles, default 2), BUILD
# (the libraries to build against, default "fabshmem nvshmem"; with --run, whatever OUT_DIR
# holds is run, so programs built elsewhere can be run here), RUN (the libraries whose programs
# run, default both), RUN_TIMEOUT (seconds per program, default 120), KEEP_RUNS=1 (report a
# program that ran before from its log instead), PROGRAMS (an extended regular expression: only
# the programs whose path matches, e.g. 'device/pt-to-pt'). When both libraries ran, their
# perftest tables are put side by side in OUT_DIR/perftest-compare.txt
# (scripts/perftest-compare.py; the 8-byte rows are printed).
set -euo pipefail
usage() { echo "usage: scripts/nvshmem-clients.sh SRC_DIR [--run] [OUT_DIR]" >&2; exit 2; }
[ $# -ge 1 ] && [ -d "$1/perftest/common" ] || usage
src=$(realpath "$1"); shift
run=0
[ "${1:-}" = --run ] && { run=1; shift; }
cd "$(dirname "$0")/.."
root=$PWD
out=${1:-results/nvshmem-clients-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(realpath "$out")

nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cuda=$(dirname "$(dirname "$(realpath "$nvcc")")")
arch=${NVCC_ARCH:-sm_90}
nvml=${NVML_INCLUDE:-$cuda/include}
[ -f "$nvml/nvml.h" ] || { echo "nvshmem-clients: no nvml.h in $nvml (set NVML_INCLUDE)" >&2; exit 2; }
jobs=${JOBS:-2}

to_build=${BUILD:-fabshmem nvshmem}
if [ -z "${FABSHMEM_PREFIX:-}" ] && [[ " $to_build " == *" fabshmem "* ]]; then
    FABSHMEM_PREFIX=$root/build-nvshmem/prefix
    [ -f build-nvshmem/fabshmem/build.ninja ] ||
        meson setup build-nvshmem/fabshmem --prefix="$FABSHMEM_PREFIX" -Dtests=false -Dbench=false >/dev/null
    meson install -C build-nvshmem/fabshmem >/dev/null
fi

# The programs, named by their path: perftest's host and device ones, then the examples.
# perftest/device/coll/redmaxloc_latency.cu is left out as NVIDIA's CMakeLists leaves it out (it
# calls the maxloc reduction with the wrong number of arguments).
programs=$(cd "$src" && ls perftest/host/*/*.c* perftest/device/coll/*.cu perftest/device/pt-to-pt/*.cu \
    examples/*.cu examples/*.cpp | grep -v '^perftest/device/coll/redmaxloc_latency.cu$' | grep -E "${PROGRAMS:-.}")
mpi_compile=$(mpicxx --showme:compile 2>/dev/null || true)
mpi_link=$(mpicxx --showme:link 2>/dev/null || true)
mpi_define=${mpi_compile:+-DNVSHMEMTEST_MPI_SUPPORT}

# build LIB_NAME INCLUDE_DIR LINK_FLAGS: every program into $out/LIB_NAME/, logs beside them.
build() {
    local name=$1 include=$2 link=$3 dir=$out/$1
    mkdir -p "$dir"
    local flags="-std=c++17 -O2 -rdc=true -cudart shared -arch=$arch -I$include -I$src/perftest/common -I$nvml $mpi_define $mpi_compile"
    # perftest's shared helper, once: it must compile as it is.
    "$nvcc" $flags -c "$src/perftest/common/utils.cu" -o "$dir/utils.o" >"$dir/utils.log" 2>&1 ||
        echo "nvshmem-clients: perftest/common/utils.cu does not compile against $name ($dir/utils.log)"
    export nvcc flags link dir src mpi_link cuda
    printf '%s\n' $programs | xargs -P "$jobs" -I{} bash -c '
        p={}; exe=$dir/$(echo "${p%.*}" | tr / _)
        helper=; case $p in perftest/*) helper=$dir/utils.o ;; esac
        [ -n "$helper" ] && [ ! -f "$helper" ] && { echo "utils.o missing" >"$exe.log"; exit 0; }
        $nvcc $flags -I"$src/$(dirname "$p")" "$src/$p" $helper -o "$exe" $link $mpi_link \
            -L"$cuda/lib64/stubs" -lcuda >"$exe.log" 2>&1 || rm -f "$exe"'
    local built=0 total=0
    for p in $programs; do
        total=$((total + 1))
        [ -x "$dir/$(echo "${p%.*}" | tr / _)" ] && built=$((built + 1))
    done
    echo "$name: $built/$total build"
}

if [[ " $to_build " == *" fabshmem "* ]]; then
    fabshmem_lib=$(dirname "$(find "$FABSHMEM_PREFIX" -name libfabshmem.so | head -n 1)")
    build fabshmem "$FABSHMEM_PREFIX/include" "-L$fabshmem_lib -Xlinker -rpath=$fabshmem_lib -lfabshmem"
fi
if [ -n "${NVSHMEM_HOME:-}" ] && [[ " $to_build " == *" nvshmem "* ]]; then
    # pip's NVSHMEM ships libnvshmem_host.so.3 without the unversioned link: name the file (to
    # the linker: nvcc takes no file it cannot tell by its suffix).
    host_lib=$(ls "$NVSHMEM_HOME"/lib/libnvshmem_host.so* | head -n 1)
    build nvshmem "$NVSHMEM_HOME/include" \
        "-Xlinker -rpath=$NVSHMEM_HOME/lib -Xlinker $host_lib $NVSHMEM_HOME/lib/libnvshmem_device.a"
fi
[ $run -eq 1 ] || exit 0

# Each program with 2 PEs on this machine; perftest's size sweeps are cut to keep it short.
export FABSHMEM_SYMMETRIC_SIZE=${FABSHMEM_SYMMETRIC_SIZE:-1G}
export NVSHMEM_SYMMETRIC_SIZE=${NVSHMEM_SYMMETRIC_SIZE:-1G} NVSHMEM_BOOTSTRAP=MPI NVSHMEMTEST_USE_MPI_LAUNCHER=1
run_one() {  # run_one LIB_NAME PROGRAM: prints "ok SECONDS" or "fail(EXIT) SECONDS" or "-"
    local exe=$out/$1/$(echo "${2%.*}" | tr / _) args=()
    [ -x "$exe" ] || { echo "-"; return; }
    [ -f "$exe.run.log" ] && [ -n "${KEEP_RUNS:-}" ] && { tail -n 1 "$exe.run.log" | sed -n 's/^== //p'; return; }
    [[ " ${RUN:-fabshmem nvshmem} " == *" $1 "* ]] || { echo "-"; return; }
    case $2 in
        perftest/host/pt-to-pt/stream_latency.cu) args=(-S 65536 -n 50) ;;  # its own options
        perftest/*) args=(-e 65536 -n 50 -w 5) ;;
    esac
    local start=$SECONDS code=0
    timeout -k 5 "${RUN_TIMEOUT:-120}" mpirun --allow-run-as-root --oversubscribe -np 2 "$exe" "${args[@]}" \
        >"$exe.run.log" 2>&1 || code=$?
    local verdict="fail($code) $((SECONDS - start))s"
    [ $code -eq 0 ] && verdict="ok $((SECONDS - start))s"
    # Programs that give each PE a GPU of its own (cudaSetDevice(mype_node)) cannot run two PEs
    # on a machine with one GPU, whatever the library: they run again with one PE, which checks
    # the calls they make if not what PEs exchange ("1-GPU, 1 PE ok").
    if [ $code -ne 0 ] && grep -q "invalid device ordinal" "$exe.run.log"; then
        local one=0
        timeout -k 5 "${RUN_TIMEOUT:-120}" mpirun --allow-run-as-root --oversubscribe -np 1 "$exe" "${args[@]}" \
            >"$exe.run1.log" 2>&1 || one=$?
        verdict="1-GPU($code),1PE:$([ $one -eq 0 ] && echo ok || echo "fail($one)")"
    fi
    echo "== $verdict" >>"$exe.run.log"
    echo "$verdict"
}
printf '%-52s %-14s %-14s\n' program fabshmem nvshmem
ok=0
for p in $programs; do
    f=$(run_one fabshmem "$p")
    n=$(run_one nvshmem "$p")
    case $f in ok*) ok=$((ok + 1)) ;; esac
    printf '%-52s %-14s %-14s\n' "$p" "$f" "$n"
done
echo "fabshmem: $ok/$(wc -w <<<"$programs") run correctly (outputs in $out); 1-GPU: the program sets one GPU per PE, and this machine has fewer GPUs than PEs (then 1PE: how it ran with one PE)"
if [ -d "$out/fabshmem" ] && [ -d "$out/nvshmem" ]; then
    "$root/scripts/perftest-compare.py" "$out/fabshmem" "$out/nvshmem" fabshmem nvshmem >"$out/perftest-compare.txt"
    echo "perftest side by side ($out/perftest-compare.txt), 8-byte rows:"
    awk 'NR == 1 || $(NF - 4) == 8' "$out/perftest-compare.txt"
fi
