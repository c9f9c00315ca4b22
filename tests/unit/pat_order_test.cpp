// The orders and trees of the PAP-aware scatter/gather algorithms ([Proficz2020]), checked against
// the slot orders of docs/ALGORITHMS.md, Errata: SBN scatter and SBN gather, and Open MPI's
// in-order binomial tree.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "collectives/core/block_tree.hpp"
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_source.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

std::vector<int> iota_ranks(int p) {
  std::vector<int> r(static_cast<std::size_t>(p));
  std::iota(r.begin(), r.end(), 0);
  return r;
}

TEST(ArrivalOrder, TiesGoByRankInBothDirections) {
  const std::vector<std::int64_t> t = {5, 3, 5, 1, 3};
  EXPECT_EQ(ranks_by_arrival(t, ArrivalOrder::kEarliestFirst), (std::vector<int>{3, 1, 4, 0, 2}));
  EXPECT_EQ(ranks_by_arrival(t, ArrivalOrder::kLatestFirst), (std::vector<int>{0, 2, 1, 4, 3}));
}

TEST(ArrivalOrder, ScatterSlotsFollowTheBitReversal) {
  // Arrival = rank, root 0: the q-th earliest other rank takes the q-th slot of [4, 2, 1, 5, 3].
  const std::vector<std::int64_t> t = {0, 1, 2, 3, 4, 5};
  EXPECT_EQ(sbn_scatter_slots(t, 0), (std::vector<int>{0, 3, 2, 5, 1, 4}));
  // P = 12 slot order [8, 4, 2, 10, 6, 1, 9, 5, 3, 11, 7]; root 11 arrives first but stays at 0.
  std::vector<std::int64_t> t12(12);
  std::iota(t12.begin(), t12.end(), 0);
  t12[11] = -1;
  const std::vector<int> slots = sbn_scatter_slots(t12, 11);
  EXPECT_EQ(slots[0], 11);
  EXPECT_EQ(slots[8], 0);
  EXPECT_EQ(slots[4], 1);
  EXPECT_EQ(slots[7], 10);
  EXPECT_EQ(sbn_scatter_slots(std::vector<std::int64_t>{7}, 0), (std::vector<int>{0}));
}

TEST(ArrivalOrder, GatherSlotsPutTheLatestNextToTheRoot) {
  const std::vector<std::int64_t> t = {9, 1, 8, 1};
  EXPECT_EQ(sbn_gather_slots(t, 2), (std::vector<int>{2, 0, 1, 3}));
}

TEST(BlockTree, LowbitTreeIsOpenMpisInOrderTree) {
  const BlockTree t = lowbit_tree(iota_ranks(8), false);
  EXPECT_EQ(t.children[0], (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(t.children[4], (std::vector<int>{5, 6}));
  EXPECT_EQ(t.children[6], (std::vector<int>{7}));
  EXPECT_EQ(t.parent[7], 6);
  EXPECT_EQ(t.blocks[0], iota_ranks(8));
  EXPECT_EQ(t.offset[4], 4U);
  const BlockTree big_first = lowbit_tree(iota_ranks(6), true);
  EXPECT_EQ(big_first.children[0], (std::vector<int>{4, 2, 1}));
  EXPECT_EQ(big_first.blocks[0], (std::vector<int>{0, 4, 5, 2, 3, 1}));
  EXPECT_EQ(big_first.offset[1], 5U);
}

TEST(BlockTree, HighbitTreeListsMatchTheSpec) {
  EXPECT_EQ(highbit_tree(iota_ranks(6)).blocks[0], (std::vector<int>{0, 4, 2, 1, 5, 3}));
  const BlockTree t = highbit_tree(iota_ranks(12));
  EXPECT_EQ(t.blocks[0], (std::vector<int>{0, 8, 4, 2, 10, 6, 1, 9, 5, 3, 11, 7}));
  EXPECT_EQ(t.parent[11], 3);
  EXPECT_EQ(t.children[1], (std::vector<int>{9, 5, 3}));
}

TEST(BlockTree, OneAndTwoRanks) {
  EXPECT_TRUE(lowbit_tree({0}, false).children[0].empty());
  EXPECT_TRUE(highbit_tree({0}).children[0].empty());
  EXPECT_EQ(highbit_tree({1, 0}).children[0], (std::vector<int>{1}));
  EXPECT_EQ(rotated_slots(5, 3), (std::vector<int>{3, 4, 0, 1, 2}));
}

TEST(PatSource, ParsesBothNames) {
  EXPECT_EQ(parse_pat_source("oracle"), PatSource::kOracle);
  EXPECT_EQ(pat_source_name(parse_pat_source("predicted")), "bgthread");  // the old name
  EXPECT_THROW(parse_pat_source("guess"), UsageError);
}

}  // namespace
}  // namespace papbench
