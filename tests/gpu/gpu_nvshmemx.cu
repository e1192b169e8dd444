// NVSHMEM's extensions that NVIDIA's own programs use, on a GPU heap, every result checked:
// - nvshmemx_collective_launch: every block resident (a grid-wide sync in the kernel), device
//   barriers from block 0, a put to the next PE; query_gridsize; a grid too large refused;
// - reducescatter in kernels (thread, warp, block) and on a stream;
// - half and bfloat16: RMA and sum/max reductions in kernels and on a stream;
// - double2 maxloc in a kernel; getmem/putmem_nbi_on_stream with quiet_on_stream;
//   sync_all_on_stream;
// - nvshmemx_cumodule_init / culibrary_init: a cubin of this program's own (-rdc=true), loaded
//   with the driver as a module and as a library.
//   gpu_nvshmemx CUBIN_PATH [too_big]   (too_big: only the oversized collective launch)
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstring>
#include <string>
#include <vector>

#include "gpu_check.h"

namespace {

namespace cg = cooperative_groups;

// ---- collective launch ---------------------------------------------------------------------

// Each block writes its mark, the whole grid syncs (only possible if every block is resident),
// each block checks every other's mark; block 0 then puts to the next PE and barriers.
__global__ void grid_kernel(int *marks, int *inbox, int rounds) {
    cg::grid_group grid = cg::this_grid();
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    for (int round = 1; round <= rounds; ++round) {
        if (threadIdx.x == 0) marks[blockIdx.x] = round;
        grid.sync();
        if (threadIdx.x == 0)
            for (unsigned b = 0; b < gridDim.x; ++b)
                if (marks[b] != round) marks[gridDim.x] = -1;  // a failure flag
        grid.sync();
        if (blockIdx.x == 0 && threadIdx.x == 0) {
            nvshmem_int_p(inbox + me, me * 1000 + round, (me + 1) % n);
            nvshmem_barrier_all();
        }
        grid.sync();
    }
}

void check_collective_launch(const char *mode) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    dim3 block(128);
    int fit = 0;
    PE_CHECK(nvshmemx_collective_launch_query_gridsize((const void *)grid_kernel, block, nullptr, 0, &fit) == 0 && fit > 0,
             "query_gridsize said %d", fit);
    if (std::string(mode) == "too_big") {
        void *args[] = {nullptr, nullptr, nullptr};
        int status = nvshmemx_collective_launch((const void *)grid_kernel, dim3(fit + 1), block, args, 0, 0);
        PE_CHECK(status == NVSHMEMX_ERROR_COLLECTIVE_LAUNCH_FAILED, "a grid of %d blocks was accepted", fit + 1);
        return;
    }
    // 2 PEs share the one GPU: half of what fits each (a grid of all of it would wait for the
    // other PE's blocks to leave).
    int blocks = fit / n > 1 ? fit / n : 1;
    int *marks = nullptr;
    CUDA_OK(cudaMalloc(&marks, (blocks + 1) * sizeof(int)));
    CUDA_OK(cudaMemset(marks, 0, (blocks + 1) * sizeof(int)));
    int *inbox = static_cast<int *>(nvshmem_calloc(n, sizeof(int)));
    int rounds = 5;
    void *args[] = {&marks, &inbox, &rounds};
    PE_CHECK(nvshmemx_collective_launch((const void *)grid_kernel, dim3(blocks), block, args, 0, 0) == 0,
             "collective launch of %d blocks", blocks);
    CUDA_OK(cudaDeviceSynchronize());
    int failed = 0, got = 0;
    int from = (me + n - 1) % n;
    CUDA_OK(cudaMemcpy(&failed, marks + blocks, sizeof failed, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(&got, inbox + from, sizeof got, cudaMemcpyDeviceToHost));
    PE_CHECK(failed == 0, "a block did not see every other block's mark after grid.sync (%d blocks)", blocks);
    PE_CHECK(got == from * 1000 + rounds, "put from PE %d: %d", from, got);
    nvshmem_barrier_all();
    nvshmem_free(inbox);
    CUDA_OK(cudaFree(marks));
}

// ---- reducescatter, half, bfloat16, maxloc in kernels -----------------------------------------

__global__ void reducescatter_kernel(int form, long *dest, const long *source, size_t count) {
    if (form == 0 && threadIdx.x == 0) nvshmem_long_sum_reducescatter(NVSHMEM_TEAM_WORLD, dest, source, count);
    if (form == 1 && threadIdx.x < 32) nvshmemx_long_sum_reducescatter_warp(NVSHMEM_TEAM_WORLD, dest, source, count);
    if (form == 2) nvshmemx_long_sum_reducescatter_block(NVSHMEM_TEAM_WORLD, dest, source, count);
}

long scatter_value(int pe, int block, size_t i, size_t count) { return pe * 100003L + block * count + i; }

void check_reducescatter() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    const size_t count = 3000;
    long *source = static_cast<long *>(nvshmem_malloc(n * count * sizeof(long)));
    long *dest = static_cast<long *>(nvshmem_malloc(count * sizeof(long)));
    std::vector<long> host(n * count), got(count);
    for (int b = 0; b < n; ++b)
        for (size_t i = 0; i < count; ++i) host[b * count + i] = scatter_value(me, b, i, count);
    CUDA_OK(cudaMemcpy(source, host.data(), host.size() * sizeof(long), cudaMemcpyHostToDevice));
    for (int form = 0; form <= 3; ++form) {
        CUDA_OK(cudaMemset(dest, 0, count * sizeof(long)));
        nvshmem_barrier_all();
        if (form < 3) {
            reducescatter_kernel<<<1, form == 0 ? 1 : form == 1 ? 32 : 256>>>(form, dest, source, count);
            CUDA_OK(cudaDeviceSynchronize());
        } else {
            nvshmemx_long_sum_reducescatter_on_stream(NVSHMEM_TEAM_WORLD, dest, source, count, 0);
            CUDA_OK(cudaStreamSynchronize(0));
        }
        CUDA_OK(cudaMemcpy(got.data(), dest, count * sizeof(long), cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < count; ++i) {
            long expected = 0;
            for (int pe = 0; pe < n; ++pe) expected += scatter_value(pe, me, i, count);
            PE_CHECK(got[i] == expected, "reducescatter form %d element %zu: %ld, expected %ld", form, i, got[i], expected);
        }
    }
    nvshmem_barrier_all();
    nvshmem_free(dest);
    nvshmem_free(source);
}

// Whole numbers, exact in half and bfloat16: sums over the PEs, then the max.
__global__ void half_kernel(half *hdest, const half *hsource, __nv_bfloat16 *bdest, const __nv_bfloat16 *bsource,
                            size_t count, half *remote_copy, int peer) {
    nvshmemx_half_sum_reduce_block(NVSHMEM_TEAM_WORLD, hdest, hsource, count);
    nvshmemx_bfloat16_max_reduce_block(NVSHMEM_TEAM_WORLD, bdest, bsource, count);
    if (threadIdx.x == 0) nvshmem_half_get(remote_copy, hsource, count, peer);
}

float small_value(int pe, size_t i) { return static_cast<float>((pe + i) % 7 + 1); }

void check_half() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    const size_t count = 1000;
    auto *hsource = static_cast<half *>(nvshmem_malloc(count * sizeof(half)));
    auto *hdest = static_cast<half *>(nvshmem_malloc(count * sizeof(half)));
    auto *bsource = static_cast<__nv_bfloat16 *>(nvshmem_malloc(count * sizeof(__nv_bfloat16)));
    auto *bdest = static_cast<__nv_bfloat16 *>(nvshmem_malloc(count * sizeof(__nv_bfloat16)));
    half *copy = nullptr;
    CUDA_OK(cudaMalloc(&copy, count * sizeof(half)));
    std::vector<half> h(count), hgot(count), hcopy(count);
    std::vector<__nv_bfloat16> b(count), bgot(count);
    for (size_t i = 0; i < count; ++i) {
        h[i] = __float2half(small_value(me, i));
        b[i] = __float2bfloat16(small_value(me, i));
    }
    CUDA_OK(cudaMemcpy(hsource, h.data(), count * sizeof(half), cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(bsource, b.data(), count * sizeof(__nv_bfloat16), cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    int peer = (me + 1) % n;
    half_kernel<<<1, 256>>>(hdest, hsource, bdest, bsource, count, copy, peer);
    CUDA_OK(cudaDeviceSynchronize());
    CUDA_OK(cudaMemcpy(hgot.data(), hdest, count * sizeof(half), cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(bgot.data(), bdest, count * sizeof(__nv_bfloat16), cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(hcopy.data(), copy, count * sizeof(half), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i) {
        float sum = 0, max = 0;
        for (int pe = 0; pe < n; ++pe) {
            sum += small_value(pe, i);
            max = std::max(max, small_value(pe, i));
        }
        PE_CHECK(__half2float(hgot[i]) == sum, "half sum element %zu: %g, expected %g", i, __half2float(hgot[i]), sum);
        PE_CHECK(__bfloat162float(bgot[i]) == max, "bfloat16 max element %zu", i);
        PE_CHECK(__half2float(hcopy[i]) == small_value(peer, i), "half get element %zu", i);
    }
    // On a stream: the same sum, computed by the host side.
    nvshmemx_half_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, hdest, hsource, count, 0);
    CUDA_OK(cudaStreamSynchronize(0));
    CUDA_OK(cudaMemcpy(hgot.data(), hdest, count * sizeof(half), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i) {
        float sum = 0;
        for (int pe = 0; pe < n; ++pe) sum += small_value(pe, i);
        PE_CHECK(__half2float(hgot[i]) == sum, "half sum on stream element %zu", i);
    }
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(copy));
    nvshmem_free(bdest);
    nvshmem_free(bsource);
    nvshmem_free(hdest);
    nvshmem_free(hsource);
}

__global__ void maxloc_kernel(double2 *dest, const double2 *source, size_t count) {
    nvshmemx_double2_maxloc_reduce_block(NVSHMEM_TEAM_WORLD, dest, source, count);
}

void check_maxloc() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    const size_t count = 100;
    auto *source = static_cast<double2 *>(nvshmem_malloc(count * sizeof(double2)));
    auto *dest = static_cast<double2 *>(nvshmem_malloc(count * sizeof(double2)));
    std::vector<double2> mine(count), got(count);
    // Element i: PE (i % n) holds the largest value; every PE holds it at even i (a tie: the
    // lowest index, which is the PE number here, wins).
    for (size_t i = 0; i < count; ++i)
        mine[i] = make_double2(i % 2 == 0 ? 50.0 : (me == static_cast<int>(i % n) ? 100.0 + i : 1.0 * me), me);
    CUDA_OK(cudaMemcpy(source, mine.data(), count * sizeof(double2), cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    maxloc_kernel<<<1, 128>>>(dest, source, count);
    CUDA_OK(cudaDeviceSynchronize());
    CUDA_OK(cudaMemcpy(got.data(), dest, count * sizeof(double2), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; ++i) {
        double value = i % 2 == 0 ? 50.0 : 100.0 + i;
        double index = i % 2 == 0 ? 0.0 : static_cast<double>(i % n);
        PE_CHECK(got[i].x == value && got[i].y == index, "maxloc element %zu: {%g, %g}, expected {%g, %g}", i, got[i].x,
                 got[i].y, value, index);
    }
    nvshmem_barrier_all();
    nvshmem_free(dest);
    nvshmem_free(source);
}

// ---- nbi RMA and sync on a stream ----------------------------------------------------------

void check_stream_nbi() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    const size_t bytes = 1 << 20;
    auto *source = static_cast<unsigned char *>(nvshmem_malloc(bytes));
    auto *inbox = static_cast<unsigned char *>(nvshmem_malloc(bytes));
    unsigned char *local = nullptr;
    CUDA_OK(cudaMalloc(&local, bytes));
    std::vector<unsigned char> host(bytes), got(bytes);
    for (size_t i = 0; i < bytes; ++i) host[i] = static_cast<unsigned char>(i * 7 + me * 13);
    CUDA_OK(cudaMemcpy(source, host.data(), bytes, cudaMemcpyHostToDevice));
    cudaStream_t stream;
    CUDA_OK(cudaStreamCreate(&stream));
    nvshmemx_sync_all_on_stream(stream);
    int peer = (me + 1) % n;
    nvshmemx_getmem_nbi_on_stream(local, source, bytes, peer, stream);
    nvshmemx_putmem_nbi_on_stream(inbox, source, bytes, peer, stream);
    nvshmemx_quiet_on_stream(stream);
    nvshmemx_barrier_all_on_stream(stream);
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(got.data(), local, bytes, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < bytes; ++i)
        PE_CHECK(got[i] == static_cast<unsigned char>(i * 7 + peer * 13), "getmem_nbi_on_stream byte %zu", i);
    int from = (me + n - 1) % n;
    CUDA_OK(cudaMemcpy(got.data(), inbox, bytes, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < bytes; ++i)
        PE_CHECK(got[i] == static_cast<unsigned char>(i * 7 + from * 13), "putmem_nbi_on_stream byte %zu", i);
    nvshmem_barrier_all();
    CUDA_OK(cudaStreamDestroy(stream));
    CUDA_OK(cudaFree(local));
    nvshmem_free(inbox);
    nvshmem_free(source);
}

// ---- a module the program loads itself -------------------------------------------------------

// Launches the loaded code's kernel: it puts its PE and the PE count into the next PE's `out`.
void check_identify(CUfunction function, const char *loaded_as) {
    auto launch_kernel = driver_call<decltype(&cuLaunchKernel)>("cuLaunchKernel");
    int *out = static_cast<int *>(nvshmem_calloc(2, sizeof(int)));
    int peer = (nvshmem_my_pe() + 1) % nvshmem_n_pes();
    void *args[] = {&out, &peer};
    PE_CHECK(launch_kernel(function, 1, 1, 1, 1, 1, 1, 0, 0, args, nullptr) == CUDA_SUCCESS, "cuLaunchKernel (%s)", loaded_as);
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    int got[2];
    CUDA_OK(cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost));
    int from = (nvshmem_my_pe() + nvshmem_n_pes() - 1) % nvshmem_n_pes();
    PE_CHECK(got[0] == from && got[1] == nvshmem_n_pes(), "the %s's kernel put {%d, %d}, expected {%d, %d}", loaded_as,
             got[0], got[1], from, nvshmem_n_pes());
    nvshmem_free(out);
}

void check_cumodule(const char *cubin) {
    auto module_load = driver_call<decltype(&cuModuleLoad)>("cuModuleLoad");
    auto get_function = driver_call<decltype(&cuModuleGetFunction)>("cuModuleGetFunction");
    auto module_unload = driver_call<decltype(&cuModuleUnload)>("cuModuleUnload");
    CUmodule module;
    CUfunction function;
    PE_CHECK(module_load(&module, cubin) == CUDA_SUCCESS, "cuModuleLoad(%s)", cubin);
    PE_CHECK(nvshmemx_cumodule_init(module) == 0, "nvshmemx_cumodule_init");
    PE_CHECK(get_function(&function, module, "identify") == CUDA_SUCCESS, "the module's kernel");
    check_identify(function, "module");
    PE_CHECK(nvshmemx_cumodule_finalize(module) == 0, "nvshmemx_cumodule_finalize");
    PE_CHECK(nvshmemx_cumodule_finalize(module) != 0, "nvshmemx_cumodule_finalize twice succeeded");
    module_unload(module);
}

void check_culibrary(const char *cubin) {
    auto library_load = driver_call<decltype(&cuLibraryLoadFromFile)>("cuLibraryLoadFromFile");
    auto get_kernel = driver_call<decltype(&cuLibraryGetKernel)>("cuLibraryGetKernel");
    auto library_unload = driver_call<decltype(&cuLibraryUnload)>("cuLibraryUnload");
    CUlibrary library;
    CUkernel kernel;
    PE_CHECK(library_load(&library, cubin, nullptr, nullptr, 0, nullptr, nullptr, 0) == CUDA_SUCCESS,
             "cuLibraryLoadFromFile(%s)", cubin);
    PE_CHECK(nvshmemx_culibrary_init(library) == 0, "nvshmemx_culibrary_init");
    PE_CHECK(get_kernel(&kernel, library, "identify") == CUDA_SUCCESS, "the library's kernel");
    check_identify(reinterpret_cast<CUfunction>(kernel), "library");  // CUDA takes a CUkernel for a CUfunction
    PE_CHECK(nvshmemx_culibrary_finalize(library) == 0, "nvshmemx_culibrary_finalize");
    library_unload(library);
}

}  // namespace

int main(int argc, char **argv) {
    skip_without_gpu("gpu_nvshmemx");
    if (argc < 2) {
        std::fprintf(stderr, "usage: gpu_nvshmemx CUBIN_PATH [too_big]\n");
        return 2;
    }
    nvshmem_init();
    if (argc > 2) {
        check_collective_launch(argv[2]);
        nvshmem_finalize();
        return 0;
    }
    check_collective_launch("fits");
    stage_done("gpu_nvshmemx", "collective launch");
    check_reducescatter();
    check_half();
    check_maxloc();
    stage_done("gpu_nvshmemx", "reducescatter, half, bfloat16, maxloc");
    check_stream_nbi();
    check_cumodule(argv[1]);
    check_culibrary(argv[1]);
    stage_done("gpu_nvshmemx", "a CUmodule and a CUlibrary loaded by the program");
    nvshmem_barrier_all();
    if (nvshmem_my_pe() == 0)
        std::printf("gpu_nvshmemx: PASS on %d PEs, %s\n", nvshmem_n_pes(),
                    std::getenv("FABSHMEM_DISABLE_IPC") ? "request ring" : "CUDA IPC");
    nvshmem_finalize();
    return 0;
}
