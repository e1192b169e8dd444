// One-sided get and put: untyped, typed (from the one type table), sized and strided; quiet and fence.
#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "activity.h"
#include "nvshmem.h"
#include "rma.h"
#include "runtime.h"
#include "span_read.h"

namespace fabshmem {
namespace {

// Over a fabric each get of a strided get is a message: where the peer's heap is not mapped,
// its elements come by span (span_read.h) when they lie close enough.
// `remote_offset`: element 0's offset on `pe`, the others `remote_stride` bytes apart.
bool get_by_span(Transport &route, int pe, char *local, ptrdiff_t local_stride, size_t remote_offset,
                 ptrdiff_t remote_stride, size_t nelems, size_t element) {
    const size_t stride = static_cast<size_t>(remote_stride < 0 ? -remote_stride : remote_stride);
    if (nelems < 2 || route.local_address(remote_offset, pe) || !read_by_span(stride, element, local)) return false;
    const size_t per_get = pieces_per_span(std::max(stride, element));
    std::vector<char> span;
    for (size_t first = 0; first < nelems; first += per_get) {
        const size_t count = std::min(per_get, nelems - first);
        auto at = [&](size_t i) { return static_cast<ptrdiff_t>(i) * remote_stride; };  // from element 0
        const ptrdiff_t low = std::min(at(first), at(first + count - 1));
        const size_t bytes = static_cast<size_t>(std::max(at(first), at(first + count - 1)) - low) + element;
        span.resize(bytes);
        route.get(span.data(), static_cast<size_t>(static_cast<ptrdiff_t>(remote_offset) + low), bytes, pe, true);
        for (size_t i = first; i < first + count; ++i)
            std::memcpy(local + static_cast<ptrdiff_t>(i) * local_stride, span.data() + (at(i) - low), element);
    }
    return true;
}

}  // namespace

void get_bytes(const char *function, void *dest, const void *source, size_t bytes, int pe,
               bool blocking) {
    Runtime &rt = runtime_for(function);
    size_t offset = checked_remote_offset(rt, function, source, bytes, pe, dest);
    ActivityScope activity(blocking ? "in a blocking get from" : "in a non-blocking get from", pe);
    if (bytes) rt.route(pe).get(dest, offset, bytes, pe, blocking);
}

void put_bytes(const char *function, void *dest, const void *source, size_t bytes, int pe,
               bool blocking) {
    Runtime &rt = runtime_for(function);
    size_t offset = checked_remote_offset(rt, function, dest, bytes, pe, source);
    ActivityScope activity(blocking ? "in a blocking put to" : "in a non-blocking put to", pe);
    if (bytes) rt.route(pe).put(offset, source, bytes, pe, blocking);
}

void strided_bytes(const char *function, bool put, void *dest, const void *source, ptrdiff_t dst,
                   ptrdiff_t sst, size_t nelems, size_t element, int pe) {
    Runtime &rt = runtime_for(function);
    if (nelems == 0) {
        checked_remote_offset(rt, function, put ? dest : source, 0, pe, nullptr);  // the PE, still
        return;
    }
    // The remote side's whole span is checked once: its elements lie between its first and last.
    const ptrdiff_t remote_stride = static_cast<ptrdiff_t>(element) * (put ? dst : sst);
    const char *remote = static_cast<const char *>(put ? dest : source);
    const char *low = remote, *high = remote + static_cast<ptrdiff_t>(nelems - 1) * remote_stride;
    if (high < low) std::swap(low, high);
    const size_t low_offset = checked_remote_offset(rt, function, low, static_cast<size_t>(high - low) + element, pe,
                                                    put ? source : dest);
    const ptrdiff_t local_stride = static_cast<ptrdiff_t>(element) * (put ? sst : dst);
    char *local = static_cast<char *>(put ? const_cast<void *>(source) : dest);
    ActivityScope activity(put ? "in a strided put to" : "in a strided get from", pe);
    Transport &route = rt.route(pe);
    const size_t first_offset = low_offset + static_cast<size_t>(remote - low);  // element 0's
    if (!put && get_by_span(route, pe, local, local_stride, first_offset, remote_stride, nelems, element)) return;
    route.strided(put, local, local_stride, first_offset, remote_stride, nelems, element, pe);
    // The blocking call's promise: complete (get), or the source reusable (put).
    route.quiet();
}

}  // namespace fabshmem

using namespace fabshmem;

extern "C" {

void nvshmem_getmem(void *dest, const void *source, size_t nelems, int pe) {
    get_bytes("nvshmem_getmem", dest, source, nelems, pe, true);
}
void nvshmem_putmem(void *dest, const void *source, size_t nelems, int pe) {
    put_bytes("nvshmem_putmem", dest, source, nelems, pe, true);
}
void nvshmem_getmem_nbi(void *dest, const void *source, size_t nelems, int pe) {
    get_bytes("nvshmem_getmem_nbi", dest, source, nelems, pe, false);
}
void nvshmem_putmem_nbi(void *dest, const void *source, size_t nelems, int pe) {
    put_bytes("nvshmem_putmem_nbi", dest, source, nelems, pe, false);
}

#define FABSHMEM_DEFINE_TYPED_RMA(NAME, TYPE)                                                   \
    void nvshmem_##NAME##_get(TYPE *dest, const TYPE *source, size_t nelems, int pe) {          \
        const char *fn = "nvshmem_" #NAME "_get";                                               \
        get_bytes(fn, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)), pe, true);         \
    }                                                                                           \
    void nvshmem_##NAME##_put(TYPE *dest, const TYPE *source, size_t nelems, int pe) {          \
        const char *fn = "nvshmem_" #NAME "_put";                                               \
        put_bytes(fn, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)), pe, true);         \
    }                                                                                           \
    void nvshmem_##NAME##_get_nbi(TYPE *dest, const TYPE *source, size_t nelems, int pe) {      \
        const char *fn = "nvshmem_" #NAME "_get_nbi";                                           \
        get_bytes(fn, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)), pe, false);        \
    }                                                                                           \
    void nvshmem_##NAME##_put_nbi(TYPE *dest, const TYPE *source, size_t nelems, int pe) {      \
        const char *fn = "nvshmem_" #NAME "_put_nbi";                                           \
        put_bytes(fn, dest, source, checked_bytes(fn, nelems, sizeof(TYPE)), pe, false);        \
    }                                                                                           \
    TYPE nvshmem_##NAME##_g(const TYPE *source, int pe) {                                       \
        TYPE value;                                                                             \
        get_bytes("nvshmem_" #NAME "_g", &value, source, sizeof(TYPE), pe, true);               \
        return value;                                                                           \
    }                                                                                           \
    void nvshmem_##NAME##_p(TYPE *dest, TYPE value, int pe) {                                   \
        put_bytes("nvshmem_" #NAME "_p", dest, &value, sizeof(TYPE), pe, true);                 \
    }
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DEFINE_TYPED_RMA)
#undef FABSHMEM_DEFINE_TYPED_RMA

#define FABSHMEM_DEFINE_NVSHMEM_STRIDED(NAME, TYPE) FABSHMEM_DEFINE_STRIDED(nvshmem, NAME##_iput, NAME##_iget, TYPE)
FABSHMEM_FOR_EACH_RMA_TYPE(FABSHMEM_DEFINE_NVSHMEM_STRIDED)
#undef FABSHMEM_DEFINE_NVSHMEM_STRIDED
#define FABSHMEM_DEFINE_NVSHMEM_SIZED(BITS) FABSHMEM_DEFINE_SIZED(nvshmem, BITS)
FABSHMEM_FOR_EACH_RMA_SIZE(FABSHMEM_DEFINE_NVSHMEM_SIZED)
#undef FABSHMEM_DEFINE_NVSHMEM_SIZED

void nvshmem_quiet(void) { quiet_from_host(runtime_for("nvshmem_quiet"), "nvshmem_quiet"); }

void nvshmem_fence(void) {
    Runtime &rt = runtime_for("nvshmem_fence");
    rt.routing.fence();
}

void nvshmem_barrier_all(void) {
    Runtime &rt = runtime_for("nvshmem_barrier_all");
    quiet_from_host(rt, "nvshmem_barrier_all");
    sync_all(rt);
}

void nvshmem_sync_all(void) { sync_all(runtime_for("nvshmem_sync_all")); }

}  // extern "C"
