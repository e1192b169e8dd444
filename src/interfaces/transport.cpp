#include "transport.h"

namespace fabshmem {

bool Transport::wait_for_activity(int) { return poll(); }

void Transport::strided(bool put, char *local, ptrdiff_t local_stride, size_t offset, ptrdiff_t remote_stride,
                        size_t nelems, size_t element, int pe) {
    for (size_t i = 0; i < nelems; ++i) {
        const ptrdiff_t at = static_cast<ptrdiff_t>(i);
        const size_t remote = static_cast<size_t>(static_cast<ptrdiff_t>(offset) + at * remote_stride);
        if (put) this->put(remote, local + at * local_stride, element, pe, false);
        else get(local + at * local_stride, remote, element, pe, false);
    }
}

}  // namespace fabshmem
