// The collective steps that change a GPU heap's extension (extension_space.h): a segment is
// added on every PE at the same place, or on none; it is shared with node peers (the
// transports) and kernels learn the new bounds.
#include <vector>

#include "cuda_support.h"
#include "log.h"
#include "runtime.h"

namespace fabshmem {

std::optional<size_t> add_extension_segment(Runtime &rt, const char *function, ExtensionSpace::Segment segment,
                                            const std::string &refused, std::string *why) {
    // This PE's part: a place in the window, memory (unless the program brought its own), the mapping.
    std::string error = refused;
    bool mapped = false;
    ExtensionSpace &extension = rt.extension;
    if (error.empty() && !extension.available())
        error = rt.heap.kind() == HeapKind::cuda ? extension.unavailable_reason() : "the symmetric heap is in host memory";
    if (error.empty()) {
        // A program's buffer is mapped as it is (its size is a multiple of its own granularity).
        segment.bytes = segment.program_buffer ? segment.requested : extension.round_up(segment.requested);
        auto start = extension.place(segment.bytes);
        if (!start) error = "the extension's address window is full";
        else segment.start = *start;
        bool have_memory = start && (segment.handle || cuda::vmm_create(segment.bytes, &segment.handle, &error));
        mapped = have_memory && extension.add(segment, &error);
    }
    if (!mapped && segment.handle) cuda::vmm_release(segment.handle);

    // Every PE's part, or none: same place and size everywhere.
    struct Outcome {
        uint64_t mapped, start, bytes;
    } mine{mapped, segment.start, segment.bytes};
    std::vector<Outcome> all(rt.n_pes);
    if (rt.bootstrap->allgather(&mine, sizeof mine, all.data()) != Status::ok)
        fatal("%s: exchanging the outcome of a collective mapping failed", function);
    int failed_pe = -1;
    for (int pe = 0; pe < rt.n_pes && failed_pe < 0; ++pe)
        if (!all[pe].mapped || all[pe].start != mine.start || all[pe].bytes != mine.bytes) failed_pe = pe;
    if (failed_pe >= 0) {
        if (mapped) extension.remove(segment.start);
        if (!mapped) *why = error;
        else if (!all[failed_pe].mapped) *why = "PE " + std::to_string(failed_pe) + " could not map its part (see its message)";
        else *why = "PE " + std::to_string(failed_pe) + " asked for " + std::to_string(all[failed_pe].bytes) +
                    " bytes, this PE for " + std::to_string(mine.bytes) + "; every PE must make the same calls";
        return std::nullopt;
    }
    rt.routing.add_extension(segment.as_seen_by_transports());
    if (rt.device) rt.device->set_extension_size(extension.extent());
    return segment.start;
}

void remove_extension_segment(Runtime &rt, const ExtensionSpace::Segment &segment) {
    // Nobody may still be moving data in or out of it.
    quiet_all(rt);
    sync_all(rt);
    rt.routing.remove_extension(segment.as_seen_by_transports());
    rt.extension.remove(segment.start);
    if (rt.device) rt.device->set_extension_size(rt.extension.extent());
}

std::optional<size_t> symmetric_offset(const Runtime &rt, const void *ptr, size_t bytes) {
    if (rt.heap.contains(ptr, bytes)) return rt.heap.offset_of(ptr);
    if (rt.extension.segment_containing(ptr, bytes)) return rt.extension.offset_of(ptr);
    if (rt.statics.contains(ptr, bytes)) return rt.statics.offset_of(ptr);
    return std::nullopt;
}

bool in_gpu_symmetric_memory(const Runtime &rt, const void *ptr, size_t bytes) {
    return rt.heap.kind() == HeapKind::cuda &&
           (rt.heap.contains(ptr, bytes) || rt.extension.segment_containing(ptr, bytes));
}

}  // namespace fabshmem
