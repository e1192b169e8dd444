// fabshmem-perf: host-initiated get/put latency and bandwidth between PE 0 and PE 1, remote
// fetch-and-add, put-fence-put and barrier latency, each beside a raw libfabric baseline (same PE pair, same provider, same
// sizes) measured in the same run, in alternating rounds. Run under any PMIx launcher:
//   srun --mpi=pmix -n 2 fabshmem-perf [--min 8] [--max 64M] [--ops get,put,amo,fence,barrier]
//                                      [--csv FILE] [--json FILE] [--no-baseline] [--baseline-cq-wait]
//                                      [--gpu]
// --gpu (a build with CUDA, a GPU heap): the private buffers are GPU memory and the baseline
// reads GPU memory registered FI_HMEM_CUDA: GPUDirect beside raw fi_read on device memory
// (with FABSHMEM_DISABLE_IPC=1 on one node; a provider with FI_HMEM, e.g. shm of a libfabric
// built with CUDA). Without FI_HMEM fabshmem's path is staged, and the baseline cannot start.
// --baseline-cq-wait gives the baseline's completion queue a wait fd where the provider has
// one, as fabshmem's has unless FABSHMEM_PROGRESS_NAP=1: the ratio then leaves out what the
// wait object itself costs the provider (tcp: 8-12% of an 8-byte fi_read) and shows
// fabshmem's own overhead.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifdef FABSHMEM_BENCH_CUDA
#include <cuda_runtime.h>
#endif

#include "nvshmemx.h"
#include "raw_fabric.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
    size_t min_bytes = 8;
    size_t max_bytes = size_t{64} << 20;
    std::string ops = "get,put,amo,fence,barrier";
    std::string csv, json;
    bool baseline = true;
    bool baseline_cq_wait = false;
    bool gpu = false;
};

struct Row {
    std::string op, metric;  // metric: "latency_us" or "bandwidth_GBps"
    size_t bytes;
    double fab_min, fab_median, base_min = 0, base_median = 0;
    bool has_baseline = false;
    // fabshmem / baseline, as the time it took (> 1: fabshmem is slower).
    double time_ratio() const {
        if (!has_baseline) return 0;
        return metric == "latency_us" ? fab_median / base_median : base_median / fab_median;
    }
};

size_t parse_bytes(const char *text) {
    char *end = nullptr;
    double value = std::strtod(text, &end);
    switch (*end) {
        case 'K': case 'k': value *= 1024; break;
        case 'M': case 'm': value *= 1024 * 1024; break;
        case 'G': case 'g': value *= 1024.0 * 1024 * 1024; break;
    }
    return static_cast<size_t>(value);
}

Options parse_options(int argc, char **argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&] {
            if (i + 1 >= argc) { std::fprintf(stderr, "%s needs a value\n", a.c_str()); std::exit(2); }
            return argv[++i];
        };
        if (a == "--min") o.min_bytes = parse_bytes(next());
        else if (a == "--max") o.max_bytes = parse_bytes(next());
        else if (a == "--ops") o.ops = next();
        else if (a == "--csv") o.csv = next();
        else if (a == "--json") o.json = next();
        else if (a == "--no-baseline") o.baseline = false;
        else if (a == "--baseline-cq-wait") o.baseline_cq_wait = true;
        else if (a == "--gpu") o.gpu = true;
        else { std::fprintf(stderr, "unknown option %s\n", a.c_str()); std::exit(2); }
    }
    return o;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Latency: operations per sample, so that small sizes are timed over many calls.
int ops_per_sample(size_t bytes) { return static_cast<int>(std::clamp<size_t>((size_t{4} << 20) / bytes, 2, 200)); }
// Bandwidth: operations in flight at once.
int window(size_t bytes) { return static_cast<int>(std::clamp<size_t>((size_t{64} << 20) / bytes, 1, 64)); }
constexpr int kSamples = 9;

// Times `samples` runs of `body` (after one warm-up) and returns per-run seconds.
template <class Body>
std::vector<double> time_samples(Body body) {
    body();
    std::vector<double> seconds;
    for (int s = 0; s < kSamples; ++s) {
        auto t0 = Clock::now();
        body();
        seconds.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    return seconds;
}

struct Pair {
    int me, n;
    char *heap_src, *heap_dst;  // symmetric buffers of max_bytes
    char *local = nullptr;      // the private side of a get or put, as the baseline's
    size_t local_size = 0;
    int *stop;                  // symmetric: the target's signal to leave its baseline loop
    int phase = 0;
    RawFabric *raw = nullptr;
};

// The target serves the baseline until PE 0 signals the end of the phase.
void serve_baseline(Pair &p) {
    ++p.phase;
    if (p.me == 1) {
        // The flag is read through the library, and on a GPU heap a read costs a kernel (~0.3 ms
        // with two PEs on one GPU), during which the target serves nothing: so only every 20 ms
        // of polling, which keeps that stall out of the baseline's medians.
        auto next_look = std::chrono::steady_clock::now();
        for (;;) {
            p.raw->progress();
            auto now = std::chrono::steady_clock::now();
            if (now < next_look) continue;
            if (nvshmem_int_atomic_fetch(p.stop, p.me) >= p.phase) break;
            next_look = now + std::chrono::milliseconds(20);
        }
    }
}
void end_baseline(Pair &p) {
    if (p.me == 0) nvshmem_int_p(p.stop, p.phase, 1);
    nvshmem_barrier_all();
}

template <class Body>
double time_once(Body body) {
    auto t0 = Clock::now();
    body();
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// PE 0's per-round seconds of fabshmem and of the baseline.
struct Timings {
    std::vector<double> fab, raw;
};

// Rounds alternate fabshmem's `fab` and the baseline's `raw` (PE 1 waits in a barrier during
// the first, serves the raw endpoint during the second), after one warm-up round: drift on a
// shared machine then touches both sides of a ratio alike.
template <class Fab, class Raw>
Timings time_alternating(Pair &p, bool baseline, Fab fab, Raw raw) {
    Timings t;
    for (int round = 0; round <= kSamples; ++round) {
        nvshmem_barrier_all();
        if (p.me == 0) {
            double seconds = time_once(fab);
            if (round > 0) t.fab.push_back(seconds);
        }
        nvshmem_barrier_all();
        if (!baseline) continue;
        serve_baseline(p);
        if (p.me == 0) {
            double seconds = time_once(raw);
            if (round > 0) t.raw.push_back(seconds);
        }
        end_baseline(p);
    }
    return t;
}

// The row's min and median from PE 0's timings; to_metric(seconds, scale) gives the metric.
void summarize(Row &row, const Timings &t, bool lower_is_better, double (*to_metric)(double, double), double scale) {
    auto fill = [&](const std::vector<double> &seconds, double *best, double *mid) {
        std::vector<double> values;
        for (double s : seconds) values.push_back(to_metric(s, scale));
        *mid = median(values);
        *best = lower_is_better ? *std::min_element(values.begin(), values.end())
                                : *std::max_element(values.begin(), values.end());
    };
    if (t.fab.empty()) return;  // not PE 0
    fill(t.fab, &row.fab_min, &row.fab_median);
    if (t.raw.empty()) return;
    fill(t.raw, &row.base_min, &row.base_median);
    row.has_baseline = true;
}
double microseconds_per_op(double seconds, double ops) { return seconds / ops * 1e6; }
double gigabytes_per_second(double seconds, double bytes) { return bytes / seconds / 1e9; }

Row measure(Pair &p, const std::string &op, const std::string &metric, size_t bytes, bool baseline) {
    bool get = op == "get", latency = metric == "latency_us";
    int per_sample = latency ? ops_per_sample(bytes) : window(bytes);
    size_t half = p.local_size;  // raw buffer: [0, max) local side, [max, 2 max) remote side
    Timings t = time_alternating(
        p, baseline,
        [&] {
            for (int i = 0; i < per_sample; ++i) {
                if (get && latency) nvshmem_getmem(p.local, p.heap_src, bytes, 1);
                else if (get) nvshmem_getmem_nbi(p.local, p.heap_src, bytes, 1);
                else if (latency) { nvshmem_putmem(p.heap_dst, p.local, bytes, 1); nvshmem_quiet(); }
                else nvshmem_putmem_nbi(p.heap_dst, p.local, bytes, 1);
            }
            if (!latency) nvshmem_quiet();
        },
        [&] {
            for (int i = 0; i < per_sample; ++i) {
                if (get) p.raw->read(0, half, bytes); else p.raw->write(0, half, bytes);
                if (latency) p.raw->wait(1);
            }
            if (!latency) p.raw->wait(per_sample);
        });
    Row row{op, metric, bytes, 0, 0};
    if (latency) summarize(row, t, true, microseconds_per_op, per_sample);
    else summarize(row, t, false, gigabytes_per_second, static_cast<double>(bytes) * per_sample);
    return row;
}

// Remote fetch-and-add latency on an 8-byte word, beside a raw fi_fetch_atomic.
Row measure_fetch_add(Pair &p, bool baseline) {
    const int per_sample = 200;
    auto *word = reinterpret_cast<uint64_t *>(p.heap_dst);
    size_t half = p.local_size;
    Timings t = time_alternating(
        p, baseline && p.raw->has_atomics(),
        [&] { for (int i = 0; i < per_sample; ++i) nvshmem_uint64_atomic_fetch_add(word, 1, 1); },
        [&] {
            for (int i = 0; i < per_sample; ++i) {
                p.raw->fetch_add(0, half);
                p.raw->wait(1);
            }
        });
    Row row{"fetch_add", "latency_us", 8, 0, 0};
    summarize(row, t, true, microseconds_per_op, per_sample);
    return row;
}

// An 8-byte put, fence, an 8-byte put (data, then its flag), beside raw libfabric ordering
// them by waiting for the first write's completion: what a fence costs where the provider
// keeps writes in order (nothing to wait for) or does not (a round trip).
Row measure_put_fence_put(Pair &p, bool baseline) {
    const int per_sample = 200;
    size_t half = p.local_size;
    Timings t = time_alternating(
        p, baseline,
        [&] {
            for (int i = 0; i < per_sample; ++i) {
                nvshmem_putmem(p.heap_dst, p.local, 8, 1);
                nvshmem_fence();
                nvshmem_putmem(p.heap_dst + 8, p.local + 8, 8, 1);
            }
            nvshmem_quiet();
        },
        [&] {
            for (int i = 0; i < per_sample; ++i) {
                p.raw->write(0, half, 8);
                p.raw->wait(i == 0 ? 1 : 2);  // every write so far: this one, the last flag
                p.raw->write(8, half + 8, 8);
            }
            p.raw->wait(1);
        });
    Row row{"put_fence", "latency_us", 8, 0, 0};
    summarize(row, t, true, microseconds_per_op, per_sample);
    return row;
}

Row measure_barrier(Pair &) {
    Row row{"barrier_all", "latency_us", 0, 0, 0};
    auto seconds = time_samples([&] { for (int i = 0; i < 200; ++i) nvshmem_barrier_all(); });
    std::vector<double> us;
    for (double s : seconds) us.push_back(s / 200 * 1e6);
    row.fab_median = median(us);
    row.fab_min = *std::min_element(us.begin(), us.end());
    return row;
}

std::string size_text(size_t bytes) {
    char text[32];
    if (bytes >= (1 << 20) && bytes % (1 << 20) == 0) std::snprintf(text, sizeof text, "%zuM", bytes >> 20);
    else if (bytes >= 1024 && bytes % 1024 == 0) std::snprintf(text, sizeof text, "%zuK", bytes >> 10);
    else std::snprintf(text, sizeof text, "%zu", bytes);
    return text;
}

void print_table(const std::vector<Row> &rows, const char *path, const char *provider, int n) {
    std::printf("fabshmem-perf: PE 0 -> PE 1 of %d; fabshmem path %s, baseline raw libfabric %s; "
                "ratio = fabshmem time / baseline time (1.00 = as fast as raw libfabric)\n", n, path, provider);
    std::printf("%-12s %-15s %8s %12s %12s %12s %12s %7s\n", "op", "metric", "size", "fab_min",
                "fab_median", "base_min", "base_median", "ratio");
    for (const Row &r : rows) {
        std::printf("%-12s %-15s %8s %12.3f %12.3f", r.op.c_str(), r.metric.c_str(),
                    size_text(r.bytes).c_str(), r.fab_min, r.fab_median);
        if (r.has_baseline) std::printf(" %12.3f %12.3f %7.2f\n", r.base_min, r.base_median, r.time_ratio());
        else std::printf(" %12s %12s %7s\n", "-", "-", "-");
    }
}

void write_files(const Options &o, const std::vector<Row> &rows, const char *path, const char *provider) {
    if (!o.csv.empty()) {
        FILE *f = std::fopen(o.csv.c_str(), "w");
        if (!f) { std::perror(o.csv.c_str()); return; }
        std::fprintf(f, "path,op,metric,bytes,fab_min,fab_median,base_min,base_median,ratio,baseline\n");
        for (const Row &r : rows)
            std::fprintf(f, "%s,%s,%s,%zu,%.4f,%.4f,%.4f,%.4f,%.4f,%s\n", path, r.op.c_str(),
                         r.metric.c_str(), r.bytes, r.fab_min, r.fab_median, r.base_min,
                         r.base_median, r.time_ratio(), provider);
        std::fclose(f);
    }
    if (!o.json.empty()) {
        FILE *f = std::fopen(o.json.c_str(), "w");
        if (!f) { std::perror(o.json.c_str()); return; }
        std::fprintf(f, "{\"path\": \"%s\", \"baseline\": \"%s\", \"rows\": [\n", path, provider);
        for (size_t i = 0; i < rows.size(); ++i) {
            const Row &r = rows[i];
            std::fprintf(f, "  {\"op\": \"%s\", \"metric\": \"%s\", \"bytes\": %zu, \"fab_min\": %.4f, "
                         "\"fab_median\": %.4f, \"base_min\": %.4f, \"base_median\": %.4f, \"ratio\": %.4f}%s\n",
                         r.op.c_str(), r.metric.c_str(), r.bytes, r.fab_min, r.fab_median, r.base_min,
                         r.base_median, r.time_ratio(), i + 1 < rows.size() ? "," : "");
        }
        std::fprintf(f, "]}\n");
        std::fclose(f);
    }
}

}  // namespace

int main(int argc, char **argv) {
    Options o = parse_options(argc, argv);
    nvshmem_init();
    Pair p;
    p.me = nvshmem_my_pe();
    p.n = nvshmem_n_pes();
    if (p.n < 2) {
        std::fprintf(stderr, "fabshmem-perf needs at least 2 PEs: srun --mpi=pmix -n 2 %s\n", argv[0]);
        nvshmem_finalize();
        return 2;
    }
    p.heap_src = static_cast<char *>(nvshmem_malloc(o.max_bytes));
    p.heap_dst = static_cast<char *>(nvshmem_malloc(o.max_bytes));
    p.stop = static_cast<int *>(nvshmem_calloc(1, sizeof(int)));
    auto *cards = static_cast<RawFabric::Card *>(nvshmem_malloc(sizeof(RawFabric::Card)));
    if (!p.heap_src || !p.heap_dst) {
        std::fprintf(stderr, "fabshmem-perf: --max %zu needs FABSHMEM_SYMMETRIC_SIZE of at least %zu\n",
                     o.max_bytes, 2 * o.max_bytes + (1 << 20));
        nvshmem_finalize();
        return 2;
    }
    MappedBuffer local(o.gpu ? 0 : o.max_bytes);
    p.local = local.data();
    p.local_size = o.max_bytes;
#ifdef FABSHMEM_BENCH_CUDA
    cudaPointerAttributes heap_memory{};
    bool gpu_heap = cudaPointerGetAttributes(&heap_memory, p.heap_src) == cudaSuccess &&
                    heap_memory.type == cudaMemoryTypeDevice;
    cudaGetLastError();
    if (o.gpu != gpu_heap) {
        std::fprintf(stderr, "fabshmem-perf: %s\n", o.gpu ? "--gpu needs a GPU heap (a GPU, FABSHMEM_HEAP unset)"
                                                         : "the heap is GPU memory here: pass --gpu");
        nvshmem_finalize();
        return 2;
    }
    if (o.gpu && cudaMalloc(&p.local, o.max_bytes) != cudaSuccess) p.local = nullptr;
    if (o.gpu) cudaMemset(p.heap_src, p.me + 1, o.max_bytes), cudaDeviceSynchronize();
#else
    if (o.gpu) {
        std::fprintf(stderr, "fabshmem-perf: --gpu needs a build with CUDA\n");
        nvshmem_finalize();
        return 2;
    }
#endif
    if (!p.local) {
        std::fprintf(stderr, "fabshmem-perf: cannot allocate %zu bytes for the local buffer\n", o.max_bytes);
        nvshmem_finalize();
        return 2;
    }
    if (!o.gpu) std::memset(p.heap_src, p.me + 1, o.max_bytes);
    // fabshmem's path to PE 1 is its fabric provider, or shared memory ("none": no fabric).
    // The baseline uses the same provider, or shm for shared memory: the fastest libfabric way
    // between two processes of a node.
    std::string path = std::strcmp(fabshmemx_provider_name(), "none") == 0 ? "ipc" : fabshmemx_provider_name();
    const char *provider = path == "ipc" ? "shm" : fabshmemx_provider_name();

    RawFabric raw;
    p.raw = &raw;
    if (o.baseline && p.me < 2) {
        std::string error;
        if (!raw.open(provider, 2 * o.max_bytes, o.baseline_cq_wait, o.gpu, &error)) {
            std::fprintf(stderr, "PE %d: the raw libfabric baseline could not start: %s\n", p.me, error.c_str());
            return 1;
        }
        RawFabric::Card mine = raw.card();
        nvshmem_putmem(cards, &mine, sizeof mine, p.me);  // the heap may be GPU memory
    }
    std::string baseline_label = std::string(provider) + (raw.has_cq_wait_fd() ? "+cq-wait-fd" : "") +
                                 (o.gpu ? " on GPU memory (FI_HMEM_CUDA)" : "");
    nvshmem_barrier_all();
    if (o.baseline && p.me < 2) {
        RawFabric::Card peer;
        nvshmem_getmem(&peer, cards, sizeof peer, 1 - p.me);
        std::string error;
        if (!raw.connect(peer, &error)) { std::fprintf(stderr, "%s\n", error.c_str()); return 1; }
    }
    nvshmem_barrier_all();

    std::vector<Row> rows;
    for (const char *op : {"get", "put"}) {
        if (o.ops.find(op) == std::string::npos) continue;
        for (const char *metric : {"latency_us", "bandwidth_GBps"})
            for (size_t bytes = o.min_bytes; bytes <= o.max_bytes; bytes *= 2)
                rows.push_back(measure(p, op, metric, bytes, o.baseline && p.me < 2));
    }
    if (o.ops.find("amo") != std::string::npos) rows.push_back(measure_fetch_add(p, o.baseline && p.me < 2));
    if (o.ops.find("fence") != std::string::npos) rows.push_back(measure_put_fence_put(p, o.baseline && p.me < 2));
    if (o.ops.find("barrier") != std::string::npos) rows.push_back(measure_barrier(p));

    if (p.me == 0) {
        print_table(rows, path.c_str(), baseline_label.c_str(), p.n);
        write_files(o, rows, path.c_str(), baseline_label.c_str());
    }
    nvshmem_barrier_all();
#ifdef FABSHMEM_BENCH_CUDA
    if (o.gpu) cudaFree(p.local);
#endif
    nvshmem_free(cards);
    nvshmem_free(p.stop);
    nvshmem_free(p.heap_dst);
    nvshmem_free(p.heap_src);
    nvshmem_finalize();
    return 0;
}
