#!/usr/bin/env bash
# Shared by the scripts that build other projects' autotools trees fetched outside this
# repository (sos.sh, libfabric-cuda.sh): runs autogen.sh where the tree has no configure yet,
# configures out of tree in PREFIX.obj (beside the prefix: the source tree is never written
# into), builds and installs into PREFIX, then records STAMP in PREFIX/.fabshmem-build, which the
# callers compare to reuse a build. Logs stay in PREFIX.obj.
#   scripts/autotools-install.sh NAME SRC PREFIX STAMP CONFIGURE_ARG...
set -euo pipefail
name=$1 src=$2 prefix=$3 stamp=$4
shift 4
[ -x "$src/configure" ] || (cd "$src" && ./autogen.sh >/dev/null 2>&1)
obj="$prefix.obj"
mkdir -p "$obj"
echo "$name: configure $*"
(cd "$obj" && "$src/configure" "$@" >configure.log 2>&1) ||
    { echo "$name: configure failed (log: $obj/configure.log)" >&2; exit 1; }
make -C "$obj" -j"$(nproc)" install >"$obj/make.log" 2>&1 ||
    { echo "$name: build failed (log: $obj/make.log)" >&2; exit 1; }
echo "$stamp" >"$prefix/.fabshmem-build"
