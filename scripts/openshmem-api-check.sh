#!/usr/bin/env bash
# Which OpenSHMEM routines a C program cannot find in fabshmem's shmem.h and pshmem.h: Sandia
# OpenSHMEM's headers (a source tree, 1.5.x, fetched outside this repository and never changed)
# are made from their m4 sources, preprocessed, every shmem_* routine shmem.h declares and every
# pshmem_* one pshmem.h declares is listed, and a C11 file that takes each one's address is
# compiled against fabshmem's installed headers. Prints the missing names, then "N of M names
# found" for each header.
#   scripts/openshmem-api-check.sh SOS_SRC [FABSHMEM_INCLUDE]
# FABSHMEM_INCLUDE: an installed fabshmem's include folder (default: build/ installed into
# build-nvshmem/api-check). SOS's own extensions (shmemx_*) and its internal C11 selection
# helper are not counted.
set -euo pipefail
[ $# -ge 1 ] && [ -f "$1/mpp/shmem.h4" ] || { echo "usage: scripts/openshmem-api-check.sh SOS_SRC [FABSHMEM_INCLUDE]" >&2; exit 2; }
src=$(realpath "$1")
cd "$(dirname "$0")/.."
include=${2:-}
if [ -z "$include" ]; then
    meson install -C build --destdir "$PWD/build-nvshmem/api-check" >/dev/null
    include=$(find "$PWD/build-nvshmem/api-check" -name shmem.h -path '*/include/*' | head -1 | xargs dirname)
fi
command -v m4 >/dev/null || scripts/setup.sh m4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src/mpp" "$src/bindings" "$work/"
# What SOS's configure would make: no C11/C++ extras, the version.
cp "$work/bindings/shmem_bind_c11_extras_none.m4" "$work/bindings/shmem_bind_c11_extras.m4"
cp "$work/bindings/shmem_bind_cxx_extras_none.m4" "$work/bindings/shmem_bind_cxx_extras.m4"
sed -e 's/@SHMEM_MAJOR_VERSION@/1/;s/@SHMEM_MINOR_VERSION@/5/;s/@[A-Za-z_]*@/0/g' "$work/mpp/shmem-def.h.in" > "$work/shmem-def.h"
status=0
for header in shmem pshmem; do
    m4 -I"$work/bindings" -I"$work/mpp" "$work/mpp/$header.h4" > "$work/$header.h"
    printf '#include "%s.h"\n' "$header" > "$work/all.c"
    gcc -std=c11 -I"$work" -I"$work/mpp" -E "$work/all.c" -o "$work/all.i"
    grep -oE "\b${header}_[A-Za-z0-9_]+\s*\(" "$work/all.i" | tr -d '( ' | sort -u |
        grep -v 'shmem_ctx_c11_generic_selection_failed$' > "$work/names"
    { echo "#include <$header.h>"; n=0
      while read -r name; do n=$((n + 1)); echo "static __typeof__(&$name) *v$n;"; done < "$work/names"; } > "$work/check.c"
    gcc -std=c11 -I"$include" -c "$work/check.c" -o /dev/null 2>&1 | grep 'undeclared' |
        sed -E "s/.*[‘']([A-Za-z0-9_]+)[’'] undeclared.*/\1/" | sort -u > "$work/missing" || true
    cat "$work/missing"
    total=$(wc -l < "$work/names"); missing=$(wc -l < "$work/missing")
    echo "$header.h: $((total - missing)) of $total names found"
    [ "$missing" -eq 0 ] || status=1
done
exit $status
