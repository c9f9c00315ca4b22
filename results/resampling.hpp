#pragma once
// The few building blocks every bootstrap of results/ shares (statistics.cpp,
// paired_statistics.cpp): one definition each, so the same seed draws the same resamples in all
// of them and unity builds see each name once.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <vector>

namespace papbench::stats::detail {

// Uniform index in [0, n). std::uniform_int_distribution's algorithm is implementation-defined,
// so it would make the "deterministic" bootstrap differ between libstdc++ and libc++; plain
// rejection sampling on the raw engine output is the same everywhere.
inline std::size_t draw_index(std::mt19937_64& rng, std::size_t n) {
  const auto range = static_cast<std::uint64_t>(n);
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t limit = kMax - kMax % range;
  std::uint64_t x = 0;
  do {
    x = rng();
  } while (x >= limit);
  return static_cast<std::size_t>(x % range);
}

// Median of a scratch vector, reordering it (nth_element is O(n), which matters inside the
// bootstrap loop); NaN when empty.
inline double median_in_place(std::vector<double>& v) {
  if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  const double upper = v[mid];
  if (v.size() % 2 == 1) return upper;
  const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid));
  // Two infinite middles of one sign: inf - inf would make the median NaN.
  if (lower == upper) return upper;
  return lower + (upper - lower) / 2;
}

// Type-7 (linear interpolation) quantile of sorted data, the default of R and NumPy.
inline double sorted_quantile(std::span<const double> sorted, double p) {
  const double h = (static_cast<double>(sorted.size()) - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  const double frac = h - static_cast<double>(lo);
  // frac == 0: x[lo] itself (0 * inf would make an infinite neighbour NaN).
  if (frac == 0 || sorted[lo] == sorted[hi]) return sorted[lo];
  return sorted[lo] + frac * (sorted[hi] - sorted[lo]);
}

}  // namespace papbench::stats::detail
