#!/usr/bin/env bash
# Installs the Debian 12 packages fabshmem needs to build, test and benchmark, if missing;
# with names, installs those instead (the scripts that build fetched clients use it).
#   scripts/setup.sh [PACKAGE...]
set -euo pipefail

packages=(
    g++ pkg-config meson ninja-build          # build
    cmake                                      # the CMake consumer test (find_package)
    libfabric-dev libfabric-bin                # the fabric
    libpmix-dev libhwloc-dev hwloc             # bootstrap and topology
    libgtest-dev libbenchmark-dev              # tests and micro-benchmarks
    slurmctld slurmd slurm-client munge        # the local cluster
    openmpi-bin libopenmpi-dev                 # a second PMIx launcher (mpirun); MPI-comm init
    gnuplot-nox bc                             # benchmark plots
    iproute2 util-linux                        # simulated nodes (ip netns, nsenter, unshare)
)
[ $# -gt 0 ] && packages=("$@")

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
echo "setup: installing ${missing[*]}"
[ "$(id -u)" -eq 0 ] || { echo "setup: run as root to install packages" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
