#include "results/correlation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace papbench::stats {

double pearson(std::span<const double> x, std::span<const double> y) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  if (x.size() != y.size() || x.size() < 2) return kNaN;
  const auto n = static_cast<double>(x.size());
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
  const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double dx = x[i] - mx;
    const double dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx == 0 || syy == 0) return kNaN;
  // Rounding can push |r| a hair past 1 for perfectly linear data.
  return std::clamp(sxy / std::sqrt(sxx * syy), -1.0, 1.0);
}

std::vector<double> average_ranks(std::span<const double> x) {
  std::vector<std::size_t> order(x.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });
  std::vector<double> ranks(x.size());
  std::size_t i = 0;
  while (i < order.size()) {
    std::size_t j = i;
    while (j + 1 < order.size() && x[order[j + 1]] == x[order[i]]) ++j;
    // Positions i..j (0-based) hold equal values: each gets the mean of ranks i+1..j+1.
    const double rank = static_cast<double>(i + j) / 2.0 + 1.0;
    for (std::size_t k = i; k <= j; ++k) ranks[order[k]] = rank;
    i = j + 1;
  }
  return ranks;
}

double spearman(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) return std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> rx = average_ranks(x);
  const std::vector<double> ry = average_ranks(y);
  return pearson(rx, ry);
}

std::vector<double> normalized_arrivals(const results::Matrix& arrival) {
  std::vector<double> out;
  out.reserve(arrival.data.size());
  for (int it = 0; it < arrival.rows; ++it) {
    const auto row = arrival.row(it);
    if (row.empty()) continue;
    const std::int64_t lo = *std::min_element(row.begin(), row.end());
    const std::int64_t hi = *std::max_element(row.begin(), row.end());
    for (std::int64_t a : row) {
      out.push_back(hi == lo ? 0.0 : static_cast<double>(a - lo) / static_cast<double>(hi - lo));
    }
  }
  return out;
}

}  // namespace papbench::stats
