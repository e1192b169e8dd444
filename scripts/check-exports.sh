#!/usr/bin/env bash
# Compares what libfabshmem.so exports with the API its public headers declare:
#   - every function nvshmem.h, nvshmemx.h, shmem.h or pshmem.h (generated) declares or defines
#     inline is an exported symbol (autotools link checks and programs that declare a call themselves need it);
#   - every exported symbol is one of those functions or a variable the headers declare extern
#     (no internal symbol leaks).
#   scripts/check-exports.sh [BUILD_DIR]     prints "exports match the headers: N functions"
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
lib=$build/libfabshmem.so
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The C compiler lists every function the headers declare (-aux-info), with the file it is in.
printf '#include <nvshmem.h>\n#include <nvshmemx.h>\n#include <shmem.h>\n#include <shmemx.h>\n#include <pshmem.h>\n#include <fabshmem/detail/device_state.h>\n' >"$tmp/api.c"
# CUDA's include folder, where there is one, so that the calls taking CUDA types are declared too.
cuda_include=()
[ -f /usr/local/cuda/include/cuda_runtime.h ] && cuda_include=(-I/usr/local/cuda/include)
cc -std=c11 -fsyntax-only -Iinclude -I"$build/include" -I"$build/src/profiling" "${cuda_include[@]}" -aux-info "$tmp/aux" "$tmp/api.c"
grep -E '^/\* [^ ]*(include/(nvshmem|nvshmemx|shmem|fabshmem/detail/device_state)|src/profiling/pshmem)\.h:' "$tmp/aux" \
    | sed -E 's/\(.*//; s/.* \**([A-Za-z_][A-Za-z0-9_]*) *$/\1/' | sort -u >"$tmp/declared"
# Variables the headers declare extern.
grep -hoE '^extern [^;(]* \**([A-Za-z_][A-Za-z0-9_]*);' include/*.h \
    | sed -E 's/.* \**([A-Za-z_][A-Za-z0-9_]*);/\1/' | sort -u >"$tmp/variables"

nm -D --defined-only "$lib" | awk '$2 ~ /^[TW]$/ {print $3}' | sort -u >"$tmp/functions"
nm -D --defined-only "$lib" | awk '$2 ~ /^[DBRV]$/ {print $3}' | sort -u >"$tmp/data"

missing=$(comm -23 "$tmp/declared" "$tmp/functions")
leaked=$(comm -13 "$tmp/declared" "$tmp/functions")
leaked_data=$(comm -13 "$tmp/variables" "$tmp/data")
status=0
if [ -n "$missing" ]; then
    echo "declared in the headers but not exported by $lib ($(wc -l <<<"$missing")):"; sed 's/^/  /' <<<"$missing" | head -20; status=1
fi
if [ -n "$leaked$leaked_data" ]; then
    echo "exported by $lib but not in the headers:"; printf '%s\n%s\n' "$leaked" "$leaked_data" | sed '/^$/d; s/^/  /' | head -20; status=1
fi
[ $status -eq 0 ] && echo "exports match the headers: $(wc -l <"$tmp/declared") functions, $(wc -l <"$tmp/variables") variables"
exit $status
