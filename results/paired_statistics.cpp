#include "results/paired_statistics.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "results/resampling.hpp"

namespace papbench::stats {
namespace {

constexpr double kPairedNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kPairedCiLevel = 0.95;
// As R's wilcox.test: exact below 50 non-zero differences.
constexpr std::size_t kExactSignedRankBelow = 50;

// P(V <= q) for the signed-rank statistic of n untied non-zero differences: each rank 1..n is
// positive or not with probability 1/2, so count[s] = number of subsets of {1..n} summing to s.
double exact_signed_rank_cdf(std::size_t n, std::size_t q) {
  const std::size_t max_sum = n * (n + 1) / 2;
  std::vector<double> count(max_sum + 1, 0.0);
  count[0] = 1;
  for (std::size_t rank = 1; rank <= n; ++rank) {
    for (std::size_t s = max_sum + 1; s-- > rank;) count[s] += count[s - rank];
  }
  double favourable = 0;
  for (std::size_t s = 0; s <= q; ++s) favourable += count[s];
  return favourable / std::ldexp(1.0, static_cast<int>(n));
}

}  // namespace

double pair_ratio(double a, double b) {
  return a == b ? 1.0 : b / a;
}

WilcoxonSignedRank wilcoxon_signed_rank(std::span<const double> differences) {
  WilcoxonSignedRank r;
  std::vector<double> nonzero;
  for (double d : differences) {
    if (std::isnan(d)) {
      r.v = r.p = kPairedNaN;
      return r;
    }
    if (d != 0) nonzero.push_back(d);
  }
  const std::size_t n = nonzero.size();
  if (n == 0) return r;  // every pair equal: no evidence of any difference
  std::sort(nonzero.begin(), nonzero.end(),
            [](double x, double y) { return std::fabs(x) < std::fabs(y); });
  double tie_term = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && std::fabs(nonzero[j]) == std::fabs(nonzero[i])) ++j;
    const double mid_rank = static_cast<double>(i + 1 + j) / 2;  // ranks i+1 .. j
    for (std::size_t k = i; k < j; ++k) {
      if (nonzero[k] > 0) r.v += mid_rank;
    }
    const auto t = static_cast<double>(j - i);
    tie_term += t * t * t - t;
    i = j;
  }
  const double nd = static_cast<double>(n);
  const double mean_v = nd * (nd + 1) / 4;
  if (tie_term == 0 && n < kExactSignedRankBelow) {
    // V is an integer here and symmetric about n (n + 1) / 4: the smaller tail doubled.
    const auto v = static_cast<std::size_t>(std::llround(r.v));
    const std::size_t q = std::min(v, n * (n + 1) / 2 - v);
    r.p = std::min(1.0, 2 * exact_signed_rank_cdf(n, q));
    r.exact = true;
    return r;
  }
  const double var_v = nd * (nd + 1) * (2 * nd + 1) / 24 - tie_term / 48;
  if (!(var_v > 0)) return r;
  const double diff = r.v - mean_v;
  const double correction = diff > 0 ? 0.5 : (diff < 0 ? -0.5 : 0.0);
  const double z = (diff - correction) / std::sqrt(var_v);
  const boost::math::normal_distribution<double> normal;
  r.p = std::min(1.0, 2 * cdf(complement(normal, std::fabs(z))));
  return r;
}

PairedComparison compare_paired(std::span<const std::vector<double>> a,
                                std::span<const std::vector<double>> b, std::uint64_t seed,
                                int resamples) {
  PairedComparison c;
  // Per launch, the ratio and the difference of each pair.
  std::vector<std::vector<double>> ratios;
  std::vector<double> all_ratios, differences;
  for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) {
    const std::size_t n = std::min(a[k].size(), b[k].size());
    if (n == 0) continue;  // a launch without kept pairs has nothing to resample
    std::vector<double> r(n);
    for (std::size_t i = 0; i < n; ++i) {
      r[i] = pair_ratio(a[k][i], b[k][i]);
      differences.push_back(b[k][i] - a[k][i]);
    }
    all_ratios.insert(all_ratios.end(), r.begin(), r.end());
    ratios.push_back(std::move(r));
  }
  c.wilcoxon_p = wilcoxon_signed_rank(differences).p;
  if (ratios.empty()) {
    c.median_ratio = c.ratio_ci_low = c.ratio_ci_high = kPairedNaN;
    return c;
  }
  c.median_ratio = detail::median_in_place(all_ratios);

  std::mt19937_64 rng(seed);
  std::vector<double> medians, scratch;
  medians.reserve(static_cast<std::size_t>(std::max(resamples, 0)));
  for (int s = 0; s < resamples; ++s) {
    scratch.clear();
    for (std::size_t k = 0; k < ratios.size(); ++k) {
      // One launch drawn with replacement: with a single launch this is the plain iteration
      // bootstrap of the pairs.
      const std::vector<double>& launch =
          ratios.size() == 1 ? ratios[0] : ratios[detail::draw_index(rng, ratios.size())];
      for (std::size_t i = 0; i < launch.size(); ++i) {
        scratch.push_back(launch[detail::draw_index(rng, launch.size())]);
      }
    }
    const double m = detail::median_in_place(scratch);
    if (!std::isnan(m)) medians.push_back(m);
  }
  if (medians.empty()) {
    c.ratio_ci_low = c.ratio_ci_high = kPairedNaN;
    return c;
  }
  std::sort(medians.begin(), medians.end());
  c.ratio_ci_low = detail::sorted_quantile(medians, (1 - kPairedCiLevel) / 2);
  c.ratio_ci_high = detail::sorted_quantile(medians, 1 - (1 - kPairedCiLevel) / 2);
  return c;
}

}  // namespace papbench::stats
