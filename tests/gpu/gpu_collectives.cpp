// Teams and collectives on a GPU heap, from the host and on a stream: broadcast, fcollect,
// alltoall and reductions over the world, a split team and a team made by unique id, 1 element
// to 4 MiB, host-made atomics, put-with-signal (on a stream) and signal_op on GPU words; every
// result read back and compared with a reference. 2 PEs on the GPU(s): CUDA IPC by default, the
// fabric with FABSHMEM_DISABLE_IPC=1.
#include <algorithm>
#include <vector>

#include "gpu_check.h"

namespace {

int contribution(int pe, size_t i) { return static_cast<int>((pe * 7 + i * 3 + 1) % 23); }

template <class T>
std::vector<T> read_back(const T *device, size_t count) {
    std::vector<T> host(count);
    CUDA_OK(cudaMemcpy(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
}

void check_collectives(nvshmem_team_t team, cudaStream_t stream, const char *label) {
    int me = nvshmem_team_my_pe(team), n = nvshmem_team_n_pes(team);
    for (size_t count : {size_t{1}, size_t{1000}, size_t{1} << 20}) {
        auto *source = static_cast<int *>(nvshmem_malloc(count * n * sizeof(int)));
        auto *dest = static_cast<int *>(nvshmem_malloc(count * n * sizeof(int)));
        std::vector<int> mine(count * n);
        for (size_t i = 0; i < mine.size(); ++i) mine[i] = contribution(me, i);
        // Filled on the stream: the on-stream collectives must come after it.
        CUDA_OK(cudaMemcpyAsync(source, mine.data(), mine.size() * sizeof(int), cudaMemcpyHostToDevice, stream));
        nvshmemx_int_broadcast_on_stream(team, dest, source, count, n - 1, stream);
        CUDA_OK(cudaStreamSynchronize(stream));
        std::vector<int> got = read_back(dest, count);
        for (size_t i = 0; i < count; ++i) PE_CHECK(got[i] == contribution(n - 1, i), "%s broadcast %zu [%zu]", label, count, i);
        // Before fcollect and alltoall every dest is filled with -1, which no member contributes,
        // so a block that never arrives is seen.
        auto fill_dest = [&] {
            nvshmem_team_sync(team);  // every member has read its dest
            CUDA_OK(cudaMemset(dest, 0xff, count * n * sizeof(int)));
            CUDA_OK(cudaDeviceSynchronize());  // the fill is done before the others may write
            nvshmem_team_sync(team);
        };
        fill_dest();
        nvshmem_int_fcollect(team, dest, source, count);
        got = read_back(dest, count * n);
        for (int j = 0; j < n; ++j)
            for (size_t i = 0; i < count; ++i) PE_CHECK(got[j * count + i] == contribution(j, i), "%s fcollect %zu", label, count);
        fill_dest();
        nvshmemx_int_alltoall_on_stream(team, dest, source, count, stream);
        CUDA_OK(cudaStreamSynchronize(stream));
        got = read_back(dest, count * n);
        for (int j = 0; j < n; ++j)
            for (size_t i = 0; i < count; ++i)
                PE_CHECK(got[j * count + i] == contribution(j, me * count + i), "%s alltoall %zu", label, count);
        nvshmemx_int_sum_reduce_on_stream(team, dest, source, count, stream);
        CUDA_OK(cudaStreamSynchronize(stream));
        got = read_back(dest, count);
        for (size_t i = 0; i < count; ++i) {
            int sum = 0;
            for (int j = 0; j < n; ++j) sum += contribution(j, i);
            PE_CHECK(got[i] == sum, "%s sum_reduce %zu [%zu]: %d, expected %d", label, count, i, got[i], sum);
        }
        nvshmem_int_max_reduce(team, source, source, count);  // in place
        got = read_back(source, count);
        for (size_t i = 0; i < count; ++i) {
            int max = 0;
            for (int j = 0; j < n; ++j) max = std::max(max, contribution(j, i));
            PE_CHECK(got[i] == max, "%s max_reduce in place %zu [%zu]", label, count, i);
        }
        nvshmemx_barrier_on_stream(team, stream);
        CUDA_OK(cudaStreamSynchronize(stream));
        nvshmem_free(dest);
        nvshmem_free(source);
    }
}

// Host-made atomics and put-with-signal on GPU words.
void check_host_atomics_and_signals() {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), next = (me + 1) % n;
    auto *counter = static_cast<long long *>(nvshmem_calloc(1, sizeof(long long)));
    auto *data = static_cast<int *>(nvshmem_calloc(256, sizeof(int)));
    auto *sig = static_cast<uint64_t *>(nvshmem_calloc(1, sizeof(uint64_t)));
    nvshmem_barrier_all();
    for (int pe = 0; pe < n; ++pe)
        for (int i = 0; i < 50; ++i) nvshmem_longlong_atomic_add(counter, i, pe);
    PE_CHECK(nvshmem_longlong_atomic_compare_swap(counter, -1, 5, me) != -1, "compare-swap that must fail");
    std::vector<int> block(256);
    for (int i = 0; i < 256; ++i) block[i] = me * 1000 + i;
    cudaStream_t stream;
    CUDA_OK(cudaStreamCreate(&stream));
    nvshmemx_int_put_signal_on_stream(data, block.data(), 256, sig, 1, NVSHMEM_SIGNAL_ADD, next, stream);
    nvshmemx_signal_wait_until_on_stream(sig, NVSHMEM_CMP_EQ, 1, stream);
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaStreamDestroy(stream));
    std::vector<int> got = read_back(data, 256);
    int prev = (me + n - 1) % n;
    for (int i = 0; i < 256; ++i) PE_CHECK(got[i] == prev * 1000 + i, "put_signal on a GPU heap [%d]", i);
    nvshmem_barrier_all();
    PE_CHECK(read_back(counter, 1)[0] == n * 1225LL, "host atomics on a GPU word: %lld", read_back(counter, 1)[0]);
    nvshmem_barrier_all();
    nvshmemx_signal_op(sig, 5, NVSHMEM_SIGNAL_SET, next);
    PE_CHECK(nvshmem_signal_wait_until(sig, NVSHMEM_CMP_EQ, 5) == 5, "signal_op set");
    nvshmem_barrier_all();
    nvshmem_free(sig);
    nvshmem_free(data);
    nvshmem_free(counter);
}

}  // namespace

int main() {
    skip_without_gpu("gpu_collectives");
    nvshmem_init();
    int me = nvshmem_my_pe();
    cudaStream_t stream;
    CUDA_OK(cudaStreamCreate(&stream));
    check_collectives(NVSHMEM_TEAM_WORLD, stream, "world");
    nvshmem_team_t reversed;  // the world, numbered backwards
    int n = nvshmem_n_pes();
    PE_CHECK(nvshmem_team_split_strided(NVSHMEM_TEAM_WORLD, n - 1, -1, n, nullptr, 0, &reversed) == 0, "split");
    PE_CHECK(nvshmem_team_my_pe(reversed) == n - 1 - me, "reversed team index");
    check_collectives(reversed, stream, "reversed team");
    nvshmem_team_destroy(reversed);
    // The same team made by unique id (nvshmemx_team_init: its join words are in the GPU heap).
    auto *id = static_cast<nvshmemx_team_uniqueid_t *>(nvshmem_malloc(sizeof(nvshmemx_team_uniqueid_t)));
    nvshmem_team_config_t config = NVSHMEM_TEAM_CONFIG_INITIALIZER;
    if (me == 0) {
        PE_CHECK(nvshmemx_team_get_uniqueid(&config.uniqueid) == 0, "get_uniqueid");
        nvshmem_uint64_p(id, config.uniqueid, 0);
    }
    nvshmem_barrier_all();
    config.uniqueid = nvshmem_uint64_g(id, 0);
    nvshmem_team_t joined;
    PE_CHECK(nvshmemx_team_init(&joined, &config, NVSHMEM_TEAM_CONFIG_MASK_UNIQUEID, n, n - 1 - me) == 0, "team_init");
    PE_CHECK(nvshmem_team_translate_pe(joined, n - 1 - me, NVSHMEM_TEAM_WORLD) == me, "team by unique id: index");
    check_collectives(joined, stream, "team by unique id");
    nvshmem_team_destroy(joined);
    nvshmem_free(id);
    check_host_atomics_and_signals();
    CUDA_OK(cudaStreamDestroy(stream));
    nvshmem_barrier_all();
    if (me == 0) std::printf("gpu_collectives: PASS on %d PEs\n", nvshmem_n_pes());
    nvshmem_finalize();
    return 0;
}
