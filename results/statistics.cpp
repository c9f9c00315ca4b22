#include "results/statistics.hpp"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/special_functions/binomial.hpp>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "results/resampling.hpp"

namespace papbench::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kCiLevel = 0.95;
// R's wilcox.test switches to the normal approximation at 50 values per sample; using the same
// rule keeps our p-values comparable with what users get from R on the exported CSV.
constexpr std::size_t kExactMannWhitneyBelow = 50;

double mean_of(std::span<const double> x) {
  double sum = 0;
  for (double v : x) sum += v;
  return sum / static_cast<double>(x.size());
}

// Two-pass sample variance: the one-pass formula cancels catastrophically for nanosecond
// timestamps that differ little relative to their size.
double variance_of(std::span<const double> x, double mean) {
  double ss = 0;
  for (double v : x) ss += (v - mean) * (v - mean);
  return ss / static_cast<double>(x.size() - 1);
}

bool has_nan(std::span<const double> x) {
  return std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); });
}

bool is_constant(std::span<const double> x) {
  auto [lo, hi] = std::minmax_element(x.begin(), x.end());
  return *lo == *hi;
}

// P(U <= q) for the Mann-Whitney U of samples of sizes m and n without ties. count[i][u] holds
// the number of orderings of i values of a and j values of b with U = u, built up over j by
// asking whether the largest value belongs to b (U unchanged) or to a (it beats all j b's).
// Only u <= q is needed, which keeps this O(m n q).
double exact_u_cdf(std::size_t m, std::size_t n, std::size_t q) {
  std::vector<std::vector<double>> count(m + 1, std::vector<double>(q + 1, 0.0));
  for (auto& row : count) row[0] = 1;  // j = 0: only U = 0 is possible
  for (std::size_t j = 1; j <= n; ++j) {
    for (std::size_t i = 1; i <= m; ++i) {  // count[i - 1] already holds (i - 1, j)
      for (std::size_t u = q + 1; u-- > j;) count[i][u] += count[i - 1][u - j];
    }
  }
  double favourable = 0;
  for (double c : count[m]) favourable += c;
  return favourable / boost::math::binomial_coefficient<double>(static_cast<unsigned>(m + n),
                                                                static_cast<unsigned>(m));
}

}  // namespace

double median(std::span<const double> sample) {
  std::vector<double> scratch(sample.begin(), sample.end());
  return detail::median_in_place(scratch);
}

std::vector<double> holm_adjust(std::span<const double> p) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (!std::isnan(p[i])) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  std::vector<double> out(p.begin(), p.end());
  const auto m = static_cast<double>(order.size());
  double running = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    running = std::max(running, std::min(1.0, (m - static_cast<double>(k)) * p[order[k]]));
    out[order[k]] = running;
  }
  return out;
}

double mean(std::span<const double> sample) {
  if (sample.empty()) return std::numeric_limits<double>::quiet_NaN();
  return std::accumulate(sample.begin(), sample.end(), 0.0) / static_cast<double>(sample.size());
}

MedianCiRanks median_ci_ranks(std::size_t n, double level) {
  MedianCiRanks r;
  if (n == 0) return r;
  // [x_(l), x_(n+1-l)] misses the median exactly when fewer than l values lie below it or fewer
  // than l above, so its coverage is 1 - 2 P(B <= l - 1) with B ~ Binomial(n, 1/2). Coverage
  // falls as l grows; find the largest l that still reaches the level.
  const boost::math::binomial_distribution<double> b(static_cast<double>(n), 0.5);
  auto coverage = [&](std::size_t l) { return 1 - 2 * cdf(b, static_cast<double>(l - 1)); };
  r.lower = 1;
  r.upper = n;
  r.coverage = coverage(1);
  r.reaches_level = r.coverage >= level;
  if (!r.reaches_level) return r;  // tiny n: [min, max] is the best there is, below the level
  std::size_t good = 1, bad = (n + 1) / 2 + 1;  // coverage(good) >= level > coverage(bad)
  while (bad - good > 1) {
    const std::size_t mid = good + (bad - good) / 2;
    (coverage(mid) >= level ? good : bad) = mid;
  }
  r.lower = good;
  r.upper = n + 1 - good;
  r.coverage = coverage(good);
  return r;
}

Summary summarize(std::span<const double> sample) {
  Summary s;
  s.n = sample.size();
  // NaN has no order: std::sort would scramble the order statistics.
  if (s.n == 0 || has_nan(sample)) {
    s.median = s.mean = s.sd = s.ci_low = s.ci_high = s.min = s.max = kNaN;
    return s;
  }
  std::vector<double> sorted(sample.begin(), sample.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t mid = s.n / 2;
  s.median = s.n % 2 == 1 ? sorted[mid] : sorted[mid - 1] + (sorted[mid] - sorted[mid - 1]) / 2;
  s.mean = mean_of(sorted);
  s.sd = s.n < 2 ? kNaN : std::sqrt(variance_of(sorted, s.mean));
  s.min = sorted.front();
  s.max = sorted.back();
  const MedianCiRanks ranks = median_ci_ranks(s.n, kCiLevel);
  s.ci_low = sorted[ranks.lower - 1];
  s.ci_high = sorted[ranks.upper - 1];
  return s;
}

MannWhitney mann_whitney(std::span<const double> a, std::span<const double> b) {
  MannWhitney r;
  // NaN never equals itself: the tie loop below would not advance (an endless loop).
  if (a.empty() || b.empty() || has_nan(a) || has_nan(b)) {
    r.u = r.p = kNaN;
    return r;
  }
  const std::size_t m = a.size(), n = b.size(), total = m + n;
  struct Value {
    double x;
    bool from_a;
  };
  std::vector<Value> all;
  all.reserve(total);
  for (double x : a) all.push_back({x, true});
  for (double x : b) all.push_back({x, false});
  std::sort(all.begin(), all.end(), [](const Value& l, const Value& r2) { return l.x < r2.x; });

  // Mid-ranks for ties; the tie term sum(t^3 - t) shrinks the variance of U.
  double rank_sum_a = 0, tie_term = 0;
  for (std::size_t i = 0; i < total;) {
    std::size_t j = i;
    while (j < total && all[j].x == all[i].x) ++j;
    const double mid_rank = static_cast<double>(i + 1 + j) / 2;  // ranks i+1 .. j
    for (std::size_t k = i; k < j; ++k) {
      if (all[k].from_a) rank_sum_a += mid_rank;
    }
    const auto t = static_cast<double>(j - i);
    tie_term += t * t * t - t;
    i = j;
  }
  const double md = static_cast<double>(m), nd = static_cast<double>(n);
  const double td = static_cast<double>(total);
  r.u = rank_sum_a - md * (md + 1) / 2;
  const double mean_u = md * nd / 2;

  if (tie_term == 0 && m < kExactMannWhitneyBelow && n < kExactMannWhitneyBelow) {
    // U is an integer here; the distribution is symmetric about m n / 2, so the smaller tail
    // is P(U <= min(u, m n - u)).
    const auto u = static_cast<std::size_t>(std::llround(r.u));
    const std::size_t q = std::min(u, m * n - u);
    r.p = std::min(1.0, 2 * exact_u_cdf(m, n, q));
    r.exact = true;
    return r;
  }

  const double var_u = md * nd / 12 * ((td + 1) - tie_term / (td * (td - 1)));
  if (!(var_u > 0)) {  // every value tied: no evidence of any difference
    r.p = 1;
    return r;
  }
  const double diff = r.u - mean_u;
  const double correction = diff > 0 ? 0.5 : (diff < 0 ? -0.5 : 0.0);
  const double z = (diff - correction) / std::sqrt(var_u);
  const boost::math::normal_distribution<double> normal;
  r.p = std::min(1.0, 2 * cdf(complement(normal, std::fabs(z))));
  return r;
}

double mann_whitney_p(std::span<const double> a, std::span<const double> b) {
  return mann_whitney(a, b).p;
}

WelchTest welch_test(std::span<const double> a, std::span<const double> b) {
  WelchTest r;
  const auto finite = [](std::span<const double> x) {
    return std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); });
  };
  if (a.size() < 2 || b.size() < 2 || !finite(a) || !finite(b)) {
    r.t = r.df = r.p = kNaN;
    return r;
  }
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  const double ma = mean_of(a), mb = mean_of(b);
  // A constant sample's computed variance can come out as rounding noise rather than 0; decide
  // constancy from the values themselves.
  const double va = is_constant(a) ? 0 : variance_of(a, ma);
  const double vb = is_constant(b) ? 0 : variance_of(b, mb);
  const double wa = va / na, wb = vb / nb;
  const double se2 = wa + wb;
  if (se2 == 0) {
    // Both constant: the t statistic is 0/0 or x/0; the only sensible answers are certainty.
    r.t = a[0] == b[0] ? 0 : std::copysign(std::numeric_limits<double>::infinity(), b[0] - a[0]);
    r.df = na + nb - 2;
    r.p = a[0] == b[0] ? 1 : 0;
    r.difference = b[0] - a[0];
    r.se = 0;
    return r;
  }
  if (!std::isfinite(se2)) {  // the variances overflowed: no finite t
    r.t = r.df = r.p = kNaN;
    return r;
  }
  r.difference = mb - ma;
  r.se = std::sqrt(se2);
  r.t = r.difference / r.se;
  // Scaled by se2 so that neither the squares underflow (0/0) nor overflow.
  const double fa = wa / se2, fb = wb / se2;
  r.df = 1 / (fa * fa / (na - 1) + fb * fb / (nb - 1));
  const boost::math::students_t_distribution<double> t_dist(r.df);
  r.p = std::min(1.0, 2 * cdf(complement(t_dist, std::fabs(r.t))));
  return r;
}

double welch_p(std::span<const double> a, std::span<const double> b) {
  return welch_test(a, b).p;
}

namespace {

// The percentile CI of the bootstrap ratios, and the verdict: both tests and the CI must agree.
Comparison with_ratio_ci(Comparison c, std::vector<double>& ratios, double alpha) {
  if (ratios.empty()) {
    c.ratio_ci_low = c.ratio_ci_high = kNaN;
  } else {
    std::sort(ratios.begin(), ratios.end());
    c.ratio_ci_low = detail::sorted_quantile(ratios, (1 - kCiLevel) / 2);
    c.ratio_ci_high = detail::sorted_quantile(ratios, 1 - (1 - kCiLevel) / 2);
  }
  // NaN compares false everywhere, so an undefined p-value or CI never reads as significant.
  const bool ci_excludes_one = c.ratio_ci_low > 1 || c.ratio_ci_high < 1;
  c.significant = c.mann_whitney_p < alpha && c.welch_p < alpha && ci_excludes_one;
  return c;
}

}  // namespace

Comparison compare(std::span<const double> a, std::span<const double> b, std::uint64_t seed,
                   int resamples, double alpha) {
  Comparison c;
  c.mann_whitney_p = mann_whitney_p(a, b);
  c.welch_p = welch_p(a, b);
  if (a.empty() || b.empty()) {
    c.median_ratio = c.ratio_ci_low = c.ratio_ci_high = kNaN;
    c.significant = false;
    return c;
  }
  c.median_ratio = median(b) / median(a);

  std::mt19937_64 rng(seed);
  std::vector<double> ratios;
  ratios.reserve(static_cast<std::size_t>(std::max(resamples, 0)));
  std::vector<double> ra(a.size()), rb(b.size());
  for (int r = 0; r < resamples; ++r) {
    for (double& v : ra) v = a[detail::draw_index(rng, a.size())];
    for (double& v : rb) v = b[detail::draw_index(rng, b.size())];
    const double ratio = detail::median_in_place(rb) / detail::median_in_place(ra);
    // 0/0 (zero medians) has no order; dropping it keeps the sort well defined.
    if (!std::isnan(ratio)) ratios.push_back(ratio);
  }
  return with_ratio_ci(c, ratios, alpha);
}

namespace {

std::vector<double> pooled(std::span<const std::vector<double>> launches) {
  std::vector<double> all;
  for (const auto& l : launches) all.insert(all.end(), l.begin(), l.end());
  return all;
}

// One hierarchical resample: as many launches as there are, drawn with replacement, each with
// its own iterations drawn with replacement; the median of them all.
double resampled_median(std::span<const std::vector<double>> launches, std::mt19937_64& rng,
                        std::vector<double>& scratch) {
  scratch.clear();
  for (std::size_t k = 0; k < launches.size(); ++k) {
    const std::vector<double>& l = launches[detail::draw_index(rng, launches.size())];
    for (std::size_t i = 0; i < l.size(); ++i)
      scratch.push_back(l[detail::draw_index(rng, l.size())]);
  }
  return scratch.empty() ? kNaN : detail::median_in_place(scratch);
}

}  // namespace

Comparison compare_launches(std::span<const std::vector<double>> a,
                            std::span<const std::vector<double>> b, std::uint64_t seed,
                            int resamples, double alpha) {
  const std::vector<double> pa = pooled(a), pb = pooled(b);
  Comparison c;
  c.mann_whitney_p = mann_whitney_p(pa, pb);
  c.welch_p = welch_p(pa, pb);
  if (pa.empty() || pb.empty()) {
    c.median_ratio = c.ratio_ci_low = c.ratio_ci_high = kNaN;
    c.significant = false;
    return c;
  }
  c.median_ratio = median(pb) / median(pa);
  std::mt19937_64 rng(seed);
  std::vector<double> ratios, sa, sb;
  ratios.reserve(static_cast<std::size_t>(std::max(resamples, 0)));
  for (int r = 0; r < resamples; ++r) {
    // Two statements: the operands of / are unsequenced, and both draw from rng.
    const double mb = resampled_median(b, rng, sb);
    const double ratio = mb / resampled_median(a, rng, sa);
    if (!std::isnan(ratio)) ratios.push_back(ratio);
  }
  return with_ratio_ci(c, ratios, alpha);
}

}  // namespace papbench::stats
