#!/usr/bin/env bash
# Which of NVSHMEM's API names a program cannot find in fabshmem's headers: NVSHMEM's own
# headers (a source tree, tag v3.4.5-0, fetched outside this repository and never changed) are
# preprocessed with nvcc, every nvshmem_* / nvshmemx_* function they declare is listed, and a
# translation unit that names each one (decltype(&name)) is compiled against fabshmem's
# installed headers. Prints the missing names, then "N of M names found".
#   scripts/nvshmem-api-check.sh NVSHMEM_SRC [FABSHMEM_INCLUDE]
# FABSHMEM_INCLUDE: an installed fabshmem's include folder (default: build/ installed into
# build-nvshmem/prefix). Names NVSHMEM declares but never defines (the typed alltoalls), its
# internal split-library calls (hostlib_*, init_init_attr_ver_only) and the put6 typo are not
# counted.
set -euo pipefail
[ $# -ge 1 ] && [ -f "$1/src/include/nvshmem.h" ] || { echo "usage: scripts/nvshmem-api-check.sh NVSHMEM_SRC [FABSHMEM_INCLUDE]" >&2; exit 2; }
src=$(realpath "$1")
cd "$(dirname "$0")/.."
include=${2:-}
if [ -z "$include" ]; then
    meson install -C build --destdir "$PWD/build-nvshmem/api-check" >/dev/null
    include=$(find "$PWD/build-nvshmem/api-check" -name nvshmem.h -path '*/include/*' | head -1 | xargs dirname)
fi
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src/src/include" "$work/nv"
# The headers CMake would generate: the version and build options.
sed -e 's/@[A-Za-z_]*VERSION_MAJOR@/3/;s/@[A-Za-z_]*VERSION_MINOR@/4/;s/@[A-Za-z_]*VERSION_PATCH@/5/;s/@[A-Za-z_]*@/0/g' \
    "$work/nv/non_abi/nvshmem_version.h.in" > "$work/nv/non_abi/nvshmem_version.h"
sed -e 's/#cmakedefine.*//' "$work/nv/non_abi/nvshmem_build_options.h.in" > "$work/nv/non_abi/nvshmem_build_options.h"
sed -e 's/@[A-Za-z_]*@/0/g' "$work/nv/non_abi/device/pt-to-pt/transfer_device.cuh.in" \
    > "$work/nv/non_abi/device/pt-to-pt/transfer_device.cuh"
printf '#include <nvshmem.h>\n#include <nvshmemx.h>\n' > "$work/all.cu"
"$nvcc" -std=c++17 -arch=sm_90 -I"$work/nv" -E -x cu "$work/all.cu" -o "$work/all.ii"
grep -oE '\bnvshmemx?_[A-Za-z0-9_]+\s*\(' "$work/all.ii" | tr -d '( ' | sort -u |
    grep -vE '_alltoalls$|^nvshmemx_hostlib_|^nvshmemx_init_init_attr_ver_only$|put6_' > "$work/names"
: > "$work/missing"
split -l 90 "$work/names" "$work/chunk."
for chunk in "$work"/chunk.*; do  # nvcc stops at 100 errors
    { printf '#include <nvshmem.h>\n#include <nvshmemx.h>\n'; n=0
      while read -r name; do n=$((n + 1)); echo "using t$n = decltype(&$name);"; done < "$chunk"; } > "$work/check.cu"
    "$nvcc" -std=c++17 -arch=sm_90 -I"$include" -c "$work/check.cu" -o /dev/null 2>&1 |
        grep -oE 'identifier "[^"]+" is undefined' | cut -d'"' -f2 >> "$work/missing" || true
done
sort -u "$work/missing"
total=$(wc -l < "$work/names"); missing=$(sort -u "$work/missing" | wc -l)
echo "$((total - missing)) of $total names found"
