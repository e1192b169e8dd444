#!/usr/bin/env bash
# Configures (once) and builds fabshmem in build/. Extra arguments go to `meson setup`.
set -euo pipefail
cd "$(dirname "$0")/.."
# nvcc is not on PATH on a fresh machine; Meson's CUDA detection looks for it there.
[ -x /usr/local/cuda/bin/nvcc ] && export PATH="$PATH:/usr/local/cuda/bin"
if [ ! -f build/build.ninja ]; then
    meson setup build "$@" >/dev/null || { meson setup build "$@"; exit 1; }
fi
meson compile -C build
