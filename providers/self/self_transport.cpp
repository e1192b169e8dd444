// This PE's own symmetric space: memory copies (cudaMemcpy for a GPU heap) and CPU atomics.
// Always opened first, so a PE reaches itself without any other transport.
#include "heap_copy.h"
#include "transport.h"

namespace fabshmem {
namespace {

class SelfTransport final : public Transport {
public:
    SelfTransport(const SymmetricSpace &space, int my_pe)
        : base_(space.data.base), extension_(space.extension.base), statics_(space.statics.base),
          signals_(space.signals.base), cuda_(space.cuda), my_pe_(my_pe) {}
    const char *name() const override { return "self"; }
    unsigned caps() const override { return kLoadStore | kDeviceMemory; }
    bool reaches(int pe) const override { return pe == my_pe_; }
    void get(void *dest, size_t offset, size_t bytes, int, bool blocking) override {
        heap_copy(cuda_ && !is_static_offset(offset), dest, at(offset), bytes, blocking);
    }
    void put(size_t offset, const void *src, size_t bytes, int, bool blocking) override {
        heap_copy(cuda_ && !is_static_offset(offset), at(offset), src, bytes, blocking);
    }
    uint64_t atomic(const AtomicRequest &request, int) override {
        return atomic_at(at(request.offset), cuda_ && !is_static_offset(request.offset), request);
    }
    void put_signal(size_t offset, uint64_t value, int) override {
        __atomic_store_n(reinterpret_cast<uint64_t *>(signals_ + offset), value, __ATOMIC_RELEASE);
    }
    void quiet() override { heap_copies_complete(cuda_); }
    void fence() override { __atomic_thread_fence(__ATOMIC_RELEASE); }
    void *local_address(size_t offset, int) override { return at(offset); }

private:
    char *at(size_t offset) const {
        if (is_extension_offset(offset)) return extension_ + (offset - kExtensionOffset);
        return is_static_offset(offset) ? statics_ + (offset - kStaticOffset) : base_ + offset;
    }

    char *base_;
    char *extension_;  // the GPU heap's extension window, or null
    char *statics_;  // null without symmetric static data
    char *signals_;
    bool cuda_;
    int my_pe_;
};

std::unique_ptr<Transport> open_self(const TransportContext &context, Status *) {
    return std::make_unique<SelfTransport>(context.space, context.bootstrap.rank());
}

std::string describe_self() { return "this PE's own heap: memory copies"; }

}  // namespace

extern const TransportEntry transport_entry_self = {"self", open_self, describe_self};

}  // namespace fabshmem
