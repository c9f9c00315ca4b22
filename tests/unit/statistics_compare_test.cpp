// Known answers for the two-sample tests and the bootstrap ratio CI. R references are the
// outputs printed by R 4.x for the commands quoted next to each check.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "results/resampling.hpp"
#include "results/statistics.hpp"

namespace papbench::stats {
namespace {

// R's `sleep` data set: extra hours of sleep under drug 1 (group 1) and drug 2 (group 2).
const std::vector<double> kSleep1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
const std::vector<double> kSleep2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};

// R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02.
TEST(Holm, MatchesRPAdjust) {
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  const std::vector<double> adj = holm_adjust(p);
  const std::vector<double> r = {0.03, 0.06, 0.06, 0.02};
  ASSERT_EQ(adj.size(), r.size());
  for (std::size_t i = 0; i < r.size(); ++i) EXPECT_NEAR(adj[i], r[i], 1e-12) << i;
}

TEST(Holm, CapsAtOneAndSkipsNaN) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> adj = holm_adjust(std::vector<double>{0.5, nan, 0.4});
  EXPECT_DOUBLE_EQ(adj[2], 0.8);  // m = 2: NaN is not a test
  EXPECT_DOUBLE_EQ(adj[0], 0.8);  // max(0.8, min(1, 1 * 0.5))
  EXPECT_TRUE(std::isnan(adj[1]));
  EXPECT_DOUBLE_EQ(holm_adjust(std::vector<double>{0.9, 0.8})[0], 1.0);
  EXPECT_TRUE(holm_adjust(std::vector<double>{}).empty());
}

// Two launches per side whose levels differ by 2x: iterations alone make B/A look certain, the
// launches say it is not.
TEST(CompareLaunches, LaunchVarianceWidensTheCi) {
  std::vector<double> low, high;
  for (int i = 0; i < 30; ++i) {
    low.push_back(100 + i % 3);
    high.push_back(200 + i % 3);
  }
  const std::vector<std::vector<double>> a = {low, high}, b = {low, high};
  const Comparison pooled_iterations = compare(std::vector<double>(low.begin(), low.end()),
                                               std::vector<double>(low.begin(), low.end()));
  const Comparison launches = compare_launches(a, b);
  EXPECT_DOUBLE_EQ(launches.median_ratio, 1.0);
  EXPECT_LT(launches.ratio_ci_low, 0.75);   // a resample may draw only the low launches of B
  EXPECT_GT(launches.ratio_ci_high, 1.33);  // ... or only the high ones
  EXPECT_GT(launches.ratio_ci_high - launches.ratio_ci_low,
            5 * (pooled_iterations.ratio_ci_high - pooled_iterations.ratio_ci_low));
  EXPECT_FALSE(launches.significant);

  // One launch per side: a plain iteration bootstrap of the same data.
  const std::vector<std::vector<double>> one_a = {low}, one_b = {high};
  const Comparison one = compare_launches(one_a, one_b);
  EXPECT_NEAR(one.median_ratio, 201.0 / 101.0, 1e-12);
  EXPECT_TRUE(one.significant);
  const std::vector<std::vector<double>> none;
  EXPECT_TRUE(std::isnan(compare_launches(none, one_b).median_ratio));
}

TEST(Welch, MatchesRSleep) {
  // t.test(extra ~ group, data = sleep): t = -1.8608, df = 17.776, p-value = 0.07939.
  // R's t is mean(x) - mean(y); ours is mean(b) - mean(a), hence the sign.
  const WelchTest w = welch_test(kSleep1, kSleep2);
  EXPECT_NEAR(w.t, 1.8608, 5e-5);
  EXPECT_NEAR(w.df, 17.776, 5e-4);
  EXPECT_NEAR(w.p, 0.07939, 5e-6);
  EXPECT_DOUBLE_EQ(welch_p(kSleep1, kSleep2), w.p);
}

TEST(Welch, MatchesRUnequalSizes) {
  // t.test(1:10, y = c(7:20)): t = -5.4349, df = 21.982, p-value = 1.855e-05.
  std::vector<double> a, b;
  for (int i = 1; i <= 10; ++i) a.push_back(i);
  for (int i = 7; i <= 20; ++i) b.push_back(i);
  const WelchTest w = welch_test(a, b);
  EXPECT_NEAR(w.t, 5.4349, 5e-5);
  EXPECT_NEAR(w.df, 21.982, 5e-4);
  EXPECT_NEAR(w.p, 1.855e-05, 5e-9);
}

TEST(Welch, HandComputed) {
  // a = 1..5: mean 3, var 2.5; b = 2,4,..,10: mean 6, var 10.
  // se^2 = 2.5/5 + 10/5 = 2.5, t = 3 / sqrt(2.5) = 1.897367;
  // df = 2.5^2 / (0.5^2/4 + 2^2/4) = 6.25 / 1.0625 = 5.882353.
  const std::vector<double> a = {1, 2, 3, 4, 5};
  const std::vector<double> b = {2, 4, 6, 8, 10};
  const WelchTest w = welch_test(a, b);
  EXPECT_NEAR(w.t, 3 / std::sqrt(2.5), 1e-12);
  EXPECT_NEAR(w.df, 6.25 / 1.0625, 1e-12);
  EXPECT_GT(w.p, 0.05);
  EXPECT_LT(w.p, 0.15);
}

TEST(Welch, EdgeCases) {
  const std::vector<double> three = {3, 3, 3};
  const std::vector<double> two_threes = {3, 3};
  const std::vector<double> two_fours = {4, 4};
  const std::vector<double> tenths(10, 0.1);  // mean of 0.1 x 10 is not bit-exactly 0.1
  const std::vector<double> tenths3(3, 0.1);
  EXPECT_EQ(welch_p(three, two_threes), 1);  // both constant and equal
  EXPECT_EQ(welch_p(tenths, tenths3), 1);
  EXPECT_EQ(welch_p(three, two_fours), 0);  // both constant, different
  const std::vector<double> one = {1};
  EXPECT_TRUE(std::isnan(welch_p(one, three)));
  EXPECT_TRUE(std::isnan(welch_p(three, {})));
  // One constant sample is fine: the other supplies the variance, and df collapses to its n - 1.
  // t = (2.5 - 3) / sqrt((5/3) / 4) = -0.774597, df = 3, and with 3 df the closed form
  // p = 1 - (2/pi) (atan(t/sqrt3) + (t/sqrt3) / (1 + t^2/3)) = 1 - (2/pi)(0.420534 + 0.372678) =
  // 0.495025.
  const std::vector<double> spread = {1, 2, 3, 4};
  const WelchTest w = welch_test(three, spread);
  EXPECT_NEAR(w.t, -0.5 / std::sqrt(5.0 / 12), 1e-12);
  EXPECT_DOUBLE_EQ(w.df, 3);
  EXPECT_NEAR(w.p, 0.495025, 1e-6);
}

TEST(MannWhitney, SleepWithTiesMatchesR) {
  // wilcox.test(extra ~ group, data = sleep): W = 25.5, p-value = 0.06933 (ties: normal
  // approximation with continuity correction).
  const MannWhitney r = mann_whitney(kSleep1, kSleep2);
  EXPECT_DOUBLE_EQ(r.u, 25.5);
  EXPECT_FALSE(r.exact);
  EXPECT_NEAR(r.p, 0.06933, 5e-6);
}

TEST(MannWhitney, HandComputedNormalApproximationWithTies) {
  // a = {1,2,2,3}, b = {2,3,4,5,6}. Pooled ranks: 1 -> 1; the three 2s -> 3; the two 3s -> 5.5;
  // 4 -> 7, 5 -> 8, 6 -> 9. R_a = 1 + 3 + 3 + 5.5 = 12.5, U_a = 12.5 - 4*5/2 = 2.5, E[U] = 10.
  // Ties: (27 - 3) + (8 - 2) = 30; Var U = 20/12 * (10 - 30/72) = 15.97222, sd = 3.996526.
  // z = (2.5 - 10 + 0.5) / 3.996526 = -1.751520; p = 2 Phi(-1.751520) = 2 * 0.039929 = 0.07986.
  const std::vector<double> a = {1, 2, 2, 3};
  const std::vector<double> b = {2, 3, 4, 5, 6};
  const MannWhitney r = mann_whitney(a, b);
  EXPECT_DOUBLE_EQ(r.u, 2.5);
  EXPECT_FALSE(r.exact);
  EXPECT_NEAR(r.p, 0.07986, 1e-4);
}

TEST(MannWhitney, ExactCompleteSeparation) {
  // No ties: the exact null distribution. U = 0 is the single most extreme of C(7,3) = 35
  // equally likely orderings, so two-sided p = 2/35.
  const std::vector<double> a = {1.1, 2.2, 3.3};
  const std::vector<double> b = {4.4, 5.5, 6.6, 7.7};
  const MannWhitney r = mann_whitney(a, b);
  EXPECT_EQ(r.u, 0);
  EXPECT_TRUE(r.exact);
  EXPECT_NEAR(r.p, 2.0 / 35, 1e-15);
  // Swapping the samples gives U = m n and the same p.
  const MannWhitney s = mann_whitney(b, a);
  EXPECT_EQ(s.u, 12);
  EXPECT_NEAR(s.p, 2.0 / 35, 1e-15);
}

TEST(MannWhitney, ExactMatchesRHollanderWolfe) {
  // ?wilcox.test: x = term, y = 12-26 weeks; wilcox.test(x, y, alternative = "g") gives W = 35,
  // p-value = 0.1272 (exact). The two-sided p is twice that.
  const std::vector<double> x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
  const std::vector<double> y = {1.15, 0.88, 0.90, 0.74, 1.21};
  const MannWhitney r = mann_whitney(x, y);
  EXPECT_DOUBLE_EQ(r.u, 35);
  EXPECT_TRUE(r.exact);
  EXPECT_NEAR(r.p / 2, 0.1272, 5e-5);
}

TEST(MannWhitney, EdgeCases) {
  const std::vector<double> fives = {5, 5, 5};
  const std::vector<double> two_fives = {5, 5};
  EXPECT_EQ(mann_whitney_p(fives, two_fives), 1);  // every value tied
  EXPECT_TRUE(std::isnan(mann_whitney_p({}, fives)));
  const std::vector<double> one = {1}, other = {2};
  EXPECT_EQ(mann_whitney_p(one, other), 1);  // 1 vs 1: U is 0 or 1, each half the time
}

TEST(MannWhitney, LargeSamplesUseNormalApproximation) {
  std::vector<double> a, b;
  for (int i = 0; i < 60; ++i) {
    a.push_back(i);
    b.push_back(i + 0.5);
  }
  const MannWhitney r = mann_whitney(a, b);
  EXPECT_FALSE(r.exact);
  EXPECT_GT(r.p, 0.5);
}

std::vector<double> ten_to_nineteen(double scale) {
  std::vector<double> v;
  for (int i = 10; i < 20; ++i) v.push_back(scale * i * 1000);
  return v;
}

TEST(Compare, TwiceAsSlowIsSignificant) {
  const auto a = ten_to_nineteen(1), b = ten_to_nineteen(2);
  const Comparison c = compare(a, b);
  EXPECT_DOUBLE_EQ(c.median_ratio, 2);
  // Every b value (>= 20000) exceeds every a value (<= 19000), so every resampled ratio is > 1.
  EXPECT_GT(c.ratio_ci_low, 1);
  EXPECT_LE(c.ratio_ci_low, 2);
  EXPECT_GE(c.ratio_ci_high, 2);
  EXPECT_NEAR(c.mann_whitney_p, 2.0 / 184756, 1e-12);  // 2 / C(20, 10); R: p-value = 1.083e-05
  EXPECT_LT(c.welch_p, 1e-4);
  EXPECT_TRUE(c.significant);
}

TEST(Compare, SameSampleIsNotSignificant) {
  const auto a = ten_to_nineteen(1);
  const Comparison c = compare(a, a);
  EXPECT_DOUBLE_EQ(c.median_ratio, 1);
  EXPECT_LE(c.ratio_ci_low, 1);
  EXPECT_GE(c.ratio_ci_high, 1);
  EXPECT_NEAR(c.mann_whitney_p, 1, 1e-12);
  EXPECT_NEAR(c.welch_p, 1, 1e-12);
  EXPECT_FALSE(c.significant);
}

TEST(Compare, BootstrapIsDeterministicPerSeed) {
  const std::vector<double> a = {5, 9, 3, 7, 11, 4, 8, 6, 10, 2, 13, 1};
  const std::vector<double> b = {6, 12, 4, 9, 15, 5, 10, 8, 14, 3, 16, 2};
  const Comparison c1 = compare(a, b, 7);
  const Comparison c2 = compare(a, b, 7);
  EXPECT_EQ(c1.ratio_ci_low, c2.ratio_ci_low);
  EXPECT_EQ(c1.ratio_ci_high, c2.ratio_ci_high);
  EXPECT_LE(c1.ratio_ci_low, c1.median_ratio);
  EXPECT_GE(c1.ratio_ci_high, c1.median_ratio);
}

TEST(Compare, AlphaGatesSignificance) {
  const auto a = ten_to_nineteen(1), b = ten_to_nineteen(2);
  EXPECT_FALSE(compare(a, b, 1, 2000, 1e-6).significant);  // MWU p = 1.08e-5 > 1e-6
}

TEST(Compare, EmptyAndTinySamples) {
  const std::vector<double> a = {1, 2, 3};
  const Comparison empty = compare(a, {});
  EXPECT_TRUE(std::isnan(empty.median_ratio));
  EXPECT_TRUE(std::isnan(empty.ratio_ci_low));
  EXPECT_FALSE(empty.significant);

  const std::vector<double> one = {10}, other = {20};
  const Comparison single = compare(one, other);
  EXPECT_DOUBLE_EQ(single.median_ratio, 2);
  EXPECT_DOUBLE_EQ(single.ratio_ci_low, 2);
  EXPECT_DOUBLE_EQ(single.ratio_ci_high, 2);
  EXPECT_TRUE(std::isnan(single.welch_p));
  EXPECT_FALSE(single.significant);
}

TEST(Compare, AllTiesIsNotSignificant) {
  const std::vector<double> a(8, 100.0), b(12, 100.0);
  const Comparison c = compare(a, b);
  EXPECT_DOUBLE_EQ(c.median_ratio, 1);
  EXPECT_EQ(c.mann_whitney_p, 1);
  EXPECT_EQ(c.welch_p, 1);
  EXPECT_FALSE(c.significant);
}

TEST(Compare, ConstantButDifferentIsSignificant) {
  const std::vector<double> a(8, 100.0), b(12, 150.0);
  const Comparison c = compare(a, b);
  EXPECT_DOUBLE_EQ(c.median_ratio, 1.5);
  EXPECT_EQ(c.welch_p, 0);
  EXPECT_LT(c.mann_whitney_p, 0.05);  // all tied within groups: normal approximation
  EXPECT_TRUE(c.significant);
}

// NaN and infinity are no measurement: NaN out, never an endless loop (Mann-Whitney's tie loop
// compared x == x) or an exception from Boost (Welch's df of NaN).
TEST(TwoSampleTests, NonFiniteInputsGiveNaN) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(std::isnan(mann_whitney(std::vector<double>{1, 2, nan}, kSleep2).p));
  EXPECT_TRUE(std::isnan(welch_test(std::vector<double>{1, 2, nan}, kSleep2).p));
  EXPECT_TRUE(std::isnan(welch_test(std::vector<double>{1, inf}, kSleep2).p));
  EXPECT_TRUE(std::isnan(summarize(std::vector<double>{5, nan, 1, 4}).max));
}

// The Welch-Satterthwaite df from scaled weights: at 1e-160 the squares underflow to 0 / 0.
// The same samples at scale 1 (Python): t = 0.447214, df = 1.470588, p = 0.711721; the variances
// (~1e-320) are subnormal, so a few digits go.
TEST(TwoSampleTests, WelchAtTinyScale) {
  const WelchTest w = welch_test(std::vector<double>{0, 1e-160}, std::vector<double>{0, 2e-160});
  EXPECT_NEAR(w.t, 0.447214, 1e-4);
  EXPECT_NEAR(w.df, 1.470588, 1e-4);
  EXPECT_NEAR(w.p, 0.711721, 1e-4);
}

// A quantile on an index next to an infinite ratio (a resampled median of 0) is that element,
// not 0 * inf = NaN.
TEST(BootstrapQuantile, ExactIndexBesideInfinity) {
  const std::vector<double> x = {1, 2, std::numeric_limits<double>::infinity()};
  EXPECT_EQ(detail::sorted_quantile(x, 0.5), 2);
}

}  // namespace
}  // namespace papbench::stats
