#include "results/nbc_overlap.hpp"

#include <algorithm>
#include <vector>

#include "results/statistics.hpp"

namespace papbench::results {

double overlap_fraction(double t_pure_ns, double t_cpu_ns, double t_ovrl_ns,
                        OverlapDenominator denominator) {
  const double d = denominator == OverlapDenominator::kMin ? std::min(t_pure_ns, t_cpu_ns)
                                                           : std::max(t_pure_ns, t_cpu_ns);
  if (!(d > 0)) return 0;
  return std::clamp((t_pure_ns + t_cpu_ns - t_ovrl_ns) / d, 0.0, 1.0);
}

NbcOverlap nbc_overlap(std::span<const double> t_pure_ns, std::span<const double> t_cpu_ns,
                       std::span<const double> t_ovrl_ns) {
  NbcOverlap o;
  if (t_ovrl_ns.empty() || t_pure_ns.size() != t_ovrl_ns.size() ||
      t_cpu_ns.size() != t_ovrl_ns.size()) {
    return o;
  }
  o.rank =
      static_cast<int>(std::max_element(t_ovrl_ns.begin(), t_ovrl_ns.end()) - t_ovrl_ns.begin());
  const auto r = static_cast<std::size_t>(o.rank);
  o.t_pure_ns = t_pure_ns[r];
  o.t_cpu_ns = t_cpu_ns[r];
  o.t_ovrl_ns = t_ovrl_ns[r];
  o.overlap = overlap_fraction(o.t_pure_ns, o.t_cpu_ns, o.t_ovrl_ns, OverlapDenominator::kMin);
  o.overlap_imb_code =
      overlap_fraction(o.t_pure_ns, o.t_cpu_ns, o.t_ovrl_ns, OverlapDenominator::kMax);
  return o;
}

namespace {

// Per column, the median of f(iteration, column) over the kept iterations.
template <class F>
std::vector<double> column_medians(int cols, std::span<const std::size_t> kept, F f) {
  if (kept.empty()) return {};
  std::vector<double> out;
  std::vector<double> values(kept.size());
  for (int c = 0; c < cols; ++c) {
    for (std::size_t k = 0; k < kept.size(); ++k) values[k] = f(static_cast<int>(kept[k]), c);
    out.push_back(stats::median(values));
  }
  return out;
}

bool rows_cover(const Matrix& m, std::span<const std::size_t> kept) {
  return std::all_of(kept.begin(), kept.end(),
                     [&](std::size_t it) { return it < static_cast<std::size_t>(m.rows); });
}

}  // namespace

std::vector<double> median_post_to_completion(const CaseRecord& rec,
                                              std::span<const std::size_t> kept) {
  if (!rows_cover(rec.arrival_ns, kept) || !rows_cover(rec.exit_ns, kept)) return {};
  return column_medians(rec.arrival_ns.cols, kept, [&](int it, int c) {
    return static_cast<double>(rec.exit_ns.at(it, c) - rec.arrival_ns.at(it, c));
  });
}

std::vector<double> median_overlap_compute(const CaseRecord& rec,
                                           std::span<const std::size_t> kept) {
  const auto compute = rec.metrics.find("nbc_compute_ns");
  const auto test = rec.metrics.find("nbc_test_ns");
  if (compute == rec.metrics.end() || test == rec.metrics.end()) return {};
  const Matrix& c = compute->second;
  const Matrix& t = test->second;
  if (!rows_cover(c, kept) || !rows_cover(t, kept) || c.cols != t.cols) return {};
  return column_medians(c.cols, kept, [&](int it, int col) {
    return static_cast<double>(c.at(it, col) + t.at(it, col));
  });
}

}  // namespace papbench::results
