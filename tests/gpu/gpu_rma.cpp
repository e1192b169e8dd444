// A GPU heap between PEs: every typed get/put/g/p, getmem/putmem of 1 B .. 64 MiB into host and
// device buffers (every byte verified), nvshmem_ptr, the on-stream calls and strided get/put. Run it with
// 2 PEs on one GPU: through CUDA IPC by default, through the fabric with FABSHMEM_DISABLE_IPC=1.
// Local GPU buffers are freed and allocated again between transfers.
// `gpu_rma free_cuda_malloc` checks that nvshmem_free of a cudaMalloc pointer is a clear error.
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "gpu_check.h"

namespace {

unsigned char pattern(int pe, size_t i, unsigned salt) {
    return static_cast<unsigned char>((i * 131u) ^ (pe * 37u + 11u) ^ (salt * 7u) ^ (i >> 9));
}

// Element i of PE pe's block.
template <class T>
T value_of(int pe, size_t i) {
    if constexpr (std::is_class<T>::value) return sixteen_bit_value<T>(pe, i);
    else return static_cast<T>((pe * 7 + i * 3 + 1) & 0x7f);
}

template <class T>
void check_type(const char *name, void (*get)(T *, const T *, size_t, int),
                void (*put)(T *, const T *, size_t, int), T (*g)(const T *, int), void (*p)(T *, T, int)) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    const size_t count = 33;
    T *block = static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
    T *inbox = static_cast<T *>(nvshmem_malloc(n * count * sizeof(T)));
    std::vector<T> mine(count), got(count);
    for (size_t i = 0; i < count; ++i) mine[i] = value_of<T>(me, i);
    CUDA_OK(cudaMemcpy(block, mine.data(), count * sizeof(T), cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    for (int peer = 0; peer < n; ++peer) {
        get(got.data(), block, count, peer);
        for (size_t i = 0; i < count; ++i)
            PE_CHECK(same_bits(got[i], value_of<T>(peer, i)), "%s_get from %d [%zu]", name, peer, i);
        PE_CHECK(same_bits(g(block + 2, peer), value_of<T>(peer, 2)), "%s_g from %d", name, peer);
        put(inbox + me * count, mine.data(), count - 1, peer);
        p(inbox + me * count + count - 1, mine[count - 1], peer);
    }
    nvshmem_barrier_all();
    for (int writer = 0; writer < n; ++writer) {
        CUDA_OK(cudaMemcpy(got.data(), inbox + writer * count, count * sizeof(T), cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < count; ++i)
            PE_CHECK(same_bits(got[i], value_of<T>(writer, i)), "%s_put from %d [%zu]", name, writer, i);
    }
    nvshmem_free(inbox);
    nvshmem_free(block);
}

void check_sizes() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    const size_t max = size_t{64} << 20;
    auto *source = static_cast<unsigned char *>(nvshmem_malloc(max));
    auto *inbox = static_cast<unsigned char *>(nvshmem_malloc(max));
    unsigned char *device_local = nullptr;
    CUDA_OK(cudaMalloc(&device_local, max));
    std::vector<unsigned char> host(max), expect(max);
    unsigned salt = 0;
    for (size_t bytes = 1; bytes <= max; bytes *= 4) {
        ++salt;
        for (size_t i = 0; i < bytes; ++i) host[i] = pattern(me, i, salt);
        CUDA_OK(cudaMemcpy(source, host.data(), bytes, cudaMemcpyHostToDevice));
        nvshmem_barrier_all();
        int peer = (me + 1) % n;
        for (size_t i = 0; i < bytes; ++i) expect[i] = pattern(peer, i, salt);
        // Into host memory, blocking and nbi.
        std::memset(host.data(), 0, bytes);
        nvshmem_getmem(host.data(), source, bytes, peer);
        PE_CHECK(std::memcmp(host.data(), expect.data(), bytes) == 0, "getmem of %zu bytes into host memory", bytes);
        std::memset(host.data(), 0, bytes);
        nvshmem_getmem_nbi(host.data(), source, bytes, peer);
        nvshmem_quiet();
        PE_CHECK(std::memcmp(host.data(), expect.data(), bytes) == 0, "getmem_nbi of %zu bytes", bytes);
        // Into device memory.
        CUDA_OK(cudaMemset(device_local, 0, bytes));
        nvshmem_getmem(device_local, source, bytes, peer);
        CUDA_OK(cudaMemcpy(host.data(), device_local, bytes, cudaMemcpyDeviceToHost));
        PE_CHECK(std::memcmp(host.data(), expect.data(), bytes) == 0, "getmem of %zu bytes into device memory", bytes);
        // Put from device memory to the next PE; check what the previous one wrote.
        for (size_t i = 0; i < bytes; ++i) host[i] = pattern(me, i, salt + 1000);
        CUDA_OK(cudaMemcpy(device_local, host.data(), bytes, cudaMemcpyHostToDevice));
        nvshmem_putmem(inbox, device_local, bytes, peer);
        nvshmem_barrier_all();
        int prev = (me + n - 1) % n;
        CUDA_OK(cudaMemcpy(host.data(), inbox, bytes, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < bytes; ++i)
            PE_CHECK(host[i] == pattern(prev, i, salt + 1000), "putmem of %zu bytes from PE %d: byte %zu", bytes, prev, i);
        nvshmem_barrier_all();
    }
    CUDA_OK(cudaFree(device_local));
    nvshmem_free(inbox);
    nvshmem_free(source);
}

void check_ptr_and_streams() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), peer = (me + 1) % n;
    const size_t bytes = 1 << 20;
    auto *block = static_cast<unsigned char *>(nvshmem_malloc(bytes));
    std::vector<unsigned char> host(bytes);
    for (size_t i = 0; i < bytes; ++i) host[i] = pattern(me, i, 99);
    CUDA_OK(cudaMemcpy(block, host.data(), bytes, cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    void *mapped = nvshmem_ptr(block, peer);
    bool ipc = std::getenv("FABSHMEM_DISABLE_IPC") == nullptr;
    PE_CHECK((mapped != nullptr) == ipc, "nvshmem_ptr to PE %d is %p with IPC %s", peer, mapped, ipc ? "on" : "off");
    PE_CHECK(nvshmem_ptr(block, me) == block, "nvshmem_ptr to itself");
    if (mapped) {
        CUDA_OK(cudaMemcpy(host.data(), mapped, bytes, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < bytes; ++i) PE_CHECK(host[i] == pattern(peer, i, 99), "load through nvshmem_ptr, byte %zu", i);
    }
    cudaStream_t stream;
    CUDA_OK(cudaStreamCreate(&stream));
    unsigned char *device_local = nullptr;
    CUDA_OK(cudaMalloc(&device_local, bytes));
    nvshmemx_getmem_on_stream(device_local, block, bytes, peer, stream);
    nvshmemx_quiet_on_stream(stream);
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(host.data(), device_local, bytes, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < bytes; ++i) PE_CHECK(host[i] == pattern(peer, i, 99), "getmem_on_stream, byte %zu", i);
    nvshmemx_barrier_all_on_stream(stream);
    std::vector<int> ints(256, me + 5);
    int *slot = static_cast<int *>(nvshmem_malloc(256 * sizeof(int)));
    nvshmemx_int_put_on_stream(slot, ints.data(), 256, peer, stream);
    nvshmemx_barrier_all_on_stream(stream);
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(ints.data(), slot, 256 * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 256; ++i) PE_CHECK(ints[i] == (me + n - 1) % n + 5, "int_put_on_stream [%d] = %d", i, ints[i]);
    nvshmem_free(slot);
    CUDA_OK(cudaFree(device_local));
    CUDA_OK(cudaStreamDestroy(stream));
    nvshmem_free(block);
}

// Local GPU buffers outside the heap, freed and allocated again (often at the same address:
// through the fabric with FI_HMEM each allocation is registered once and must not be mistaken
// for the freed one), offsets inside an allocation, and more buffers than the library keeps
// registered at once.
void check_reused_device_buffers() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), peer = (me + 1) % n;
    const size_t bytes = 256 << 10;
    auto *block = static_cast<unsigned char *>(nvshmem_malloc(bytes));
    auto *inbox = static_cast<unsigned char *>(nvshmem_malloc(bytes));
    std::vector<unsigned char> host(bytes);
    for (size_t i = 0; i < bytes; ++i) host[i] = pattern(me, i, 500);
    CUDA_OK(cudaMemcpy(block, host.data(), bytes, cudaMemcpyHostToDevice));
    nvshmem_barrier_all();
    for (unsigned round = 0; round < 4; ++round) {
        unsigned char *local = nullptr;
        CUDA_OK(cudaMalloc(&local, bytes + 4096));
        CUDA_OK(cudaMemset(local, 0, bytes + 4096));
        size_t skew = round * 1000;  // an address inside the allocation
        nvshmem_getmem(local + skew, block, bytes - skew, peer);
        CUDA_OK(cudaMemcpy(host.data(), local + skew, bytes - skew, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < bytes - skew; ++i)
            PE_CHECK(host[i] == pattern(peer, i, 500), "round %u: get into a new cudaMalloc buffer, byte %zu", round, i);
        for (size_t i = 0; i < bytes; ++i) host[i] = pattern(me, i, 600 + round);
        CUDA_OK(cudaMemcpy(local, host.data(), bytes, cudaMemcpyHostToDevice));
        nvshmem_putmem_nbi(inbox, local, bytes, peer);
        nvshmem_quiet();
        nvshmem_barrier_all();
        CUDA_OK(cudaMemcpy(host.data(), inbox, bytes, cudaMemcpyDeviceToHost));
        int prev = (me + n - 1) % n;
        for (size_t i = 0; i < bytes; ++i)
            PE_CHECK(host[i] == pattern(prev, i, 600 + round), "round %u: put from a new cudaMalloc buffer, byte %zu", round, i);
        nvshmem_barrier_all();
        CUDA_OK(cudaFree(local));
    }
    std::vector<long *> many(80);
    for (size_t k = 0; k < many.size(); ++k) CUDA_OK(cudaMalloc(&many[k], 64 * sizeof(long)));
    long *longs = reinterpret_cast<long *>(block);
    for (int pass = 0; pass < 2; ++pass)
        for (size_t k = 0; k < many.size(); ++k) nvshmem_long_get_nbi(many[k], longs + k % 16, 64, peer);
    nvshmem_quiet();
    std::vector<long> expect(64 + 16), got(64);  // the peer's block, as longs
    for (size_t i = 0; i < bytes; ++i) host[i] = pattern(peer, i, 500);
    std::memcpy(expect.data(), host.data(), expect.size() * sizeof(long));
    for (size_t k = 0; k < many.size(); ++k) {
        CUDA_OK(cudaMemcpy(got.data(), many[k], 64 * sizeof(long), cudaMemcpyDeviceToHost));
        PE_CHECK(std::memcmp(got.data(), expect.data() + k % 16, 64 * sizeof(long)) == 0,
                 "long_get_nbi into GPU buffer %zu of %zu", k, many.size());
        CUDA_OK(cudaFree(many[k]));
    }
    nvshmem_barrier_all();
    nvshmem_free(inbox);
    nvshmem_free(block);
}


// Strided get and put with a GPU heap: iget from the peer into host memory (through a fabric it
// reads the span holding the elements, then places them) and into device memory (element by
// element: a span cannot be placed from the host), and iput; the gaps stay as they were.
void check_strided() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), peer = (me + 1) % n;
    const size_t count = 1000, stride = 3;
    int *block = static_cast<int *>(nvshmem_malloc(count * stride * sizeof(int)));
    int *inbox = static_cast<int *>(nvshmem_malloc(count * stride * sizeof(int)));
    std::vector<int> host(count * stride);
    for (size_t i = 0; i < host.size(); ++i) host[i] = me * 100000 + static_cast<int>(i);
    CUDA_OK(cudaMemcpy(block, host.data(), host.size() * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemset(inbox, 0xff, host.size() * sizeof(int)));
    nvshmem_barrier_all();
    std::vector<int> got(count * 2, -7);
    nvshmem_int_iget(got.data(), block, 2, stride, count, peer);
    for (size_t i = 0; i < got.size(); ++i) {
        int expect = i % 2 ? -7 : peer * 100000 + static_cast<int>(i / 2 * stride);
        PE_CHECK(got[i] == expect, "int_iget into host memory [%zu] = %d, not %d", i, got[i], expect);
    }
    nvshmem_int_iget(inbox, block, stride, stride, count, peer);
    nvshmem_int_iput(inbox + 1, host.data(), stride, stride, count, peer);
    nvshmem_barrier_all();
    CUDA_OK(cudaMemcpy(host.data(), inbox, host.size() * sizeof(int), cudaMemcpyDeviceToHost));
    int prev = (me + n - 1) % n;
    for (size_t i = 0; i < host.size(); ++i) {
        int expect = i % stride == 0 ? peer * 100000 + static_cast<int>(i)
                     : i % stride == 1 ? prev * 100000 + static_cast<int>(i - 1)
                                       : -1;
        PE_CHECK(host[i] == expect, "int_iget/iput into the GPU heap [%zu] = %d, not %d", i, host[i], expect);
    }
    nvshmem_barrier_all();
    nvshmem_free(inbox);
    nvshmem_free(block);
}

}  // namespace

int main(int argc, char **argv) {
    skip_without_gpu("gpu_rma");
    std::string which = argc > 1 ? argv[1] : "all";
    nvshmem_init();
    if (which == "free_cuda_malloc") {
        void *ordinary = nullptr;
        CUDA_OK(cudaMalloc(&ordinary, 4096));
        nvshmem_free(ordinary);  // must end the job with a clear message
        return 0;
    }
#define CHECK_TYPE(NAME, TYPE) \
    check_type<TYPE>(#NAME, nvshmem_##NAME##_get, nvshmem_##NAME##_put, nvshmem_##NAME##_g, nvshmem_##NAME##_p);
    FABSHMEM_FOR_EACH_RMA_TYPE(CHECK_TYPE)
#undef CHECK_TYPE
    check_sizes();
    check_ptr_and_streams();
    check_reused_device_buffers();
    check_strided();
    nvshmem_barrier_all();
    if (nvshmem_my_pe() == 0)
        std::printf("gpu_rma (25 types, 1 B .. 64 MiB host and device buffers, nvshmem_ptr, on-stream, strided): PASS on %d PEs, %s\n",
                    nvshmem_n_pes(), std::getenv("FABSHMEM_DISABLE_IPC") ? "fabric" : "CUDA IPC");
    nvshmem_finalize();
    return 0;
}
