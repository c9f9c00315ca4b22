#include "imbalance/pap_statistics.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace papbench {
namespace {

results::Matrix matrix(int rows, int cols, std::vector<std::int64_t> data) {
  results::Matrix m(rows, cols);
  m.data = std::move(data);
  return m;
}

TEST(PapStatistics, OneInvocationByHand) {
  // a = 0, 10, 20, 50: a_bar = 20; |a - a_bar| = 20, 10, 0, 30 -> delta_bar = 15; omega = 50.
  const std::vector<std::int64_t> a{1'000'000'000'000, 1'000'000'000'010, 1'000'000'000'020,
                                    1'000'000'000'050};
  const PapInvocation p = pap_of(a);
  EXPECT_DOUBLE_EQ(p.delta_bar_ns, 15.0);
  EXPECT_DOUBLE_EQ(p.omega_ns, 50.0);
  EXPECT_DOUBLE_EQ(p.mean_arrival_ns, 1'000'000'000'020.0);
}

TEST(PapStatistics, MeansOverInvocationsAndFirstLastPerNode) {
  // Ranks 0,1 on node 7, ranks 2,3 on node 3 (labels need not be dense or ordered).
  const results::Matrix arrival = matrix(2, 4,
                                         {0, 10, 20, 50,  //
                                          5, 5, 5, 5});
  const std::vector<int> node{7, 7, 3, 3};
  const PapSummary s = summarize_pap(arrival, node);
  EXPECT_EQ(s.invocations, 2);
  EXPECT_EQ(s.ranks, 4);
  EXPECT_EQ(s.nodes, 2);
  EXPECT_DOUBLE_EQ(s.all.delta_bar_ns, (15.0 + 0.0) / 2);
  EXPECT_DOUBLE_EQ(s.all.omega_bar_ns, (50.0 + 0.0) / 2);
  // First of each node: 0 and 20 -> delta_bar 10, omega 20. Last: 10 and 50 -> 20, 40.
  EXPECT_DOUBLE_EQ(s.first.delta_bar_ns, 10.0 / 2);
  EXPECT_DOUBLE_EQ(s.first.omega_bar_ns, 20.0 / 2);
  EXPECT_DOUBLE_EQ(s.last.delta_bar_ns, 20.0 / 2);
  EXPECT_DOUBLE_EQ(s.last.omega_bar_ns, 40.0 / 2);
}

TEST(PapStatistics, FirstAndLastNodeByNode) {
  // The same pattern: node 7 (ranks 0,1) arrives first at 0 and 5, last at 10 and 5; node 3
  // first at 20 and 5, last at 50 and 5; the earliest rank at 0 and 5.
  const results::Matrix arrival = matrix(2, 4,
                                         {0, 10, 20, 50,  //
                                          5, 5, 5, 5});
  const PapSummary s = summarize_pap(arrival, std::vector<int>{7, 7, 3, 3});
  ASSERT_EQ(s.per_node.size(), 2u);
  EXPECT_EQ(s.per_node[0].node, 7);
  EXPECT_EQ(s.per_node[0].ranks, 2);
  EXPECT_DOUBLE_EQ(s.per_node[0].first_ns, 0.0);
  EXPECT_DOUBLE_EQ(s.per_node[0].last_ns, 10.0 / 2);
  EXPECT_EQ(s.per_node[1].node, 3);
  EXPECT_DOUBLE_EQ(s.per_node[1].first_ns, 20.0 / 2);
  EXPECT_DOUBLE_EQ(s.per_node[1].last_ns, 50.0 / 2);
  // No ranks: no nodes, and nothing to divide.
  EXPECT_TRUE(summarize_pap(results::Matrix(3, 0), {}).per_node.empty());
}

TEST(PapStatistics, OneNodeHasNoInterNodeImbalance) {
  const PapSummary s = summarize_pap(matrix(1, 3, {0, 4, 8}), {});
  EXPECT_EQ(s.nodes, 1);
  EXPECT_DOUBLE_EQ(s.first.omega_bar_ns, 0.0);
  EXPECT_DOUBLE_EQ(s.last.delta_bar_ns, 0.0);
  EXPECT_THROW(summarize_pap(matrix(1, 3, {0, 4, 8}), std::vector<int>{0, 1}),
               std::invalid_argument);
}

TEST(PapStatistics, FactorsNeedAPositiveLatency) {
  EXPECT_DOUBLE_EQ(*imbalance_factor(1000.0, 2.0), 500.0);
  EXPECT_FALSE(imbalance_factor(1000.0, std::nullopt));
  EXPECT_FALSE(imbalance_factor(1000.0, 0.0));
}

}  // namespace
}  // namespace papbench
