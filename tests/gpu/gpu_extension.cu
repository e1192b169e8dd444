// The GPU heap past its size, every byte checked on the host:
//  - nvshmemx_buffer_register_symmetric: a buffer the program made with cuMemCreate becomes
//    symmetric; the returned address aliases it (writes through one are read through the
//    other); kernels and the host put, get and make atomics on peers' registered buffers; an
//    on-stream reduction over it (NVSHMEM's user-buffer example); misuse is refused with a
//    message (twice, an overlapping part, cudaMalloc memory, a wrong size when unregistering);
//  - growth: with a small FABSHMEM_SYMMETRIC_SIZE, blocks that do not fit get memory of their
//    own, reachable like any block (also from a collective launch of NVIDIA's ring-reduce
//    shape: 512-thread blocks, put with signal), freed and allocated again.
// Through CUDA IPC by default, through the request ring and the fabric with
// FABSHMEM_DISABLE_IPC=1. `gpu_extension free_registered`: nvshmem_free on a registered
// buffer's address ends with fabshmem's message.
#include <cuda.h>

#include <cstring>
#include <string>
#include <vector>

#include "gpu_check.h"

namespace {

constexpr const char *kTest = "gpu_extension";

__host__ __device__ int pattern(int pe, size_t i) { return static_cast<int>(pe * 1000003 + i * 7 + 1); }

struct ProgramBuffer {
    void *address = nullptr;
    size_t bytes = 0;
    CUmemGenericAllocationHandle handle = 0;
};

// As NVSHMEM's user-buffer example makes it: cuMemCreate, shareable by file descriptor (unless
// `shareable` is false), mapped whole.
ProgramBuffer make_program_buffer(size_t granules, bool shareable = true) {
    int device = 0;
    CUDA_OK(cudaGetDevice(&device));
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    prop.requestedHandleTypes = shareable ? CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR : CU_MEM_HANDLE_TYPE_NONE;
    size_t granularity = 0;
    PE_CHECK(driver_call<decltype(&cuMemGetAllocationGranularity)>("cuMemGetAllocationGranularity")(
                 &granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM) == CUDA_SUCCESS,
             "cuMemGetAllocationGranularity");
    ProgramBuffer buffer;
    buffer.bytes = granules * granularity;
    CUdeviceptr address = 0;
    PE_CHECK(driver_call<decltype(&cuMemCreate)>("cuMemCreate")(&buffer.handle, buffer.bytes, &prop, 0) == CUDA_SUCCESS,
             "cuMemCreate");
    PE_CHECK(driver_call<decltype(&cuMemAddressReserve)>("cuMemAddressReserve")(&address, buffer.bytes, 0, 0, 0) ==
                 CUDA_SUCCESS,
             "cuMemAddressReserve");
    PE_CHECK(driver_call<decltype(&cuMemMap)>("cuMemMap")(address, buffer.bytes, 0, buffer.handle, 0) == CUDA_SUCCESS,
             "cuMemMap");
    CUmemAccessDesc access{};
    access.location = prop.location;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    PE_CHECK(driver_call<decltype(&cuMemSetAccess)>("cuMemSetAccess")(address, buffer.bytes, &access, 1) ==
                 CUDA_SUCCESS,
             "cuMemSetAccess");
    buffer.address = reinterpret_cast<void *>(address);
    return buffer;
}

void free_program_buffer(const ProgramBuffer &buffer) {
    CUdeviceptr address = reinterpret_cast<CUdeviceptr>(buffer.address);
    PE_CHECK(driver_call<decltype(&cuMemUnmap)>("cuMemUnmap")(address, buffer.bytes) == CUDA_SUCCESS, "cuMemUnmap");
    PE_CHECK(driver_call<decltype(&cuMemAddressFree)>("cuMemAddressFree")(address, buffer.bytes) == CUDA_SUCCESS,
             "cuMemAddressFree");
    PE_CHECK(driver_call<decltype(&cuMemRelease)>("cuMemRelease")(buffer.handle) == CUDA_SUCCESS, "cuMemRelease");
}

__global__ void fill(int *data, size_t count, int pe) {
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x)
        data[i] = pattern(pe, i);
}

// A block puts `count` ints of `source` to `dest` on `to`, then one thread adds 1 to its
// counter there and reads back its first element with g.
__global__ void put_and_add(int *dest, const int *source, size_t count, int to, int *counter, int *read_back) {
    nvshmemx_int_put_block(dest, source, count, to);
    if (threadIdx.x == 0) {
        nvshmem_quiet();
        nvshmem_int_atomic_add(counter, 1, to);
        *read_back = nvshmem_int_g(dest, to);
    }
}

// As NVIDIA's ring-reduce example: 512-thread blocks (so at most 128 registers per thread), and
// thread 0 of each block puts its chunk to the right neighbour with a signal, then waits for
// the left neighbour's.
__global__ void ring_chunks(int *dst, const int *src, size_t per_block, uint64_t *signals) {
    int right = (nvshmem_my_pe() + 1) % nvshmem_n_pes();
    size_t at = blockIdx.x * per_block;
    if (threadIdx.x == 0) {
        nvshmem_int_put_signal_nbi(dst + at, src + at, per_block, signals + blockIdx.x, 1, NVSHMEM_SIGNAL_ADD, right);
        nvshmem_signal_wait_until(signals + blockIdx.x, NVSHMEM_CMP_GE, 1);
    }
    __syncthreads();
}

// Checks `count` ints at `data` (this PE's GPU memory) against PE `from`'s pattern.
void expect_pattern(const int *data, size_t count, int from, const char *what) {
    std::vector<int> host(count);
    CUDA_OK(cudaMemcpy(host.data(), data, count * sizeof(int), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i)
        PE_CHECK(host[i] == pattern(from, i), "%s: element %zu is %d, PE %d's pattern says %d", what, i, host[i], from,
                 pattern(from, i));
}

// Kernel and host traffic between PEs' copies of `sym` (count ints of data, then a counter):
// each PE puts its pattern into its right neighbour's, gets its left neighbour's back.
void exchange(int *sym, size_t count, const char *what) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), right = (me + 1) % n, left = (me + n - 1) % n;
    int *counter = sym + count;
    int *source = nullptr, *read_back = nullptr;
    CUDA_OK(cudaMalloc(&source, count * sizeof(int)));
    CUDA_OK(cudaMalloc(&read_back, sizeof(int)));
    fill<<<64, 256>>>(source, count, me);
    CUDA_OK(cudaMemset(sym, 0, (count + 1) * sizeof(int)));
    nvshmem_barrier_all();
    put_and_add<<<1, 256>>>(sym, source, count, right, counter, read_back);
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    std::string label = std::string(what) + ", after a kernel's put from PE " + std::to_string(left);
    expect_pattern(sym, count, left, label.c_str());
    int first = 0;
    CUDA_OK(cudaMemcpy(&first, read_back, sizeof first, cudaMemcpyDeviceToHost));
    PE_CHECK(first == pattern(me, 0), "%s: nvshmem_int_g in a kernel read %d back", what, first);
    // The host: get the right neighbour's copy (which holds this PE's pattern), atomics.
    std::vector<int> got(count);
    nvshmem_getmem(got.data(), sym, count * sizeof(int), right);
    for (size_t i = 0; i < count; ++i)
        PE_CHECK(got[i] == pattern(me, i), "%s: nvshmem_getmem from PE %d, element %zu is %d", what, right, i, got[i]);
    int before = nvshmem_int_atomic_fetch_add(counter, 10, right);
    nvshmem_barrier_all();
    PE_CHECK(before == 1, "%s: PE %d's counter was %d before the host's add (the kernel added 1)", what, right, before);
    int mine = 0;
    CUDA_OK(cudaMemcpy(&mine, counter, sizeof mine, cudaMemcpyDeviceToHost));
    PE_CHECK(mine == 11, "%s: this PE's counter is %d, not 1 + 10", what, mine);
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(source));
    CUDA_OK(cudaFree(read_back));
}

void check_registered_buffer() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    ProgramBuffer buffer = make_program_buffer(2);
    int *sym = static_cast<int *>(nvshmemx_buffer_register_symmetric(buffer.address, buffer.bytes, 0));
    PE_CHECK(sym != nullptr, "nvshmemx_buffer_register_symmetric(%p, %zu) returned NULL", buffer.address, buffer.bytes);
    PE_CHECK(nvshmem_ptr(sym, me) == sym, "nvshmem_ptr(sym, this PE) is not sym itself");
    // The symmetric address and the program's own are one memory.
    const size_t count = buffer.bytes / sizeof(int) / 2;
    fill<<<64, 256>>>(static_cast<int *>(buffer.address), count, me);
    CUDA_OK(cudaDeviceSynchronize());
    expect_pattern(sym, count, me, "registered buffer read through its symmetric address");
    exchange(sym, count, "registered buffer");
    stage_done(kTest, "registered buffer: puts, gets, atomics");

    // NVSHMEM's user-buffer example: a reduction on a stream over the registered buffer.
    const size_t elems = 2048;
    float *source = reinterpret_cast<float *>(sym), *dest = source + elems;
    std::vector<float> values(elems);
    for (size_t i = 0; i < elems; ++i) values[i] = static_cast<float>(i);
    cudaStream_t stream;
    CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    CUDA_OK(cudaMemcpyAsync(source, values.data(), elems * sizeof(float), cudaMemcpyHostToDevice, stream));
    nvshmemx_barrier_on_stream(NVSHMEM_TEAM_WORLD, stream);
    nvshmemx_float_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, dest, source, elems, stream);
    CUDA_OK(cudaStreamSynchronize(stream));
    // Read through the program's own address.
    const float *sums_of_program = reinterpret_cast<const float *>(buffer.address) + elems;
    auto expect_sums = [&](const char *when) {
        std::vector<float> sums(elems);
        CUDA_OK(cudaMemcpy(sums.data(), sums_of_program, elems * sizeof(float), cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < elems; ++i)
            PE_CHECK(sums[i] == static_cast<float>(i) * n, "sum_reduce_on_stream over the registered buffer, %s: [%zu] = %f",
                     when, i, sums[i]);
    };
    expect_sums("just after it");
    CUDA_OK(cudaStreamDestroy(stream));
    stage_done(kTest, "registered buffer: reduction on a stream");

    // Misuse, refused on every PE with a message; the registration stays as it was.
    PE_CHECK(nvshmemx_buffer_register_symmetric(buffer.address, buffer.bytes, 0) == nullptr,
             "registering the same buffer twice succeeded");
    PE_CHECK(nvshmemx_buffer_register_symmetric(static_cast<char *>(buffer.address) + 4096, 4096, 0) == nullptr,
             "registering part of a registered buffer succeeded");
    void *plain = nullptr;
    CUDA_OK(cudaMalloc(&plain, 2 << 20));
    PE_CHECK(nvshmemx_buffer_register_symmetric(plain, 2 << 20, 0) == nullptr, "registering cudaMalloc memory succeeded");
    CUDA_OK(cudaFree(plain));
    PE_CHECK(nvshmemx_buffer_unregister_symmetric(sym, buffer.bytes / 2) != 0, "unregistering with the wrong size succeeded");
    PE_CHECK(nvshmemx_buffer_unregister_symmetric(buffer.address, buffer.bytes) != 0,
             "unregistering the program's own address (not the symmetric one) succeeded");
    // Without a file-descriptor handle node peers cannot map it: refused where they share heaps.
    bool node_peers_map = n > 1 && nvshmem_ptr(sym, (me + 1) % n) != nullptr;
    ProgramBuffer unshareable = make_program_buffer(1, false);
    void *taken = nvshmemx_buffer_register_symmetric(unshareable.address, unshareable.bytes, 0);
    PE_CHECK((taken == nullptr) == node_peers_map, "registering a buffer without a file-descriptor handle %s",
             taken ? "succeeded though node peers map heaps" : "failed though no node peer maps it");
    if (taken) PE_CHECK(nvshmemx_buffer_unregister_symmetric(taken, unshareable.bytes) == 0, "unregistering it");
    free_program_buffer(unshareable);
    float one = 0;
    nvshmem_float_get(&one, dest + 1, 1, (me + 1) % n);  // still symmetric
    PE_CHECK(one == static_cast<float>(n), "after the refused calls, PE %d's sum [1] reads %f", (me + 1) % n, one);

    PE_CHECK(nvshmemx_buffer_unregister_symmetric(sym, buffer.bytes) == 0, "nvshmemx_buffer_unregister_symmetric failed");
    expect_sums("after unregistering");  // the buffer is the program's again, contents and all
    nvshmem_barrier_all();
    free_program_buffer(buffer);
    stage_done(kTest, "registered buffer: misuse refused, unregistered");
}

// Run with FABSHMEM_SYMMETRIC_SIZE=64M: the second 40 MiB block does not fit.
void check_growth() {
    const size_t big = size_t{40} << 20;
    int *first = static_cast<int *>(nvshmem_malloc(big));
    int *second = static_cast<int *>(nvshmem_malloc(big));
    int *small = static_cast<int *>(nvshmem_calloc(64, sizeof(int)));
    PE_CHECK(first && second && small, "nvshmem_malloc past the heap's size returned NULL");
    std::vector<int> zeros(64, -1);
    CUDA_OK(cudaMemcpy(zeros.data(), small, sizeof(int) * 64, cudaMemcpyDeviceToHost));
    for (int z : zeros) PE_CHECK(z == 0, "nvshmem_calloc's block holds %d", z);
    exchange(second, (big / sizeof(int)) - 1, "a block past the heap's size");

    // A collective launch of ring-reduce's shape, from a grown block into the heap.
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), left = (me + n - 1) % n;
    size_t per_block = 65536, blocks = 32;
    uint64_t *signals = static_cast<uint64_t *>(nvshmem_calloc(blocks, sizeof(uint64_t)));
    fill<<<64, 256>>>(second, per_block * blocks, me);
    CUDA_OK(cudaMemset(first, 0, per_block * blocks * sizeof(int)));
    nvshmem_barrier_all();
    void *args[] = {&first, &second, &per_block, &signals};
    int rc = nvshmemx_collective_launch(reinterpret_cast<const void *>(ring_chunks), dim3(blocks), dim3(512), args, 0, 0);
    PE_CHECK(rc == 0, "nvshmemx_collective_launch of 32 blocks of 512 threads returned %d", rc);
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    expect_pattern(first, per_block * blocks, left, "ring-reduce's shape: chunks put from a grown block");
    nvshmem_free(signals);
    nvshmem_free(second);
    int *again = static_cast<int *>(nvshmem_malloc(big));
    PE_CHECK(again != nullptr, "nvshmem_malloc after freeing a grown block returned NULL");
    exchange(again, 1024, "a grown block allocated again");
    nvshmem_free(again);
    nvshmem_free(small);
    nvshmem_free(first);
    stage_done(kTest, "growth");
}

}  // namespace

int main(int argc, char **argv) {
    skip_without_gpu(kTest);
    std::string mode = argc > 1 ? argv[1] : "";
    nvshmem_init();
    if (mode == "free_registered") {
        ProgramBuffer buffer = make_program_buffer(1);
        void *sym = nvshmemx_buffer_register_symmetric(buffer.address, buffer.bytes, 0);
        nvshmem_free(sym);  // ends the job with fabshmem's message
        return 0;
    }
    check_registered_buffer();
    check_growth();
    int me = nvshmem_my_pe(), right = (me + 1) % nvshmem_n_pes();
    void *probe = nvshmem_malloc(64);
    bool mapped = nvshmem_ptr(probe, right) != nullptr;
    nvshmem_free(probe);
    if (me == 0)
        std::printf("%s: PASS on %d PEs, %s\n", kTest, nvshmem_n_pes(), mapped ? "CUDA IPC" : "request ring");
    nvshmem_finalize();
    return 0;
}
