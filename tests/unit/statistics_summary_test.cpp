// Known answers for summarize() and the order-statistic CI of the median.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "results/statistics.hpp"

namespace papbench::stats {
namespace {

// Coverages below are exact sums of Binomial(n, 1/2) probabilities (computed with bc): the CI
// [x_(l), x_(n+1-l)] covers the median with probability 1 - 2 P(B <= l - 1).
TEST(MedianCiRanks, TenValuesUseSecondAndNinth) {
  const MedianCiRanks r = median_ci_ranks(10);
  EXPECT_EQ(r.lower, 2u);
  EXPECT_EQ(r.upper, 9u);
  EXPECT_TRUE(r.reaches_level);
  EXPECT_NEAR(r.coverage, 1 - 2 * 11.0 / 1024, 1e-12);  // P(B <= 1) = (1 + 10) / 2^10
}

TEST(MedianCiRanks, SixtyFourAndHundredMatchTables) {
  const MedianCiRanks r64 = median_ci_ranks(64);
  EXPECT_EQ(r64.lower, 24u);
  EXPECT_EQ(r64.upper, 41u);
  EXPECT_NEAR(r64.coverage, 0.967234240901177, 1e-12);
  const MedianCiRanks r100 = median_ci_ranks(100);
  EXPECT_EQ(r100.lower, 40u);
  EXPECT_EQ(r100.upper, 61u);
  EXPECT_NEAR(r100.coverage, 0.964799799782295, 1e-12);
}

TEST(MedianCiRanks, SixIsTheSmallestSampleReaching95Percent) {
  const MedianCiRanks r6 = median_ci_ranks(6);
  EXPECT_TRUE(r6.reaches_level);
  EXPECT_EQ(r6.lower, 1u);
  EXPECT_EQ(r6.upper, 6u);
  EXPECT_DOUBLE_EQ(r6.coverage, 1 - 2.0 / 64);

  const MedianCiRanks r5 = median_ci_ranks(5);
  EXPECT_FALSE(r5.reaches_level);  // [min, max] covers only 1 - 2/32 = 93.75%
  EXPECT_EQ(r5.lower, 1u);
  EXPECT_EQ(r5.upper, 5u);
  EXPECT_DOUBLE_EQ(r5.coverage, 0.9375);

  const MedianCiRanks r1 = median_ci_ranks(1);
  EXPECT_FALSE(r1.reaches_level);
  EXPECT_EQ(r1.lower, 1u);
  EXPECT_EQ(r1.upper, 1u);
}

TEST(MedianCiRanks, WiderLevelMovesInward) {
  // At 50% the n = 10 interval shrinks to ranks 4..7: 1 - 2 P(B <= 3) = 1 - 2 * 176/1024.
  const MedianCiRanks r = median_ci_ranks(10, 0.5);
  EXPECT_EQ(r.lower, 4u);
  EXPECT_EQ(r.upper, 7u);
}

TEST(Summarize, TenToNineteen) {
  // Unsorted on purpose: summarize must not assume order.
  const std::vector<double> x = {19, 10, 18, 11, 17, 12, 16, 13, 15, 14};
  const Summary s = summarize(x);
  EXPECT_EQ(s.n, 10u);
  EXPECT_DOUBLE_EQ(s.median, 14.5);
  EXPECT_DOUBLE_EQ(s.mean, 14.5);
  EXPECT_NEAR(s.sd, std::sqrt(82.5 / 9), 1e-12);  // sum of squared deviations of 0..9 = 82.5
  EXPECT_DOUBLE_EQ(s.ci_low, 11);                 // x_(2)
  EXPECT_DOUBLE_EQ(s.ci_high, 18);                // x_(9)
  EXPECT_DOUBLE_EQ(s.min, 10);
  EXPECT_DOUBLE_EQ(s.max, 19);
}

TEST(Summarize, OddCountMedianIsMiddleValue) {
  const std::vector<double> x = {3, 1, 2};
  const Summary s = summarize(x);
  EXPECT_DOUBLE_EQ(s.median, 2);
  EXPECT_DOUBLE_EQ(s.sd, 1);
  // n = 3 cannot reach 95%: the CI falls back to [min, max].
  EXPECT_DOUBLE_EQ(s.ci_low, 1);
  EXPECT_DOUBLE_EQ(s.ci_high, 3);
}

TEST(Summarize, LargeNanosecondValuesKeepTheirSpread) {
  // One-pass variance would lose these: the values are ~1e15 apart from zero, 1 apart from each
  // other.
  const std::vector<double> x = {1e15 + 1, 1e15 + 2, 1e15 + 3};
  EXPECT_DOUBLE_EQ(summarize(x).sd, 1);
}

TEST(Summarize, EdgeCases) {
  const Summary empty = summarize({});
  EXPECT_EQ(empty.n, 0u);
  EXPECT_TRUE(std::isnan(empty.median));
  EXPECT_TRUE(std::isnan(empty.ci_low));

  const std::vector<double> one = {42};
  const Summary s1 = summarize(one);
  EXPECT_EQ(s1.n, 1u);
  EXPECT_DOUBLE_EQ(s1.median, 42);
  EXPECT_DOUBLE_EQ(s1.mean, 42);
  EXPECT_TRUE(std::isnan(s1.sd));
  EXPECT_DOUBLE_EQ(s1.ci_low, 42);
  EXPECT_DOUBLE_EQ(s1.ci_high, 42);

  const std::vector<double> same(20, 7.0);
  const Summary sc = summarize(same);
  EXPECT_DOUBLE_EQ(sc.sd, 0);
  EXPECT_DOUBLE_EQ(sc.ci_low, 7);
  EXPECT_DOUBLE_EQ(sc.ci_high, 7);
}

TEST(Median, EvenOddEmpty) {
  const std::vector<double> even = {4, 1, 3, 2};
  const std::vector<double> odd = {5, 1, 3};
  EXPECT_DOUBLE_EQ(median(even), 2.5);
  EXPECT_DOUBLE_EQ(median(odd), 3);
  EXPECT_TRUE(std::isnan(median({})));
}

}  // namespace
}  // namespace papbench::stats
