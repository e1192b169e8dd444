#include "runtime.h"

#include <signal.h>
#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

#include <algorithm>
#include <cstdlib>
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <csignal>
#include <thread>

#include "activity.h"
#include "cuda_support.h"
#include "dev_shm.h"
#include "log.h"
#include "nvshmemx.h"
#include "parse.h"
#include "shared_memory_fault.h"

namespace fabshmem {
namespace {

enum class Phase { before_init, initialized, finalized };

std::atomic<Phase> g_phase{Phase::before_init};
std::mutex g_lifecycle_mutex;
int g_init_count = 0;
// Never destroyed: a fatal error may end the process from any thread at any time.
Runtime *g_runtime = nullptr;

void remove_stale_heap_names();

// What a PE ending outside finalize leaves behind in /dev/shm: removed.
void remove_leftovers() {
    g_runtime->heap.unlink_shared_name();
    g_runtime->statics.unlink_shared_name();
    remove_stale_heap_names();  // those of node peers that were killed (during init, say)
    g_runtime->routing.remove_leftovers(getpid());
    g_runtime->routing.remove_leftovers(PeerMonitor::dead_peer_pid());
}

void abort_job(int exit_code, const char *message) {
    if (!g_runtime) return;
    remove_leftovers();
    if (g_runtime->bootstrap) g_runtime->bootstrap->abort(exit_code, message);
}

// A PE ending by global exit tells the launcher it leaves on purpose (PMIx_Finalize), so that
// one that counts an end without it as a failure (OpenMPI's mpirun) takes the status as given.
// At most a second: another thread of this PE may be inside a PMIx fence.
void leave_launcher() {
    if (!g_runtime->bootstrap) return;
    static std::atomic<bool> left{false};
    std::thread([] {
        g_runtime->bootstrap->finalize();
        left.store(true);
    }).detach();
    for (int waited = 0; !left.load() && waited < 100; ++waited) std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

// This PE's exit-request word while its heap is there (a peer's nvshmem_global_exit sets it to
// kExitRequested | status).
std::atomic<uint64_t *> g_exit_request{nullptr};
constexpr uint64_t kExitRequested = uint64_t{1} << 32;

// Unique on a host (a PID is) and unguessable (a random part chosen at init, which node peers
// learn from the name this PE publishes), so no other user can create it first and make every
// job of this user fail. The prefix lets a later job find names a killed one left.
std::string shared_heap_prefix() { return "fabshmem-heap." + std::to_string(getuid()) + "."; }
std::string shared_heap_name(int pe) {
    static const std::string random_part = [] {
        uint64_t bits = 0;
        if (getrandom(&bits, sizeof bits, 0) != sizeof bits)
            bits = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
                   (static_cast<uint64_t>(getpid()) << 32);
        char text[17];
        std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(bits));
        return std::string(text);
    }();
    return "/" + shared_heap_prefix() + std::to_string(getpid()) + "." + std::to_string(pe) + "." + random_part;
}

// A heap name lives only until every node peer has mapped it (end of init) or the job fails;
// a PE killed in between (SIGKILL during init) leaves its name behind. Remove this user's
// names whose process is gone.
// Host heaps shared with node peers live in /dev/shm, whose pages are taken as they are first
// written: where it cannot hold every heap of the node (a container's 64 MiB), say so once per
// node at init rather than only when a write finds it full (shared_memory_fault.h).
void warn_if_dev_shm_small(const Runtime &rt) {
    size_t node_pes = rt.bootstrap->node_pes().size(), heap = rt.heap.size(), room = dev_shm_bytes();
    if (rt.heap.kind() != HeapKind::host || rt.bootstrap->node_rank() != 0 || room == 0 || room / node_pes >= heap) return;
    FS_WARN("/dev/shm holds %s, less than the %s the symmetric heaps of this node's %zu PEs may fill (%s each: "
            "FABSHMEM_SYMMETRIC_SIZE and the library's area); a PE that writes past what it holds ends with an "
            "error. Give /dev/shm more room (docker run --shm-size=...), set FABSHMEM_SYMMETRIC_SIZE to what the "
            "program needs, or FABSHMEM_DISABLE_IPC=1 (heaps in private memory)",
            human_size(room).c_str(), human_size(node_pes * heap).c_str(), node_pes, human_size(heap).c_str());
}

void remove_stale_heap_names() {
    int removed = remove_dev_shm_entries(shared_heap_prefix(), [](const std::string &rest) {
        long pid = std::atol(rest.c_str());  // "<pid>.<pe>"
        return pid > 0 && kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
    });
    if (removed) FS_DEBUG("removed %d heap name(s) in /dev/shm left by processes that are gone", removed);
}

std::string describe_node_pes(const Bootstrap &bootstrap) {
    std::string out;
    for (int pe : bootstrap.node_pes()) out += (out.empty() ? "" : ",") + std::to_string(pe);
    return out;
}

// The core's own tables per PE of the job: the world team's member list, the device's peer
// tables (heaps, extension windows), and the pair counters once made (active sets and the
// pushed alltoall make them on first use; teams never do). (The watchdog keeps node peers only.)
size_t core_bytes_per_peer(const Runtime &rt) {
    return sizeof(int) + (rt.device ? 2 * sizeof(char *) : 0) + (rt.pair_sent.empty() ? 0 : 2 * sizeof(uint64_t));
}

void print_info(const Runtime &rt) {
    char host[256] = "?";
    gethostname(host, sizeof host - 1);
    if (rt.my_pe == 0) {
        FS_INFO("fabshmem %d.%d.%d, bootstrap %s, %d PEs; node 0: %s", FABSHMEM_VERSION_MAJOR,
                FABSHMEM_VERSION_MINOR, FABSHMEM_VERSION_PATCH, rt.bootstrap->name(), rt.n_pes,
                rt.topology ? rt.topology->summary().c_str() : "topology unknown");
        // What grows with the job: the time of each init step, the bytes each PE received
        // through the bootstrap, and the state kept per peer.
        const std::vector<double> &t = rt.init_times.seconds;
        if (t.size() == 6)
            FS_INFO("init %.3f s: bootstrap %.3f, topology %.3f, heap %.3f, transports %.3f, the rest %.3f; "
                    "received %s bytes through the bootstrap in %zu job-wide steps (fences); state per peer %zu B "
                    "(%s, core %zu B)",
                    t[5] - t[0], t[1] - t[0], t[2] - t[1], t[3] - t[2], t[4] - t[3], t[5] - t[4],
                    format_size(rt.bootstrap->gathered_bytes()).c_str(), rt.bootstrap->job_wide_steps(),
                    rt.routing.bytes_per_peer() + core_bytes_per_peer(rt), rt.routing.describe_bytes_per_peer().c_str(),
                    core_bytes_per_peer(rt));
    }
    std::string progress = !rt.routing.progressed() ? "none (no transport needs it)"
                           : rt.progress.cpu() >= 0 ? "cpu " + std::to_string(rt.progress.cpu())
                                                    : "unpinned";
    std::string heap = rt.heap.kind() == HeapKind::cuda
                           ? "cuda on GPU " + std::to_string(rt.gpu) + " (" + cuda::pci_bus_id(rt.gpu) + ", " +
                                 (rt.extension.available() ? "grows on demand, takes registered buffers"
                                                           : "fixed size: " + rt.extension.unavailable_reason()) +
                                 ")"
                           : std::string("host");
    std::string kernels = !rt.device          ? "no (host heap)"
                          : rt.device->has_ring() ? "loads/stores to mapped PEs, request ring to the others"
                                                  : "loads/stores to every PE";
    FS_INFO("host %s, node PEs %s, heap %s %s at %p, transports %s, progress thread %s, paths to "
            "PEs %s, device API %s",
            host, describe_node_pes(*rt.bootstrap).c_str(), heap.c_str(),
            format_size(rt.heap.user_size()).c_str(), static_cast<void *>(rt.heap.base()),
            rt.routing.describe().c_str(), progress.c_str(), rt.routing.describe_paths().c_str(),
            kernels.c_str());
}

// Whether the heap goes on a GPU, and which: the one the program already made current, or
// local rank modulo the node's GPUs (creating the context, so a program that never called
// cudaSetDevice works).
bool choose_gpu(Runtime &rt) {
    if (rt.config.heap == "host") return false;
    std::string why;
    int gpus = cuda::device_count(&why);
    if (gpus == 0) {
        if (rt.config.heap == "cuda")
            fatal("FABSHMEM_HEAP=cuda, but no GPU can be used (%s); unset FABSHMEM_HEAP to use "
                  "host memory", why.c_str());
        FS_DEBUG("no GPU (%s): the symmetric heap is in host memory", why.c_str());
        return false;
    }
    int node_pes = static_cast<int>(rt.bootstrap->node_pes().size());
    if (node_pes > gpus) {
        if (rt.config.gpu_exclusive)
            fatal("%d PEs run on this node but it has %d GPU%s, and FABSHMEM_GPU_EXCLUSIVE=1 asks "
                  "for one GPU per PE; start at most %d PEs per node (srun --ntasks-per-node=%d) "
                  "or unset FABSHMEM_GPU_EXCLUSIVE to let PEs share GPUs",
                  node_pes, gpus, gpus == 1 ? "" : "s", gpus, gpus);
        FS_INFO("%d PEs on this node share its %d GPU%s", node_pes, gpus, gpus == 1 ? "" : "s");
    }
    int device = cuda::device_selected_by_program();
    if (device < 0) {
        device = rt.bootstrap->node_rank() % gpus;
        std::string error;
        if (!cuda::select_device(device, &error))
            fatal("cannot use GPU %d: %s; check CUDA_VISIBLE_DEVICES and the driver, or set "
                  "FABSHMEM_HEAP=host", device, error.c_str());
    }
    rt.gpu = device;
    return true;
}

// The CPUs this node's PEs are bound to: the union of their bindings, ascending. Collective over
// the node (its PEs share their bindings), so every PE takes part, with or without a topology.
// Empty when unknown (no topology, or the exchange failed).
std::vector<int> node_bound_cpus(Runtime &rt) {
    constexpr int kMaxCpus = 4096;
    struct Binding {
        uint64_t words[kMaxCpus / 64];
    } mine{};
    std::vector<int> own = rt.topology ? rt.topology->thread_binding() : std::vector<int>{};
    for (int c : own)
        if (c < kMaxCpus) mine.words[c / 64] |= uint64_t{1} << (c % 64);
    std::vector<Binding> node(rt.bootstrap->node_pes().size());
    if (rt.bootstrap->node_allgather(&mine, sizeof mine, node.data()) != Status::ok || !rt.topology) return {};
    std::vector<int> cpus;
    for (int c = 0; c < kMaxCpus; ++c)
        for (const Binding &binding : node)
            if (binding.words[c / 64] >> (c % 64) & 1) {
                cpus.push_back(c);
                break;
            }
    return cpus;
}

// FABSHMEM_WAIT_POLICY: whether waits give the core away between polls. auto: when this node's
// PEs outnumber the CPUs they are bound to — a PE spinning on a core then keeps the PE it waits
// for off it until the scheduler's time slice ends (milliseconds per sync, measured).
void choose_wait_policy(Runtime &rt, const std::vector<int> &node_cpus) {
    size_t cpus = node_cpus.empty() ? std::max(1u, std::thread::hardware_concurrency()) : node_cpus.size();
    size_t pes = rt.bootstrap->node_pes().size();
    rt.yield_in_waits = rt.config.wait_policy == "yield" || (rt.config.wait_policy == "auto" && pes > cpus);
    FS_INFO("waits %s (%zu PEs on this node, bound to %zu CPUs)", rt.yield_in_waits ? "yield" : "spin", pes, cpus);
}

// Global and static variables become symmetric: registered with the fabric as they are, and,
// where node peers share memory, first moved into a shared-memory object of their own.
void share_static_data(Runtime &rt, bool share_with_node) {
    std::string why;
    if (!rt.statics.locate(&why)) {
        FS_DEBUG("global and static variables are not symmetric: %s", why.c_str());
        return;
    }
    if (share_with_node && !rt.statics.share(shared_heap_name(rt.my_pe) + ".static")) rt.statics = StaticData();
}

// The symmetric space as transports see it: plain regions, no allocator.
SymmetricSpace symmetric_space(const Runtime &rt, const std::string &heap_name) {
    SymmetricSpace space;
    space.data = {rt.heap.base(), rt.heap.size()};
    space.cuda = rt.heap.kind() == HeapKind::cuda;
    space.cuda_device = rt.gpu;
    space.cuda_allocation = rt.heap.cuda_allocation();
    space.signals = {rt.heap.signal_base(), SymmetricHeap::kSignalBytes};
    space.shared_name = heap_name;
    space.statics = {rt.statics.base(), rt.statics.size()};
    space.statics_shared_name = rt.statics.shared_name();
    space.extension = rt.extension.window();
    return space;
}

TransportOptions transport_options(const Config &config) {
    TransportOptions options;
    options.requested_provider = config.provider;
    options.force_staged = config.staged;
    options.gpudirect = config.gpudirect;
    options.max_message = config.max_msg_size;
    options.peer_timeout = config.peer_timeout;
    options.cq_wait_fd = !config.progress_nap;
    options.debug = config.debug;
    return options;
}

// FABSHMEM_PROVIDER (or libfabric's FI_PROVIDER) and FABSHMEM_NIC choose the fabric: say so
// when no PE opened one (all on one node, through shared memory), rather than ignoring them
// silently, naming the variable the user set.
void warn_unused_fabric_settings(const Runtime &rt) {
    if (rt.routing.network() || rt.my_pe != 0) return;
    auto warn = [](const char *name, const char *alias, const std::string &value) {
        if (value.empty()) return;
        const char *set = std::getenv(name) || !alias ? name : alias;
        FS_WARN("%s=%s does not apply: no PE of this job uses the fabric (every PE reaches the "
                "others through shared memory on this node); set FABSHMEM_DISABLE_IPC=1 to use it "
                "anyway, or unset %s", set, value.c_str(), set);
    };
    warn("FABSHMEM_PROVIDER", "FI_PROVIDER", rt.config.provider);
    warn("FABSHMEM_NIC", nullptr, rt.config.nic);
}

void load_checked_config(Config *config) {
    std::string error;
    if (!load_config(config, &error)) fatal("%s", error.c_str());
    if (config->debug) set_log_level(LogLevel::debug);
    else if (config->info) set_log_level(LogLevel::info);
    auto check_choice = [](const char *variable, const std::string &value, std::initializer_list<const char *> valid) {
        std::string expected;
        size_t left = valid.size();
        for (const char *choice : valid) {
            if (value == choice) return;
            expected += std::string(expected.empty() ? "" : --left == 1 ? " or " : ", ") + choice;
        }
        fatal("%s=%s is not valid: expected %s", variable, value.c_str(), expected.c_str());
    };
    check_choice("FABSHMEM_HEAP", config->heap, {"auto", "cuda", "host"});
    check_choice("FABSHMEM_GPUDIRECT", config->gpudirect, {"auto", "on", "off"});
    check_choice("FABSHMEM_BROADCAST_ALGO", config->broadcast_algo, {"auto", "pull", "tree", "scatter"});
    check_choice("FABSHMEM_REDUCE_ALGO", config->reduce_algo, {"auto", "pull", "blocks", "doubling"});
    check_choice("FABSHMEM_FCOLLECT_ALGO", config->fcollect_algo, {"auto", "pull", "bruck"});
    check_choice("FABSHMEM_ALLTOALL_ALGO", config->alltoall_algo, {"auto", "pull", "push"});
    check_choice("FABSHMEM_ACTIVE_SET_SYNC", config->active_set_sync, {"auto", "pairs", "psync"});
    check_choice("FABSHMEM_WAIT_POLICY", config->wait_policy, {"auto", "spin", "yield"});
}

// The bootstrap `backend` was asked for by name (nvshmemx_init_attr), or the first that applies.
std::unique_ptr<Bootstrap> open_named_bootstrap(const char *backend, BootstrapArgs args, long timeout,
                                                Status *status) {
    const BootstrapEntry *entry = find_bootstrap(backend);
    if (!entry || !entry->create_with) {
        FS_ERROR("nvshmemx_init_attr: this fabshmem was built without the %s bootstrap%s", backend,
                 std::string(backend) == "mpi" ? " (build it where Meson finds MPI: dependency('mpi'))" : "");
        *status = Status::invalid_argument;
        return nullptr;
    }
    args.timeout_seconds = timeout;
    if (args.rank >= 0) set_log_pe(args.rank);  // messages name the PE from the start
    return entry->create_with(args, status);
}

// Returns false (nothing started) when a bootstrap named by the program cannot start.
bool start_runtime(Runtime &rt, const char *backend, const BootstrapArgs *args) {
    ActivityScope activity("in nvshmem_init");  // what a message about a dead peer says we were doing
    rt.init_times.mark();
    load_checked_config(&rt.config);

    Status status;
    if (backend) {
        rt.bootstrap = open_named_bootstrap(backend, *args, rt.config.bootstrap_timeout, &status);
        if (!rt.bootstrap) return false;
    } else {
        rt.bootstrap = open_bootstrap(&status);
        if (!rt.bootstrap) fatal("nvshmem_init: no bootstrap could start (%s)", to_string(status));
    }
    rt.my_pe = rt.bootstrap->rank();
    rt.n_pes = rt.bootstrap->size();
    set_log_pe(rt.my_pe);
    set_abort_handler(abort_job);
    rt.bootstrap->set_timeout_seconds(rt.config.bootstrap_timeout);
    if (rt.n_pes > 1) rt.monitor.start(*rt.bootstrap);

    std::string why;
    rt.init_times.mark();  // bootstrap
    rt.topology = Topology::load(&why);
    if (!rt.topology) FS_DEBUG("no topology (%s): NICs and cores are not placed", why.c_str());

    // PEs of one node share their heaps through shared memory unless told not to.
    bool share_heap = node_peers_share_heaps(rt);
    if (share_heap) remove_stale_heap_names();
    std::string heap_name = share_heap ? shared_heap_name(rt.my_pe) : "";
    rt.init_times.mark();  // topology
    bool reserved = choose_gpu(rt) ? rt.heap.reserve_cuda(rt.config.symmetric_size, heap_name)
                                   : rt.heap.reserve_host(rt.config.symmetric_size, heap_name);
    if (!reserved) fatal("nvshmem_init failed: no symmetric heap");
    if (share_heap) warn_if_dev_shm_small(rt);
    g_exit_request.store(rt.heap.exit_request());
    set_exit_check(exit_if_requested);
    if (rt.heap.kind() == HeapKind::cuda && !cuda::prepare_atomics(rt.heap.base() + SymmetricHeap::kTeamScratchOffset, &why))
        fatal("nvshmem_init: preparing atomics on the GPU heap failed: %s", why.c_str());
    if (rt.heap.kind() == HeapKind::cuda && !rt.extension.reserve(&why))
        FS_DEBUG("the GPU heap cannot grow nor take registered buffers: %s", why.c_str());
    if (rt.config.static_data) share_static_data(rt, share_heap);
    Placement placement;
    placement.requested_nic = rt.config.nic;
    placement.gpu_bus_id = rt.heap.kind() == HeapKind::cuda ? cuda::pci_bus_id(rt.gpu) : "";
    placement.local_rank = rt.bootstrap->node_rank();
    if (const Topology *topology = rt.topology.get()) {
        placement.closest_nic = [topology, placement](const std::vector<NicCandidate> &nics) {
            return topology->closest_nic(nics, placement.gpu_bus_id, placement.local_rank);
        };
    }
    rt.init_times.mark();  // heap (and static data)
    rt.routing.open(*rt.bootstrap, symmetric_space(rt, heap_name), transport_options(rt.config), placement);
    rt.init_times.mark();  // transports
    warn_unused_fabric_settings(rt);
    // The progress thread's core: near the PE's GPU (or CPUs), on no core a PE of this node is
    // bound to.
    std::vector<int> node_cpus = node_bound_cpus(rt);
    choose_wait_policy(rt, node_cpus);
    long progress_cpu = -1;
    if (rt.routing.progressed()) {
        progress_cpu = rt.config.progress_cpu;
        if (progress_cpu < 0 && rt.topology)
            progress_cpu = rt.topology->progress_cpu(placement.gpu_bus_id, placement.local_rank,
                                                     rt.topology->thread_binding(), node_cpus);
    }
    // The watchdog reads from the next PE when that one is on another node (its node peers
    // watch it otherwise): then every PE is watched by someone.
    int next = (rt.my_pe + 1) % rt.n_pes;
    const std::vector<int> &node = rt.bootstrap->node_pes();
    Transport &to_next = rt.route(next);
    if (to_next.can(kLiveness) && rt.config.peer_timeout > 0 && std::find(node.begin(), node.end(), next) == node.end())
        rt.monitor.watch_remote(&to_next, next, rt.config.peer_timeout);
    rt.teams.start(rt);
    if (rt.heap.kind() == HeapKind::cuda) rt.device = std::make_unique<DeviceChannel>(rt);
    if (Transport *progressed = rt.routing.progressed())
        rt.progress.start(progressed, rt.device.get(), progress_cpu, rt.config.progress_spin_us);

    // The final barrier goes over the library's own paths, open on every PE by now (a peer's
    // flag words were zeroed with its heap, before its card went out): a PMIx fence here would
    // carry every PE's card through the PMIx servers once more (docs/scale.md).
    {
        ActivityScope activity("in nvshmem_init's final barrier");
        sync_team(rt, *rt.teams.find(TeamTable::kWorld));
    }
    rt.init_times.mark();  // teams, device channel, progress, the final barrier
    rt.heap.unlink_shared_name();  // every peer has it mapped: no name left behind in /dev/shm
    rt.statics.unlink_shared_name();
    if (rt.config.info) print_info(rt);
    return true;
}

void stop_runtime(Runtime &rt) {
    size_t registered = 0, grown_blocks = 0, grown_bytes = 0;
    for (const ExtensionSpace::Segment &segment : rt.extension.list()) {
        if (segment.program_buffer) ++registered;
        else ++grown_blocks, grown_bytes += segment.requested;
    }
    if (size_t blocks = rt.heap.live_blocks() + grown_blocks) {
        FS_WARN("nvshmem_finalize: %zu symmetric heap block(s) of %zu bytes in all were never "
                "freed; free each with nvshmem_free (on every PE) before nvshmem_finalize",
                blocks, rt.heap.live_bytes() + grown_bytes);
    }
    if (registered)
        FS_WARN("nvshmem_finalize: %zu buffer(s) made symmetric with nvshmemx_buffer_register_symmetric are "
                "still registered; unregister each (on every PE) before nvshmem_finalize. fabshmem unmaps them "
                "now; the buffers themselves stay the program's",
                registered);
    ActivityScope activity("in nvshmem_finalize");
    quiet_all(rt);
    // Peers may still be reading this heap: wait for all before tearing the fabric down.
    // After this barrier every PE is in finalize, so peers may exit: the watchdog stops.
    sync_all(rt);
    rt.monitor.stop();
    if (rt.bootstrap->barrier() != Status::ok) fatal("nvshmem_finalize: the barrier failed");
    rt.progress.stop();
    rt.device.reset();
    for (const ExtensionSpace::Segment &segment : rt.extension.list()) rt.routing.remove_extension(segment.as_seen_by_transports());
    rt.routing.close();
    rt.local_buffers.remove_all();  // NVSHMEM's finalize forgets them too, without a word
    rt.extension.release();
    g_exit_request.store(nullptr);
    rt.heap.release_memory();
    set_abort_handler(nullptr);
    rt.bootstrap->finalize();
}

}  // namespace

Runtime &runtime_for(const char *function) {
    Phase phase = g_phase.load(std::memory_order_acquire);
    if (phase == Phase::initialized) return *g_runtime;
    if (phase == Phase::before_init)
        fatal("%s was called before nvshmem_init; call nvshmem_init first", function);
    fatal("%s was called after nvshmem_finalize; every NVSHMEM call must come before "
          "nvshmem_finalize",
          function);
}

bool make_unique_id(void *id, std::string *error) {
    Config config;
    load_checked_config(&config);
    const BootstrapEntry *entry = find_bootstrap("uid");
    if (!entry || !entry->make_unique_id) {
        *error = "this fabshmem was built without the unique-id bootstrap";
        return false;
    }
    return entry->make_unique_id(id, config.bootstrap_uid_interface, error);
}

bool initialize(const char *backend, const BootstrapArgs *args) {
    std::lock_guard<std::mutex> lock(g_lifecycle_mutex);
    if (g_phase == Phase::finalized) {
        fatal("nvshmem_init was called after nvshmem_finalize; fabshmem cannot be initialized "
              "again in the same process");
    }
    if (g_phase == Phase::initialized) {
        ++g_init_count;
        FS_WARN("nvshmem_init was called again (%d calls); this call does nothing, and each "
                "needs its own nvshmem_finalize",
                g_init_count);
        return true;
    }
    g_runtime = new Runtime();
    if (!start_runtime(*g_runtime, backend, args)) {
        delete g_runtime;  // only the config was loaded: nothing else to undo
        g_runtime = nullptr;
        return false;
    }
    g_init_count = 1;
    g_phase.store(Phase::initialized, std::memory_order_release);
    return true;
}

// Every other PE is asked to end with `status` (a word in its library area, which its watchdog
// looks at every 20 ms, and which a fatal error looks at first); this PE waits a moment for its
// node peers to go, so that the launcher sees every PE end with the status rather than be
// killed, then ends too. Where a peer cannot be asked (a failed write is a fatal error) the
// job ends through the launcher as any failure does.
void global_exit(int status) {
    Runtime &rt = runtime_for("nvshmem_global_exit");
    FS_INFO("global exit with status %d: ending every PE of the job", status);
    std::signal(SIGTERM, SIG_IGN);  // a launcher that saw a peer end first must not kill this one
    std::fflush(nullptr);
    rt.monitor.stop();  // the node peers about to end are no failure to report
    uint64_t request = kExitRequested | static_cast<uint32_t>(status);
    __atomic_store_n(rt.heap.exit_request(), request, __ATOMIC_RELEASE);  // a fatal error from here ends quietly
    for (int pe = 0; pe < rt.n_pes; ++pe)
        if (pe != rt.my_pe) rt.route(pe).put_signal(SymmetricHeap::kExitRequestOffset, request, pe);
    quiet_all(rt);
    rt.monitor.wait_for_node_peers_to_end(std::chrono::seconds(2));
    remove_leftovers();
    leave_launcher();
    std::_Exit(status);
}

void exit_if_requested() {
    uint64_t *word = g_exit_request.load();
    if (!word) return;
    uint64_t request = __atomic_load_n(word, __ATOMIC_ACQUIRE);
    if (!(request & kExitRequested)) return;
    std::signal(SIGTERM, SIG_IGN);  // as in global_exit: it ends with the status, not the launcher's signal
    FS_INFO("a peer's global exit ends this PE with status %d", static_cast<int>(static_cast<uint32_t>(request)));
    std::fflush(nullptr);
    remove_leftovers();
    leave_launcher();
    _exit(static_cast<int>(static_cast<uint32_t>(request)));
}

void finalize() {
    std::lock_guard<std::mutex> lock(g_lifecycle_mutex);
    // OpenSHMEM programs may end their OpenSHMEM portion twice (Sandia OpenSHMEM and OSSS
    // ignore the second); NVSHMEM's finalize after finalize stays an error.
    if (g_phase.load() == Phase::finalized && last_openshmem_call_was("shmem_finalize")) {
        FS_WARN("shmem_finalize was called again after the OpenSHMEM portion of the program ended; ignored");
        return;
    }
    Runtime &rt = runtime_for("nvshmem_finalize");
    if (--g_init_count > 0) return;
    stop_runtime(rt);
    g_phase.store(Phase::finalized, std::memory_order_release);
}

bool node_peers_share_heaps(const Runtime &rt) {
    return !rt.config.disable_ipc && rt.bootstrap->node_pes().size() > 1;
}

int init_status() {
    return g_phase.load() == Phase::initialized ? NVSHMEM_STATUS_IS_INITIALIZED
                                                : NVSHMEM_STATUS_NOT_INITIALIZED;
}

size_t checked_bytes(const char *function, size_t nelems, size_t element_size) {
    if (element_size && nelems > SIZE_MAX / element_size)
        fatal("%s: %zu elements of %zu bytes overflow size_t; pass a smaller count", function,
              nelems, element_size);
    return nelems * element_size;
}

size_t checked_remote_offset(Runtime &rt, const char *function, const void *symmetric,
                             size_t bytes, int pe, const void *local) {
    if (pe < 0 || pe >= rt.n_pes)
        fatal("%s: PE %d is out of range: this job has %d PE%s (0..%d)", function, pe, rt.n_pes,
              rt.n_pes == 1 ? "" : "s", rt.n_pes - 1);
    if (bytes && !local)
        fatal("%s: the local buffer is NULL for a transfer of %zu bytes", function, bytes);
    if (bytes == 0) return 0;  // nothing moves: any pointer will do, NULL too
    if (rt.heap.contains(symmetric, bytes)) {
        size_t offset = rt.heap.offset_of(symmetric);
        // The heap's first bytes hold the library's own words (barrier flags, counters): a
        // transfer there would corrupt a peer's synchronisation.
        if (offset < SymmetricHeap::kLibraryBytes)
            fatal("%s: the address %p is in the first %zu bytes of the symmetric heap, which the "
                  "library keeps for its own synchronisation words; the remote side of a transfer "
                  "must be inside a block from nvshmem_malloc (shmem_malloc) or a global or static "
                  "variable", function, symmetric, SymmetricHeap::kLibraryBytes);
        return offset;
    }
    if (auto offset = symmetric_offset(rt, symmetric, bytes)) return *offset;  // static data, the extension
    fatal("%s: the symmetric address %p (%zu bytes) is neither inside the symmetric heap "
          "[%p, %p) nor a global or static variable%s; the remote side of a transfer must be "
          "memory from nvshmem_malloc (shmem_malloc) or a global or static variable",
          function, symmetric, bytes, static_cast<void *>(rt.heap.base()),
          static_cast<void *>(rt.heap.base() + rt.heap.size()),
          rt.statics.size() ? "" : " (those are not symmetric in this job: FABSHMEM_STATIC_DATA=0)");
}

void quiet_all(Runtime &rt) {
    ActivityScope activity("in quiet (completing puts and non-blocking gets)");
    rt.routing.quiet();
}

void quiet_from_host(Runtime &rt, const char *function) {
    std::string error;
    if (rt.heap.kind() == HeapKind::cuda && !cuda::stream_synchronize(nullptr, &error))
        fatal("%s: waiting for the program's CUDA work failed: %s", function, error.c_str());
    // What kernels that ended left in the request ring is the host's to complete too.
    if (rt.device) rt.device->wait_for_kernel_requests();
    quiet_all(rt);
}

void sync_all(Runtime &rt) {
    ActivityScope activity("in a barrier (nvshmem_barrier_all, sync_all or a collective allocation)");
    sync_team(rt, *rt.teams.find(TeamTable::kWorld));
}

}  // namespace fabshmem
