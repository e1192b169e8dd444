// Strided get and put (iget, iput) with several elements in one message: fi_readmsg and
// fi_writemsg take as many local and remote pieces as the provider's iov limits allow (tcp and
// shm: 4), so a stride of small elements costs a quarter of the messages. Over tcp each message
// is a send into the kernel (most of a small put's time): a PE's iput of 1,024 longs took
// about 10 ms one message per element.
#include "fabric_post.h"

namespace fabshmem {

void FabricTransport::strided(bool put, char *local, ptrdiff_t local_stride, size_t offset, ptrdiff_t remote_stride,
                              size_t nelems, size_t element, int pe) {
    // Pieces of several elements per message need host memory here (no local descriptors:
    // not under FI_MR_LOCAL, nor for GPU memory), the direct path, and room in one message.
    const size_t per_message = std::min(pieces_per_message_, max_msg_size_ / std::max<size_t>(element, 1));
    if (per_message < 2 || nelems < 2 || mr_local_ || stage(offset, element) || cuda::is_device_pointer(local))
        return Transport::strided(put, local, local_stride, offset, remote_stride, nelems, element, pe);
    const Op op = put ? Op::write : Op::read;
    iovec pieces[kMostPiecesPerMessage];
    fi_rma_iov targets[kMostPiecesPerMessage];
    void *desc[kMostPiecesPerMessage] = {};
    for (size_t first = 0; first < nelems; first += per_message) {
        const size_t count = std::min(per_message, nelems - first);
        for (size_t k = 0; k < count; ++k) {
            const ptrdiff_t at = static_cast<ptrdiff_t>(first + k);
            auto [region, region_offset] = remote(pe, static_cast<size_t>(static_cast<ptrdiff_t>(offset) + at * remote_stride));
            pieces[k] = iovec{local + at * local_stride, element};
            targets[k] = fi_rma_iov{region.base + region_offset, element, region.key};
        }
        const size_t bytes = count * element;
        const bool inject = put && bytes <= inject_size_;
        std::unique_lock<std::mutex> confirming;  // held through the post (fabric_confirm.cpp)
        WritePosting posting = put ? confirmed_write(pe, bytes, inject, confirming) : WritePosting::usual;
        // A message of several pieces has no fi_inject_write: an injected one takes a (local)
        // completion, counted like any other.
        post_message(op, pieces, desc, count, pe, targets, nullptr, write_flags(posting, inject));
    }
}

}  // namespace fabshmem
