#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "heap_allocator.h"

using fabshmem::HeapAllocator;

TEST(HeapAllocator, SameCallsGiveSameOffsets) {
    HeapAllocator a(1 << 20), b(1 << 20);
    for (size_t size : {1, 100, 4096, 7, 65536}) EXPECT_EQ(a.allocate(size), b.allocate(size));
}

TEST(HeapAllocator, BlocksAreAlignedAndDisjoint) {
    HeapAllocator heap(1 << 20);
    auto first = heap.allocate(10);
    auto second = heap.allocate(10, 4096);
    auto third = heap.allocate(1);
    ASSERT_TRUE(first && second && third);
    EXPECT_EQ(*first % HeapAllocator::kMinAlignment, 0u);
    EXPECT_EQ(*second % 4096, 0u);
    EXPECT_GE(*second, *first + 10);
    EXPECT_NE(*third, *first);
    EXPECT_EQ(heap.live_blocks(), 3u);
}

TEST(HeapAllocator, RefusesWhatDoesNotFit) {
    HeapAllocator heap(4096);
    EXPECT_FALSE(heap.allocate(4097));
    EXPECT_FALSE(heap.allocate(0));
    EXPECT_FALSE(heap.allocate(64, 3));  // not a power of two
    auto all = heap.allocate(4096);
    ASSERT_TRUE(all);
    EXPECT_FALSE(heap.allocate(1));
    EXPECT_EQ(heap.release(*all), HeapAllocator::ReleaseResult::released);
    EXPECT_TRUE(heap.allocate(4096));
}

TEST(HeapAllocator, ReleaseTellsMisuseApart) {
    HeapAllocator heap(1 << 16);
    auto block = heap.allocate(256);
    ASSERT_TRUE(block);
    EXPECT_EQ(heap.release(*block + 8), HeapAllocator::ReleaseResult::inside_live_block);
    EXPECT_EQ(heap.release(*block), HeapAllocator::ReleaseResult::released);
    EXPECT_EQ(heap.release(*block), HeapAllocator::ReleaseResult::not_live);
    EXPECT_EQ(heap.release(60000), HeapAllocator::ReleaseResult::not_live);
}

TEST(HeapAllocator, FreedRangesCoalesceSoTheHeapNeverGrows) {
    HeapAllocator heap(1 << 20);
    for (int round = 0; round < 1000; ++round) {
        auto a = heap.allocate(1000), b = heap.allocate(50000), c = heap.allocate(3);
        ASSERT_TRUE(a && b && c);
        EXPECT_EQ(*a, 0u);  // the same place every round
        heap.release(*b);
        heap.release(*a);
        heap.release(*c);
    }
    EXPECT_EQ(heap.live_bytes(), 0u);
    EXPECT_EQ(heap.largest_free_range(), size_t{1} << 20);
}

TEST(HeapAllocator, RandomSequencesKeepBlocksDisjoint) {
    HeapAllocator heap(1 << 22);
    std::mt19937 rng(42);
    std::vector<std::pair<size_t, size_t>> live;
    for (int step = 0; step < 20000; ++step) {
        if (live.empty() || rng() % 3 != 0) {
            size_t size = 1 + rng() % 20000;
            size_t alignment = size_t{1} << (rng() % 13);
            if (auto offset = heap.allocate(size, alignment)) {
                EXPECT_EQ(*offset % alignment, 0u);
                for (const auto &[start, length] : live)
                    ASSERT_TRUE(*offset + size <= start || start + length <= *offset);
                live.emplace_back(*offset, size);
            }
        } else {
            size_t index = rng() % live.size();
            ASSERT_EQ(heap.release(live[index].first), HeapAllocator::ReleaseResult::released);
            live.erase(live.begin() + static_cast<long>(index));
        }
    }
    for (const auto &block : live) heap.release(block.first);
    EXPECT_EQ(heap.largest_free_range(), size_t{1} << 22);
}
