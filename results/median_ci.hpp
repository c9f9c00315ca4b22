#pragma once
// A confidence interval of the median of a series of timed iterations whose values may be
// autocorrelated (one slow iteration makes the next one slow too), and the stopping rule of
// papbench --reps-until-ci built on it.

#include <cstddef>
#include <span>

namespace papbench::stats {

struct SeriesMedianCi {
  std::size_t n = 0;
  double median = 0, low = 0, high = 0;
  // Integrated autocorrelation time assumed: the CI is that of n / tau independent values.
  double tau = 1;
};

// The order-statistic CI of the median (the one summarize() gives for independent values) for an
// effective sample size n / tau. tau = (1 + r) / (1 - r) is the variance inflation of the AR(1)
// process with the series' lag-1 autocorrelation r, taken of the ranks (an outlier moves a rank
// by at most one place) and corrected for its small-sample bias by (1 + 4 r) / n (Kendall 1954),
// r clipped to [0, 0.95]. The ranks of the bounds are (n + 1) / 2 -+ z sqrt(n tau) / 2.
// NaN fields when the series is empty.
SeriesMedianCi series_median_ci(std::span<const double> series, double level = 0.95);

// --reps-until-ci's rule: after at least `min_n` values, stop once the 95% CI lies within
// `fraction` of the median on both sides. Checked at min_n and then each time the series has
// grown by a twentieth (every value up to 40, every second one up to 60, ...): checking after
// every value would stop on the first chance narrow interval more often.
bool median_precise_enough(std::span<const double> series, double fraction, std::size_t min_n);

}  // namespace papbench::stats
