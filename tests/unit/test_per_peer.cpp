// The fabric's per-peer columns (providers/fabric/per_peer.h): stored once where every PE's
// number is the same, not at all where it is the PE number, in a table only where PEs differ.
#include <gtest/gtest.h>

#include "../../providers/fabric/per_peer.h"

using namespace fabshmem;

TEST(PerPeer, SameNumberIsStoredOnce) {
    PerPeer keys(std::vector<uint64_t>(1000, 42));
    EXPECT_EQ(keys.bytes_per_peer(), 0u);
    EXPECT_EQ(keys[0], 42u);
    EXPECT_EQ(keys[999], 42u);
}

TEST(PerPeer, PeNumberIsNotStored) {
    std::vector<uint64_t> addresses(64);
    for (size_t pe = 0; pe < addresses.size(); ++pe) addresses[pe] = pe;
    PerPeer table(addresses);
    EXPECT_EQ(table.bytes_per_peer(), 0u);
    for (size_t pe = 0; pe < addresses.size(); ++pe) EXPECT_EQ(table[pe], pe);
}

TEST(PerPeer, DifferingNumbersAreKeptPerPeer) {
    std::vector<uint64_t> bases = {0x7f0000000000, 0x7f1000000000, 0x7f0000000000, 3};
    PerPeer table(bases);
    EXPECT_EQ(table.bytes_per_peer(), sizeof(uint64_t));
    for (size_t pe = 0; pe < bases.size(); ++pe) EXPECT_EQ(table[pe], bases[pe]);
    // The PE numbers but one: a table too.
    PerPeer almost(std::vector<uint64_t>{0, 1, 5, 3});
    EXPECT_EQ(almost.bytes_per_peer(), sizeof(uint64_t));
    EXPECT_EQ(almost[2], 5u);
    EXPECT_EQ(almost[3], 3u);
}

TEST(PerPeer, OnePeOrNone) {
    EXPECT_EQ(PerPeer(std::vector<uint64_t>{7})[0], 7u);
    EXPECT_EQ(PerPeer(std::vector<uint64_t>{}).bytes_per_peer(), 0u);
}
