#!/usr/bin/env bash
# Builds libfabric (ofiwg/libfabric 2.x, a source tree fetched outside this repository) with
# CUDA into PREFIX: only the providers fabshmem uses (shm, tcp, rxm), libcuda loaded at run time
# (--enable-cuda-dlopen). A build already in PREFIX from the same tree is reused.
#   scripts/libfabric-cuda.sh SRC_DIR PREFIX
# CUDA support needs nvml.h, which Debian's CUDA toolkit lacks: set NVML_INCLUDE to a folder
# holding it (the GPU machine's /usr/local/cuda/include has it). Without it the build has no CUDA,
# which still serves to run the suite against libfabric 2.x. Afterwards:
#   PKG_CONFIG_PATH=PREFIX/lib/pkgconfig meson setup build-lf ...   build fabshmem against it
#   LD_LIBRARY_PATH=PREFIX/lib build/...                             run a fabshmem built against
#                                                                    the system libfabric with it
set -euo pipefail
[ $# -eq 2 ] && [ -f "$1/configure.ac" ] || { echo "usage: scripts/libfabric-cuda.sh SRC_DIR PREFIX" >&2; exit 2; }
src=$(realpath "$1")
prefix=$(realpath -m "$2")
cuda=/usr/local/cuda
with_cuda=no
[ -n "${NVML_INCLUDE:-}" ] && [ -f "$NVML_INCLUDE/nvml.h" ] && [ -d "$cuda/include" ] && with_cuda=yes
stamp="$prefix/.fabshmem-build"
want="$src cuda=$with_cuda"
if [ -x "$prefix/bin/fi_info" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    echo "libfabric-cuda: reusing $prefix ($("$prefix/bin/fi_info" --version | head -n 1))"
    exit 0
fi

"$(dirname "$0")/setup.sh" libtool autoconf automake make gcc

args=(--prefix="$prefix" --enable-only --enable-shm --enable-tcp --enable-rxm --disable-static)
if [ $with_cuda = yes ]; then
    args+=(--with-cuda="$cuda" --enable-cuda-dlopen CPPFLAGS="-I$NVML_INCLUDE")
fi
"$(dirname "$0")/autotools-install.sh" libfabric-cuda "$src" "$prefix" "$want" "${args[@]}"
echo "libfabric-cuda: $("$prefix/bin/fi_info" --version | head -n 1) in $prefix (CUDA: $with_cuda)"
