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

args+=(--with-pmix="$(pmix_dir)")
"$(dirname "$0")/autotools-install.sh" sos "$src" "$prefix" "$config" "${args[@]}"
echo "sos: $(sed -n "s/^#define PACKAGE_VERSION \"\(.*\)\"/\1/p" "$prefix.obj/src/config.h") in $prefix"
