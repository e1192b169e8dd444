// Reading elements spread over a peer's heap through a fabric, where each get is a message:
// elements at most kDenseStride elements apart come in gets of the span that holds them (at
// most kSpanBytes a get) into host memory here and are placed from there. Strided get and the
// strided alltoall share this policy.
#pragma once

#include <algorithm>
#include <cstddef>

#include "cuda_support.h"

namespace fabshmem {

constexpr size_t kDenseStride = 64;             // elements: a span at most 64 times the payload
constexpr size_t kSpanBytes = size_t{4} << 20;  // a get's span, and the scratch it lands in

// Whether elements `stride_bytes` apart, bound for `local`, are read by span: dense enough, and
// `local` in host memory (the span is placed from host scratch by memcpy).
inline bool read_by_span(size_t stride_bytes, size_t element, const void *local) {
    return stride_bytes <= kDenseStride * element && !cuda::is_device_pointer(local);
}

// How many pieces of `piece_bytes` one span holds: at least one.
inline size_t pieces_per_span(size_t piece_bytes) { return std::max<size_t>(1, kSpanBytes / piece_bytes); }

}  // namespace fabshmem
