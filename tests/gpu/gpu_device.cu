// The device API between 2 PEs' GPU heaps, every result checked on the host: the tutorial's
// read done in a kernel; every typed g/p/get/put (+_nbi) from threads, warps and blocks; iget,
// iput, put64 and get32 in the three scopes;
// fence and quiet ordering; the device barrier (thread and block forms); 8192 threads issuing
// at once. Through CUDA IPC by default, through the request ring and the fabric with
// FABSHMEM_DISABLE_IPC=1. `gpu_device bad_pe` and `gpu_device before_init` check that misuse
// in a kernel ends with fabshmem's message.
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_check.h"

namespace {

template <class T>
__host__ __device__ T value_of(int pe, size_t i) {
    return static_cast<T>((pe * 41 + i * 3 + 1) % 120);
}

// ---- the tutorial's read, in a kernel --------------------------------------------------------

__global__ void tutorial_read(const float *data, int peer, float *out, int *facts) {
    *out = nvshmem_float_g(data, 5, peer);  // the tutorial's 3-argument form
    facts[0] = nvshmem_my_pe();
    facts[1] = nvshmem_n_pes();
    facts[2] = nvshmem_ptr(data, peer) != nullptr;
    facts[3] = nvshmem_ptr(data, nvshmem_my_pe()) == data;  // this PE's own heap: itself
}

void check_tutorial() {
    int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();
    const int count = 100;
    float *data = static_cast<float *>(nvshmalloc(count * sizeof(float)));
    std::vector<float> host(count, me * 1.0f);
    CUDA_OK(cudaMemcpy(data, host.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    float *out = nullptr;
    int *facts = nullptr;
    CUDA_OK(cudaMalloc(&out, sizeof(float)));
    CUDA_OK(cudaMalloc(&facts, 4 * sizeof(int)));
    nvshmem_barrier_all();
    tutorial_read<<<1, 1>>>(data, peer, out, facts);
    CUDA_OK(cudaDeviceSynchronize());
    float value = -1;
    int f[4] = {-1, -1, -1, -1};
    CUDA_OK(cudaMemcpy(&value, out, sizeof value, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(f, facts, sizeof f, cudaMemcpyDeviceToHost));
    PE_CHECK(value == peer * 1.0f, "nvshmem_float_g(data, 5, %d) in a kernel gave %f", peer, value);
    PE_CHECK(f[0] == me && f[1] == nvshmem_n_pes(), "in a kernel: my_pe %d, n_pes %d", f[0], f[1]);
    PE_CHECK(f[2] == (nvshmem_ptr(data, peer) != nullptr), "nvshmem_ptr to PE %d differs in a kernel (%d)", peer, f[2]);
    PE_CHECK(f[3] == 1, "nvshmem_ptr to this PE in a kernel is not the heap address");
    if (me == 0) std::printf("Rank 0 read data[5] from rank 1 in a kernel: %f\n", value);
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(out));
    CUDA_OK(cudaFree(facts));
    nvshfree(data);
}

// ---- every typed call from threads, warps and blocks -----------------------------------------

constexpr size_t kCount = 256;       // elements per array
constexpr unsigned kThreads = 64;    // one block of two warps
constexpr size_t kPerThread = kCount / kThreads;
constexpr size_t kPerWarp = kCount / (kThreads / 32);

template <class T>
struct TypedBuffers {
    T *source;                                    // symmetric: value_of(owner, i)
    T *in_p, *in_put, *in_put_nbi, *in_warp, *in_block;  // symmetric: written by the peer
    T *out_g, *out_get, *out_get_nbi, *out_warp, *out_block;  // device memory
};

#define DEFINE_OPS(NAME, TYPE)                                                                               \
    struct Ops_##NAME {                                                                                      \
        using T = TYPE;                                                                                      \
        static constexpr const char *name = #NAME;                                                           \
        static __device__ T g(const T *s, int pe) { return (nvshmem_##NAME##_g)(s, pe); }                   \
        static __device__ void p(T *d, T v, int pe) { nvshmem_##NAME##_p(d, v, pe); }                       \
        static __device__ void get(T *d, const T *s, size_t n, int pe) { nvshmem_##NAME##_get(d, s, n, pe); } \
        static __device__ void put(T *d, const T *s, size_t n, int pe) { nvshmem_##NAME##_put(d, s, n, pe); } \
        static __device__ void get_nbi(T *d, const T *s, size_t n, int pe) { nvshmem_##NAME##_get_nbi(d, s, n, pe); } \
        static __device__ void put_nbi(T *d, const T *s, size_t n, int pe) { nvshmem_##NAME##_put_nbi(d, s, n, pe); } \
        static __device__ void get_warp(T *d, const T *s, size_t n, int pe) { nvshmemx_##NAME##_get_warp(d, s, n, pe); } \
        static __device__ void put_warp(T *d, const T *s, size_t n, int pe) { nvshmemx_##NAME##_put_warp(d, s, n, pe); } \
        static __device__ void get_block(T *d, const T *s, size_t n, int pe) { nvshmemx_##NAME##_get_block(d, s, n, pe); } \
        static __device__ void put_block(T *d, const T *s, size_t n, int pe) { nvshmemx_##NAME##_put_block(d, s, n, pe); } \
    };
FABSHMEM_FOR_EACH_RMA_TYPE(DEFINE_OPS)
#undef DEFINE_OPS

template <class Ops>
__global__ void typed_kernel(TypedBuffers<typename Ops::T> b, int peer) {
    unsigned t = threadIdx.x, warp = t / 32;
    for (size_t i = t; i < kCount; i += kThreads) b.out_g[i] = Ops::g(b.source + i, peer);
    Ops::get(b.out_get + kPerThread * t, b.source + kPerThread * t, kPerThread, peer);
    Ops::get_nbi(b.out_get_nbi + kPerThread * t, b.source + kPerThread * t, kPerThread, peer);
    Ops::get_warp(b.out_warp + kPerWarp * warp, b.source + kPerWarp * warp, kPerWarp, peer);
    Ops::get_block(b.out_block, b.source, kCount, peer);
    for (size_t i = t; i < kCount; i += kThreads) Ops::p(b.in_p + i, b.source[i], peer);
    Ops::put(b.in_put + kPerThread * t, b.source + kPerThread * t, kPerThread, peer);
    Ops::put_nbi(b.in_put_nbi + kPerThread * t, b.source + kPerThread * t, kPerThread, peer);
    Ops::put_warp(b.in_warp + kPerWarp * warp, b.source + kPerWarp * warp, kPerWarp, peer);
    Ops::put_block(b.in_block, b.source, kCount, peer);
    nvshmem_quiet();  // this thread's nbi gets have landed, its puts are delivered
    nvshmemx_barrier_all_block();  // and the peer's puts into this PE's heap
}

template <class Ops>
void check_typed() {
    using T = typename Ops::T;
    int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();
    const size_t bytes = kCount * sizeof(T);
    TypedBuffers<T> b;
    T **symmetric[] = {&b.source, &b.in_p, &b.in_put, &b.in_put_nbi, &b.in_warp, &b.in_block};
    T **local[] = {&b.out_g, &b.out_get, &b.out_get_nbi, &b.out_warp, &b.out_block};
    for (T **p : symmetric) *p = static_cast<T *>(nvshmem_calloc(kCount, sizeof(T)));
    for (T **p : local) CUDA_OK(cudaMalloc(p, bytes));
    std::vector<T> host(kCount);
    for (size_t i = 0; i < kCount; ++i) host[i] = value_of<T>(me, i);
    CUDA_OK(cudaMemcpy(b.source, host.data(), bytes, cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    typed_kernel<Ops><<<1, kThreads>>>(b, peer);
    CUDA_OK(cudaDeviceSynchronize());
    const char *what[] = {"g", "get", "get_nbi", "get_warp", "get_block", "p", "put", "put_nbi", "put_warp", "put_block"};
    T *results[] = {b.out_g, b.out_get, b.out_get_nbi, b.out_warp, b.out_block, b.in_p, b.in_put, b.in_put_nbi, b.in_warp, b.in_block};
    for (int r = 0; r < 10; ++r) {
        CUDA_OK(cudaMemcpy(host.data(), results[r], bytes, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < kCount; ++i)
            PE_CHECK(host[i] == value_of<T>(peer, i), "%s_%s in a kernel: element %zu is %g, expected %g",
                     Ops::name, what[r], i, static_cast<double>(host[i]), static_cast<double>(value_of<T>(peer, i)));
    }
    nvshmem_barrier_all();
    for (T **p : local) CUDA_OK(cudaFree(*p));
    for (T **p : symmetric) nvshmem_free(*p);
}

// ---- fence and quiet: data put before a flag is there when the flag is ----------------------

__global__ void ordering_writer(int *data, int *source, int *flag, const int *ack,
                                size_t count, int rounds, int peer, bool use_fence) {
    for (int r = 1; r <= rounds; ++r) {
        // The round's data, written by the whole block into a local staging buffer.
        for (size_t i = threadIdx.x; i < count; i += blockDim.x) source[i] = r * 7 + static_cast<int>(i);
        __syncthreads();
        if (use_fence) nvshmemx_int_put_block(data, source, count, peer);
        else nvshmemx_int_put_nbi_block(data, source, count, peer);
        if (threadIdx.x == 0) {
            if (use_fence) nvshmem_fence();
            else nvshmem_quiet();
            nvshmem_int_p(flag, r, peer);
            nvshmem_quiet();
            while (*reinterpret_cast<const volatile int *>(ack) < r) __nanosleep(100);
        }
        __syncthreads();
    }
}

__global__ void ordering_reader(const int *data, const int *flag, int *ack, size_t count,
                                int rounds, int peer, int *errors) {
    for (int r = 1; r <= rounds; ++r) {
        if (threadIdx.x == 0)
            while (*reinterpret_cast<const volatile int *>(flag) < r) __nanosleep(100);
        __syncthreads();
        __threadfence_system();
        for (size_t i = threadIdx.x; i < count; i += blockDim.x)
            if (reinterpret_cast<const volatile int *>(data)[i] != r * 7 + static_cast<int>(i)) atomicAdd(errors, 1);
        __syncthreads();
        if (threadIdx.x == 0) {
            nvshmem_int_p(ack, r, peer);
            nvshmem_quiet();
        }
    }
}

void check_ordering(bool use_fence) {
    int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();
    const size_t count = 256 * 1024;  // 1 MiB
    const int rounds = 8;
    int *data = static_cast<int *>(nvshmem_calloc(count, sizeof(int)));
    int *flag = static_cast<int *>(nvshmem_calloc(1, sizeof(int)));
    int *ack = static_cast<int *>(nvshmem_calloc(1, sizeof(int)));
    int *source = nullptr, *errors = nullptr;
    CUDA_OK(cudaMalloc(&source, count * sizeof(int)));
    CUDA_OK(cudaMalloc(&errors, sizeof(int)));
    CUDA_OK(cudaMemset(errors, 0, sizeof(int)));
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    if (me == 0) ordering_writer<<<1, 256>>>(data, source, flag, ack, count, rounds, 1, use_fence);
    if (me == 1) ordering_reader<<<1, 256>>>(data, flag, ack, count, rounds, 0, errors);
    CUDA_OK(cudaDeviceSynchronize());
    int host_errors = 0;
    CUDA_OK(cudaMemcpy(&host_errors, errors, sizeof(int), cudaMemcpyDeviceToHost));
    PE_CHECK(host_errors == 0, "%s: %d elements were not there when the flag was", use_fence ? "fence" : "quiet", host_errors);
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(source));
    CUDA_OK(cudaFree(errors));
    nvshmem_free(ack);
    nvshmem_free(flag);
    nvshmem_free(data);
}

// ---- the device barrier ----------------------------------------------------------------------

enum BarrierForm { kThreadBarrier, kBlockBarrier, kWarpgroupBarrier };
const char *const kBarrierForms[] = {"thread", "block", "warpgroup"};

__global__ void barrier_kernel(int *slots, int iterations, BarrierForm form, int *errors) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    int next = (me + 1) % n, previous = (me + n - 1) % n;
    for (int it = 1; it <= iterations; ++it) {
        if (threadIdx.x == 0) nvshmem_int_p(slots + me, it, next);
        for (int twice = 0; twice < 2; ++twice) {  // read between two barriers
            if (form == kBlockBarrier) nvshmemx_barrier_all_block();
            else if (form == kWarpgroupBarrier) nvshmemx_barrier_warpgroup(NVSHMEM_TEAM_WORLD);
            else if (threadIdx.x == 0) nvshmem_barrier_all();
            __syncthreads();
            if (twice == 0 && reinterpret_cast<volatile int *>(slots)[previous] != it) atomicAdd(errors, 1);
        }
    }
}

void check_barrier(BarrierForm form) {
    int n = nvshmem_n_pes();
    int *slots = static_cast<int *>(nvshmem_calloc(n, sizeof(int)));
    int *errors = nullptr;
    CUDA_OK(cudaMalloc(&errors, sizeof(int)));
    CUDA_OK(cudaMemset(errors, 0, sizeof(int)));
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    barrier_kernel<<<1, 128>>>(slots, 40, form, errors);  // one warpgroup
    CUDA_OK(cudaDeviceSynchronize());
    int host_errors = 0;
    CUDA_OK(cudaMemcpy(&host_errors, errors, sizeof(int), cudaMemcpyDeviceToHost));
    PE_CHECK(host_errors == 0, "device barrier (%s): %d reads saw a stale value", kBarrierForms[form], host_errors);
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(errors));
    nvshmem_free(slots);
}

// ---- many threads at once (more than the request ring's slots) ------------------------------

__global__ void hammer_kernel(int *inbox, const int *source, int *got, int peer) {
    int me = nvshmem_my_pe();
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    nvshmem_int_p(inbox + i, static_cast<int>(i) * 3 + me, peer);
    got[i] = nvshmem_int_g(source + i, peer);
    nvshmem_quiet();
}

void check_hammer() {
    int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();
    const unsigned blocks = 64, threads = 128, total = blocks * threads;
    int *inbox = static_cast<int *>(nvshmem_calloc(total, sizeof(int)));
    int *source = static_cast<int *>(nvshmem_malloc(total * sizeof(int)));
    int *got = nullptr;
    CUDA_OK(cudaMalloc(&got, total * sizeof(int)));
    std::vector<int> host(total);
    for (unsigned i = 0; i < total; ++i) host[i] = static_cast<int>(i) * 5 + me;
    CUDA_OK(cudaMemcpy(source, host.data(), total * sizeof(int), cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    hammer_kernel<<<blocks, threads>>>(inbox, source, got, peer);
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    CUDA_OK(cudaMemcpy(host.data(), got, total * sizeof(int), cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < total; ++i)
        PE_CHECK(host[i] == static_cast<int>(i) * 5 + peer, "hammer: g of element %u gave %d", i, host[i]);
    CUDA_OK(cudaMemcpy(host.data(), inbox, total * sizeof(int), cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < total; ++i)
        PE_CHECK(host[i] == static_cast<int>(i) * 3 + peer, "hammer: p into element %u left %d", i, host[i]);
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(got));
    nvshmem_free(source);
    nvshmem_free(inbox);
}


// ---- strided and sized calls in a kernel -------------------------------------------------------

constexpr unsigned kStrided = 40;
// scope 0: a thread, 1: a warp, 2: a block. Reads every 3rd element of the peer's source into
// every 2nd of got (iget), writes its values into every 2nd element of its row on the peer
// (iput), and copies 8 64-bit words with put64 then get32 of the same bytes back.
__global__ void strided_kernel(const int *source, int *got, int *rows, const int *mine, long long *words,
                               long long *words_back, int peer, int scope) {
    const int me = nvshmem_my_pe();
    int *row = rows + me * 2 * kStrided;
    if (scope == 0 && threadIdx.x == 0) {
        nvshmem_int_iget(got, source, 2, 3, kStrided, peer);
        nvshmem_int_iput(row, mine, 2, 1, kStrided, peer);
        nvshmem_put64(words + 8 * me, words + 16, 8, peer);
        nvshmem_quiet();
        nvshmem_get32(words_back, words + 8 * me, 16, peer);
    } else if (scope == 1 && threadIdx.x < 32) {
        nvshmemx_int_iget_warp(got, source, 2, 3, kStrided, peer);
        nvshmemx_int_iput_warp(row, mine, 2, 1, kStrided, peer);
        nvshmemx_put64_warp(words + 8 * me, words + 16, 8, peer);
        if (threadIdx.x == 0) nvshmem_quiet();
        __syncwarp();
        nvshmemx_get32_warp(words_back, words + 8 * me, 16, peer);
    } else if (scope == 2) {
        nvshmemx_int_iget_block(got, source, 2, 3, kStrided, peer);
        nvshmemx_int_iput_block(row, mine, 2, 1, kStrided, peer);
        nvshmemx_put64_block(words + 8 * me, words + 16, 8, peer);
        if (threadIdx.x == 0) nvshmem_quiet();
        __syncthreads();
        nvshmemx_get32_block(words_back, words + 8 * me, 16, peer);
    }
    if (threadIdx.x == 0) nvshmem_quiet();
}

void check_strided() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), peer = (me + 1) % n;
    int *source = static_cast<int *>(nvshmem_malloc(3 * kStrided * sizeof(int)));
    int *rows = static_cast<int *>(nvshmem_malloc(n * 2 * kStrided * sizeof(int)));
    auto *words = static_cast<long long *>(nvshmem_malloc(24 * sizeof(long long)));  // 2 rows, then this PE's own 8
    int *got = nullptr, *mine = nullptr;  // mine: in global memory, which the request ring's host can read
    long long *back = nullptr;
    CUDA_OK(cudaMalloc(&got, 2 * kStrided * sizeof(int)));
    CUDA_OK(cudaMalloc(&mine, kStrided * sizeof(int)));
    std::vector<int> values(kStrided);
    for (unsigned i = 0; i < kStrided; ++i) values[i] = value_of<int>(me, i);
    CUDA_OK(cudaMemcpy(mine, values.data(), kStrided * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_OK(cudaMalloc(&back, 8 * sizeof(long long)));
    std::vector<int> host(3 * kStrided);
    for (unsigned i = 0; i < 3 * kStrided; ++i) host[i] = value_of<int>(me, i + 100);
    CUDA_OK(cudaMemcpy(source, host.data(), host.size() * sizeof(int), cudaMemcpyHostToDevice));
    std::vector<long long> own(24, 0);
    for (int i = 0; i < 8; ++i) own[16 + i] = (static_cast<long long>(me) << 40) + i * 977 + 1;
    for (int scope = 0; scope < 3; ++scope) {
        CUDA_OK(cudaMemset(got, 0, 2 * kStrided * sizeof(int)));
        CUDA_OK(cudaMemset(rows, 0, n * 2 * kStrided * sizeof(int)));
        CUDA_OK(cudaMemset(back, 0, 8 * sizeof(long long)));
        CUDA_OK(cudaMemcpy(words, own.data(), own.size() * sizeof(long long), cudaMemcpyHostToDevice));
        nvshmem_barrier_all();
        strided_kernel<<<1, 64>>>(source, got, rows, mine, words, back, peer, scope);
        CUDA_OK(cudaDeviceSynchronize());
        nvshmem_barrier_all();
        std::vector<int> g(2 * kStrided), r(n * 2 * kStrided);
        CUDA_OK(cudaMemcpy(g.data(), got, g.size() * sizeof(int), cudaMemcpyDeviceToHost));
        CUDA_OK(cudaMemcpy(r.data(), rows, r.size() * sizeof(int), cudaMemcpyDeviceToHost));
        for (unsigned i = 0; i < kStrided; ++i) {
            PE_CHECK(g[2 * i] == value_of<int>(peer, 3 * i + 100), "iget (scope %d) element %u gave %d", scope, i, g[2 * i]);
            PE_CHECK(g[2 * i + 1] == 0, "iget (scope %d) wrote between strides at %u", scope, i);
        }
        int writer = (me + n - 1) % n;
        for (unsigned i = 0; i < kStrided; ++i) {
            PE_CHECK(r[writer * 2 * kStrided + 2 * i] == value_of<int>(writer, i), "iput (scope %d) element %u", scope, i);
            PE_CHECK(r[writer * 2 * kStrided + 2 * i + 1] == 0, "iput (scope %d) wrote between strides at %u", scope, i);
        }
        std::vector<long long> w(24), b(8);
        CUDA_OK(cudaMemcpy(w.data(), words, w.size() * sizeof(long long), cudaMemcpyDeviceToHost));
        CUDA_OK(cudaMemcpy(b.data(), back, b.size() * sizeof(long long), cudaMemcpyDeviceToHost));
        for (int i = 0; i < 8; ++i) {
            PE_CHECK(w[8 * writer + i] == (static_cast<long long>(writer) << 40) + i * 977 + 1, "put64 (scope %d) word %d", scope, i);
            PE_CHECK(b[i] == (static_cast<long long>(me) << 40) + i * 977 + 1, "get32 (scope %d) word %d", scope, i);
        }
    }
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(back));
    CUDA_OK(cudaFree(mine));
    CUDA_OK(cudaFree(got));
    nvshmem_free(words);
    nvshmem_free(rows);
    nvshmem_free(source);
}

// ---- a kernel's own memory as the local buffer (a thread's variable, a __shared__ tile) -------

constexpr unsigned kLocalThreads = 256;
__global__ void local_memory_kernel(const long long *source, long long *inbox, long long *got, char *three,
                                    long long *spread, int peer) {
    const unsigned t = threadIdx.x;
    const int me = nvshmem_my_pe();
    long long value;  // in this thread's local memory
    nvshmem_getmem(&value, source + t, sizeof value, peer);
    got[t] = value;
    long long mine = 1000 * t + me;
    nvshmem_putmem(inbox + t, &mine, sizeof mine, peer);
    char bytes[3];  // an odd size at an odd address
    nvshmem_getmem(bytes, reinterpret_cast<const char *>(source) + 1, sizeof bytes, peer);
    if (t == 0)
        for (int k = 0; k < 3; ++k) three[k] = bytes[k];
    __shared__ long long tile[kLocalThreads];
    nvshmemx_getmem_block(tile, source + kLocalThreads, sizeof tile, peer);
    got[kLocalThreads + t] = tile[t];
    __syncthreads();
    tile[t] = 2000 * t + me;
    __syncthreads();
    nvshmemx_putmem_block(inbox + kLocalThreads, tile, sizeof tile, peer);
    if (t == 0) {  // strided: every third element into a thread's array, then spread out from it
        long long four[4];
        nvshmem_longlong_iget(four, source, 1, 3, 4, peer);
        for (int k = 0; k < 4; ++k) got[2 * kLocalThreads + k] = four[k];
        for (int k = 0; k < 4; ++k) four[k] = 3000 * k + me;
        nvshmem_longlong_iput(spread, four, 2, 1, 4, peer);
        nvshmem_quiet();
    }
}

void check_local_memory() {
    int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();
    const unsigned n = 2 * kLocalThreads;
    auto *source = static_cast<long long *>(nvshmem_malloc(n * sizeof(long long)));
    auto *inbox = static_cast<long long *>(nvshmem_calloc(n, sizeof(long long)));
    auto *spread = static_cast<long long *>(nvshmem_calloc(8, sizeof(long long)));
    long long *got = nullptr;
    char *three = nullptr;
    CUDA_OK(cudaMalloc(&got, (n + 4) * sizeof(long long)));
    CUDA_OK(cudaMalloc(&three, 3));
    auto value = [](unsigned i, int pe) { return static_cast<long long>(i) * 31 + pe * 1000003LL; };
    std::vector<long long> host(n);
    for (unsigned i = 0; i < n; ++i) host[i] = value(i, me);
    CUDA_OK(cudaMemcpy(source, host.data(), n * sizeof(long long), cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    local_memory_kernel<<<1, kLocalThreads>>>(source, inbox, got, three, spread, peer);
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    host.resize(n + 4);
    CUDA_OK(cudaMemcpy(host.data(), got, (n + 4) * sizeof(long long), cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < n; ++i)
        PE_CHECK(host[i] == value(i, peer), "get into a kernel's %s memory: element %u is %lld",
                 i < kLocalThreads ? "local" : "shared", i, host[i]);
    for (unsigned k = 0; k < 4; ++k)
        PE_CHECK(host[n + k] == value(3 * k, peer), "strided get into a thread's array: element %u is %lld", k,
                 host[n + k]);
    long long spread_host[8];
    CUDA_OK(cudaMemcpy(spread_host, spread, sizeof spread_host, cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < 8; ++i) {
        long long want = i % 2 ? 0 : 3000LL * (i / 2) + peer;
        PE_CHECK(spread_host[i] == want, "strided put from a thread's array: element %u is %lld", i, spread_host[i]);
    }
    CUDA_OK(cudaMemcpy(host.data(), inbox, n * sizeof(long long), cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < n; ++i) {
        long long want = i < kLocalThreads ? 1000LL * i + peer : 2000LL * (i - kLocalThreads) + peer;
        PE_CHECK(host[i] == want, "put from a kernel's %s memory: element %u is %lld",
                 i < kLocalThreads ? "local" : "shared", i, host[i]);
    }
    char bytes[3];
    long long first = value(0, peer);
    CUDA_OK(cudaMemcpy(bytes, three, 3, cudaMemcpyDeviceToHost));
    PE_CHECK(std::memcmp(bytes, reinterpret_cast<const char *>(&first) + 1, 3) == 0,
             "a 3-byte get into a thread's variable");
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(three));
    CUDA_OK(cudaFree(got));
    nvshmem_free(spread);
    nvshmem_free(inbox);
    nvshmem_free(source);
}

// ---- misuse in a kernel ----------------------------------------------------------------------

__global__ void bad_pe_kernel(const int *source, int *out) { *out = nvshmem_int_g(source, 7); }
__global__ void my_pe_kernel(int *out) { *out = nvshmem_my_pe(); }
__global__ void local_memory_misuse_kernel(const int *source, int *out, int peer) {
    int value;  // a thread's variable: the host cannot write it for the request ring
    nvshmem_getmem(&value, source, sizeof value, peer);
    *out = value;
}

int misuse(const std::string &which) {
    int *out = nullptr;
    if (which == "before_init") {
        CUDA_OK(cudaMalloc(&out, sizeof(int)));
        my_pe_kernel<<<1, 1>>>(out);
        cudaError_t rc = cudaDeviceSynchronize();
        std::printf("kernel ended: %s\n", cudaGetErrorString(rc));
        return rc == cudaSuccess ? 0 : 1;
    }
    nvshmem_init();
    int *source = static_cast<int *>(nvshmem_malloc(sizeof(int)));
    CUDA_OK(cudaMalloc(&out, sizeof(int)));
    if (which == "local_memory") local_memory_misuse_kernel<<<1, 1>>>(source, out, (nvshmem_my_pe() + 1) % nvshmem_n_pes());
    else bad_pe_kernel<<<1, 1>>>(source, out);
    cudaError_t rc = cudaDeviceSynchronize();
    std::printf("kernel ended: %s\n", cudaGetErrorString(rc));
    return rc == cudaSuccess ? 0 : 1;
}

// ---- a host buffer registered with nvshmemx_buffer_register as a kernel's local buffer -------

__global__ void registered_kernel(int *landing, const int *source, int *inbox, const int *outgoing, int n, int peer) {
    nvshmemx_int_get_block(landing, source, n, peer);
    nvshmemx_int_put_block(inbox, outgoing, n, peer);
    if (threadIdx.x == 0) nvshmem_quiet();
}

void check_registered_host_buffer() {
    int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();
    const int n = 4096;
    const size_t bytes = n * sizeof(int);
    int *source = static_cast<int *>(nvshmem_malloc(bytes));
    int *inbox = static_cast<int *>(nvshmem_calloc(n, sizeof(int)));
    auto *landing = static_cast<int *>(std::aligned_alloc(4096, bytes));
    auto *outgoing = static_cast<int *>(std::aligned_alloc(4096, bytes));
    std::vector<int> host(n);
    for (int i = 0; i < n; ++i) {
        host[i] = i * 11 + me;
        outgoing[i] = i * 13 + me;
        landing[i] = -1;
    }
    CUDA_OK(cudaMemcpy(source, host.data(), bytes, cudaMemcpyHostToDevice));
    PE_CHECK(nvshmemx_buffer_register(landing, bytes) == 0 && nvshmemx_buffer_register(outgoing, bytes) == 0,
             "nvshmemx_buffer_register of host memory failed");
    nvshmem_barrier_all();
    registered_kernel<<<1, 256>>>(landing, source, inbox, outgoing, n, peer);
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    for (int i = 0; i < n; ++i) PE_CHECK(landing[i] == i * 11 + peer, "get into a registered host buffer: element %d is %d", i, landing[i]);
    CUDA_OK(cudaMemcpy(host.data(), inbox, bytes, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) PE_CHECK(host[i] == i * 13 + peer, "put from a registered host buffer: element %d is %d", i, host[i]);
    PE_CHECK(nvshmemx_buffer_unregister(landing) == 0, "nvshmemx_buffer_unregister failed");
    nvshmemx_buffer_unregister_all();
    std::free(landing);
    std::free(outgoing);
    nvshmem_free(inbox);
    nvshmem_free(source);
}

}  // namespace

int main(int argc, char **argv) {
    skip_without_gpu("gpu_device");
    if (argc > 1) return misuse(argv[1]);
    nvshmem_init();
    PE_CHECK(nvshmem_n_pes() == 2, "run with 2 PEs");
    int me = nvshmem_my_pe();
    stage_done("gpu_device", "init");
    check_tutorial();
    stage_done("gpu_device", "tutorial read");
#define CHECK_TYPE(NAME, TYPE) check_typed<Ops_##NAME>(); stage_done("gpu_device", #NAME);
    FABSHMEM_FOR_EACH_RMA_TYPE(CHECK_TYPE)
#undef CHECK_TYPE
    check_ordering(true);
    stage_done("gpu_device", "fence ordering");
    check_ordering(false);
    stage_done("gpu_device", "quiet ordering");
    for (BarrierForm form : {kThreadBarrier, kBlockBarrier, kWarpgroupBarrier}) {
        check_barrier(form);
        stage_done("gpu_device", (std::string("device barrier (") + kBarrierForms[form] + ")").c_str());
    }
    check_hammer();
    stage_done("gpu_device", "8192 threads at once");
    check_strided();
    stage_done("gpu_device", "strided and sized (thread, warp, block)");
    check_registered_host_buffer();
    stage_done("gpu_device", "registered host buffers");
    int *probe = static_cast<int *>(nvshmem_malloc(sizeof(int)));
    bool mapped = nvshmem_ptr(probe, (me + 1) % 2) != nullptr;
    nvshmem_free(probe);
    if (mapped) {  // over the request ring the host carries it, which cannot (the misuse case local_memory)
        check_local_memory();
        stage_done("gpu_device", "a thread's variable and a __shared__ tile as the local buffer");
    }
    nvshmem_barrier_all();
    if (me == 0) std::printf("gpu_device: PASS on 2 PEs, %s\n", mapped ? "CUDA IPC (loads and stores)" : "request ring to the fabric");
    nvshmem_finalize();
    return 0;
}
