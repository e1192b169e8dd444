#!/usr/bin/env bash
# fabshmem installed into a prefix of its own (build-osu/prefix: oshcc, oshc++, oshrun, headers,
# the library) for the clients built from sources fetched elsewhere (osu.sh,
# openshmem-tests.sh). Installs what changed and prints the prefix.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$PWD/build-osu/prefix
[ -f build-osu/fabshmem/build.ninja ] ||
    meson setup build-osu/fabshmem --prefix="$prefix" -Dtests=false -Dbench=false >/dev/null
meson install -C build-osu/fabshmem >/dev/null
echo "$prefix"
