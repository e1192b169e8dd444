// The baseline of fabshmem-perf: a bare libfabric RDM endpoint doing plain fi_read/fi_write
// on one registered buffer, with the smallest completion loop there is. No library between
// the benchmark and the provider, so fabshmem / baseline is fabshmem's own overhead. Writes
// ask for FI_DELIVERY_COMPLETE (where offered), the guarantee fabshmem's put + quiet gives.
#pragma once

#include <rdma/fabric.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_errno.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "mapped_buffer.h"

class RawFabric {
public:
    // What a peer needs to reach this endpoint's buffer (exchanged through the symmetric heap).
    struct Card {
        uint8_t address[512];
        uint64_t address_length;
        uint64_t base;  // remote address of byte 0 (0 with offset addressing)
        uint64_t key;
    };

    ~RawFabric();
    // Opens `provider` (the one fabshmem chose) with a registered buffer of `bytes`: GPU memory
    // registered FI_HMEM_CUDA when `gpu` (a build with CUDA; the provider must offer FI_HMEM),
    // else host memory. The completion queue has no wait object unless `cq_wait_fd` (as
    // fabshmem's has by default) and the provider offers one: has_cq_wait_fd() says which.
    bool open(const std::string &provider, size_t bytes, bool cq_wait_fd, bool gpu, std::string *error);
    bool has_cq_wait_fd() const { return cq_wait_fd_; }
    Card card() const;
    bool connect(const Card &peer, std::string *error);

    char *buffer() const { return buffer_; }
    // Post one read/write between our buffer at `local` and the peer's at `remote`.
    void read(size_t local, size_t remote, size_t bytes) { post(true, local, remote, bytes); }
    void write(size_t local, size_t remote, size_t bytes) { post(false, local, remote, bytes); }
    // Post one fetch-and-add of 1 on the peer's 8-byte word at `remote`, the old value landing
    // at `local` (fi_fetch_atomic); false where the provider has no atomics.
    bool fetch_add(size_t local, size_t remote);
    bool has_atomics() const { return atomics_ && !gpu_memory_; }  // host memory only
    // Spin on the completion queue until `count` more operations completed.
    void wait(int count);
    // One poll: on manual-progress providers the target must call this to serve peers.
    void progress();

private:
    void post(bool read, size_t local, size_t remote, size_t bytes);
    // Calls `post` until the provider takes the operation (reaping completions meanwhile).
    template <class Post>
    void start(const char *what, Post post) {
        for (;;) {
            ssize_t rc = post();
            if (rc == 0) return;
            if (rc != -FI_EAGAIN) fail(what, rc);
            progress();
        }
    }
    [[noreturn]] static void fail(const char *what, ssize_t rc);
    void reap();

    fi_info *info_ = nullptr;
    fid_fabric *fabric_ = nullptr;
    fid_domain *domain_ = nullptr;
    fid_av *av_ = nullptr;
    fid_cq *cq_ = nullptr;
    fid_ep *ep_ = nullptr;
    fid_mr *mr_ = nullptr;
    void *desc_ = nullptr;
    std::unique_ptr<MappedBuffer> memory_;  // the registered buffer (host memory)
    void *gpu_memory_ = nullptr;            // or this one (GPU memory)
    char *buffer_ = nullptr;
    fi_addr_t peer_ = FI_ADDR_UNSPEC;
    uint64_t write_completion_ = 0;  // FI_DELIVERY_COMPLETE where the provider offers it
    bool atomics_ = false;           // opened with FI_ATOMIC
    bool cq_wait_fd_ = false;        // the completion queue has a wait fd
    Card peer_card_{};
    fi_context2 contexts_[256];
    unsigned next_context_ = 0;
    uint64_t completed_ = 0;  // completions reaped so far
    uint64_t waited_ = 0;     // completions asked for by wait() so far
};
