// NIC and progress-core placement on recorded topologies (tests/topology/*.xml, written by
// make_topologies.py), and discovery on the live machine.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "topology.h"

using fabshmem::NicCandidate;
using fabshmem::Topology;

namespace {

std::unique_ptr<Topology> recorded(const char *name) {
    std::string why;
    auto topology = Topology::load_xml(std::string(FABSHMEM_TOPOLOGY_DIR) + "/" + name, &why);
    EXPECT_TRUE(topology) << why;
    return topology;
}

std::string bus(unsigned b, unsigned device) {
    char id[16];
    std::snprintf(id, sizeof id, "0000:%02x:%02x.0", b, device);
    return id;
}

// DGX-like: GPU i and NIC i on one switch, bus 0x11 + 2i (package 0) or 0x91 + 2(i-4).
std::string dgx_bus(int i) { return bus(i < 4 ? 0x11 + 2 * i : 0x91 + 2 * (i - 4), 0); }
std::string dgx_nic_bus(int i) { return bus(i < 4 ? 0x11 + 2 * i : 0x91 + 2 * (i - 4), 1); }

}  // namespace

TEST(Topology, DgxEveryGpuGetsTheNicOnItsSwitch) {
    auto topology = recorded("dgx-h100.xml");
    ASSERT_TRUE(topology);
    std::vector<NicCandidate> nics;  // in reverse, so order alone cannot give the answer
    for (int i = 7; i >= 0; --i) nics.push_back({dgx_nic_bus(i), ""});
    for (int rank = 0; rank < 8; ++rank)
        EXPECT_EQ(topology->closest_nic(nics, dgx_bus(rank), rank), 7 - rank) << "local rank " << rank;
    EXPECT_EQ(topology->summary(), "2 package(s), 16 core(s), 16 PU(s), 8 GPU(s), 8 NIC(s)");
}

TEST(Topology, DgxProgressCoreIsBesideTheBoundPeNearItsGpu) {
    auto topology = recorded("dgx-h100.xml");
    ASSERT_TRUE(topology);
    // Local rank r bound to core 2r (srun --cpu-bind spreading PEs: 0-3 on package 0, 4-7 on
    // package 1), GPU r on the same package; progress cores are the odd ones, in rank order.
    std::vector<int> node_bindings;
    for (int rank = 0; rank < 8; ++rank) node_bindings.push_back(2 * rank);
    const int expected[] = {1, 3, 5, 7, 9, 11, 13, 15};
    for (int rank = 0; rank < 8; ++rank)
        EXPECT_EQ(topology->progress_cpu(dgx_bus(rank), rank, {2 * rank}, node_bindings), expected[rank])
            << "local rank " << rank;
    // An unbound PE: no choice to make.
    EXPECT_EQ(topology->progress_cpu(dgx_bus(0), 0, {}, node_bindings), -1);
}

TEST(Topology, FourGpuNodeProgressCoresAvoidEveryPesCore) {
    auto topology = recorded("gpu4-nic2.xml");
    ASSERT_TRUE(topology);
    // PEs bound to cores 0-3 of the one package: progress threads on 4-7.
    std::vector<int> node_bindings = {0, 1, 2, 3};
    for (int rank = 0; rank < 4; ++rank) {
        std::string gpu = rank < 2 ? bus(0x11, rank) : bus(0x13, rank - 2);
        EXPECT_EQ(topology->progress_cpu(gpu, rank, {rank}, node_bindings), 4 + rank) << "local rank " << rank;
    }
}

TEST(Topology, CpuOnlyNodeProgressCoreNearTheBinding) {
    auto topology = recorded("cpu-only.xml");
    ASSERT_TRUE(topology);
    EXPECT_EQ(topology->progress_cpu("", 0, {0}, {0, 1}), 2);
    EXPECT_EQ(topology->progress_cpu("", 1, {1}, {0, 1}), 3);
    EXPECT_EQ(topology->progress_cpu("", 0, {0}, {0, 1, 2, 3}), -1);  // every core taken
}

TEST(Topology, NicsAreFoundByNameToo) {
    auto topology = recorded("dgx-h100.xml");
    ASSERT_TRUE(topology);
    std::vector<NicCandidate> nics;
    for (int i = 0; i < 8; ++i) nics.push_back({"", "mlx5_" + std::to_string(i)});
    for (int rank = 0; rank < 8; ++rank) EXPECT_EQ(topology->closest_nic(nics, dgx_bus(rank), rank), rank);
    EXPECT_EQ(topology->closest_nic({{"", "no_such_nic"}}, dgx_bus(0), 0), -1);
}

TEST(Topology, FourGpusShareTwoNicsByPcieSwitch) {
    auto topology = recorded("gpu4-nic2.xml");
    ASSERT_TRUE(topology);
    std::vector<NicCandidate> nics = {{bus(0x11, 2), ""}, {bus(0x13, 2), ""}};
    const std::string gpus[] = {bus(0x11, 0), bus(0x11, 1), bus(0x13, 0), bus(0x13, 1)};
    const int expected[] = {0, 0, 1, 1};
    for (int rank = 0; rank < 4; ++rank)
        EXPECT_EQ(topology->closest_nic(nics, gpus[rank], rank), expected[rank]) << "local rank " << rank;
}

TEST(Topology, CpuOnlyNodeSpreadsPesOverEquallyCloseNics) {
    auto topology = recorded("cpu-only.xml");
    ASSERT_TRUE(topology);
    std::vector<NicCandidate> nics = {{bus(0x11, 0), ""}, {bus(0x11, 1), ""}};
    for (int rank = 0; rank < 4; ++rank) EXPECT_EQ(topology->closest_nic(nics, "", rank), rank % 2);
    EXPECT_EQ(topology->summary(), "1 package(s), 4 core(s), 4 PU(s), 0 GPU(s), 2 NIC(s)");
}

TEST(Topology, LiveMachineIsDiscovered) {
    std::string why;
    auto topology = Topology::load(&why);
    ASSERT_TRUE(topology) << why;
    EXPECT_NE(topology->summary().find("core(s)"), std::string::npos);
}
