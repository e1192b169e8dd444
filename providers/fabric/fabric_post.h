// How every fabric operation is started: the retry loop shared by RMA and atomics.
#pragma once

#include <rdma/fi_errno.h>

#include <chrono>
#include <vector>

#include "activity.h"
#include "cuda_support.h"
#include "fabric_transport.h"
#include "file_limit.h"
#include "log.h"

namespace fabshmem {

// One per posted operation: FI_CONTEXT providers own the fi_context2 until completion.
// Operations that may outlive their caller take one from the pool (acquire_context, released
// at the completion); a blocking caller that posts a single operation keeps it on its stack
// (no pool lock on either side).
struct FabricTransport::OpContext {
    fi_context2 fi;
    std::atomic<int> *remaining;  // the blocking caller's counter, or nullptr for nbi
    int pe;
    Op op;
    bool pooled = false;
    uint64_t operand = 0, result = 0;  // a non-blocking atomic's: valid until its completion
    std::vector<char> bounce{};        // a bounced put's copy of its source (kept for the next)
};

template <class Start>
void FabricTransport::start_operation(Op op, size_t bytes, int pe, Start start, bool completes) {
    if (completes) posted_.fetch_add(1, std::memory_order_relaxed);
    if (!cuda::on_library_thread()) note_user_post();
    std::chrono::steady_clock::time_point first_refusal{};
    for (;;) {
        ssize_t rc = start();
        if (rc == 0) return;
        if (rc != -FI_EAGAIN)
            fatal("fi_%s of %zu bytes to PE %d failed: %s%s", to_string(op), bytes, pe,
                  fi_strerror(static_cast<int>(-rc)), open_files_advice(static_cast<int>(-rc)).c_str());
        // "Try again" also means "still connecting": to a dead peer, for ever (tcp;ofi_rxm).
        auto now = std::chrono::steady_clock::now();
        if (first_refusal == std::chrono::steady_clock::time_point{}) first_refusal = now;
        if (unreachable_after_.count() > 0 && now - first_refusal > unreachable_after_) {
            // Connecting takes a socket: a process out of files gets "try again" for ever too.
            std::string files = open_files_advice(0);
            if (!files.empty())
                fatal("fi_%s to PE %d could not be started for %lld s (the provider kept answering 'try "
                      "again': a connection to PE %d needs a file)%s",
                      to_string(op), pe, static_cast<long long>(unreachable_after_.count()), pe, files.c_str());
            fatal("fi_%s to PE %d could not be started for %lld s (the provider kept answering "
                  "'try again'), while this PE was %s: PE %d or its node has most likely died or "
                  "is unreachable; ending the job (FABSHMEM_PEER_TIMEOUT sets how long to wait)",
                  to_string(op), pe, static_cast<long long>(unreachable_after_.count()),
                  describe_activity().c_str(), pe);
        }
        poll();  // the queue is full: reap completions, then try again
    }
}

}  // namespace fabshmem
