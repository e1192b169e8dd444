#include "fabric_transport.h"

#include <rdma/fi_cm.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>
#include <poll.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <cstring>

#include "activity.h"
#include "cuda_support.h"
#include "dev_shm.h"
#include "fabric_post.h"
#include "fabric_select.h"
#include "file_limit.h"
#include "log.h"
#include "parse.h"

namespace fabshmem {

namespace {

// What each PE publishes at init: 152 bytes (the init exchange grows with it times the PEs).
// Addresses of up to kInlineAddress bytes travel in the card (IPv4/IPv6 sockaddrs, InfiniBand,
// EFA, CXI, PSM; shm's are 19 B); where some PE's is longer (UCX's worker addresses are), every
// PE sends its whole address in a second allgather, which every PE decides on from the same cards.
constexpr size_t kInlineAddress = 64;
constexpr size_t kLongestAddress = 512;
struct PeerCard {
    uint32_t provider_hash;  // of the provider's name: every PE must use the same one
    uint32_t address_length;
    uint64_t heap_base;
    uint64_t heap_key;
    uint64_t heap_size;
    uint64_t signal_base;
    uint64_t signal_key;
    uint64_t staging_base;
    uint64_t staging_key;
    uint64_t static_base;
    uint64_t static_key;
    uint64_t static_size;  // 0: none registered
    uint8_t address[kInlineAddress];
};
static_assert(sizeof(PeerCard) == 152, "the card's size is documented above and in docs/scale.md");

uint32_t fnv1a(const std::string &text) {
    uint32_t hash = 2166136261u;
    for (unsigned char c : text) hash = (hash ^ c) * 16777619u;
    return hash;
}

Status fabric_failure(const char *what, int rc) {
    FS_ERROR("%s failed: %s%s", what, fi_strerror(-rc), open_files_advice(-rc).c_str());
    return Status::fabric_error;
}

// libfabric's tcp and sockets providers open a socket (a file) for each peer a PE talks to, so a
// job larger than `ulimit -n` failed in its first all-to-all with "Too many open files". The soft
// limit is raised to what the job may need where the hard limit allows; else the node's first PE
// says so at init rather than the job failing later.
void allow_a_file_per_peer(const char *provider, int n_pes, int node_rank) {
    std::string name = provider;
    if (name.find("tcp") == std::string::npos && name.find("sockets") == std::string::npos) return;
    constexpr unsigned long kFilesBesidesPeers = 256;  // the program's, PMIx's, libfabric's own
    unsigned long needed = static_cast<unsigned long>(n_pes) + kFilesBesidesPeers, soft = 0, hard = 0;
    if (allow_open_files(needed, &soft, &hard) || node_rank != 0) return;
    FS_WARN("libfabric's %s provider opens a file (a socket) for each peer a PE talks to, up to %d in "
            "this job, and this process may open %lu files (ulimit -n; the hard limit allows no more): a "
            "PE that talks to most peers (an all-to-all) will fail with 'Too many open files'; raise the "
            "hard limit before the launch (limits.conf, or the shell that runs srun) to at least %lu",
            provider, n_pes - 1, soft, needed);
}

}  // namespace

std::unique_ptr<FabricTransport> FabricTransport::open(const TransportContext &context, Status *status) {
    const TransportOptions &options = context.options;
    const Placement &placement = context.placement;
    Bootstrap &bootstrap = context.bootstrap;
    FabricChoice choice;
    bool cuda_heap = context.space.cuda;
    *status = choose_fabric(options.requested_provider, bootstrap.all_pes_on_one_node(), cuda_heap, placement,
                            &choice);
    if (*status != Status::ok) return nullptr;
    allow_a_file_per_peer(choice.info->fabric_attr->prov_name, bootstrap.size(), bootstrap.node_rank());
    std::unique_ptr<FabricTransport> transport(new FabricTransport());
    transport->my_pe_ = bootstrap.rank();
    transport->heap_is_cuda_ = cuda_heap;
    // Without FI_HMEM the provider cannot touch GPU memory: stage through host memory. A
    // software provider's FI_HMEM waits for running kernels (fabric_select.h): used when asked.
    bool software = copies_gpu_memory_with_cuda(choice.info->fabric_attr->prov_name);
    bool direct = cuda_heap && choice.hmem && !options.force_staged &&
                  (options.gpudirect == "on" || (options.gpudirect == "auto" && !software));
    transport->staged_ = options.force_staged || (cuda_heap && !direct);
    transport->kernel_requests_staged_ = direct && software;
    if (cuda_heap && choice.hmem && !direct && !options.force_staged && options.gpudirect == "auto")
        transport->staged_reason_ = std::string(", as ") + choice.info->fabric_attr->prov_name +
                                    "'s FI_HMEM copies with cudaMemcpy, which waits for running kernels "
                                    "(FABSHMEM_GPUDIRECT=on uses it)";
    transport->cq_wait_fd_ = options.cq_wait_fd;
    *status = transport->open_endpoint(choice);
    if (options.max_message) transport->max_msg_size_ = std::min(transport->max_msg_size_, options.max_message);
    transport->unreachable_after_ = std::chrono::seconds(options.peer_timeout);
    if (*status == Status::ok) *status = transport->register_space(context.space);
    if (*status == Status::ok) transport->query_atomics();
    bool need_staging = transport->staged_ || cuda_heap || !transport->provider_does_every_atomic();
    if (*status == Status::ok && need_staging) *status = transport->open_staging(bootstrap.size());
    if (*status == Status::ok) *status = transport->exchange(bootstrap, options.debug);
    if (*status != Status::ok) return nullptr;
    return transport;
}

Status FabricTransport::open_endpoint(const FabricChoice &choice) {
    info_ = fi_dupinfo(choice.info);
    fi_freeinfo(choice.info);
    provider_ = info_->fabric_attr->prov_name;
    domain_ = info_->domain_attr->name ? info_->domain_attr->name : "";
    uint64_t mr_mode = info_->domain_attr->mr_mode;
    mr_local_ = mr_mode & FI_MR_LOCAL;
    virtual_addressing_ = mr_mode & FI_MR_VIRT_ADDR;
    uint64_t order = info_->tx_attr->msg_order & info_->rx_attr->msg_order;
    ordered_writes_ = (info_->tx_attr->msg_order & FI_ORDER_WAW) != 0;
    // Not for a GPU heap: the target's copies into GPU memory keep no order this PE can see.
    ordered_rma_writes_ = !ordered_writes_ && !heap_is_cuda_ &&
                          (order & (FI_ORDER_RMA_WAW | FI_ORDER_ATOMIC_WAW)) == (FI_ORDER_RMA_WAW | FI_ORDER_ATOMIC_WAW);
    delivery_complete_ = choice.delivery_complete;
    if (delivery_complete_) write_completion_flags_ |= FI_DELIVERY_COMPLETE;
    max_msg_size_ = info_->ep_attr->max_msg_size ? info_->ep_attr->max_msg_size : SIZE_MAX;
    // Writes confirmed at quiet by an RMA read that the provider processes after them
    // (fabric_confirm.cpp). Not for a GPU heap (a read of host memory says nothing of a NIC's
    // writes to GPU memory) nor under FI_MR_LOCAL (the read's buffer would need registering).
    uint64_t read_after_write = info_->tx_attr->msg_order & info_->rx_attr->msg_order & (FI_ORDER_RAW | FI_ORDER_RMA_RAW);
    confirm_writes_ = read_after_write && !mr_local_ && !heap_is_cuda_;
    inject_size_ = info_->tx_attr->inject_size;
    pieces_per_message_ = std::min({info_->tx_attr->iov_limit, info_->tx_attr->rma_iov_limit, kMostPiecesPerMessage});
    if (pieces_per_message_ == 0) pieces_per_message_ = 1;

    int rc = fi_fabric(info_->fabric_attr, &fabric_, nullptr);
    if (rc) return fabric_failure("fi_fabric", rc);
    if ((rc = fi_domain(fabric_, info_, &domain_fid_, nullptr))) return fabric_failure("fi_domain", rc);

    fi_av_attr av_attr{};
    av_attr.type = FI_AV_TABLE;  // fi_addr_t == PE number
    if ((rc = fi_av_open(domain_fid_, &av_attr, &av_, nullptr))) return fabric_failure("fi_av_open", rc);

    // A wait fd lets the idle progress thread sleep in the kernel until traffic arrives, and
    // wake at once when a peer's request comes to a computing PE (200 reads over tcp: 16 ms;
    // 225 ms with naps growing to 1 ms). But it costs every operation: an 8-byte tcp get is
    // 1.2 x raw fi_read with it, 1.05 x without. FABSHMEM_PROGRESS_NAP=1 opens none.
    fi_cq_attr cq_attr{};
    cq_attr.format = FI_CQ_FORMAT_CONTEXT;
    cq_attr.wait_obj = FI_WAIT_FD;
    if (cq_wait_fd_ && fi_cq_open(domain_fid_, &cq_attr, &cq_, nullptr) == 0) {
        if (fi_control(&cq_->fid, FI_GETWAIT, &wait_fd_) != 0) wait_fd_ = -1;
    } else {
        cq_attr.wait_obj = FI_WAIT_NONE;
        if ((rc = fi_cq_open(domain_fid_, &cq_attr, &cq_, nullptr))) return fabric_failure("fi_cq_open", rc);
    }
    if ((rc = fi_endpoint(domain_fid_, info_, &ep_, nullptr))) return fabric_failure("fi_endpoint", rc);
    if ((rc = fi_ep_bind(ep_, &av_->fid, 0))) return fabric_failure("fi_ep_bind(av)", rc);
    if ((rc = fi_ep_bind(ep_, &cq_->fid, FI_TRANSMIT | FI_RECV))) return fabric_failure("fi_ep_bind(cq)", rc);
    if ((rc = fi_enable(ep_))) return fabric_failure("fi_enable", rc);
    return Status::ok;
}

Status FabricTransport::register_region(void *base, size_t bytes, int gpu, fid_mr **mr, bool report) {
    bool cuda = gpu != kHostMemory;
    iovec region{base, bytes};
    fi_mr_attr attr{};
    attr.mr_iov = &region;
    attr.iov_count = 1;
    attr.access = FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE;
    attr.requested_key = ++registrations_;  // unique per region; with FI_MR_PROV_KEY the provider picks
    // GPU memory is registered as such, so the NIC reads and writes it directly (GPUDirect).
    attr.iface = cuda ? FI_HMEM_CUDA : FI_HMEM_SYSTEM;
    if (cuda) attr.device.cuda = gpu;
    int rc = fi_mr_regattr(domain_fid_, &attr, 0, mr);
    if (rc && !report) return Status::not_supported;
    if (rc) return fabric_failure(cuda ? "registering the GPU heap (fi_mr_regattr, FI_HMEM_CUDA)"
                                       : "registering the symmetric heap (fi_mr_regattr)", rc);
    if (info_->domain_attr->mr_mode & FI_MR_ENDPOINT) {
        if ((rc = fi_mr_bind(*mr, &ep_->fid, 0))) return fabric_failure("fi_mr_bind", rc);
        if ((rc = fi_mr_enable(*mr))) return fabric_failure("fi_mr_enable", rc);
    }
    return Status::ok;
}

Status FabricTransport::register_space(const SymmetricSpace &space) {
    heap_base_ = space.data.base;
    heap_size_ = space.data.size;
    signal_base_ = space.signals.base;
    extension_base_ = space.extension.base;
    extension_size_ = space.extension.size;
    bool cuda = space.cuda;
    cuda_device_ = space.cuda_device;
    // A staged GPU heap is never touched by the provider, so it is not registered.
    bool register_data = !(staged_ && cuda);
    Status status = Status::ok;
    if (register_data) {
        status = register_region(heap_base_, heap_size_, cuda ? cuda_device_ : kHostMemory, &heap_mr_, !cuda);
        if (status != Status::ok && cuda) {
            // Some providers offer FI_HMEM for host memory only (shm without CUDA support).
            FS_WARN("provider %s offers FI_HMEM but cannot register GPU memory (this libfabric has no "
                    "CUDA support?): remote access to the GPU heap is staged through host memory, "
                    "slower than GPUDirect", provider_.c_str());
            heap_mr_ = nullptr;
            staged_ = true;
            register_data = false;
            status = Status::ok;
        }
        if (status != Status::ok) return status;
        if (heap_mr_) heap_desc_ = fi_mr_desc(heap_mr_);
    }
    // A host heap holds its signal words; a GPU heap's live in host memory of their own.
    if (!register_data || signal_base_ < heap_base_ || signal_base_ >= heap_base_ + heap_size_)
        status = register_region(signal_base_, space.signals.size, kHostMemory, &signal_mr_);
    gpudirect_ = cuda && heap_mr_;
    if (status == Status::ok && space.statics.size) {
        status = register_region(space.statics.base, space.statics.size, kHostMemory, &static_mr_);
        static_base_ = space.statics.base;
        static_size_ = space.statics.size;
    }
    return status;
}

Status FabricTransport::exchange(Bootstrap &bootstrap, bool whole_addresses) {
    PeerCard mine{};
    mine.provider_hash = fnv1a(provider_);
    uint64_t virtual_base = virtual_addressing_ ? reinterpret_cast<uint64_t>(heap_base_) : 0;
    mine.heap_base = virtual_base;
    mine.heap_key = heap_mr_ ? fi_mr_key(heap_mr_) : 0;
    if (staging_mr_) {
        mine.staging_base = virtual_addressing_ ? reinterpret_cast<uint64_t>(staging_) : 0;
        mine.staging_key = fi_mr_key(staging_mr_);
    }
    mine.heap_size = heap_size_;
    if (static_mr_) {
        mine.static_base = virtual_addressing_ ? reinterpret_cast<uint64_t>(static_base_) : 0;
        mine.static_key = fi_mr_key(static_mr_);
        mine.static_size = static_size_;
    }
    if (signal_mr_) {
        mine.signal_base = virtual_addressing_ ? reinterpret_cast<uint64_t>(signal_base_) : 0;
        mine.signal_key = fi_mr_key(signal_mr_);
    } else {  // inside the heap's registration
        mine.signal_base = virtual_base + static_cast<uint64_t>(signal_base_ - heap_base_);
        mine.signal_key = mine.heap_key;
    }
    uint8_t address[kLongestAddress] = {};
    size_t length = sizeof address;
    int rc = fi_getname(&ep_->fid, address, &length);
    if (rc) return fabric_failure("fi_getname", rc);
    mine.address_length = static_cast<uint32_t>(length);
    std::memcpy(mine.address, address, std::min(length, kInlineAddress));
    address_bytes_ = length;

    size_t n = bootstrap.size();
    std::vector<PeerCard> cards(n);
    Status status = bootstrap.allgather(&mine, sizeof mine, cards.data());
    if (status != Status::ok) return status;
    for (size_t pe = 0; pe < n; ++pe) {
        if (cards[pe].provider_hash == mine.provider_hash) continue;
        FS_ERROR("PE %zu chose another libfabric provider than this PE's '%s'; set FABSHMEM_PROVIDER "
                 "to the same value for every PE",
                 pe, provider_.c_str());
        return Status::invalid_argument;
    }
    // Whole addresses, where some PE's does not fit in its card (every PE sees the same cards).
    std::vector<uint8_t> long_addresses;
    if (whole_addresses ||
        std::any_of(cards.begin(), cards.end(), [](const PeerCard &c) { return c.address_length > kInlineAddress; })) {
        FS_DEBUG("fabric addresses exchanged whole (%zu bytes each)", kLongestAddress);
        long_addresses.resize(n * kLongestAddress);
        status = bootstrap.allgather(address, kLongestAddress, long_addresses.data());
        if (status != Status::ok) return status;
    }

    // The address vector is an FI_AV_TABLE filled in PE order, so each fi_addr_t is expected
    // to be the PE number (PerPeer then stores none); any other is kept as it came.
    std::vector<uint64_t> addresses(n);
    std::vector<uint64_t> columns[kRegionNames][2];  // [region][base, key], per PE
    std::vector<uint64_t> has_statics(n);
    for (auto &region : columns)
        for (auto &column : region) column.resize(n);
    for (size_t pe = 0; pe < n; ++pe) {
        const PeerCard &card = cards[pe];
        if (card.heap_size != mine.heap_size) {
            FS_ERROR("PE %zu has a symmetric heap of %llu bytes but this PE has %llu; set "
                     "FABSHMEM_SYMMETRIC_SIZE to the same value for every PE",
                     pe, static_cast<unsigned long long>(card.heap_size),
                     static_cast<unsigned long long>(mine.heap_size));
            return Status::invalid_argument;
        }
        const void *peer_address = long_addresses.empty() ? card.address : &long_addresses[pe * kLongestAddress];
        fi_addr_t address = FI_ADDR_UNSPEC;
        if (fi_av_insert(av_, peer_address, 1, &address, 0, nullptr) != 1) {
            FS_ERROR("fi_av_insert of PE %zu's address failed", pe);
            return Status::fabric_error;
        }
        addresses[pe] = address;
        has_statics[pe] = card.static_size && card.static_size == mine.static_size;
        // Base and key of each region; the others as distances from the heap's (0 where the PE
        // has no such region: every PE has a staging area or none, like this one).
        const Region regions[kRegionNames] = {{card.heap_base, card.heap_key},
                                              {card.signal_base, card.signal_key},
                                              {card.staging_base, card.staging_key},
                                              {card.static_base, card.static_key}};
        const bool present[kRegionNames] = {true, true, staging_mr_ != nullptr, card.static_size != 0};
        for (int name = 0; name < kRegionNames; ++name) {
            const Region &from = name == kData ? Region{} : regions[kData];
            columns[name][0][pe] = present[name] ? regions[name].base - from.base : 0;
            columns[name][1][pe] = present[name] ? regions[name].key - from.key : 0;
        }
    }
    n_pes_ = n;
    addresses_ = PerPeer(std::move(addresses));
    has_statics_ = PerPeer(std::move(has_statics));
    for (int name = 0; name < kRegionNames; ++name)
        regions_[name] = RegionColumns{PerPeer(std::move(columns[name][0])), PerPeer(std::move(columns[name][1]))};
    return Status::ok;
}

size_t FabricTransport::bytes_per_peer() const {
    size_t bytes = addresses_.bytes_per_peer() + has_statics_.bytes_per_peer() + address_bytes_;
    for (const RegionColumns &columns : regions_) bytes += columns.base.bytes_per_peer() + columns.key.bytes_per_peer();
    if (!staged_sent_.empty()) bytes += 2 * sizeof(uint64_t);  // staged_sent_, staged_served_
    if (confirm_writes_ || inject_atomics_) bytes += sizeof(uint8_t);  // unconfirmed_
    return bytes;
}

FabricTransport::Region FabricTransport::region(int pe, RegionName name) const {
    Region data{regions_[kData].base[pe], regions_[kData].key[pe]};
    if (name == kData) return data;
    return Region{data.base + regions_[name].base[pe], data.key + regions_[name].key[pe]};
}

std::pair<FabricTransport::Region, size_t> FabricTransport::remote(int pe, size_t offset) const {
    if (!is_static_offset(offset)) return {region(pe, kData), offset};
    if (!has_statics_[pe])
        fatal("PE %d's global and static variables cannot be reached (not registered, or another "
              "program with a different data segment); use memory from nvshmem_malloc", pe);
    return {region(pe, kStatics), offset - kStaticOffset};
}

FabricTransport::~FabricTransport() {
    release_temporary_registrations();
    for (const DeviceRegistration &registration : device_registrations_) fi_close(&registration.mr->fid);
    if (device_registrations_made_)
        FS_INFO("%llu local GPU buffers were registered with the provider (FI_HMEM_CUDA)",
                static_cast<unsigned long long>(device_registrations_made_));
    if (staging_mr_) fi_close(&staging_mr_->fid);
    if (static_mr_) fi_close(&static_mr_->fid);
    if (staging_ && staging_pinned_) cuda::free_host_mapped(staging_);
    else if (staging_) munmap(staging_, staging_size_);
    if (signal_mr_) fi_close(&signal_mr_->fid);
    if (heap_mr_) fi_close(&heap_mr_->fid);
    if (ep_) fi_close(&ep_->fid);
    if (av_) fi_close(&av_->fid);
    if (cq_) fi_close(&cq_->fid);
    if (domain_fid_) fi_close(&domain_fid_->fid);
    if (fabric_) fi_close(&fabric_->fid);
    if (info_) fi_freeinfo(info_);
}

std::string FabricTransport::describe() const {
    uint64_t mode = info_->domain_attr->mr_mode;
    std::string modes;
    const struct { uint64_t bit; const char *name; } bits[] = {
        {FI_MR_LOCAL, "local"}, {FI_MR_VIRT_ADDR, "virt_addr"}, {FI_MR_ALLOCATED, "allocated"},
        {FI_MR_PROV_KEY, "prov_key"}, {FI_MR_ENDPOINT, "endpoint"}, {FI_MR_HMEM, "hmem"}};
    for (const auto &b : bits)
        if (mode & b.bit) modes += (modes.empty() ? "" : ",") + std::string(b.name);
    return provider_ + " (domain " + domain_ + ", mr_mode " + (modes.empty() ? "none" : modes) +
           (write_completion_flags_ & FI_DELIVERY_COMPLETE ? ", delivery-complete" : "") +
           (confirm_writes_ ? ", writes confirmed by a read at quiet" : "") +
           (ordered_writes_ || ordered_rma_writes_ ? ", ordered writes" : "") +
           (inject_atomics_ ? ", ordered atomics" : "") +
           (staged_ ? ", staged through host memory" + staged_reason_
            : !heap_is_cuda_ ? ""
            : kernel_requests_staged_ ? ", GPUDirect (FI_HMEM) for host calls below " + std::to_string(kStagedFrom >> 10) +
                                            " KiB; staged from " + std::to_string(kStagedFrom >> 10) +
                                            " KiB (faster on " + provider_ + ") and for kernels' requests (" +
                                            provider_ + "'s cudaMemcpy would wait for the kernel)"
                                      : ", GPUDirect (FI_HMEM)") + ")";
}

// ---- operation contexts ----

FabricTransport::OpContext *FabricTransport::acquire_context() {
    std::lock_guard<std::mutex> lock(contexts_mutex_);
    if (free_contexts_.empty()) {
        constexpr size_t kSlab = 256;
        context_slabs_.emplace_back(new OpContext[kSlab]);
        for (size_t i = 0; i < kSlab; ++i) free_contexts_.push_back(&context_slabs_.back()[i]);
    }
    OpContext *context = free_contexts_.back();
    free_contexts_.pop_back();
    context->pooled = true;
    return context;
}

void FabricTransport::release_context(OpContext *context) {
    std::lock_guard<std::mutex> lock(contexts_mutex_);
    free_contexts_.push_back(context);
}

// ---- data path ----

void *FabricTransport::local_descriptor(void *buffer, size_t bytes, fid_mr **temporary, bool *device) {
    *temporary = nullptr;
    if (device) *device = false;
    bool in_heap = buffer >= heap_base_ && static_cast<char *>(buffer) + bytes <= heap_base_ + heap_size_;
    if (gpudirect_) {
        // GPU memory is always described to the provider (FI_MR_HMEM), FI_MR_LOCAL or not:
        // without a descriptor it would take the buffer for host memory.
        cuda::DeviceAllocation allocation;
        if (in_heap || cuda::device_allocation(buffer, &allocation)) {
            if (device) *device = true;
            return in_heap ? heap_desc_ : device_buffer_descriptor(allocation);
        }
    }
    if (!mr_local_) return nullptr;
    if (in_heap) return heap_desc_;
    // FI_MR_LOCAL and a buffer outside the heap: register it for the duration of the op.
    int rc = fi_mr_reg(domain_fid_, buffer, bytes, FI_READ | FI_WRITE, 0, 0, 0, temporary, nullptr);
    if (rc) fatal("registering a local buffer of %zu bytes failed: %s", bytes, fi_strerror(-rc));
    return fi_mr_desc(*temporary);
}

void *FabricTransport::device_buffer_descriptor(const cuda::DeviceAllocation &allocation) {
    std::lock_guard<std::mutex> lock(device_registrations_mutex_);
    auto &cache = device_registrations_;
    for (size_t i = cache.size(); i-- > 0;) {
        if (cache[i].id != allocation.id) continue;
        DeviceRegistration hit = cache[i];
        cache.erase(cache.begin() + static_cast<long>(i));
        cache.push_back(hit);
        return fi_mr_desc(hit.mr);
    }
    constexpr size_t kKept = 64;
    if (cache.size() == kKept) {
        std::lock_guard<std::mutex> retire(temporary_mutex_);
        temporary_registrations_.push_back(cache.front().mr);
        cache.erase(cache.begin());
    }
    fid_mr *mr = nullptr;
    Status status = register_region(allocation.base, allocation.bytes, allocation.device, &mr, false);
    if (status != Status::ok)
        fatal("registering a local GPU buffer of %s with provider %s (fi_mr_regattr, FI_HMEM_CUDA) failed; "
              "use nvshmem_malloc'd memory, or set FABSHMEM_GPUDIRECT=off to stage GPU memory through the host",
              human_size(allocation.bytes).c_str(), provider_.c_str());
    cache.push_back({allocation.id, mr});
    ++device_registrations_made_;
    return fi_mr_desc(mr);
}

void FabricTransport::post(Op op, void *local, size_t bytes, void *desc, int pe, const Region &region,
                           size_t offset, std::atomic<int> *remaining, uint64_t extra_flags, OpContext *own) {
    iovec iov{local, bytes};
    fi_rma_iov remote{region.base + offset, bytes, region.key};
    post_message(op, &iov, &desc, 1, pe, &remote, remaining, extra_flags, own);
}

void FabricTransport::post_message(Op op, const iovec *iov, void **desc, size_t count, int pe,
                                   const fi_rma_iov *remote, std::atomic<int> *remaining, uint64_t extra_flags,
                                   OpContext *own) {
    OpContext *context = own ? own : acquire_context();
    context->remaining = remaining;
    context->pe = pe;
    context->op = op;
    fi_msg_rma msg{};
    msg.msg_iov = iov;
    msg.desc = desc;
    msg.iov_count = count;
    msg.addr = addresses_[pe];
    msg.rma_iov = remote;
    msg.rma_iov_count = count;
    msg.context = &context->fi;
    size_t bytes = 0;
    for (size_t i = 0; i < count; ++i) bytes += iov[i].iov_len;
    // Delivery-complete matters for writes (quiet = visible at the target), unless the caller
    // asks for less (FI_INJECT_COMPLETE: a write that quiet confirms by a read); a read is done
    // when its data is here, and asking more of it can push a provider onto a slower protocol.
    bool delivered = op == Op::write && !(extra_flags & FI_INJECT_COMPLETE);
    uint64_t flags = (delivered ? write_completion_flags_ : FI_COMPLETION) | extra_flags;
    start_operation(op, bytes, pe, [&] {
        return op == Op::read ? fi_readmsg(ep_, &msg, flags) : fi_writemsg(ep_, &msg, flags);
    });
}

void FabricTransport::transfer(Op op, void *local, size_t offset, size_t bytes, int pe, bool blocking) {
    fid_mr *temporary = nullptr;
    bool device = false;
    void *desc = local_descriptor(local, bytes, &temporary, &device);
    std::atomic<int> remaining{0};
    // Small blocking puts are injected: the buffer is reusable at once, completion comes later.
    // Somewhat larger ones from host memory are bounced: copied into their pooled context,
    // posted, and completed by quiet likewise.
    bool inject = op == Op::write && bytes <= inject_size_ && !device;
    bool bounce = op == Op::write && blocking && !inject && !device && !mr_local_ &&
                  bytes <= std::min(kBounceBytes, max_msg_size_);
    std::atomic<int> *waiter = (blocking && !inject && !bounce) ? &remaining : nullptr;
    OpContext stack_context;
    OpContext *own = (waiter && bytes <= max_msg_size_) ? &stack_context : nullptr;  // one piece
    if (bounce) {
        own = acquire_context();
        own->bounce.assign(static_cast<char *>(local), static_cast<char *>(local) + bytes);
        local = own->bounce.data();
        desc = nullptr;  // host memory, no FI_MR_LOCAL
    }
    std::unique_lock<std::mutex> confirming;  // held through the posts (fabric_confirm.cpp)
    WritePosting posting = op == Op::write ? confirmed_write(pe, bytes, inject, confirming) : WritePosting::usual;
    if (posting == WritePosting::injected) {  // one piece: at most the inject size
        auto [region, region_offset] = remote(pe, offset);
        return inject_write(local, bytes, pe, region, region_offset);
    }
    uint64_t flags = write_flags(posting, inject);
    for (size_t done = 0; done < bytes;) {
        size_t chunk = std::min(bytes - done, max_msg_size_);
        if (waiter) waiter->fetch_add(1, std::memory_order_relaxed);
        auto [region, region_offset] = remote(pe, offset + done);
        post(op, static_cast<char *>(local) + done, chunk, desc, pe, region, region_offset, waiter, flags, own);
        done += chunk;
    }
    if (confirming.owns_lock()) confirming.unlock();
    if (waiter) wait_for(remaining);
    if (temporary) {
        if (waiter) {
            fi_close(&temporary->fid);
        } else {
            std::lock_guard<std::mutex> lock(temporary_mutex_);
            temporary_registrations_.push_back(temporary);
        }
    }
}

// Kernels' requests come from the library's own thread (device_channel.cpp), and a kernel is
// waiting for each: on a software provider they take the staged path (fabric_select.h), as do
// large transfers, which it moves faster.
bool FabricTransport::stage(size_t offset, size_t bytes) const {
    return staged_ || is_extension_offset(offset) ||
           (kernel_requests_staged_ && (bytes >= kStagedFrom || cuda::on_library_thread()));
}

void FabricTransport::get(void *dest, size_t offset, size_t bytes, int pe, bool blocking) {
    if (stage(offset, bytes)) staged_in_turn(Op::read, dest, offset, bytes, pe);  // always complete on return
    else transfer(Op::read, dest, offset, bytes, pe, blocking);
}

void FabricTransport::put(size_t offset, const void *src, size_t bytes, int pe, bool blocking) {
    if (stage(offset, bytes)) staged_in_turn(Op::write, const_cast<void *>(src), offset, bytes, pe);
    else transfer(Op::write, const_cast<void *>(src), offset, bytes, pe, blocking);
}

// A host call staged for its size must not overtake this PE's direct operations still in
// flight (the target serves the two paths separately, and fence orders them as one stream):
// those complete first. A transport that stages everything has none.
void FabricTransport::staged_in_turn(Op op, void *local, size_t offset, size_t bytes, int pe) {
    if (!staged_ && !cuda::on_library_thread()) quiet();
    staged_transfer(op, local, offset, bytes, pe);
}

void FabricTransport::put_signal(size_t offset, uint64_t value, int pe) {
    if (inject_size_ >= sizeof value) {
        std::unique_lock<std::mutex> confirming;  // held through the post (fabric_confirm.cpp)
        Region signals = region(pe, kSignals);
        if (confirmed_write(pe, sizeof value, true, confirming) == WritePosting::injected)
            return inject_write(&value, sizeof value, pe, signals, offset);
        post(Op::write, &value, sizeof value, nullptr, pe, signals, offset, nullptr, FI_INJECT);
        return;
    }
    // No inject: post from memory that stays valid until the completion, and wait for it.
    fid_mr *temporary = nullptr;
    void *desc = local_descriptor(&value, sizeof value, &temporary);
    std::atomic<int> remaining{1};
    OpContext context;
    post(Op::write, &value, sizeof value, desc, pe, region(pe, kSignals), offset, &remaining, 0, &context);
    wait_for(remaining);
    if (temporary) fi_close(&temporary->fid);
}

// A read of `pe`'s signal words, waited for `timeout_ms` at most, or longer while the PE keeps
// completing other operations (the probe is queued behind them: the PE is alive).
bool FabricTransport::probe(int pe, int timeout_ms) {
    probed_pe_.store(pe, std::memory_order_relaxed);
    uint64_t answered = probed_pe_completions_.load(std::memory_order_relaxed);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    // Waits for the probe, extending the deadline while the PE answers anything else.
    auto alive_until_deadline = [&] {
        while (probe_remaining_.load(std::memory_order_acquire) > 0) {
            if (std::chrono::steady_clock::now() > deadline) {
                uint64_t now_answered = probed_pe_completions_.load(std::memory_order_relaxed);
                if (now_answered == answered) return false;
                answered = now_answered;
                deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
            }
            if (!poll()) std::this_thread::sleep_for(std::chrono::microseconds(100));
        }
        return true;
    };
    if (!alive_until_deadline()) return false;  // the last probe, still queued: `temporary` stays in use
    fid_mr *temporary = nullptr;
    void *desc = local_descriptor(&probe_word_, sizeof probe_word_, &temporary);
    probe_remaining_.store(1, std::memory_order_release);
    post(Op::read, &probe_word_, sizeof probe_word_, desc, pe, region(pe, kSignals), 0, &probe_remaining_, 0);
    if (!alive_until_deadline()) return false;
    if (temporary) fi_close(&temporary->fid);
    return true;
}

void FabricTransport::wait_for(const std::atomic<int> &remaining) {
    poll_until([&] { return remaining.load(std::memory_order_acquire) == 0; });
}

void FabricTransport::quiet() {
    atomics_in_flight_.store(false, std::memory_order_relaxed);  // those posted later set it again
    writes_fenced_.store(false, std::memory_order_relaxed);
    if (inject_atomics_ || confirm_writes_) confirm_unconfirmed();
    poll_until([&] {
        return completed_.load(std::memory_order_acquire) >= posted_.load(std::memory_order_acquire);
    });
    release_temporary_registrations();
}

void FabricTransport::fence() {
    // Without write-after-write ordering complete everything; outstanding atomics complete too
    // (posted as fetching ones, or injected, they are not ordered with writes). Where the
    // provider orders writes among themselves only, the writes stay in flight and the next
    // atomic completes them first.
    if (atomics_in_flight_.load(std::memory_order_relaxed)) return quiet();
    if (ordered_writes_) return;
    if (ordered_rma_writes_) return writes_fenced_.store(true, std::memory_order_relaxed);
    quiet();
}

void FabricTransport::complete_fenced_writes() {
    if (writes_fenced_.load(std::memory_order_relaxed)) quiet();
}

void FabricTransport::release_temporary_registrations() {
    if (!mr_local_ && !gpudirect_) return;  // nobody else makes them: no lock on every quiet
    std::lock_guard<std::mutex> lock(temporary_mutex_);
    for (fid_mr *mr : temporary_registrations_) fi_close(&mr->fid);
    temporary_registrations_.clear();
}

// ---- completions ----

void FabricTransport::complete(void *op_context) {
    auto *context = reinterpret_cast<OpContext *>(op_context);
    std::atomic<int> *remaining = context->remaining;
    if (context->pe == probed_pe_.load(std::memory_order_relaxed))
        probed_pe_completions_.fetch_add(1, std::memory_order_relaxed);
    if (context->pooled) release_context(context);
    completed_.fetch_add(1, std::memory_order_release);
    // Last: a blocking caller may return at once, taking its counter (and a stack context).
    if (remaining) remaining->fetch_sub(1, std::memory_order_release);
}

const char *FabricTransport::to_string(Op op) {
    return op == Op::read ? "read" : op == Op::write ? "write" : "atomic";
}

bool FabricTransport::poll() {
    bool served = staging_ && serve_staged_requests();
    fi_cq_entry entries[16];
    ssize_t count = fi_cq_read(cq_, entries, 16);
    if (count > 0) {
        for (ssize_t i = 0; i < count; ++i) complete(entries[i].op_context);
        return true;
    }
    if (count == -FI_EAGAIN) return served;
    if (count == -FI_EAVAIL) report_completion_error();
    fatal("fi_cq_read failed: %s", fi_strerror(static_cast<int>(-count)));
}

// libfabric's shm provider keeps each endpoint's region in /dev/shm as "<pid>:<n>:<n>", removed
// when the endpoint closes. A process that ends without closing (a fatal error, SIGKILL) leaves
// 16 MiB behind per endpoint: the process that ends the job removes its own and the dead peer's.
void FabricTransport::remove_leftovers(long pid) {
    if (provider_ == "shm" && pid > 0)
        remove_dev_shm_entries(std::to_string(pid) + ":", [](const std::string &) { return true; });
}

void FabricTransport::report_completion_error() {
    fi_cq_err_entry error{};
    fi_cq_readerr(cq_, &error, 0);
    const char *detail = fi_cq_strerror(cq_, error.prov_errno, error.err_data, nullptr, 0);
    auto *context = reinterpret_cast<OpContext *>(error.op_context);
    if (context && (error.err == FI_EMFILE || error.err == ENFILE))
        fatal("fi_%s to PE %d failed: %s (%s)%s", to_string(context->op), context->pe, fi_strerror(error.err),
              detail ? detail : "no provider detail", open_files_advice(error.err).c_str());
    if (context) {
        fatal("fi_%s to PE %d failed: %s (%s), while this PE was %s; PE %d has most likely "
              "died or lost its network (its own output, or the launcher's, says why); ending "
              "the job",
              to_string(context->op), context->pe, fi_strerror(error.err),
              detail ? detail : "no provider detail", describe_activity().c_str(), context->pe);
    }
    fatal("a fabric operation failed: %s (%s)", fi_strerror(error.err), detail ? detail : "");
}

bool FabricTransport::wait_for_activity(int timeout_ms) {
    if (poll()) return true;
    if (wait_fd_ < 0) {
        usleep(static_cast<useconds_t>(timeout_ms) * 100);  // no wait fd: nap briefly
        return poll();
    }
    // Sleep on the CQ's fd, but never past our own timeout: some providers signal it only for
    // completions, not for the peer traffic (or staged requests) this PE must serve.
    fid *fids[] = {&cq_->fid};
    if (fi_trywait(fabric_, fids, 1) == FI_SUCCESS) {
        pollfd wait{wait_fd_, POLLIN, 0};
        ::poll(&wait, 1, timeout_ms);
    }
    return poll();
}

void FabricTransport::interrupt_wait() {
    if (wait_fd_ >= 0) fi_cq_signal(cq_);
}

unsigned FabricTransport::caps() const {
    unsigned caps = kOtherNodes | kNeedsProgress | kLiveness;
    return heap_is_cuda_ && !staged_ ? caps | kDeviceMemory : caps;
}

namespace {

std::unique_ptr<Transport> open_fabric(const TransportContext &context, Status *status) {
    return FabricTransport::open(context, status);
}

std::string describe_fabric() {
    std::string line = "libfabric providers with FI_EP_RDM and FI_RMA here:";
    for (const std::string &provider : qualifying_providers()) line += " " + provider;
    return line;
}

}  // namespace

extern const TransportEntry transport_entry_fabric = {"fabric", open_fabric, describe_fabric};

}  // namespace fabshmem
