#pragma once
// Descriptive and comparative statistics for iteration samples. Distributions come from
// Boost.Math; nothing here is a hand-rolled table.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace papbench::stats {

struct Summary {
  std::size_t n = 0;
  double median = 0, mean = 0, sd = 0;
  double ci_low = 0, ci_high = 0;  // distribution-free 95% CI of the median (order statistics)
  double min = 0, max = 0;
};

Summary summarize(std::span<const double> sample);

struct Comparison {
  double median_ratio = 0;                     // median(b) / median(a)
  double ratio_ci_low = 0, ratio_ci_high = 0;  // percentile bootstrap 95% CI of that ratio
  double mann_whitney_p = 1;  // two-sided; exact or normal approximation (mann_whitney below)
  double welch_p = 1;         // two-sided Welch t-test
  bool significant = false;   // both p < alpha and the CI excludes 1
};

// Deterministic: the bootstrap uses `seed`, so the same files give the same report.
Comparison compare(std::span<const double> a, std::span<const double> b, std::uint64_t seed = 1,
                   int resamples = 2000, double alpha = 0.05);

// Launches as the unit of replication ([HunoldCarpenAmarie2016]: the variance between launches
// dominates): each
// side is one sample per launch (mpiexec). The ratio is of the pooled medians; its CI comes from
// a hierarchical bootstrap that resamples launches, then iterations within each drawn launch.
// The p-values are of the pooled samples (they treat iterations as independent). With one
// launch per side the CI is compare()'s iteration bootstrap (drawn differently).
Comparison compare_launches(std::span<const std::vector<double>> a,
                            std::span<const std::vector<double>> b, std::uint64_t seed = 1,
                            int resamples = 2000, double alpha = 0.05);

double mann_whitney_p(std::span<const double> a, std::span<const double> b);
double welch_p(std::span<const double> a, std::span<const double> b);

// ---- Additions (statistics implementation); the declarations above are unchanged. ----
// Edge cases of the functions above: an empty sample gives a Summary with n = 0 and NaN fields;
// sd is NaN for n < 2. mann_whitney_p is NaN when a sample is empty and 1 when every value is
// tied; it uses the exact null distribution (as R's wilcox.test does) when both samples have
// fewer than 50 values and there are no ties, otherwise the normal approximation with tie and
// continuity correction. welch_p is NaN when a sample has fewer than 2 values; when both
// samples are constant it is 1 if they are equal and 0 otherwise. compare() leaves NaN in
// the fields it cannot compute, and NaN is never significant.

// Median (mean of the two middle values for even n); NaN when empty.
double median(std::span<const double> sample);
// Holm's step-down adjustment of m p-values for testing them together (Holm 1979): sorted
// ascending, p_(k) becomes max over j <= k of min(1, (m - j + 1) p_(j)); returned in the input's
// order. NaN p-values are not tests: they stay NaN and do not count in m.
std::vector<double> holm_adjust(std::span<const double> p);

// Arithmetic mean; NaN when empty (the papers' tables report means of repetitions).
double mean(std::span<const double> sample);

// 1-based ranks of the order statistics x_(lower) <= median <= x_(upper) that summarize() uses
// for the CI: the narrowest symmetric pair whose coverage under Binomial(n, 1/2) is >= level.
// For n too small to reach the level (n <= 5 at 95%), lower = 1, upper = n, reaches_level =
// false, and coverage says what [min, max] does cover (1 - 2^(1-n)).
struct MedianCiRanks {
  std::size_t lower = 0, upper = 0;
  double coverage = 0;
  bool reaches_level = false;
};
MedianCiRanks median_ci_ranks(std::size_t n, double level = 0.95);

struct MannWhitney {
  double u = 0;        // U of sample a: pairs with a > b, ties counting 1/2 (R's W)
  double p = 1;        // two-sided
  bool exact = false;  // exact null distribution rather than the normal approximation
};
MannWhitney mann_whitney(std::span<const double> a, std::span<const double> b);

struct WelchTest {
  double t = 0;   // (mean(b) - mean(a)) / standard error
  double df = 0;  // Welch-Satterthwaite degrees of freedom
  double p = 1;   // two-sided
  // mean(b) - mean(a) and its standard error (0 for two constant samples); NaN where t is.
  double difference = std::numeric_limits<double>::quiet_NaN();
  double se = std::numeric_limits<double>::quiet_NaN();
};
WelchTest welch_test(std::span<const double> a, std::span<const double> b);

}  // namespace papbench::stats
