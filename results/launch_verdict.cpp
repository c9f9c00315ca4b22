#include "results/launch_verdict.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

#include "results/paired_statistics.hpp"
#include "results/resampling.hpp"
#include "results/statistics.hpp"

namespace papbench::stats {
namespace {

constexpr double kLaunchNaN = std::numeric_limits<double>::quiet_NaN();

// One-sample t test of mean(x) = 0. Constant x: certainty either way (p 1 at 0, else 0), as
// welch_test does for two constant samples.
LaunchTest one_sample_t(std::span<const double> x) {
  LaunchTest r;
  r.name = "paired-t";
  const std::size_t n = x.size();
  if (n < 2 || std::any_of(x.begin(), x.end(), [](double v) { return !std::isfinite(v); })) {
    r.t = r.df = r.p = kLaunchNaN;
    return r;
  }
  r.df = static_cast<double>(n - 1);
  const double m = mean(x);
  if (std::all_of(x.begin(), x.end(), [&](double v) { return v == x[0]; })) {
    r.t = x[0] == 0 ? 0 : std::copysign(std::numeric_limits<double>::infinity(), x[0]);
    r.p = x[0] == 0 ? 1 : 0;
    r.estimate = x[0];
    r.se = 0;
    return r;
  }
  double ss = 0;
  for (double v : x) ss += (v - m) * (v - m);
  const double se = std::sqrt(ss / r.df / static_cast<double>(n));
  r.estimate = m;
  r.se = se;
  r.t = m / se;
  const boost::math::students_t_distribution<double> t_dist(r.df);
  r.p = std::min(1.0, 2 * cdf(complement(t_dist, std::fabs(r.t))));
  return r;
}

}  // namespace

LaunchTest paired_launch_test(std::span<const std::vector<double>> a,
                              std::span<const std::vector<double>> b) {
  std::vector<double> per_launch, logs;
  for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) {
    logs.clear();
    for (std::size_t i = 0; i < a[k].size() && i < b[k].size(); ++i) {
      logs.push_back(std::log(pair_ratio(a[k][i], b[k][i])));
    }
    if (!logs.empty()) per_launch.push_back(detail::median_in_place(logs));
  }
  LaunchTest r = one_sample_t(per_launch);
  r.tested_a = r.tested_b = per_launch.size();
  return r;
}

LaunchTest unpaired_launch_test(std::span<const std::vector<double>> a,
                                std::span<const std::vector<double>> b) {
  std::vector<double> ma, mb;
  for (const auto& l : a) {
    if (!l.empty()) ma.push_back(median(l));
  }
  for (const auto& l : b) {
    if (!l.empty()) mb.push_back(median(l));
  }
  const auto positive = [](const std::vector<double>& v) {
    return std::all_of(v.begin(), v.end(), [](double x) { return x > 0; });
  };
  LaunchTest r;
  r.name = "welch-t";
  r.tested_a = ma.size();
  r.tested_b = mb.size();
  // Timings spread multiplicatively, so their logs are the scale on which launch effects add.
  r.log_scale = positive(ma) && positive(mb);
  if (r.log_scale) {
    for (double& v : ma) v = std::log(v);
    for (double& v : mb) v = std::log(v);
  } else if (!ma.empty()) {
    r.mean_a = mean(ma);
  }
  const WelchTest w = welch_test(ma, mb);
  r.t = w.t;
  r.df = w.df;
  r.p = w.p;
  r.estimate = w.difference;
  r.se = w.se;
  return r;
}

RatioInterval launch_ratio_interval(const LaunchTest& test, double alpha) {
  RatioInterval r;
  if (!std::isfinite(test.estimate) || !std::isfinite(test.se) || !(test.df > 0) ||
      !(alpha > 0 && alpha < 1)) {
    return r;
  }
  // The critical value the test compares |t| with: |estimate| > half exactly when p < alpha.
  const boost::math::students_t_distribution<double> t_dist(test.df);
  const double half = quantile(complement(t_dist, alpha / 2)) * test.se;
  const double low = test.estimate - half, high = test.estimate + half;
  if (test.log_scale) {
    r = {std::exp(test.estimate), std::exp(low), std::exp(high)};
  } else if (test.mean_a > 0) {
    // B/A as (mean A + d) / mean A: the mean of A taken as known, so that the interval and the
    // test still agree; raw medians are tested only where a launch median is 0 or negative.
    r = {1 + test.estimate / test.mean_a, 1 + low / test.mean_a, 1 + high / test.mean_a};
  }
  return r;
}

}  // namespace papbench::stats
