#!/usr/bin/env bash
# Configures (once) and builds fabshmem in build/. Extra arguments go to `meson setup`.
set -euo pipefail
cd "$(dirname "$0")/.."
# nvcc is not on PATH on a fresh machine; Meson's CUDA detection looks for it there.
[ -x /usr/local/cuda/bin/nvcc ] && export PATH="$PATH:/usr/local/cuda/bin"
if [ ! -f build/build.ninja ]; then
    meson setup build "$@" >/dev/null || { meson setup build "$@"; exit 1; }
fi
# Meson 1.0 (Debian 12) gives CUDA objects no header dependencies: where a header is newer
# than the oldest CUDA object, every CUDA object is rebuilt (nvcc would not see the change).
oldest_cuda_object=$(find build -name '*.cu.o' -printf '%T@ %p\n' 2>/dev/null | sort -n | head -n 1 | cut -d' ' -f2-)
if [ -n "$oldest_cuda_object" ] &&
    find include src providers tests bench examples -name '*.h' -newer "$oldest_cuda_object" | grep -q .; then
    find build -name '*.cu.o' -delete
fi
meson compile -C build
