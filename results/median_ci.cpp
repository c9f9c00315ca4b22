#include "results/median_ci.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "results/statistics.hpp"

namespace papbench::stats {
namespace {

// Beyond this lag-1 autocorrelation the series drifts rather than fluctuates; tau stays at 39.
constexpr double kMaxLagOneCorrelation = 0.95;

// Ranks 0..n-1 of the values, ties sharing their mean rank.
std::vector<double> ranks_of(std::span<const double> x) {
  std::vector<std::size_t> order(x.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });
  std::vector<double> rank(x.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && x[order[j + 1]] == x[order[i]]) ++j;
    const double shared = 0.5 * static_cast<double>(i + j);
    for (std::size_t k = i; k <= j; ++k) rank[order[k]] = shared;
    i = j + 1;
  }
  return rank;
}

double rank_autocorrelation_time(std::span<const double> x) {
  const std::size_t n = x.size();
  if (n < 3) return 1;
  const std::vector<double> r = ranks_of(x);
  const double centre = 0.5 * static_cast<double>(n - 1);
  double c0 = 0, c1 = 0;
  for (std::size_t t = 0; t < n; ++t) {
    c0 += (r[t] - centre) * (r[t] - centre);
    if (t > 0) c1 += (r[t] - centre) * (r[t - 1] - centre);
  }
  if (c0 <= 0) return 1;  // every value tied: nothing to correlate
  double rho = c1 / c0;
  rho += (1 + 4 * rho) / static_cast<double>(n);
  rho = std::clamp(rho, 0.0, kMaxLagOneCorrelation);
  return (1 + rho) / (1 - rho);
}

}  // namespace

SeriesMedianCi series_median_ci(std::span<const double> series, double level) {
  SeriesMedianCi ci;
  ci.n = series.size();
  if (series.empty()) {
    ci.median = ci.low = ci.high = ci.tau = std::numeric_limits<double>::quiet_NaN();
    return ci;
  }
  std::vector<double> sorted(series.begin(), series.end());
  std::sort(sorted.begin(), sorted.end());
  ci.median = median(sorted);
  ci.tau = rank_autocorrelation_time(series);
  const double z = quantile(boost::math::normal_distribution<double>(), 0.5 + 0.5 * level);
  const double n = static_cast<double>(ci.n);
  const double half = z * std::sqrt(n * ci.tau) / 2;
  const double lower = std::max(1.0, std::floor((n + 1) / 2 - half));
  const double upper = std::min(n, std::ceil((n + 1) / 2 + half));
  ci.low = sorted[static_cast<std::size_t>(lower) - 1];
  ci.high = sorted[static_cast<std::size_t>(upper) - 1];
  return ci;
}

bool median_precise_enough(std::span<const double> series, double fraction, std::size_t min_n) {
  const std::size_t n = series.size();
  // At min_n itself, then whenever n is a multiple of the step n / 20.
  if (n < min_n || (n != min_n && n % std::max<std::size_t>(1, n / 20) != 0)) return false;
  const SeriesMedianCi ci = series_median_ci(series);
  return ci.median > 0 && ci.median - ci.low <= fraction * ci.median &&
         ci.high - ci.median <= fraction * ci.median;
}

}  // namespace papbench::stats
