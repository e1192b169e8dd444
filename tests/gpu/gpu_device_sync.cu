// Atomics, put-with-signal and point-to-point waits inside kernels, between 2 PEs' GPU heaps,
// every result checked on the host: counters that add up from thousands of threads on both
// PEs, distinct fetch_inc tickets, one compare-swap winner, bits that all arrive, float swaps;
// host-made atomics on the same words while kernels make theirs; a ring of block puts with
// signals; wait_until/test forms on flags the other PE's kernel sets. Through CUDA IPC, or the
// request ring and the fabric with FABSHMEM_DISABLE_IPC=1 (fewer threads: each atomic is a
// round trip through both hosts).
#include <cstring>
#include <string>
#include <vector>

#include "gpu_check.h"

namespace {

unsigned g_blocks = 16, g_threads = 128;  // through the ring: 1 block of 32 threads
int g_host_adds = 200;                      // through the ring: 20

struct Counters {
    unsigned long long sum;  // every thread of every PE adds its index + 1
    int tickets;             // fetch_inc on PE 0
    int winners;             // compare-swap winners on PE 0
    int word;                // the compare-swap target on PE 0
    unsigned bits;           // or'ed bits
    float f;                 // swapped floats
};

__global__ void atomics_kernel(Counters *c, int *seen, int *bad) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    const unsigned kTotal = gridDim.x * blockDim.x;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int pe = 0; pe < n; ++pe) {
        if (i % 2) nvshmem_ulonglong_atomic_add(&c->sum, i + 1, pe);
        else nvshmem_ulonglong_atomic_fetch_add(&c->sum, i + 1, pe);
        nvshmem_uint_atomic_or(&c->bits, 1u << ((i + me) % 32), pe);
    }
    int ticket = nvshmem_int_atomic_fetch_inc(&c->tickets, 0);
    if (ticket < 0 || ticket >= static_cast<int>(n * kTotal)) atomicAdd(bad, 1);
    else nvshmem_int_atomic_add(&seen[ticket], 1, 0);
    if (nvshmem_int_atomic_compare_swap(&c->word, 0, me * kTotal + i + 1, 0) == 0) nvshmem_int_atomic_inc(&c->winners, 0);
    if (i == 0) {
        float old = nvshmem_float_atomic_swap(&c->f, 1.5f + me, (me + 1) % n);
        if (old != 0.0f && old != 1.5f + (me + n - 1) % n) atomicAdd(bad, 1);
    }
}

void check_atomics() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    const unsigned kTotal = g_blocks * g_threads;
    auto *c = static_cast<Counters *>(nvshmem_calloc(1, sizeof(Counters)));
    auto *seen = static_cast<int *>(nvshmem_calloc(n * kTotal, sizeof(int)));
    int *bad = nullptr;
    CUDA_OK(cudaMalloc(&bad, sizeof(int)));
    CUDA_OK(cudaMemset(bad, 0, sizeof(int)));
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    atomics_kernel<<<g_blocks, g_threads>>>(c, seen, bad);
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    Counters host{};
    int host_bad = 0;
    CUDA_OK(cudaMemcpy(&host, c, sizeof host, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(&host_bad, bad, sizeof host_bad, cudaMemcpyDeviceToHost));
    unsigned long long expected = static_cast<unsigned long long>(n) * kTotal * (kTotal + 1) / 2;
    PE_CHECK(host_bad == 0, "%d bad fetch results in kernels", host_bad);
    PE_CHECK(host.sum == expected, "device atomic sum %llu, expected %llu", host.sum, expected);
    PE_CHECK(host.bits == 0xffffffffu, "device atomic or gave %x", host.bits);
    PE_CHECK(host.f == 1.5f + (me + n - 1) % n, "device float swap left %g", host.f);
    if (me == 0) {
        PE_CHECK(host.tickets == static_cast<int>(n * kTotal), "tickets %d", host.tickets);
        PE_CHECK(host.winners == 1 && host.word != 0, "compare-swap: %d winners, word %d", host.winners, host.word);
        std::vector<int> marks(n * kTotal);
        CUDA_OK(cudaMemcpy(marks.data(), seen, marks.size() * sizeof(int), cudaMemcpyDeviceToHost));
        for (size_t t = 0; t < marks.size(); ++t) PE_CHECK(marks[t] == 1, "ticket %zu handed out %d times", t, marks[t]);
    }
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(bad));
    nvshmem_free(seen);
    nvshmem_free(c);
}

// Host-made and kernel-made atomics on the same words at once: each PE's kernel adds 1 from
// every thread to a counter on every PE while its host adds 1000 (fetching and not).
__global__ void add_kernel(unsigned long long *counter) {
    for (int pe = 0; pe < nvshmem_n_pes(); ++pe) nvshmem_ulonglong_atomic_add(counter, 1ULL, pe);
}

void check_mixed_atomics() {
    int n = nvshmem_n_pes();
    auto *counter = static_cast<unsigned long long *>(nvshmem_calloc(1, sizeof(unsigned long long)));
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    cudaStream_t stream;
    CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    add_kernel<<<g_blocks, g_threads, 0, stream>>>(counter);
    const int kHostAdds = g_host_adds;
    for (int i = 0; i < kHostAdds; ++i)
        for (int pe = 0; pe < n; ++pe) {
            if (i % 2) nvshmem_ulonglong_atomic_add(counter, 1000ULL, pe);
            else nvshmem_ulonglong_atomic_fetch_add(counter, 1000ULL, pe);
        }
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaStreamDestroy(stream));
    nvshmem_barrier_all();
    unsigned long long host = 0, expected = static_cast<unsigned long long>(n) * (g_blocks * g_threads + 1000ULL * kHostAdds);
    CUDA_OK(cudaMemcpy(&host, counter, sizeof host, cudaMemcpyDeviceToHost));
    PE_CHECK(host == expected, "host and kernel atomics together: %llu, expected %llu", host, expected);
    PE_CHECK(nvshmem_ulonglong_atomic_fetch(counter, (nvshmem_my_pe() + 1) % n) == expected, "host fetch of a GPU word");
    nvshmem_barrier_all();
    nvshmem_free(counter);
}

// Each round a block puts 64 KiB to the next PE with a signal (add 1, then set), and waits
// for its own signal from the previous PE before checking the block that came with it.
constexpr size_t kBytes = 65536;
constexpr int kRounds = 8;

__global__ void signal_ring_kernel(unsigned char *inbox, unsigned char *outbox, uint64_t *sig, int *bad) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), next = (me + 1) % n, prev = (me + n - 1) % n;
    for (int r = 0; r < kRounds; ++r) {
        for (size_t i = threadIdx.x; i < kBytes; i += blockDim.x) outbox[i] = static_cast<unsigned char>(i * 7 + me * 13 + r);
        __syncthreads();
        unsigned char *dest = inbox + (r % 2) * kBytes;
        if (r % 2) nvshmemx_putmem_signal_nbi_block(dest, outbox, kBytes, &sig[1], r + 1, NVSHMEM_SIGNAL_SET, next);
        else nvshmemx_putmem_signal_block(dest, outbox, kBytes, &sig[0], 1, NVSHMEM_SIGNAL_ADD, next);
        if (threadIdx.x == 0) {
            if (r % 2) nvshmem_signal_wait_until(&sig[1], NVSHMEM_CMP_EQ, r + 1);
            else nvshmem_uint64_wait_until(&sig[0], NVSHMEM_CMP_GE, r / 2 + 1);
        }
        __syncthreads();
        for (size_t i = threadIdx.x; i < kBytes; i += blockDim.x)
            if (dest[i] != static_cast<unsigned char>(i * 7 + prev * 13 + r)) atomicAdd(bad, 1);
        __syncthreads();
        if (threadIdx.x == 0) nvshmem_barrier_all();  // the next round reuses the buffers
        __syncthreads();
    }
}

void check_signal_ring() {
    auto *inbox = static_cast<unsigned char *>(nvshmem_malloc(2 * kBytes));
    auto *outbox = static_cast<unsigned char *>(nvshmem_malloc(kBytes));
    auto *sig = static_cast<uint64_t *>(nvshmem_calloc(2, sizeof(uint64_t)));
    int *bad = nullptr;
    CUDA_OK(cudaMalloc(&bad, sizeof(int)));
    CUDA_OK(cudaMemset(bad, 0, sizeof(int)));
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    signal_ring_kernel<<<1, 256>>>(inbox, outbox, sig, bad);
    CUDA_OK(cudaDeviceSynchronize());
    int host_bad = 0;
    CUDA_OK(cudaMemcpy(&host_bad, bad, sizeof host_bad, cudaMemcpyDeviceToHost));
    PE_CHECK(host_bad == 0, "signal ring: %d bytes differed when their signal had arrived", host_bad);
    PE_CHECK(nvshmem_signal_fetch(sig) == kRounds / 2, "host signal_fetch of a GPU heap word");
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(bad));
    nvshmem_free(sig);
    nvshmem_free(outbox);
    nvshmem_free(inbox);
}

// PE 1's kernel sets flags on PE 0 one by one; PE 0's kernel tests and waits on them.
constexpr int kFlags = 8;

__global__ void flags_kernel(int *flags, int *results) {
    int me = nvshmem_my_pe();
    if (me == 1) {
        for (int i = 0; i < kFlags; ++i) {
            for (volatile int spin = 0; spin < 20000; ++spin) {}
            if (i % 2) nvshmem_int_atomic_set(&flags[i], i + 1, 0);
            else nvshmem_int_p(&flags[i], i + 1, 0);
        }
        return;
    }
    int status[kFlags] = {};
    size_t indices[kFlags];
    int expected[kFlags];
    for (int i = 0; i < kFlags; ++i) expected[i] = i + 1;
    results[0] = static_cast<int>(nvshmem_int_wait_until_any(flags, kFlags, status, NVSHMEM_CMP_GT, 0));
    results[1] = static_cast<int>(nvshmem_int_wait_until_some(flags, kFlags, indices, status, NVSHMEM_CMP_GT, 0));
    nvshmem_int_wait_until(&flags[kFlags - 1], NVSHMEM_CMP_EQ, kFlags);
    nvshmem_int_wait_until_all_vector(flags, kFlags, status, NVSHMEM_CMP_EQ, expected);
    status[0] = 1;
    results[2] = nvshmem_int_test_all(flags, kFlags, status, NVSHMEM_CMP_GE, 2);
    results[3] = static_cast<int>(nvshmem_int_test_some(flags, kFlags, indices, status, NVSHMEM_CMP_GT, 4));
    results[4] = nvshmem_int_test(&flags[0], NVSHMEM_CMP_NE, 1);
}

void check_flags() {
    int me = nvshmem_my_pe();
    auto *flags = static_cast<int *>(nvshmem_calloc(kFlags, sizeof(int)));
    int *results = nullptr;
    CUDA_OK(cudaMalloc(&results, 5 * sizeof(int)));
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    flags_kernel<<<1, 1>>>(flags, results);
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    if (me == 0) {
        int r[5];
        CUDA_OK(cudaMemcpy(r, results, sizeof r, cudaMemcpyDeviceToHost));
        PE_CHECK(r[0] >= 0 && r[0] < kFlags, "wait_until_any gave %d", r[0]);
        PE_CHECK(r[1] >= 1 && r[1] <= kFlags, "wait_until_some gave %d", r[1]);
        PE_CHECK(r[2] == 1, "test_all gave %d", r[2]);
        PE_CHECK(r[3] == kFlags - 4, "test_some gave %d, expected %d", r[3], kFlags - 4);
        PE_CHECK(r[4] == 0, "test gave %d", r[4]);
    }
    nvshmem_barrier_all();
    CUDA_OK(cudaFree(results));
    nvshmem_free(flags);
}


}  // namespace

int main() {
    skip_without_gpu("gpu_device_sync");
    nvshmem_init();
    PE_CHECK(nvshmem_n_pes() == 2, "run with 2 PEs");
    int *probe = static_cast<int *>(nvshmem_malloc(sizeof(int)));
    bool mapped = nvshmem_ptr(probe, (nvshmem_my_pe() + 1) % 2) != nullptr;
    nvshmem_free(probe);
    if (!mapped) g_blocks = 1, g_threads = 32, g_host_adds = 20;
    check_atomics();
    stage_done("gpu_device_sync", "atomics in kernels");
    check_mixed_atomics();
    stage_done("gpu_device_sync", "host and kernel atomics together");
    check_signal_ring();
    stage_done("gpu_device_sync", "signal ring");
    check_flags();
    stage_done("gpu_device_sync", "waits and tests");
    if (nvshmem_my_pe() == 0)
        std::printf("gpu_device_sync: PASS on 2 PEs (atomics, signals, waits in kernels), %s\n",
                    mapped ? "CUDA IPC" : "request ring");
    nvshmem_finalize();
    return 0;
}
