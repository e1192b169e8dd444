#include "raw_fabric.h"

#include <rdma/fi_cm.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_atomic.h>
#include <rdma/fi_rma.h>

#ifdef FABSHMEM_BENCH_CUDA
#include <cuda_runtime.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

bool failed(const char *what, int rc, std::string *error) {
    *error = std::string(what) + ": " + fi_strerror(-rc);
    return false;
}

}  // namespace

RawFabric::~RawFabric() {
    if (mr_) fi_close(&mr_->fid);
#ifdef FABSHMEM_BENCH_CUDA
    if (gpu_memory_) cudaFree(gpu_memory_);
#endif
    if (ep_) fi_close(&ep_->fid);
    if (av_) fi_close(&av_->fid);
    if (cq_) fi_close(&cq_->fid);
    if (domain_) fi_close(&domain_->fid);
    if (fabric_) fi_close(&fabric_->fid);
    if (info_) fi_freeinfo(info_);
}

bool RawFabric::open(const std::string &provider, size_t bytes, bool cq_wait_fd, bool gpu, std::string *error) {
#ifndef FABSHMEM_BENCH_CUDA
    if (gpu) {
        *error = "this benchmark was built without CUDA";
        return false;
    }
#endif
    uint64_t hmem = gpu ? FI_HMEM : 0;
    fi_info *hints = fi_allocinfo();
    hints->ep_attr->type = FI_EP_RDM;
    hints->caps = FI_RMA | FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE | hmem;
    hints->domain_attr->mr_mode = FI_MR_LOCAL | FI_MR_VIRT_ADDR | FI_MR_ALLOCATED |
                                  FI_MR_PROV_KEY | FI_MR_ENDPOINT | (gpu ? FI_MR_HMEM : 0);
    hints->mode = FI_CONTEXT | FI_CONTEXT2;
    hints->fabric_attr->prov_name = strdup(provider.c_str());
    // A write counts as done when the data is at the target, as fabshmem's quiet promises.
    // With atomics (the fetch_add baseline) where the provider has them.
    int rc = -FI_ENODATA;
    for (uint64_t atomic : {uint64_t{FI_ATOMIC}, uint64_t{0}}) {
        for (uint64_t flags : {uint64_t{FI_DELIVERY_COMPLETE}, uint64_t{0}}) {
            hints->caps = FI_RMA | FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE | atomic | hmem;
            hints->tx_attr->op_flags = flags;
            if ((rc = fi_getinfo(FI_VERSION(1, 17), nullptr, nullptr, 0, hints, &info_)) == 0) {
                write_completion_ = flags;
                atomics_ = atomic != 0;
                break;
            }
        }
        if (rc == 0) break;
    }
    fi_freeinfo(hints);
    if (rc) return failed("fi_getinfo", rc, error);
    // As fabshmem does: the first domain that is not the loopback interface.
    for (fi_info *i = info_; i; i = i->next) {
        if (!i->domain_attr->name || std::strcmp(i->domain_attr->name, "lo") != 0) {
            fi_info *chosen = fi_dupinfo(i);
            fi_freeinfo(info_);
            info_ = chosen;
            break;
        }
    }
    if ((rc = fi_fabric(info_->fabric_attr, &fabric_, nullptr))) return failed("fi_fabric", rc, error);
    if ((rc = fi_domain(fabric_, info_, &domain_, nullptr))) return failed("fi_domain", rc, error);
    fi_cq_attr cq_attr{};
    cq_attr.format = FI_CQ_FORMAT_CONTEXT;
    // A wait fd where asked and the provider has one (shm has none), as fabshmem opens its own.
    cq_attr.wait_obj = cq_wait_fd ? FI_WAIT_FD : FI_WAIT_NONE;
    rc = fi_cq_open(domain_, &cq_attr, &cq_, nullptr);
    if (rc && cq_attr.wait_obj == FI_WAIT_FD) {
        cq_attr.wait_obj = FI_WAIT_NONE;
        rc = fi_cq_open(domain_, &cq_attr, &cq_, nullptr);
    }
    if (rc) return failed("fi_cq_open", rc, error);
    cq_wait_fd_ = cq_attr.wait_obj == FI_WAIT_FD;
    fi_av_attr av_attr{};
    av_attr.type = FI_AV_TABLE;
    if ((rc = fi_av_open(domain_, &av_attr, &av_, nullptr))) return failed("fi_av_open", rc, error);
    if ((rc = fi_endpoint(domain_, info_, &ep_, nullptr))) return failed("fi_endpoint", rc, error);
    if ((rc = fi_ep_bind(ep_, &av_->fid, 0))) return failed("fi_ep_bind", rc, error);
    if ((rc = fi_ep_bind(ep_, &cq_->fid, FI_TRANSMIT | FI_RECV))) return failed("fi_ep_bind", rc, error);
    if ((rc = fi_enable(ep_))) return failed("fi_enable", rc, error);

    iovec region{nullptr, bytes};
    fi_mr_attr attr{};
    attr.mr_iov = &region;
    attr.iov_count = 1;
    attr.access = FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE;
    attr.requested_key = 7;
    attr.iface = FI_HMEM_SYSTEM;
#ifdef FABSHMEM_BENCH_CUDA
    if (gpu) {
        int device = 0;
        if (cudaGetDevice(&device) != cudaSuccess || cudaMalloc(&gpu_memory_, bytes) != cudaSuccess ||
            cudaMemset(gpu_memory_, 0, bytes) != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess)
            return failed("cudaMalloc", -FI_ENOMEM, error);
        buffer_ = static_cast<char *>(gpu_memory_);
        attr.iface = FI_HMEM_CUDA;
        attr.device.cuda = device;
    }
#endif
    if (!gpu) {
        memory_ = std::make_unique<MappedBuffer>(bytes);
        buffer_ = memory_->data();
        if (!buffer_) return failed("mmap", -FI_ENOMEM, error);
    }
    region.iov_base = buffer_;
    rc = fi_mr_regattr(domain_, &attr, 0, &mr_);
    if (rc) return failed(gpu ? "fi_mr_regattr (FI_HMEM_CUDA)" : "fi_mr_regattr", rc, error);
    if (info_->domain_attr->mr_mode & FI_MR_ENDPOINT) {
        if ((rc = fi_mr_bind(mr_, &ep_->fid, 0))) return failed("fi_mr_bind", rc, error);
        if ((rc = fi_mr_enable(mr_))) return failed("fi_mr_enable", rc, error);
    }
    desc_ = fi_mr_desc(mr_);
    return true;
}

RawFabric::Card RawFabric::card() const {
    Card card{};
    size_t length = sizeof card.address;
    fi_getname(&ep_->fid, card.address, &length);
    card.address_length = length;
    card.base = (info_->domain_attr->mr_mode & FI_MR_VIRT_ADDR) ? reinterpret_cast<uint64_t>(buffer_) : 0;
    card.key = fi_mr_key(mr_);
    return card;
}

bool RawFabric::connect(const Card &peer, std::string *error) {
    peer_card_ = peer;
    if (fi_av_insert(av_, peer.address, 1, &peer_, 0, nullptr) != 1) {
        *error = "fi_av_insert failed";
        return false;
    }
    return true;
}

void RawFabric::post(bool read, size_t local, size_t remote, size_t bytes) {
    iovec iov{buffer_ + local, bytes};
    fi_rma_iov rma{peer_card_.base + remote, bytes, peer_card_.key};
    fi_msg_rma msg{};
    msg.msg_iov = &iov;
    msg.desc = &desc_;
    msg.iov_count = 1;
    msg.addr = peer_;
    msg.rma_iov = &rma;
    msg.rma_iov_count = 1;
    msg.context = &contexts_[next_context_++ % 256];
    start(read ? "fi_read" : "fi_write", [&] {
        return read ? fi_readmsg(ep_, &msg, FI_COMPLETION) : fi_writemsg(ep_, &msg, FI_COMPLETION | write_completion_);
    });
}

bool RawFabric::fetch_add(size_t local, size_t remote) {
    if (!has_atomics()) return false;
    uint64_t *operand = reinterpret_cast<uint64_t *>(buffer_ + local);
    *operand = 1;
    fi_ioc source{operand, 1}, result{operand + 1, 1};
    fi_rma_ioc target{peer_card_.base + remote, 1, peer_card_.key};
    fi_msg_atomic msg{};
    msg.msg_iov = &source;
    msg.desc = &desc_;
    msg.iov_count = 1;
    msg.addr = peer_;
    msg.rma_iov = &target;
    msg.rma_iov_count = 1;
    msg.datatype = FI_UINT64;
    msg.op = FI_SUM;
    msg.context = &contexts_[next_context_++ % 256];
    start("fi_fetch_atomic", [&] { return fi_fetch_atomicmsg(ep_, &msg, &result, &desc_, 1, FI_COMPLETION); });
    return true;
}

void RawFabric::fail(const char *what, ssize_t rc) {
    std::fprintf(stderr, "baseline: %s failed: %s\n", what, fi_strerror(static_cast<int>(-rc)));
    std::exit(1);
}

void RawFabric::progress() { reap(); }

// Every completion is counted here, whoever polls, so none is lost to wait().
void RawFabric::reap() {
    fi_cq_entry entries[16];
    ssize_t got = fi_cq_read(cq_, entries, 16);
    if (got > 0) {
        completed_ += static_cast<uint64_t>(got);
    } else if (got != -FI_EAGAIN) {
        fi_cq_err_entry err{};
        fi_cq_readerr(cq_, &err, 0);
        std::fprintf(stderr, "baseline: completion error: %s\n", fi_strerror(err.err));
        std::exit(1);
    }
}

void RawFabric::wait(int count) {
    waited_ += static_cast<uint64_t>(count);
    while (completed_ < waited_) reap();
}
