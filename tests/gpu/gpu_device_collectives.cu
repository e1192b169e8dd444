// Teams and collectives inside kernels, on any number of PEs, every result checked on the
// host against a reference: team queries (my_pe, n_pes, translate) beside the host's answers;
// barriers and syncs on a reversed world team and a sub-team made and destroyed repeatedly;
// broadcast, fcollect, alltoall, runs of broadcasts with no sync between them, and reductions
// (several types and operators, in place, larger than the reduction chunk) in the thread, warp
// and block forms; device reductions give the same bits as the host's. Through CUDA IPC, or the
// request ring with FABSHMEM_DISABLE_IPC=1.
//   gpu_device_collectives [invalid_team]   (invalid_team: a kernel syncs a team that does not exist)
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_check.h"

namespace {

enum Form { kThread, kWarp, kBlock };
const Form kForms[] = {kThread, kWarp, kBlock};
const char *form_name(Form f) { return f == kThread ? "thread" : f == kWarp ? "warp" : "block"; }
unsigned threads_of(Form f) { return f == kThread ? 1 : f == kWarp ? 32 : 256; }

// Calls nvshmem_X(args) or nvshmemx_X_warp / _block(args), as the form says.
#define BY_FORM(form, X, ...)                                             \
    do {                                                                  \
        if ((form) == kThread) nvshmem_##X(__VA_ARGS__);                  \
        else if ((form) == kWarp) nvshmemx_##X##_warp(__VA_ARGS__);       \
        else nvshmemx_##X##_block(__VA_ARGS__);                           \
    } while (0)

// ---- team queries --------------------------------------------------------------------------

__global__ void query_kernel(nvshmem_team_t team, int *out) {
    out[0] = nvshmem_team_my_pe(NVSHMEM_TEAM_WORLD);
    out[1] = nvshmem_team_n_pes(NVSHMEM_TEAM_WORLD);
    out[2] = nvshmem_team_my_pe(team);
    out[3] = nvshmem_team_n_pes(team);
    out[4] = nvshmem_team_translate_pe(team, 0, NVSHMEM_TEAM_WORLD);
    out[5] = nvshmem_team_translate_pe(NVSHMEM_TEAM_WORLD, 0, team);
    out[6] = nvshmem_team_my_pe(NVSHMEM_TEAM_INVALID);
    out[7] = nvshmem_team_n_pes(NVSHMEMX_TEAM_NODE);
}

void check_queries(nvshmem_team_t team) {
    int *out = nullptr;
    CUDA_OK(cudaMalloc(&out, 8 * sizeof(int)));
    query_kernel<<<1, 1>>>(team, out);
    int got[8];
    CUDA_OK(cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost));
    const int expected[8] = {nvshmem_team_my_pe(NVSHMEM_TEAM_WORLD), nvshmem_team_n_pes(NVSHMEM_TEAM_WORLD),
                             nvshmem_team_my_pe(team), nvshmem_team_n_pes(team),
                             nvshmem_team_translate_pe(team, 0, NVSHMEM_TEAM_WORLD),
                             nvshmem_team_translate_pe(NVSHMEM_TEAM_WORLD, 0, team), -1,
                             nvshmem_team_n_pes(NVSHMEMX_TEAM_NODE)};
    for (int i = 0; i < 8; ++i) PE_CHECK(got[i] == expected[i], "team query %d: kernel %d, host %d", i, got[i], expected[i]);
    CUDA_OK(cudaFree(out));
}

// ---- barriers and syncs --------------------------------------------------------------------

// Each round: write my round number into my slot of every member's board, barrier, check
// that every member's slot says this round (it would say the last one if the barrier let a
// PE through early), sync (nobody writes the next round before all have checked).
__global__ void barrier_kernel(Form form, nvshmem_team_t team, int *board, int rounds, int *bad) {
    int me = nvshmem_team_my_pe(team), n = nvshmem_team_n_pes(team);
    for (int round = 1; round <= rounds; ++round) {
        if (threadIdx.x == 0)
            for (int i = 0; i < n; ++i)
                nvshmem_int_p(&board[me], round, nvshmem_team_translate_pe(team, i, NVSHMEM_TEAM_WORLD));
        BY_FORM(form, barrier, team);
        if (threadIdx.x == 0)
            for (int i = 0; i < n; ++i)
                if (reinterpret_cast<volatile int *>(board)[i] != round) atomicAdd(bad, 1);
        BY_FORM(form, team_sync, team);
    }
}

// Called by every PE (the heap calls are collective over the world); PEs not in `team` only
// allocate.
void check_barriers(nvshmem_team_t team, int rounds) {
    int n = nvshmem_n_pes();
    auto *board = static_cast<int *>(nvshmem_calloc(n, sizeof(int)));
    int *bad = nullptr;
    CUDA_OK(cudaMalloc(&bad, sizeof(int)));
    CUDA_OK(cudaMemset(bad, 0, sizeof(int)));
    CUDA_OK(cudaDeviceSynchronize());
    if (team != NVSHMEM_TEAM_INVALID) nvshmem_team_sync(team);
    for (Form form : kForms) {
        if (team == NVSHMEM_TEAM_INVALID) break;
        barrier_kernel<<<1, threads_of(form)>>>(form, team, board, rounds, bad);
        CUDA_OK(cudaDeviceSynchronize());
        CUDA_OK(cudaMemset(board, 0, n * sizeof(int)));
        CUDA_OK(cudaDeviceSynchronize());
        nvshmem_team_sync(team);  // a host sync between device ones: their flags are separate
    }
    int host_bad = 0;
    CUDA_OK(cudaMemcpy(&host_bad, bad, sizeof host_bad, cudaMemcpyDeviceToHost));
    PE_CHECK(host_bad == 0, "%d board entries were stale after a kernel barrier", host_bad);
    CUDA_OK(cudaFree(bad));
    nvshmem_free(board);  // collective: after every member's last kernel
}

// ---- data collectives ----------------------------------------------------------------------

// What world PE `pe` holds at index i of its source (salted per test).
__host__ __device__ long pattern(int pe, size_t i, int salt) { return (pe + 1) * 1000003L + long(i) * 7 + salt; }

__global__ void fill_kernel(long *p, size_t n, int pe, int salt) {
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) p[i] = pattern(pe, i, salt);
}

std::vector<long> to_host(const long *device, size_t n) {
    std::vector<long> out(n);
    CUDA_OK(cudaMemcpy(out.data(), device, n * sizeof(long), cudaMemcpyDeviceToHost));
    return out;
}

__global__ void broadcast_kernel(Form form, nvshmem_team_t team, long *dest, const long *src, size_t n, int root) {
    BY_FORM(form, long_broadcast, team, dest, src, n, root);
}
__global__ void fcollect_kernel(Form form, nvshmem_team_t team, long *dest, const long *src, size_t n) {
    BY_FORM(form, long_fcollect, team, dest, src, n);
}
__global__ void alltoall_kernel(Form form, nvshmem_team_t team, long *dest, const long *src, size_t n) {
    BY_FORM(form, long_alltoall, team, dest, src, n);
}

// As the specification asks: every member's dest is ready (here: its sentinel written) before
// any member calls the collective, which may push into it at once.
void dest_ready(nvshmem_team_t team) {
    CUDA_OK(cudaDeviceSynchronize());
    nvshmem_team_sync(team);
}

// Called by every PE, like check_barriers.
void check_data_collectives(nvshmem_team_t team, size_t count) {
    int me = nvshmem_my_pe(), n = nvshmem_n_pes(), t_n = nvshmem_team_n_pes(team);
    auto world_of = [&](int i) { return nvshmem_team_translate_pe(team, i, NVSHMEM_TEAM_WORLD); };
    auto *src = static_cast<long *>(nvshmem_malloc(count * n * sizeof(long)));
    auto *dest = static_cast<long *>(nvshmem_malloc(count * n * sizeof(long)));
    int salt = 0;
    for (Form form : kForms) {
        if (team == NVSHMEM_TEAM_INVALID) break;
        // Broadcast from each root in turn.
        for (int root = 0; root < t_n; ++root) {
            ++salt;
            fill_kernel<<<8, 256>>>(src, count, me, salt);
            CUDA_OK(cudaMemset(dest, 0xff, count * sizeof(long)));
            dest_ready(team);
            broadcast_kernel<<<1, threads_of(form)>>>(form, team, dest, src, count, root);
            CUDA_OK(cudaDeviceSynchronize());
            std::vector<long> got = to_host(dest, count);
            for (size_t i = 0; i < count; ++i)
                PE_CHECK(got[i] == pattern(world_of(root), i, salt), "%s broadcast of %zu from root %d: [%zu] = %ld",
                         form_name(form), count, root, i, got[i]);
        }
        ++salt;
        fill_kernel<<<8, 256>>>(src, count, me, salt);
        CUDA_OK(cudaMemset(dest, 0xff, count * t_n * sizeof(long)));
        dest_ready(team);
        fcollect_kernel<<<1, threads_of(form)>>>(form, team, dest, src, count);
        CUDA_OK(cudaDeviceSynchronize());
        std::vector<long> got = to_host(dest, count * t_n);
        for (int j = 0; j < t_n; ++j)
            for (size_t i = 0; i < count; ++i)
                PE_CHECK(got[j * count + i] == pattern(world_of(j), i, salt), "%s fcollect of %zu: member %d [%zu] = %ld",
                         form_name(form), count, j, i, got[j * count + i]);
        // Alltoall: member j's block k is pattern(j, k * count + i): this PE gets block my_index.
        ++salt;
        fill_kernel<<<8, 256>>>(src, count * t_n, me, salt);
        CUDA_OK(cudaMemset(dest, 0xff, count * t_n * sizeof(long)));
        dest_ready(team);
        alltoall_kernel<<<1, threads_of(form)>>>(form, team, dest, src, count);
        CUDA_OK(cudaDeviceSynchronize());
        got = to_host(dest, count * t_n);
        size_t mine = static_cast<size_t>(nvshmem_team_my_pe(team)) * count;
        for (int j = 0; j < t_n; ++j)
            for (size_t i = 0; i < count; ++i)
                PE_CHECK(got[j * count + i] == pattern(world_of(j), mine + i, salt), "%s alltoall of %zu: from member %d [%zu] = %ld",
                         form_name(form), count, j, i, got[j * count + i]);
    }
    nvshmem_free(dest);
    nvshmem_free(src);
}

// ---- broadcasts back to back -----------------------------------------------------------------

// One kernel makes `runs` broadcasts one after another with no sync between them: sizes of
// 1 B to 4 KiB (multiples of 4 and not, so that data in the flag words and data copied take
// turns, and the flag words go round the ring more than twice), roots in turn for the first
// half and then member 0 alone (which may run a ring ahead of the others and then waits
// until they have read what it would overwrite), every third in place, every fifth at an odd
// address.
// Each lands in a part of dest of its own; the host checks every byte.
__host__ __device__ size_t run_bytes(int k) {
    const size_t sizes[] = {8, 4, 3, 64, 2048, 1, 512, 2049, 100, 4096, 16, 1024, 256, 256, 252, 256};
    return sizes[k % 16];
}
__host__ __device__ int run_root(int k, int runs, int t_n) { return k < runs / 2 ? k % t_n : 0; }
__host__ __device__ size_t run_offset(int k) { return size_t(k) * 4104 + (k % 5 == 4 ? 1 : 0); }
__host__ __device__ unsigned char run_pattern(int pe, int k, size_t i) { return (pe * 37 + k * 11 + i * 13 + 5) & 0xff; }

__global__ void fill_run_kernel(char *p, int runs, int pe) {
    for (int k = blockIdx.x; k < runs; k += gridDim.x)
        for (size_t i = threadIdx.x; i < run_bytes(k); i += blockDim.x) p[run_offset(k) + i] = run_pattern(pe, k, i);
}

__global__ void broadcast_run_kernel(Form form, nvshmem_team_t team, char *dest, const char *src, int runs, int t_n) {
    for (int k = 0; k < runs; ++k) {
        char *d = dest + run_offset(k);
        const char *s = k % 3 == 2 ? d : src + run_offset(k);
        BY_FORM(form, broadcastmem, team, d, s, run_bytes(k), run_root(k, runs, t_n));
    }
}

// Called by every PE, like check_barriers.
void check_broadcast_run(nvshmem_team_t team, int runs) {
    const int me = nvshmem_my_pe();
    const size_t bytes = run_offset(runs);
    auto *src = static_cast<char *>(nvshmem_malloc(bytes));
    auto *dest = static_cast<char *>(nvshmem_malloc(bytes));
    std::vector<char> got(bytes);
    for (Form form : kForms) {
        if (team == NVSHMEM_TEAM_INVALID) break;
        const int t_n = nvshmem_team_n_pes(team);
        fill_run_kernel<<<64, 256>>>(src, runs, me);
        fill_run_kernel<<<64, 256>>>(dest, runs, me);  // in place: the root's dest is its source
        dest_ready(team);
        broadcast_run_kernel<<<1, threads_of(form)>>>(form, team, dest, src, runs, t_n);
        CUDA_OK(cudaDeviceSynchronize());
        CUDA_OK(cudaMemcpy(got.data(), dest, bytes, cudaMemcpyDeviceToHost));
        for (int k = 0; k < runs; ++k) {
            const int root = nvshmem_team_translate_pe(team, run_root(k, runs, t_n), NVSHMEM_TEAM_WORLD);
            for (size_t i = 0; i < run_bytes(k); ++i) {
                const unsigned char b = got[run_offset(k) + i];
                PE_CHECK(b == run_pattern(root, k, i), "%s broadcast %d of %d (%zu bytes from root %d): byte %zu is %u, not %u",
                         form_name(form), k, runs, run_bytes(k), run_root(k, runs, t_n), i, b, run_pattern(root, k, i));
            }
        }
    }
    nvshmem_free(dest);
    nvshmem_free(src);
}

// ---- reductions ----------------------------------------------------------------------------

// Filled on the host and copied in, so the reference starts from the same bits (a kernel
// could contract the float pattern into an FMA); the float sums round differently in another order.
template <class T> T value_at(int pe, size_t i);
template <> int value_at<int>(int pe, size_t i) { return int(i % 1000) * (pe + 1) - 7 * pe; }
template <> double value_at<double>(int pe, size_t i) { return double((i * 31 + pe * 17) % 101) - 50.5; }
template <> unsigned long long value_at<unsigned long long>(int pe, size_t i) {
    return 0x9e3779b97f4a7c15ULL * (i + 1) ^ (unsigned long long)(pe + 1) << (i % 48);
}
template <> float value_at<float>(int pe, size_t i) { return 0.1f * (pe + 1) + 0.001f * float(i % 97); }
template <> long value_at<long>(int pe, size_t i) { return long(i) * (pe + 3) - 11; }

template <class T> void fill_values(T *device, size_t n, int pe) {
    std::vector<T> values(n);
    for (size_t i = 0; i < n; ++i) values[i] = value_at<T>(pe, i);
    CUDA_OK(cudaMemcpy(device, values.data(), n * sizeof(T), cudaMemcpyHostToDevice));
}

// One reduction per (type, operator) under test, in kernels and on the host.
#define REDUCTIONS(X) X(int, int, sum) X(double, double, max) X(ulonglong, unsigned long long, xor) \
    X(float, float, sum) X(long, long, sum)
#define REDUCE_KERNEL(NAME, TYPE, OP)                                                                          \
    __global__ void reduce_##NAME##_##OP(Form form, nvshmem_team_t team, TYPE *dest, const TYPE *src, size_t n) { \
        BY_FORM(form, NAME##_##OP##_reduce, team, dest, src, n);                                              \
    }                                                                                                          \
    void host_reduce(nvshmem_team_t team, TYPE *dest, const TYPE *src, size_t n, const char *op) {            \
        if (!std::strcmp(op, #OP)) nvshmem_##NAME##_##OP##_reduce(team, dest, src, n);                        \
    }                                                                                                          \
    void device_reduce(Form form, nvshmem_team_t team, TYPE *dest, const TYPE *src, size_t n, const char *op) { \
        if (!std::strcmp(op, #OP)) reduce_##NAME##_##OP<<<1, threads_of(form)>>>(form, team, dest, src, n);  \
    }
REDUCTIONS(REDUCE_KERNEL)
#undef REDUCE_KERNEL

template <class T> T combine(const char *op, T a, T b) {
    if (!std::strcmp(op, "sum")) return static_cast<T>(a + b);
    if (!std::strcmp(op, "max")) return a < b ? b : a;
    if constexpr (std::is_integral<T>::value) if (!std::strcmp(op, "xor")) return a ^ b;
    PE_CHECK(false, "no reference for %s", op);
    return a;
}

// The members' values folded as the library folds them: in member order (the pull), or with
// FABSHMEM_REDUCE_ALGO=doubling as recursive doubling does (pairs of the first 2r members
// first where n = 2^k + r, then a balanced tree, lower range first). (Under auto, doubling is
// only for teams across nodes, and these tests run on one.)
template <class T> T fold_as_library(const char *op, const std::vector<T> &v) {
    const char *algo = std::getenv("FABSHMEM_REDUCE_ALGO");
    if (!algo || std::strcmp(algo, "doubling") != 0) {
        T result = v[0];
        for (size_t j = 1; j < v.size(); ++j) result = combine(op, result, v[j]);
        return result;
    }
    size_t pow2 = 1;
    while (pow2 * 2 <= v.size()) pow2 *= 2;
    const size_t extra = v.size() - pow2;
    std::vector<T> ranks;
    for (size_t j = 0; j < v.size(); ++j)
        if (j < 2 * extra && j % 2 == 0) ranks.push_back(combine(op, v[j], v[j + 1]));
        else if (j >= 2 * extra) ranks.push_back(v[j]);
    for (size_t d = 1; d < pow2; d *= 2)
        for (size_t r = 0; r < pow2; r += 2 * d) ranks[r] = combine(op, ranks[r], ranks[r + d]);
    return ranks[0];
}

// Device reduction of `count` elements into a separate dest and in place, against the
// reference (folded as the library folds) and the host's result, bit for bit.
template <class T>
void check_reduce(nvshmem_team_t team, size_t count, const char *op) {
    int me = nvshmem_my_pe(), t_n = nvshmem_team_n_pes(team);
    std::vector<T> reference(count), members(t_n);
    for (size_t i = 0; i < count; ++i) {
        for (int j = 0; j < t_n; ++j) members[j] = value_at<T>(nvshmem_team_translate_pe(team, j, NVSHMEM_TEAM_WORLD), i);
        reference[i] = fold_as_library(op, members);
    }
    auto *src = static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
    auto *dest = static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
    auto *host_dest = static_cast<T *>(nvshmem_malloc(count * sizeof(T)));
    std::vector<T> got(count), from_host(count);
    for (Form form : kForms) {
        for (bool in_place : {false, true}) {
            fill_values(src, count, me);
            CUDA_OK(cudaMemset(dest, 0, count * sizeof(T)));
            CUDA_OK(cudaDeviceSynchronize());
            T *out = in_place ? src : dest;
            device_reduce(form, team, out, src, count, op);
            CUDA_OK(cudaDeviceSynchronize());
            CUDA_OK(cudaMemcpy(got.data(), out, count * sizeof(T), cudaMemcpyDeviceToHost));
            for (size_t i = 0; i < count; ++i)
                PE_CHECK(std::memcmp(&got[i], &reference[i], sizeof(T)) == 0, "%s %s reduce of %zu (%s): [%zu] is %g, not %g",
                         form_name(form), op, count, in_place ? "in place" : "to dest", i, double(got[i]), double(reference[i]));
        }
    }
    fill_values(src, count, me);
    CUDA_OK(cudaDeviceSynchronize());
    host_reduce(team, host_dest, src, count, op);
    CUDA_OK(cudaMemcpy(from_host.data(), host_dest, count * sizeof(T), cudaMemcpyDeviceToHost));
    PE_CHECK(std::memcmp(from_host.data(), got.data(), count * sizeof(T)) == 0, "%s reduce of %zu: host and kernels differ", op, count);
    nvshmem_free(host_dest);
    nvshmem_free(dest);
    nvshmem_free(src);
}

void check_reductions(nvshmem_team_t team, bool mapped) {
    for (size_t count : {size_t{1}, size_t{1000}}) {
        check_reduce<int>(team, count, "sum");
        check_reduce<double>(team, count, "max");
        check_reduce<unsigned long long>(team, count, "xor");
        check_reduce<float>(team, count, "sum");
    }
    // Past the 128 KiB reduction chunk, in place: under auto the blocks (each member's block written
    // before the allgather), under FABSHMEM_REDUCE_ALGO=pull chunks written after every member read them.
    check_reduce<long>(team, mapped ? 100000 : 40000, "sum");
}

__global__ void invalid_team_kernel() { nvshmem_team_sync(7); }

}  // namespace

int main(int argc, char **argv) {
    skip_without_gpu("gpu_device_collectives");
    nvshmem_init();
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    if (argc > 1 && std::string(argv[1]) == "invalid_team") {
        invalid_team_kernel<<<1, 1>>>();
        CUDA_OK(cudaDeviceSynchronize());
        nvshmem_finalize();
        return 0;
    }
    int *probe = static_cast<int *>(nvshmem_malloc(sizeof(int)));
    bool mapped = n == 1 || nvshmem_ptr(probe, (me + 1) % n) != nullptr;
    nvshmem_free(probe);

    // The world in reverse order: team index n-1-me.
    nvshmem_team_t reversed = NVSHMEM_TEAM_INVALID;
    nvshmem_team_split_strided(NVSHMEM_TEAM_WORLD, n - 1, -1, n, nullptr, 0, &reversed);
    PE_CHECK(reversed != NVSHMEM_TEAM_INVALID && nvshmem_team_my_pe(reversed) == n - 1 - me, "reversed team");
    check_queries(reversed);
    stage_done("gpu_device_collectives", "team queries");
    check_barriers(reversed, mapped ? 50 : 10);
    stage_done("gpu_device_collectives", "barriers");
    check_barriers(NVSHMEM_TEAM_WORLD, 5);
    // Every PE but 0, made and destroyed again: a reused slot starts from fresh flags.
    for (int round = 0; round < 3; ++round) {
        nvshmem_team_t tail = NVSHMEM_TEAM_INVALID;
        nvshmem_team_split_strided(NVSHMEM_TEAM_WORLD, n > 1 ? 1 : 0, 1, n > 1 ? n - 1 : 1, nullptr, 0, &tail);
        if (tail != NVSHMEM_TEAM_INVALID) check_queries(tail);
        check_barriers(tail, 5);
        check_data_collectives(tail, 3);
        check_broadcast_run(tail, mapped ? 240 : 32);
        if (tail != NVSHMEM_TEAM_INVALID) nvshmem_team_destroy(tail);
    }
    stage_done("gpu_device_collectives", "sub-teams");
    for (size_t count : {size_t{1}, size_t{4097}}) check_data_collectives(reversed, count);
    check_broadcast_run(reversed, mapped ? 1200 : 32);
    stage_done("gpu_device_collectives", "broadcast, fcollect, alltoall");
    check_reductions(reversed, mapped);
    check_reductions(NVSHMEM_TEAM_WORLD, mapped);
    stage_done("gpu_device_collectives", "reductions");
    nvshmem_team_destroy(reversed);
    if (me == 0)
        std::printf("gpu_device_collectives: PASS on %d PEs (teams, barriers, collectives in kernels), %s\n", n,
                    mapped ? "CUDA IPC" : "request ring");
    nvshmem_finalize();
    return 0;
}
