// Memory for the benchmarks' private buffers, the same kind for fabshmem and the baseline:
// anonymous pages from a 2 MiB boundary, as the symmetric heap's are. Where a buffer starts
// changes copy speed by itself (a std::vector's data, 16 bytes past a page, made fabshmem's shm
// reads look 5-10% slower than the baseline's; whether huge pages can back it may matter too),
// so a ratio is only fair when both sides use the same kind.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

class MappedBuffer {
public:
    static constexpr size_t kAlignment = size_t{2} << 20;

    explicit MappedBuffer(size_t bytes) : bytes_(bytes) {
        void *memory = mmap(nullptr, bytes + kAlignment, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) return;
        mapping_ = memory;
        auto aligned = (reinterpret_cast<uintptr_t>(memory) + kAlignment - 1) & ~(kAlignment - 1);
        data_ = reinterpret_cast<char *>(aligned);
        std::memset(data_, 0, bytes);
    }
    ~MappedBuffer() {
        if (mapping_) munmap(mapping_, bytes_ + kAlignment);
    }
    MappedBuffer(const MappedBuffer &) = delete;
    MappedBuffer &operator=(const MappedBuffer &) = delete;

    char *data() const { return data_; }  // null when the mapping failed
    size_t size() const { return bytes_; }

private:
    size_t bytes_;
    void *mapping_ = nullptr;
    char *data_ = nullptr;
};
