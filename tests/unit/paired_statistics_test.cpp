// Known answers for the paired comparison and the launch-level tests. R references are the
// outputs of R 4.x for the commands quoted next to each check.
#include "results/paired_statistics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "results/case_comparison.hpp"
#include "results/launch_verdict.hpp"

namespace papbench::stats {
namespace {

using Launches = std::vector<std::vector<double>>;

// R: wilcox.test(extra ~ group, data = sleep, paired = TRUE): V = 0, p-value = 0.009091 (a zero
// and tied differences: the normal approximation). B - A is group 2 - group 1, so V = 45.
TEST(WilcoxonSignedRank, MatchesRSleep) {
  const std::vector<double> d = {1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4};
  const WilcoxonSignedRank w = wilcoxon_signed_rank(d);
  EXPECT_DOUBLE_EQ(w.v, 45);
  EXPECT_FALSE(w.exact);
  EXPECT_NEAR(w.p, 0.009091, 5e-6);
}

// Exact: all 5 positive is 1 of 32 sign patterns per tail (p = 2/32); V = 14 needs V <= 1 in
// the other tail, 2 patterns (p = 4/32).
TEST(WilcoxonSignedRank, ExactSmallSamples) {
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(std::vector<double>{1, 2, 3, 4, 5}).p, 2.0 / 32);
  const WilcoxonSignedRank w = wilcoxon_signed_rank(std::vector<double>{-1, 2, 3, 4, 5});
  EXPECT_TRUE(w.exact);
  EXPECT_DOUBLE_EQ(w.v, 14);
  EXPECT_DOUBLE_EQ(w.p, 4.0 / 32);
  EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(std::vector<double>{0, 0, 0}).p, 1);
}

TEST(PairRatio, EqualValuesAreOneEvenAtZero) {
  EXPECT_DOUBLE_EQ(pair_ratio(0, 0), 1);
  EXPECT_DOUBLE_EQ(pair_ratio(4, 6), 1.5);
  EXPECT_TRUE(std::isinf(pair_ratio(0, 1)));
}

// The same data on both sides: every per-iteration ratio is 1, so is every resample's median.
TEST(ComparePaired, IdenticalSidesGiveOneWithAZeroWidthCi) {
  const Launches a = {{10, 30, 12, 50, 11}, {9, 70, 13}};
  const CaseComparison c = compare_case(a, a, Pairing::kIteration, 3, 200);
  EXPECT_EQ(c.pairing, Pairing::kIteration);
  EXPECT_EQ(c.level, VerdictLevel::kLaunch);
  EXPECT_DOUBLE_EQ(c.ratio, 1);
  EXPECT_DOUBLE_EQ(c.ratio_ci_low, 1);
  EXPECT_DOUBLE_EQ(c.ratio_ci_high, 1);
  EXPECT_DOUBLE_EQ(c.iteration_p, 1);
  EXPECT_DOUBLE_EQ(c.launch_p, 1);
}

// A planned imbalance that varies 7x between iterations and a constant 10% on B: pairing sees
// exactly 1.1, the unpaired ratio of medians only roughly.
TEST(ComparePaired, PairingCancelsThePlannedImbalance) {
  const std::vector<double> a = {10, 70, 20, 60, 30, 50, 40, 15, 65, 25};
  std::vector<double> b;
  for (double v : a) b.push_back(1.1 * v);
  const Launches la = {a}, lb = {b};
  const CaseComparison paired = compare_case(la, lb, Pairing::kIteration, 1, 500);
  EXPECT_NEAR(paired.ratio, 1.1, 1e-12);
  EXPECT_NEAR(paired.ratio_ci_low, 1.1, 1e-12);
  EXPECT_NEAR(paired.ratio_ci_high, 1.1, 1e-12);
  EXPECT_EQ(paired.iteration_test, "wilcoxon-signed-rank");
  EXPECT_DOUBLE_EQ(paired.iteration_p, 2.0 / 1024);  // all 10 positive, exact
  EXPECT_EQ(paired.level, VerdictLevel::kWithinLaunch);
  EXPECT_DOUBLE_EQ(paired.verdict_p, paired.iteration_p);
  EXPECT_TRUE(std::isnan(paired.launch_p));

  const CaseComparison unpaired = compare_case(la, lb, Pairing::kNone, 1, 500);
  EXPECT_EQ(unpaired.iteration_test, "mann-whitney");
  EXPECT_GT(unpaired.iteration_p, 0.3);
  EXPECT_LT(unpaired.ratio_ci_low, 1);
}

// Launch counts that differ cannot be paired launch by launch.
TEST(ComparePaired, DifferentLaunchCountsFallBackToUnpaired) {
  const Launches a = {{1, 2, 3}, {2, 3, 4}}, b = {{1, 2, 3}, {2, 3, 4}, {3, 4, 5}};
  const CaseComparison c = compare_case(a, b, Pairing::kIteration, 1, 50);
  EXPECT_EQ(c.pairing, Pairing::kNone);
  EXPECT_EQ(c.launch_test, "welch-t");
}

// R: t.test(c(1, 2, 3, 4, 5)): t = 4.2426, df = 4, p-value = 0.01324. Per launch pair the
// median log ratio is log(e^k) = k.
TEST(LaunchTest, PairedTMatchesR) {
  Launches a, b;
  for (int k = 1; k <= 5; ++k) {
    a.push_back({1, 2, 3});
    b.push_back({std::exp(k), 2 * std::exp(k), 3 * std::exp(k)});
  }
  const LaunchTest t = paired_launch_test(a, b);
  EXPECT_EQ(t.name, "paired-t");
  EXPECT_NEAR(t.t, 4.2426, 1e-4);
  EXPECT_DOUBLE_EQ(t.df, 4);
  EXPECT_NEAR(t.p, 0.01324, 1e-5);
  EXPECT_TRUE(std::isnan(paired_launch_test(Launches{{1.0}}, Launches{{2.0}}).p));
}

// Holm over the rows' verdict p-values, and only the adjusted p decides.
TEST(MarkSignificant, HolmAcrossRows) {
  std::vector<CaseComparison> rows(3);
  rows[0].verdict_p = 0.02;
  rows[1].verdict_p = 0.04;
  rows[2].verdict_p = std::nan("");
  mark_significant(rows, 0.05);
  EXPECT_DOUBLE_EQ(rows[0].verdict_p_holm, 0.04);  // m = 2
  EXPECT_TRUE(rows[0].significant);
  EXPECT_DOUBLE_EQ(rows[1].verdict_p_holm, 0.04);
  EXPECT_TRUE(rows[1].significant);
  EXPECT_FALSE(rows[2].significant);
}

}  // namespace
}  // namespace papbench::stats
