#pragma once
// Tests whose unit of replication is the launch (one mpiexec run), not the iteration: the
// variance between launches usually dominates ([HunoldCarpenAmarie2016], [HoeflerBelli2015]),
// and iterations of one launch share it, so a test that counts iterations as independent
// replicates calls launch noise a difference. Each launch is reduced to one number and those
// numbers are tested, with as many degrees of freedom as there are launches.

#include <span>
#include <string_view>
#include <vector>

namespace papbench::stats {

struct LaunchTest {
  std::string_view name;  // "paired-t" or "welch-t"
  double t = 0, df = 0;
  double p = 1;  // two-sided; NaN below two launches a side
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

}  // namespace papbench::stats
