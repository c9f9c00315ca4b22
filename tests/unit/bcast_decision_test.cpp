// Open MPI 3.1's fixed bcast decision ([OpenMPI] coll_tuned_decision_fixed.c, v3.1.6;
// [Nuriyev2022] §6.1) at both sides of every branch. The boundaries of the P < a m + b lines are
// worked out by hand: m > (P - b) / a.

#include <gtest/gtest.h>

#include <string>

#include "collectives/bcast/ompi31_decision.hpp"

namespace papbench::bcast {
namespace {

std::string pick(int ranks, std::size_t bytes, std::size_t count) {
  const Ompi31Decision d = ompi31_bcast_decision(ranks, bytes, count);
  return std::string(d.algorithm) + "/" + std::to_string(d.segsize) + "/" +
         std::to_string(d.branch);
}
std::string pick(int ranks, std::size_t bytes) {
  return pick(ranks, bytes, bytes);
}

TEST(Ompi31Decision, SmallMessagesAndSingleElements) {
  EXPECT_EQ(pick(64, 0), "binomial/0/1");
  EXPECT_EQ(pick(64, 2047), "binomial/0/1");
  EXPECT_EQ(pick(64, 2048), "split_binary/1024/2");
  // count <= 1 goes binomial whatever the size (one element of a large type).
  EXPECT_EQ(pick(64, 1 << 20, 1), "binomial/0/1");
  EXPECT_EQ(pick(64, 1 << 20, 2), "chain/8192/7");
  EXPECT_EQ(pick(64, 4096, 2), "split_binary/1024/2");
}

TEST(Ompi31Decision, IntermediateBoundary) {
  EXPECT_EQ(pick(64, 370727), "split_binary/1024/2");
  // At 370728 bytes the 128 KiB-pipeline line is at 2.708 ranks: P = 2 is below it.
  EXPECT_EQ(pick(2, 370728), "chain/131072/3");
  EXPECT_EQ(pick(3, 370728), "split_binary/8192/4");
  EXPECT_EQ(ompi31_bcast_decision(2, 370728, 370728).ompi_name, "pipeline");
}

TEST(Ompi31Decision, PipelineWith128KiB) {
  // P = 3: 3 < 1.6134e-6 m + 2.1102 from m > 551506.14.
  EXPECT_EQ(pick(3, 551506), "split_binary/8192/4");
  EXPECT_EQ(pick(3, 551507), "chain/131072/3");
  // P = 13: from m > 6749597.12; just below, the 64 KiB line still holds.
  EXPECT_EQ(pick(13, 6749597), "chain/65536/5");
  EXPECT_EQ(pick(13, 6749598), "chain/131072/3");
}

TEST(Ompi31Decision, SplitBinaryBelowThirteenRanks) {
  EXPECT_EQ(pick(12, 1 << 20), "split_binary/8192/4");
  EXPECT_EQ(ompi31_bcast_decision(12, 1 << 20, 1 << 20).ompi_name, "split_binary_tree");
  EXPECT_EQ(pick(13, 1 << 20), "chain/8192/7");
}

TEST(Ompi31Decision, PipelineWith64And16KiB) {
  // P = 13: 64 KiB from m > 4992313.86, 16 KiB from m > 1309670.59.
  EXPECT_EQ(pick(13, 4992313), "chain/16384/6");
  EXPECT_EQ(pick(13, 4992314), "chain/65536/5");
  EXPECT_EQ(pick(13, 1309670), "chain/8192/7");
  EXPECT_EQ(pick(13, 1309671), "chain/16384/6");
  // P = 64: 16 KiB from m > 17188616.97.
  EXPECT_EQ(pick(64, 17188616), "chain/8192/7");
  EXPECT_EQ(pick(64, 17188617), "chain/16384/6");
}

TEST(Ompi31Decision, PaperRange) {
  // [Nuriyev2022] §6.1: for P >= 96 and 16 KiB..4 MiB only two branches remain.
  for (const int p : {96, 400, 1000}) {
    for (std::size_t m = 16384; m <= 262144; m *= 2) EXPECT_EQ(pick(p, m), "split_binary/1024/2");
    for (std::size_t m = 524288; m <= 4194304; m *= 2) EXPECT_EQ(pick(p, m), "chain/8192/7");
  }
}

}  // namespace
}  // namespace papbench::bcast
