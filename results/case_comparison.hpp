#pragma once
// One row of `papbench-report compare`: a matched case's metric on both sides, each side one
// series of kept iterations per launch, reduced to a ratio, its CI, the tests and the verdict.
// The compare view and the simulated false-positive test (tests/unit/compare_aa_test.cpp) both
// go through this code, so what the test measures is what users get.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace papbench::stats {

// "iteration": iteration i of A and of B ran under the same planned arrivals, launch k of A
// beside launch k of B; "none": the sides are independent samples.
enum class Pairing { kIteration, kNone };
std::string_view pairing_name(Pairing p);

// "launch": both sides have at least two launches and the verdict comes from a launch-level
// test; "within-launch": a side has one launch, so the verdict's test sees only iteration noise
// and the variance between launches is not included.
enum class VerdictLevel { kLaunch, kWithinLaunch };
std::string_view verdict_level_name(VerdictLevel v);

struct CaseComparison {
  Pairing pairing = Pairing::kNone;
  VerdictLevel level = VerdictLevel::kWithinLaunch;
  std::size_t n_a = 0, n_b = 0;       // values analysed per side (pairs: equal)
  double median_a = 0, median_b = 0;  // of each side's values, launches pooled
  // At the launch level, the launch test's estimate and its (1 - alpha) t interval
  // (launch_ratio_interval: it excludes 1 exactly when launch_p < alpha): paired, the geometric
  // mean of the launch pairs' median ratios; unpaired, the ratio of the geometric means of the
  // launches' medians. Where that test has no result (fewer than 2 launches tested) and within a
  // launch: paired, the median of the per-iteration ratios b_i / a_i with a paired bootstrap CI
  // (launch pairs, then iteration pairs); unpaired, median(b) / median(a) with the
  // (hierarchical) bootstrap of statistics.hpp; the bootstrap's CI only within a launch (NaN at
  // the launch level: no interval where there is no test).
  double ratio = 0, ratio_ci_low = 0, ratio_ci_high = 0;
  std::string_view iteration_test;  // "wilcoxon-signed-rank" or "mann-whitney"
  double iteration_p = 1;           // over all iterations of all launches
  std::string_view launch_test;     // "paired-t", "welch-t", or empty within a launch
  double launch_p = 0;              // NaN within a launch
  // The launch test's degrees of freedom (NaN within a launch or without a test) and the
  // launches it tested on each side (paired: launch pairs, equal): a launch (pair) without a kept
  // value (pair) drops out, so these can be fewer than the launches given.
  double launch_df = 0;
  std::size_t launches_tested_a = 0, launches_tested_b = 0;
  double verdict_p = 1;       // launch_p at the launch level, iteration_p within a launch
  double verdict_p_holm = 0;  // filled by mark_significant
  bool significant = false;   // filled by mark_significant
};

// a[k], b[k]: launch k's kept values. Paired needs a.size() == b.size() and a[k][i] beside
// b[k][i] (the caller aligns them); otherwise the comparison is unpaired.
// alpha: the level of the launch-level interval (1 - alpha), the level the verdict is marked at.
CaseComparison compare_case(std::span<const std::vector<double>> a,
                            std::span<const std::vector<double>> b, Pairing pairing,
                            std::uint64_t seed = 1, int resamples = 2000, double alpha = 0.05);

// Holm's adjustment of the verdict p-values of every row of one compare (all cases and metrics
// are one family: a user reads the whole table), and significant = adjusted p < alpha.
void mark_significant(std::span<CaseComparison> rows, double alpha);

}  // namespace papbench::stats
