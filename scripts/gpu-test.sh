#!/usr/bin/env bash
# The GPU suite, for a machine with a GPU and OpenMPI's mpirun (a PMIx server) but no Slurm:
# the GPU tests with 2 PEs on the GPU(s) through CUDA IPC, the fabric-path checks, the
# misuse cases, the CPU multi-PE programs, and the GPU benchmark. Ends "N passed, N failed".
#   scripts/gpu-test.sh [BUILD_DIR]     (default build/; build it with scripts/build.sh, or
#                                        carry one built on Debian: the binaries run there)
#   FABSHMEM_GPU_TEST=tests or bench runs only the checks or only the benchmarks;
#   GPU_TEST_TIMEOUT: seconds per program (default 300); GPU_TEST_ONLY: a regular expression,
#   only the checks whose name matches run; GPU_BENCH_ONLY: the same for the benchmarks' titles
#   (GPU_COLL_PES, default 4, and PAIRS, default 2: the kernels' collectives benchmark).
#   LIBFABRIC_CUDA=PREFIX: everything runs with the libfabric in PREFIX (built with CUDA by
#   scripts/libfabric-cuda.sh), and GPUDirect is checked too: every GPU program through the
#   fabric with a provider that registers GPU memory (FI_HMEM), benchmarked beside raw fi_read.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
hmem_provider=${HMEM_PROVIDER:-shm}
export LD_LIBRARY_PATH=${LIBFABRIC_CUDA:+$(realpath "$LIBFABRIC_CUDA")/lib:}$PWD/$build:${LD_LIBRARY_PATH:-}:/usr/local/cuda/lib64
export FABSHMEM_SYMMETRIC_SIZE=${FABSHMEM_SYMMETRIC_SIZE:-1G}
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0
run() { timeout -k 5 "${GPU_TEST_TIMEOUT:-300}" mpirun --allow-run-as-root --oversubscribe -n "$@"; }
passed=0 failed=0
check() {  # check NAME EXPECT(ok|fail) REGEX COMMAND...
    local name=$1 expect=$2 regex=$3; shift 3
    [[ $name =~ ${GPU_TEST_ONLY:-.} ]] || return 0
    local out rc
    out=$("$@" 2>&1); rc=$?
    local good=1
    [ "$expect" = ok ] && [ $rc -ne 0 ] && good=0
    [ "$expect" = fail ] && [ $rc -eq 0 ] && good=0
    [ -n "$regex" ] && ! grep -Ezq -- "$regex" <<<"$out" && good=0  # -z: the regex may span lines
    if [ $good -eq 1 ]; then passed=$((passed + 1)); echo "  pass  $name"; else failed=$((failed + 1)); echo "  FAIL  $name (exit $rc)"; fi
    sed 's/^/        /' <<<"$out" | tail -n 12
}
nvidia-smi --query-gpu=name,pci.bus_id,memory.total --format=csv,noheader
g=$build/tests/gpu
part=${FABSHMEM_GPU_TEST:-all}
if [ "$part" != bench ]; then
check gpu-tutorial ok 'Rank 0 read data\[5\] from rank 1: 1\.000000' run 2 env FABSHMEM_INFO=1 $g/gpu_tutorial
check gpu-rma-ipc ok 'PASS on 2 PEs, CUDA IPC' run 2 $g/gpu_rma
check gpu-free-cuda-malloc fail 'fabshmem: PE [01]: error: nvshmem_free\(.*\): this pointer is not in the symmetric heap' run 2 $g/gpu_rma free_cuda_malloc
check gpu-exclusive fail 'fabshmem: PE [01]: error: 2 PEs run on this node but it has 1 GPU' run 2 env FABSHMEM_GPU_EXCLUSIVE=1 $g/gpu_tutorial
# Through the fabric: this libfabric has no FI_HMEM, so the GPU heap is staged by the target.
check gpu-rma-fabric-tcp ok 'PASS on 2 PEs, fabric' run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_rma
check gpu-rma-fabric-shm ok 'PASS on 2 PEs, fabric' run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=shm $g/gpu_rma
check gpu-tutorial-fabric ok 'staged through host memory.*|Rank 0 read data' run 2 env FABSHMEM_INFO=1 FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_tutorial
# The device API: loads and stores through CUDA IPC, then the request ring to the fabric.
check gpu-device-ipc ok 'gpu_device: PASS on 2 PEs, CUDA IPC' run 2 $g/gpu_device
check gpu-device-ring-tcp ok 'gpu_device: PASS on 2 PEs, request ring' run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device
check gpu-device-sync-ipc ok 'gpu_device_sync: PASS on 2 PEs .*CUDA IPC' run 2 $g/gpu_device_sync
check gpu-device-sync-ring ok 'gpu_device_sync: PASS on 2 PEs .*request ring' run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device_sync
check gpu-device-collectives-ipc ok 'gpu_device_collectives: PASS on 2 PEs .*CUDA IPC' run 2 $g/gpu_device_collectives
check gpu-device-collectives-ipc-3pe ok 'gpu_device_collectives: PASS on 3 PEs .*CUDA IPC' run 3 $g/gpu_device_collectives
check gpu-device-collectives-ring ok 'gpu_device_collectives: PASS on 2 PEs .*request ring' run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device_collectives
# Kernels' reductions by recursive doubling: through the ring (partial, fence, flag) and through mapped heaps.
check gpu-device-collectives-doubling-ring-3pe ok 'gpu_device_collectives: PASS on 3 PEs .*request ring' run 3 env FABSHMEM_REDUCE_ALGO=doubling FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device_collectives
check gpu-device-collectives-doubling-ring-4pe ok 'gpu_device_collectives: PASS on 4 PEs .*request ring' run 4 env FABSHMEM_REDUCE_ALGO=doubling FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device_collectives
check gpu-device-collectives-doubling-ipc-5pe ok 'gpu_device_collectives: PASS on 5 PEs .*CUDA IPC' run 5 env FABSHMEM_REDUCE_ALGO=doubling $g/gpu_device_collectives
# Kernels' reductions by reduce-scatter + allgather (FABSHMEM_REDUCE_ALGO=blocks), for every
# size: blocks of no element on most members at count 1, many chunks past the scratch's 128 KiB.
check gpu-device-collectives-blocks-ipc-5pe ok 'gpu_device_collectives: PASS on 5 PEs .*CUDA IPC' run 5 env FABSHMEM_REDUCE_ALGO=blocks $g/gpu_device_collectives
check gpu-device-collectives-blocks-ring-3pe ok 'gpu_device_collectives: PASS on 3 PEs .*request ring' run 3 env FABSHMEM_REDUCE_ALGO=blocks FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device_collectives
# Kernels' broadcast down a binomial tree and fcollect by Bruck's allgather (flagged puts), as
# asked by name: odd and even counts, through mapped heaps and through the ring; and 6 PEs under
# auto (puts to every member in kernels, the tree and Bruck on the host).
check gpu-device-collectives-tree-ipc-5pe ok 'gpu_device_collectives: PASS on 5 PEs .*CUDA IPC' run 5 env FABSHMEM_BROADCAST_ALGO=tree FABSHMEM_FCOLLECT_ALGO=bruck $g/gpu_device_collectives
check gpu-device-collectives-auto-ipc-6pe ok 'gpu_device_collectives: PASS on 6 PEs .*CUDA IPC' run 6 $g/gpu_device_collectives
check gpu-device-collectives-tree-ring-3pe ok 'gpu_device_collectives: PASS on 3 PEs .*request ring' run 3 env FABSHMEM_BROADCAST_ALGO=tree FABSHMEM_FCOLLECT_ALGO=bruck FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device_collectives
check gpu-device-collectives-tree-ring-4pe ok 'gpu_device_collectives: PASS on 4 PEs .*request ring' run 4 env FABSHMEM_BROADCAST_ALGO=tree FABSHMEM_FCOLLECT_ALGO=bruck FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device_collectives
# The pull where auto takes another way: kernels' broadcasts as puts to every member where the
# direct broadcast would serve (the 2- to 6-PE runs above take it through CUDA IPC under auto,
# the ring ones the puts), and reductions past one 128 KiB chunk, which auto gives the blocks.
check gpu-device-collectives-pull-ipc-3pe ok 'gpu_device_collectives: PASS on 3 PEs .*CUDA IPC' run 3 env FABSHMEM_BROADCAST_ALGO=pull FABSHMEM_REDUCE_ALGO=pull $g/gpu_device_collectives
check gpu-device-collectives-pull-ring-3pe ok 'gpu_device_collectives: PASS on 3 PEs .*request ring' run 3 env FABSHMEM_REDUCE_ALGO=pull FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device_collectives
check gpu-device-invalid-team fail 'fabshmem: PE [01]: error: nvshmem_team_sync \(in a kernel\): team 7 is not a team of this PE' run 2 $g/gpu_device_collectives invalid_team
# NVSHMEM's extensions: collective launch, reducescatter, half/bfloat16, maxloc, nbi on stream, a cubin.
check gpu-nvshmemx-ipc ok 'gpu_nvshmemx: PASS on 2 PEs, CUDA IPC' run 2 $g/gpu_nvshmemx $g/gpu_module.cubin
check gpu-nvshmemx-ring ok 'gpu_nvshmemx: PASS on 2 PEs, request ring' run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_nvshmemx $g/gpu_module.cubin
check gpu-collective-launch-too-big ok 'fabshmem: PE [01]: error: nvshmemx_collective_launch: a grid of [0-9]+ blocks of 128 threads cannot be resident' \
    run 2 $g/gpu_nvshmemx $g/gpu_module.cubin too_big
# Init without PMIx: a unique id (rank 0 writes it to a file), and over MPI (comm and id);
# these programs write the heap from the host, so it is host memory here.
# The heap past its size: registered buffers (NVSHMEM's user-buffer example) and growth.
check gpu-extension-ipc ok 'overlaps the buffer .*cuMemRetainAllocationHandle.*CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR.*gpu_extension: PASS on 2 PEs, CUDA IPC' \
    run 2 env FABSHMEM_SYMMETRIC_SIZE=64M $g/gpu_extension
check gpu-extension-ipc-3pe ok 'gpu_extension: PASS on 3 PEs, CUDA IPC' run 3 env FABSHMEM_SYMMETRIC_SIZE=64M $g/gpu_extension
check gpu-extension-ring ok 'gpu_extension: PASS on 2 PEs, request ring' \
    run 2 env FABSHMEM_SYMMETRIC_SIZE=64M FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_extension
check gpu-extension-free-registered fail 'fabshmem: PE [01]: error: nvshmem_free\(.*\): this is the symmetric address of a buffer registered' \
    run 2 $g/gpu_extension free_registered
check gpu-init-uid ok 'init_uid: PASS on 2 PEs' run 2 env FABSHMEM_HEAP=host $build/tests/pe/pe_init_uid "$(mktemp -u /tmp/fabshmem-uid.XXXXXX)"
if [ -x $build/tests/pe/pe_init_mpi ]; then
    check gpu-init-mpi-comm ok 'init_mpi comm: PASS on 2 PEs' run 2 env FABSHMEM_HEAP=host $build/tests/pe/pe_init_mpi comm
    check gpu-init-mpi-uid ok 'init_mpi uid: PASS on 2 PEs' run 2 env FABSHMEM_HEAP=host $build/tests/pe/pe_init_mpi uid
fi
check gpu-collectives-ipc ok 'gpu_collectives: PASS on 2 PEs' run 2 $g/gpu_collectives
check gpu-collectives-fabric-tcp ok 'gpu_collectives: PASS on 2 PEs' run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_collectives
# Every host algorithm on the GPU heap: the push ones (broadcast by tree and by scatter +
# allgather, fcollect by Bruck, alltoall pushed; 3 and 5 PEs), and the pull.
check gpu-collectives-scatter-ipc-3pe ok 'gpu_collectives: PASS on 3 PEs' run 3 env FABSHMEM_BROADCAST_ALGO=scatter $g/gpu_collectives
check gpu-collectives-tree-ipc-5pe ok 'gpu_collectives: PASS on 5 PEs' run 5 env FABSHMEM_BROADCAST_ALGO=tree $g/gpu_collectives
check gpu-collectives-scatter-tcp-3pe ok 'gpu_collectives: PASS on 3 PEs' run 3 env FABSHMEM_BROADCAST_ALGO=scatter FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_collectives
# Reductions by recursive doubling: partials put into the peers' reduction slots in GPU memory.
check gpu-collectives-doubling-ipc-3pe ok 'gpu_collectives: PASS on 3 PEs' run 3 env FABSHMEM_REDUCE_ALGO=doubling $g/gpu_collectives
check gpu-collectives-doubling-tcp-4pe ok 'gpu_collectives: PASS on 4 PEs' run 4 env FABSHMEM_REDUCE_ALGO=doubling FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_collectives
check gpu-collectives-pull-ipc-3pe ok 'gpu_collectives: PASS on 3 PEs' run 3 env FABSHMEM_BROADCAST_ALGO=pull FABSHMEM_FCOLLECT_ALGO=pull FABSHMEM_ALLTOALL_ALGO=pull $g/gpu_collectives
check gpu-device-bad-pe fail 'fabshmem: PE 0: error: nvshmem_int_g \(in a kernel\): PE 7 is out of range' run 1 $g/gpu_device bad_pe
check gpu-device-before-init fail 'fabshmem: PE \?: error: nvshmem_my_pe was called in a kernel' $g/gpu_device before_init
# A thread's variable as the local buffer of a get from a PE the host reaches (no mapping): said so.
check gpu-device-local-memory-ring fail "error: nvshmem_getmem \(in a kernel\): the local buffer .* is the kernel's own local or shared memory" \
    run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $g/gpu_device local_memory
if [ -n "${LIBFABRIC_CUDA:-}" ]; then
    # GPUDirect: the provider registers the GPU heap (FI_HMEM_CUDA) and reads and writes it
    # itself; local GPU buffers are registered too. shm is a software provider (its FI_HMEM
    # copies with cudaMemcpy): by default it stays staged, FABSHMEM_GPUDIRECT=on takes it, and
    # kernels' own requests stay staged (a kernel would wait for ever on its own copy).
    check gpudirect-auto-software-staged ok "staged through host memory, as $hmem_provider's FI_HMEM copies with cudaMemcpy.*PASS on 2 PEs, fabric" \
        run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=$hmem_provider FABSHMEM_INFO=1 $g/gpu_rma
    gd() { run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=$hmem_provider FABSHMEM_GPUDIRECT=on FABSHMEM_INFO=1 "$@"; }
    direct="GPUDirect \(FI_HMEM\)"
    check gpudirect-tutorial ok "$direct.*Rank 0 read data\[5\] from rank 1: 1\.000000" gd $g/gpu_tutorial
    check gpudirect-rma ok "$direct.*PASS on 2 PEs, fabric" gd $g/gpu_rma
    check gpudirect-device ok "$direct.*gpu_device: PASS on 2 PEs, request ring" gd $g/gpu_device
    check gpudirect-device-sync ok "gpu_device_sync: PASS on 2 PEs .*request ring" gd $g/gpu_device_sync
    check gpudirect-device-collectives ok 'gpu_device_collectives: PASS on 2 PEs .*request ring' gd $g/gpu_device_collectives
    check gpudirect-collectives ok 'gpu_collectives: PASS on 2 PEs' gd $g/gpu_collectives
    check gpudirect-nvshmemx ok 'gpu_nvshmemx: PASS on 2 PEs, request ring' gd $g/gpu_nvshmemx $g/gpu_module.cubin
    check gpudirect-staged-forced ok 'staged through host memory.*PASS on 2 PEs, fabric' gd env FABSHMEM_STAGED=1 $g/gpu_rma
fi
check host-heap-tutorial ok 'Rank 0 read data\[5\] from rank 1: 1\.000000' run 2 env FABSHMEM_HEAP=host $build/examples/tutorial
# shmem_global_exit with the GPU heap: mpirun's status 0 says every PE ended with 0, none killed.
check gpu-global-exit ok '' run 3 $build/tests/pe/pe_global_exit 0 barrier
for t in rma_types rma_sizes ordering busy_target atomics signal_wait collectives openshmem shmem15 generic_cpp quiet_asleep profiling; do
    check "host-heap-$t-tcp" ok 'PASS on 2 PEs' run 2 env FABSHMEM_HEAP=host FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $build/tests/pe/pe_$t
done
fi
if [ "$part" != tests ]; then
bench() {  # bench TITLE COMMAND...: only those whose title matches GPU_BENCH_ONLY
    local title=$1; shift
    [[ $title =~ ${GPU_BENCH_ONLY:-.} ]] || return 0
    echo "== $title"
    "$@"
}
bench "GPU benchmark: CUDA IPC" run 2 $build/bench/fabshmem-gpu-perf
bench "GPU benchmark: through the fabric (tcp, staged: no FI_HMEM here)" \
    run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $build/bench/fabshmem-gpu-perf --max 16
if [ -n "${LIBFABRIC_CUDA:-}" ]; then
    bench "GPUDirect ($hmem_provider, FI_HMEM) beside raw fi_read on GPU memory" \
        run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=$hmem_provider $build/bench/fabshmem-perf --gpu --max 64M --ops get,put
    bench "staged ($hmem_provider, FABSHMEM_STAGED=1) beside raw fi_read on GPU memory" \
        run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=$hmem_provider FABSHMEM_STAGED=1 $build/bench/fabshmem-perf --gpu --max 64M --ops get,put
fi
bench "GPU device-initiated benchmark: CUDA IPC" run 2 $build/bench/fabshmem-gpu-device-perf
bench "GPU device-initiated benchmark: request ring + fabric (tcp, staged)" \
    run 2 env FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $build/bench/fabshmem-gpu-device-perf --max 2
# Kernels' collectives: the pull (reductions read every member's data in turn; broadcast and
# fcollect put to every member) beside the pushed algorithms (recursive doubling, tree, Bruck),
# run after each other, PAIRS times, through the ring and through mapped heaps. With every PE on
# one GPU the kernels take turns on it (time slices of milliseconds), so these times count how
# often a PE waits for another's kernel, not link latency.
for n in ${GPU_COLL_PES:-4}; do
    for ((pair = 0; pair < ${PAIRS:-2}; ++pair)); do
        for algo in pull pushed; do
            if [ $algo = pull ]; then algos="FABSHMEM_REDUCE_ALGO=pull FABSHMEM_BROADCAST_ALGO=pull FABSHMEM_FCOLLECT_ALGO=pull"
            else algos="FABSHMEM_REDUCE_ALGO=doubling FABSHMEM_BROADCAST_ALGO=tree FABSHMEM_FCOLLECT_ALGO=bruck"; fi
            bench "GPU collectives in kernels: request ring (tcp), $n PEs, $algo" \
                run "$n" env $algos FABSHMEM_DISABLE_IPC=1 FABSHMEM_PROVIDER=tcp $build/bench/fabshmem-gpu-coll-perf --max 32
            bench "GPU collectives in kernels: CUDA IPC, $n PEs, $algo" \
                run "$n" env $algos $build/bench/fabshmem-gpu-coll-perf --max 32
        done
    done
done
fi
echo "$passed passed, $failed failed"
