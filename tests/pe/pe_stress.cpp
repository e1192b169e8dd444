// Stress on the symmetric heap and on large transfers: `pe_stress CASE`.
//   alloc [OPS]  OPS (default 100000) random collective allocations and frees, the same
//                sequence on every PE (one seed): each block is filled with its own pattern
//                and checked before it is freed (no block ever overlaps another), and every
//                1000 operations a random live block is read from the next PE and checked
//                (the block has the same offset there)
//   exhaust      1 MiB blocks until the heap is full (NULL, with a message), free them all,
//                then the same number fits again and so does one block of half the heap
//   big [MiB]    one put and one get of MiB (default 1100) between PE 0 and PE 1, every byte
//                checked (with FABSHMEM_MAX_MSG_SIZE below it the fabric splits them)
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "nvshmemx.h"
#include "pe_check.h"

namespace {

unsigned char block_byte(unsigned id, size_t i, int pe) {
    return static_cast<unsigned char>(id * 131u + i * 7u + (i >> 11) + pe * 29u);
}

struct Block {
    unsigned id;
    unsigned char *ptr;
    size_t size;
};

void fill(const Block &b, int pe) {
    for (size_t i = 0; i < b.size; ++i) b.ptr[i] = block_byte(b.id, i, pe);
}

void verify(const unsigned char *data, const Block &b, int pe, const char *what) {
    for (size_t i = 0; i < b.size; ++i)
        PE_CHECK(data[i] == block_byte(b.id, i, pe), "%s: block %u (%zu bytes) byte %zu is %d, expected %d",
                 what, b.id, b.size, i, data[i], block_byte(b.id, i, pe));
}

void stress_alloc(long ops) {
    int me = nvshmem_my_pe(), next = (me + 1) % nvshmem_n_pes();
    std::mt19937_64 random(12345);  // the same sequence on every PE: allocation is collective
    std::vector<Block> live;
    std::vector<unsigned char> fetched;
    unsigned next_id = 0;
    size_t most_live = 0;
    for (long op = 0; op < ops; ++op) {
        bool allocate = live.empty() || (live.size() < 256 && random() % 2 == 0);
        if (allocate) {
            size_t size = random() % 100 == 0 ? (size_t{1} << 20) + random() % 4096 : 1 + random() % 16384;
            size_t alignment = size_t{1} << (random() % 13);  // 1 B .. 4 KiB
            auto *ptr = static_cast<unsigned char *>(nvshmem_align(alignment, size));
            PE_CHECK(ptr != nullptr, "operation %ld: nvshmem_align(%zu, %zu) failed with %zu blocks live", op,
                     alignment, size, live.size());
            PE_CHECK(reinterpret_cast<uintptr_t>(ptr) % alignment == 0, "operation %ld: %p is not %zu-aligned",
                     op, static_cast<void *>(ptr), alignment);
            live.push_back(Block{next_id++, ptr, size});
            fill(live.back(), me);
            most_live = std::max(most_live, live.size());
        } else {
            size_t index = random() % live.size();
            verify(live[index].ptr, live[index], me, "before free");
            nvshmem_free(live[index].ptr);
            live[index] = live.back();
            live.pop_back();
        }
        if (op % 1000 == 999 && !live.empty()) {
            const Block &b = live[random() % live.size()];
            nvshmem_barrier_all();  // the peer has filled it too
            fetched.resize(b.size);
            nvshmem_getmem(fetched.data(), b.ptr, b.size, next);
            verify(fetched.data(), b, next, "read from the next PE");
        }
    }
    for (const Block &b : live) {
        verify(b.ptr, b, me, "at the end");
        nvshmem_free(b.ptr);
    }
    if (me == 0)
        std::printf("alloc: %ld random allocations and frees, up to %zu blocks live, all verified\n", ops, most_live);
}

void stress_exhaust() {
    const size_t mib = size_t{1} << 20;
    std::vector<void *> blocks;
    while (void *block = nvshmem_malloc(mib)) {
        std::memset(block, 0x5a, mib);
        blocks.push_back(block);
    }
    size_t fitted = blocks.size();
    PE_CHECK(fitted > 0, "not even one 1 MiB block fits");
    for (void *block : blocks) nvshmem_free(block);
    blocks.clear();
    for (size_t i = 0; i < fitted; ++i) {
        void *block = nvshmem_malloc(mib);
        PE_CHECK(block != nullptr, "after freeing everything, block %zu of %zu no longer fits", i, fitted);
        blocks.push_back(block);
    }
    for (void *block : blocks) nvshmem_free(block);
    void *half = nvshmem_malloc(fitted * mib / 2);
    PE_CHECK(half != nullptr, "after freeing everything, half the heap (%zu MiB) does not fit", fitted / 2);
    nvshmem_free(half);
    if (nvshmem_my_pe() == 0) std::printf("exhaust: %zu blocks of 1 MiB filled the heap; all fit again after freeing\n", fitted);
}

void stress_big(size_t mib) {
    int me = nvshmem_my_pe();
    const size_t bytes = mib << 20;
    auto *block = static_cast<unsigned char *>(nvshmem_malloc(bytes));
    PE_CHECK(block != nullptr, "cannot allocate %zu MiB (set FABSHMEM_SYMMETRIC_SIZE above it)", mib);
    Block whole{7, block, bytes};
    fill(whole, me);
    std::vector<unsigned char> local(bytes);
    nvshmem_barrier_all();
    if (me == 0) {
        nvshmem_getmem(local.data(), block, bytes, 1);  // one call: PE 1's pattern
        verify(local.data(), whole, 1, "one get");
        Block mine{9, local.data(), bytes};
        fill(mine, 0);
        nvshmem_putmem(block, local.data(), bytes, 1);  // one call: PE 0's pattern 9 into PE 1
        nvshmem_quiet();
    }
    nvshmem_barrier_all();
    if (me == 1) verify(block, Block{9, block, bytes}, 0, "one put");
    nvshmem_barrier_all();
    nvshmem_free(block);
    if (me == 0) std::printf("big: one get and one put of %zu MiB through %s, every byte verified\n", mib, fabshmemx_provider_name());
}

}  // namespace

int main(int argc, char **argv) {
    std::string which = argc > 1 ? argv[1] : "";
    nvshmem_init();
    PE_CHECK(nvshmem_n_pes() >= 2, "run with 2 or more PEs");
    if (which == "alloc") stress_alloc(argc > 2 ? std::atol(argv[2]) : 100000);
    else if (which == "exhaust") stress_exhaust();
    else if (which == "big") stress_big(argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1100);
    else {
        std::fprintf(stderr, "unknown case '%s'\n", which.c_str());
        return 2;
    }
    pe_pass(("pe_stress " + which).c_str());
    nvshmem_finalize();
    return 0;
}
