// series_median_ci and --reps-until-ci's stopping rule (results/median_ci.hpp): the coverage of
// the CI at the point where the rule stops, simulated for independent, autocorrelated and
// outlier-ridden timings (issue 26 item 6: at least 0.90 each at the nominal 0.95).

#include "results/median_ci.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace papbench::stats {
namespace {

enum class Timings { kIid, kAr1, kOutliers };

// Call times around 100 with a 10% spread: independent normal; AR(1) with lag-1 correlation 0.7
// and the same marginal spread; or independent with 2% of the calls 5x slower.
class TimingSource {
 public:
  TimingSource(Timings kind, std::uint64_t seed) : kind_(kind), rng_(seed), state_(normal_(rng_)) {}
  double next() {
    if (kind_ == Timings::kAr1) {
      state_ = 0.7 * state_ + std::sqrt(1 - 0.7 * 0.7) * normal_(rng_);
      return 100 + 10 * state_;
    }
    const double v = 100 + 10 * normal_(rng_);
    return kind_ == Timings::kOutliers && uniform_(rng_) < 0.02 ? 5 * v : v;
  }
  // The population median: 100, or for the outliers x with 0.98 Phi((x - 100) / 10) = 0.5 (the
  // slow calls all lie far above it).
  double true_median() const { return kind_ == Timings::kOutliers ? 100 + 10 * 0.025577 : 100; }

 private:
  Timings kind_;
  std::mt19937_64 rng_;
  std::normal_distribution<double> normal_;
  std::uniform_real_distribution<double> uniform_;
  double state_;
};

struct Coverage {
  double covered = 0;  // fraction of the trials whose CI held the true median
  double mean_n = 0;   // iterations run
};

// Runs the rule as papbench does, one value per iteration, up to `max_n`.
Coverage simulate(Timings kind, double fraction, int trials, std::size_t max_n) {
  int hits = 0;
  double n_sum = 0;
  for (int t = 0; t < trials; ++t) {
    TimingSource source(kind, 1000 + static_cast<std::uint64_t>(t));
    std::vector<double> x;
    do {
      x.push_back(source.next());
    } while (x.size() < max_n && !median_precise_enough(x, fraction, 30));
    const SeriesMedianCi ci = series_median_ci(x);
    hits += ci.low <= source.true_median() && source.true_median() <= ci.high ? 1 : 0;
    n_sum += static_cast<double>(x.size());
  }
  return {static_cast<double>(hits) / trials, n_sum / trials};
}

// 400 trials: a Monte Carlo standard error of about 0.011 at 0.95, so 0.90 is 4.5 of them away.
constexpr int kTrials = 400;

TEST(SeriesMedianCi, CoversAtTheStopUnderEachKindOfTiming) {
  for (Timings kind : {Timings::kIid, Timings::kAr1, Timings::kOutliers}) {
    // 0.025: the rule needs ~110 independent or ~500 autocorrelated calls; 0.5: it stops at 30,
    // where the autocorrelation is hardest to see.
    for (double fraction : {0.025, 0.5}) {
      const Coverage c = simulate(kind, fraction, kTrials, 5000);
      EXPECT_GE(c.covered, 0.90) << "timings " << static_cast<int>(kind) << " fraction " << fraction
                                 << " mean n " << c.mean_n;
      if (fraction == 0.5) {
        EXPECT_EQ(c.mean_n, 30);
      }
    }
  }
}

TEST(SeriesMedianCi, AutocorrelationWidensTheInterval) {
  TimingSource iid(Timings::kIid, 7), ar1(Timings::kAr1, 7);
  std::vector<double> a, b;
  for (int i = 0; i < 200; ++i) {
    a.push_back(iid.next());
    b.push_back(ar1.next());
  }
  const SeriesMedianCi ca = series_median_ci(a), cb = series_median_ci(b);
  EXPECT_LT(ca.tau, 1.6);
  EXPECT_GT(cb.tau, 3.0);
  EXPECT_GT(cb.high - cb.low, ca.high - ca.low);
}

TEST(SeriesMedianCi, IndependentValuesGetTheOrderStatisticInterval) {
  // Alternating values: negative lag-1 correlation, clipped to none. n = 30: ranks 10 and 21, as
  // the exact binomial interval of summarize().
  std::vector<double> x;
  for (int i = 0; i < 30; ++i) x.push_back(i % 2 == 0 ? i : 100 + i);
  const SeriesMedianCi ci = series_median_ci(x);
  EXPECT_EQ(ci.tau, 1);
  std::vector<double> sorted = x;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(ci.low, sorted[9]);
  EXPECT_EQ(ci.high, sorted[20]);
}

TEST(SeriesMedianCi, EdgeCases) {
  EXPECT_TRUE(std::isnan(series_median_ci({}).median));
  const std::vector<double> same(40, 5.0);
  const SeriesMedianCi ci = series_median_ci(same);
  EXPECT_EQ(ci.low, 5);
  EXPECT_EQ(ci.high, 5);
  EXPECT_TRUE(median_precise_enough(same, 0.01, 30));
  // Below min_n never, and between checkpoints not (41 is not a multiple of 41 / 20 = 2).
  EXPECT_FALSE(median_precise_enough(std::vector<double>(29, 5.0), 0.01, 30));
  EXPECT_FALSE(median_precise_enough(std::vector<double>(41, 5.0), 0.01, 30));
  EXPECT_TRUE(median_precise_enough(std::vector<double>(42, 5.0), 0.01, 30));
  // At min_n itself always, even where min_n is no checkpoint (41 % 2, 61 % 3).
  EXPECT_TRUE(median_precise_enough(std::vector<double>(41, 5.0), 0.01, 41));
  EXPECT_TRUE(median_precise_enough(std::vector<double>(61, 5.0), 0.01, 61));
}

}  // namespace
}  // namespace papbench::stats
