#include "transport.h"

#include "log.h"

namespace fabshmem {

uint64_t Transport::atomic(const AtomicRequest &request, int pe) {
    void *word = local_address(request.offset, pe);
    if (!word) fatal("the %s transport cannot reach PE %d's heap for an atomic", name(), pe);
    return cpu_atomic(word, request);
}

bool Transport::wait_for_activity(int) { return poll(); }

}  // namespace fabshmem
