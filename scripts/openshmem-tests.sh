#!/usr/bin/env bash
# OpenSHMEM's own test suites and examples, built unchanged against an installed fabshmem
# (oshcc, oshc++) and run under the local Slurm cluster. Prints "<suite>: N/M pass" for each
# suite given, and every program that did not pass; logs go to results/openshmem-<time>/ (or
# OUT_DIR). Each source folder is a tree fetched outside this repository and never changed:
#   --tests-sos DIR  openshmem-org/tests-sos (Sandia OpenSHMEM's unit, spec-example, apps,
#                    performance suites): autogen, configure --enable-deprecated-tests
#                    --enable-profiling (the pshmem tests) --enable-lengthy-tests (the
#                    performance suite), `make check` with oshrun -np $NPROCS (2); its
#                    automake harness decides each test.
#   --tests-uh DIR   openshmem-org/tests-uh: every C feature test on $NPROCS PEs; pass: exit
#                    status 0 and "Pass" printed, test_shmem_global_exit: exit status 99 (as
#                    its test_parameters.conf expects).
#   --examples DIR   openshmem-org/openshmem-examples: every C and C++ example on 4 PEs; pass:
#                    exit status 0; global_exit.c: 99; nullput.c (a put from NULL): ended by
#                    fabshmem's message.
#   --cray DIR       openshmem-org/tests-cray sma1 and sma2 (C, C++) on 4 PEs; programs that use
#                    Cray's extensions (shmemx_*_nb, short atomics) do not link, and are listed.
#   --prk DIR        ParRes/Kernels' SHMEM kernels (Stencil, Synch_p2p, Transpose), built by
#                    their own makefiles (a copy of SHMEM/, common/, include/ in build-osu/prk,
#                    with a common/make.defs naming oshcc), on $NPROCS PEs over the default
#                    path, tcp and shm; pass: status 0 and "Solution validates".
#   scripts/openshmem-tests.sh [--tests-sos DIR] [--tests-uh DIR] [--examples DIR] [--cray DIR] [--prk DIR] [OUT_DIR]
set -euo pipefail
usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
declare -A src=()
out=""
while [ $# -gt 0 ]; do
    case $1 in
        --tests-sos | --tests-uh | --examples | --cray | --prk) [ -d "${2:-}" ] || usage; src[${1#--}]=$(realpath "$2"); shift 2 ;;
        -*) usage ;;
        *) out=$1; shift ;;
    esac
done
[ ${#src[@]} -gt 0 ] || usage
cd "$(dirname "$0")/.."
root=$PWD
out=${out:-results/openshmem-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(realpath "$out")
nprocs=${NPROCS:-2}
scripts/setup.sh libtool autoconf automake make

prefix=$(scripts/client-prefix.sh)
oshcc=$prefix/bin/oshcc oshcxx=$prefix/bin/oshc++ oshrun=$prefix/bin/oshrun

conf_line=$(scripts/local-cluster.sh up)
export "${conf_line?}"
trap 'scripts/local-cluster.sh down >/dev/null 2>&1' EXIT
status=0

# One program: `run NAME EXPECT COMMAND...`; EXPECT: pass (status 0 and, with PASS_TEXT set, that
# text printed), a number (that exit status), or message (ended by a fabshmem error).
passed=0 total=0 failures=()
run() {
    local name=$1 expect=$2; shift 2
    local log=$out/$suite-$name.log rc=0 ok=0
    timeout -k 5 180 "$@" >"$log" 2>&1 || rc=$?
    case $expect in
        pass) [ $rc -eq 0 ] && { [ -z "${PASS_TEXT:-}" ] || grep -q "$PASS_TEXT" "$log"; } && ok=1 ;;
        message) [ $rc -ne 0 ] && grep -qE '^fabshmem: PE [0-9]+: error: ' "$log" && ok=1 ;;
        *) [ $rc -eq "$expect" ] && ok=1 ;;
    esac
    total=$((total + 1))
    if [ $ok -eq 1 ]; then passed=$((passed + 1)); else failures+=("$name (exit $rc, expected $expect): $log"); fi
}
report() {
    echo "$suite: $passed/$total pass${1:+ ($1)}"
    for f in "${failures[@]}"; do echo "   FAIL $f"; done
    [ ${#failures[@]} -eq 0 ] || status=1
    passed=0 total=0 failures=()
}
# Builds each of FILES with its compiler; prints the names that built.
build_each() {
    local flags=$1; shift
    for f in "$@"; do
        local name; name=$(basename "${f%.*}")
        local cc=$oshcc; case $f in *.cpp | *.cxx) cc=$oshcxx ;; esac
        $cc $flags "$f" -o "$obj/$name" -lm >"$obj/$name.build.log" 2>&1 && echo "$name"
    done
}

if [ -n "${src[tests-sos]:-}" ]; then
    suite=tests-sos obj=$root/build-osu/tests-sos
    if [ ! -x "${src[tests-sos]}/configure" ]; then
        (cd "${src[tests-sos]}" && ./autogen.sh) >"$out/$suite-autogen.log" 2>&1
    fi
    mkdir -p "$obj"
    (cd "$obj" && [ -f Makefile ] || "${src[tests-sos]}/configure" CC="$oshcc" CXX="$oshcxx" \
        --disable-fortran --enable-deprecated-tests --enable-profiling --enable-lengthy-tests) \
        >"$out/$suite-configure.log" 2>&1
    make -C "$obj" -j2 -k check TESTS= >"$out/$suite-make.log" 2>&1 || true
    find "$obj/test" -name '*.log' -o -name '*.trs' | xargs rm -f
    make -C "$obj" -k check TEST_RUNNER="timeout -k 5 180 $oshrun -np $nprocs" >"$out/$suite-check.log" 2>&1 || true
    while read -r trs; do
        result=$(sed -n 's/^:test-result: //p' "$trs" | head -n 1)
        total=$((total + 1))
        if [ "$result" = PASS ]; then passed=$((passed + 1)); else failures+=("$(basename "${trs%.trs}") ($result): ${trs%.trs}.log"); fi
    done < <(find "$obj/test" -name '*.trs' | sort)
    report "$nprocs PEs"
fi

if [ -n "${src[tests-uh]:-}" ]; then
    suite=tests-uh obj=$root/build-osu/tests-uh
    mkdir -p "$obj"
    for name in $(build_each "-O1" "${src[tests-uh]}"/feature_tests/C/*.c); do
        expect=pass
        [ "$name" = test_shmem_global_exit ] && expect=99
        PASS_TEXT=Pass run "$name" "$expect" "$oshrun" -np "$nprocs" "$obj/$name"
    done
    report "$nprocs PEs"
fi

if [ -n "${src[examples]:-}" ]; then
    suite=examples obj=$root/build-osu/openshmem-examples
    mkdir -p "$obj"
    for name in $(build_each "-O2 -std=c11" "${src[examples]}"/c/*.c "${src[examples]}"/c++/*.cxx); do
        expect=pass
        case $name in global_exit) expect=99 ;; nullput) expect=message ;; esac
        run "$name" "$expect" "$oshrun" -np 4 "$obj/$name"
    done
    report "4 PEs"
fi

if [ -n "${src[cray]:-}" ]; then
    suite=tests-cray obj=$root/build-osu/tests-cray
    mkdir -p "$obj"
    files=("${src[cray]}"/sma1/*.c "${src[cray]}"/sma2/*.c "${src[cray]}"/sma2/*.cpp)
    built=$(build_each "-O1 -DHAVE_SHORT -DHAVE_LONG_LONG -DHAVE_LONG_DOUBLE -DNEEDS_FINALIZE" "${files[@]}")
    for name in $built; do run "$name" pass "$oshrun" -np 4 "$obj/$name"; done
    extensions=$(cat "$obj"/*.build.log 2>/dev/null | sed -n "s/.*undefined reference to \`\(.*\)'/\1/p" | sort -u | tr '\n' ' ')
    report "4 PEs; $(( ${#files[@]} - $(wc -w <<<"$built") )) of ${#files[@]} do not link, using Cray's ${extensions:-}"
fi
if [ -n "${src[prk]:-}" ]; then
    suite=prk obj=$root/build-osu/prk
    rm -rf "$obj" && mkdir -p "$obj"
    cp -r "${src[prk]}/SHMEM" "${src[prk]}/common" "${src[prk]}/include" "$obj/"
    printf 'CC=cc\nDEFAULT_OPT_FLAGS=-O2\nSHMEMCC=%s -std=gnu99\n' "$oshcc" >"$obj/common/make.defs"
    # The order 840 divides among 2 to 8 PEs, as the transpose asks.
    kernels=("Stencil stencil 10 1000" "Synch_p2p p2p 10 1000 200" "Transpose transpose 10 840 32")
    for kernel in "${kernels[@]}"; do
        read -r dir name args <<<"$kernel"
        if ! make -C "$obj/SHMEM/$dir" "$name" >"$out/$suite-$name-make.log" 2>&1; then
            total=$((total + 1)); failures+=("$name (does not build): $out/$suite-$name-make.log"); continue
        fi
        for path in default tcp shm; do
            env=(); [ $path = default ] || env=(FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=$path)
            PASS_TEXT="Solution validates" run "$name-$path" pass env "${env[@]}" "$oshrun" -np "$nprocs" \
                "$obj/SHMEM/$dir/$name" $args
        done
    done
    report "$nprocs PEs"
fi

echo "openshmem-tests: logs in $out"
exit $status
