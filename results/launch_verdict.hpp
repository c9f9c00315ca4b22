#pragma once
// Tests whose unit of replication is the launch (one mpiexec run), not the iteration: the
// variance between launches usually dominates ([HunoldCarpenAmarie2016], [HoeflerBelli2015]),
// and iterations of one launch share it, so a test that counts iterations as independent
// replicates calls launch noise a difference. Each launch is reduced to one number and those
// numbers are tested, with as many degrees of freedom as there are launches.

#include <cstddef>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

namespace papbench::stats {

// Below this many kept iterations a launch's value (a median) rests on one or two middle
// iterations, yet the t test weighs it as fully as any other launch: compare names such launches
// (a launch with none drops out of the test).
inline constexpr std::size_t kMinKeptPerLaunch = 5;

struct LaunchTest {
  std::string_view name;  // "paired-t" or "welch-t"
  double t = 0, df = 0;
  double p = 1;  // two-sided; NaN below two launches a side
  // What the test is about, on the scale it tests: paired, the mean of the per-pair median log
  // ratios; unpaired, mean(B) - mean(A) of the launches' log medians, or of their raw medians
  // where one is not positive (log_scale false; mean_a then is A's mean launch median). se: its
  // standard error (0 for constant launch values); NaN where there is no test.
  double estimate = std::numeric_limits<double>::quiet_NaN();
  double se = std::numeric_limits<double>::quiet_NaN();
  bool log_scale = true;
  double mean_a = std::numeric_limits<double>::quiet_NaN();
  // Launches that entered the test (paired: launch pairs, the same on both sides): those with at
  // least one kept value (pair).
  std::size_t tested_a = 0, tested_b = 0;
};

// Launch k of A paired with launch k of B (iteration i with iteration i): per launch pair the
// median of log(b_i / a_i), then a one-sample Student t test that their mean is 0 (K - 1 degrees
// of freedom for K launch pairs). A launch effect that both sides of a pair share (the same
// launch, two algorithms) cancels; an independent one is what the t test's variance sees.
LaunchTest paired_launch_test(std::span<const std::vector<double>> a,
                              std::span<const std::vector<double>> b);

// Unpaired launches: per launch the log of its median, then Welch's t test of the two sides'
// launch values (raw medians where one is not positive).
LaunchTest unpaired_launch_test(std::span<const std::vector<double>> a,
                                std::span<const std::vector<double>> b);

// B/A with the test's own interval: estimate +- t(1 - alpha/2, df) * se, back-transformed (exp on
// the log scale; 1 + d / mean_a on the raw one, NaN unless mean_a > 0). Built like the test, it
// excludes 1 exactly when the test's (unadjusted) p < alpha; with 3 to 6 launches a bootstrap over
// launches is too narrow (issue 45). All NaN where the test is (fewer than 2 launches tested).
struct RatioInterval {
  double ratio = std::numeric_limits<double>::quiet_NaN();
  double low = std::numeric_limits<double>::quiet_NaN();
  double high = std::numeric_limits<double>::quiet_NaN();
};
RatioInterval launch_ratio_interval(const LaunchTest& test, double alpha);

}  // namespace papbench::stats
