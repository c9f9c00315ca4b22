#pragma once
// Descriptive and comparative statistics for iteration samples. Distributions come from
// Boost.Math; nothing here is a hand-rolled table.

#include <cstddef>
#include <cstdint>
#include <span>

namespace papbench::stats {

struct Summary {
  std::size_t n = 0;
  double median = 0, mean = 0, sd = 0;
  double ci_low = 0, ci_high = 0;  // distribution-free 95% CI of the median (order statistics)
  double min = 0, max = 0;
};

Summary summarize(std::span<const double> sample);

struct Comparison {
  double median_ratio = 0;          // median(b) / median(a)
  double ratio_ci_low = 0, ratio_ci_high = 0;  // percentile bootstrap 95% CI of that ratio
  double mann_whitney_p = 1;        // two-sided, normal approximation with tie correction
  double welch_p = 1;               // two-sided Welch t-test
  bool significant = false;         // both p < alpha and the CI excludes 1
};

// Deterministic: the bootstrap uses `seed`, so the same files give the same report.
Comparison compare(std::span<const double> a, std::span<const double> b, std::uint64_t seed = 1,
                   int resamples = 2000, double alpha = 0.05);

double mann_whitney_p(std::span<const double> a, std::span<const double> b);
double welch_p(std::span<const double> a, std::span<const double> b);

}  // namespace papbench::stats
