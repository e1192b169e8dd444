#!/usr/bin/env bash
# Sandia OpenSHMEM (SOS 1.5.x: a source tree fetched outside this repository, with its
# modules/tests-sos submodule in place) built into PREFIX with Debian's libfabric and PMIx: the
# baseline of `scripts/bench.sh --osu-vs-sos`. A build already in PREFIX from the same tree is
# reused. Its programs run under any PMIx launcher (srun --mpi=pmix, mpirun).
#   scripts/sos.sh SOS_SRC PREFIX
set -euo pipefail
[ $# -eq 2 ] && [ -f "$1/configure.ac" ] && [ -f "$1/modules/tests-sos/configure.ac" ] || {
    echo "usage: scripts/sos.sh SOS_SRC PREFIX   (SOS_SRC with modules/tests-sos filled in)" >&2
    exit 2
}
src=$(realpath "$1")
prefix=$(realpath -m "$2")
# Debian's PMIx lives under a folder of its own that has the include/ and lib/ configure wants.
# shm and tcp register memory per region and progress manually: SOS's defaults (scalable
# registration, automatic progress, target counters) find no provider here.
pmix_dir() { dirname "$(dirname "$(dpkg -L libpmix-dev | grep -m1 '/include/pmix.h$')")"; }
args=(--prefix="$prefix" --with-ofi=/usr --disable-fortran --enable-threads --enable-ofi-mr=basic
      --enable-ofi-manual-progress --enable-manual-progress --enable-hard-polling)
stamp="$prefix/.fabshmem-build" config="$src ${args[*]}"
if [ -x "$prefix/bin/oshcc" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$config" ]; then
    echo "sos: reusing $prefix"
    exit 0
fi

"$(dirname "$0")/setup.sh" libtool autoconf automake make gcc libfabric-dev libpmix-dev

[ -x "$src/configure" ] || (cd "$src" && ./autogen.sh >/dev/null 2>&1)
obj="$prefix.obj"  # out of tree, beside the prefix
mkdir -p "$obj"
args+=(--with-pmix="$(pmix_dir)")
echo "sos: configure ${args[*]}"
(cd "$obj" && "$src/configure" "${args[@]}" >configure.log 2>&1) ||
    { echo "sos: configure failed (log: $obj/configure.log)" >&2; exit 1; }
make -C "$obj" -j"$(nproc)" install >"$obj/make.log" 2>&1 ||
    { echo "sos: build failed (log: $obj/make.log)" >&2; exit 1; }
echo "$config" >"$stamp"
echo "sos: $(sed -n "s/^#define PACKAGE_VERSION \"\(.*\)\"/\1/p" "$obj/src/config.h") in $prefix"
