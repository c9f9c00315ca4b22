#include "results/case_comparison.hpp"

#include <cmath>
#include <limits>

#include "results/launch_verdict.hpp"
#include "results/paired_statistics.hpp"
#include "results/statistics.hpp"

namespace papbench::stats {
namespace {

std::vector<double> pooled_launches(std::span<const std::vector<double>> launches) {
  std::vector<double> all;
  for (const auto& l : launches) all.insert(all.end(), l.begin(), l.end());
  return all;
}

}  // namespace

std::string_view pairing_name(Pairing p) {
  return p == Pairing::kIteration ? "iteration" : "none";
}

std::string_view verdict_level_name(VerdictLevel v) {
  return v == VerdictLevel::kLaunch ? "launch" : "within-launch";
}

CaseComparison compare_case(std::span<const std::vector<double>> a,
                            std::span<const std::vector<double>> b, Pairing pairing,
                            std::uint64_t seed, int resamples, double alpha) {
  CaseComparison c;
  c.pairing = a.size() == b.size() ? pairing : Pairing::kNone;
  c.level = a.size() >= 2 && b.size() >= 2 ? VerdictLevel::kLaunch : VerdictLevel::kWithinLaunch;
  const bool launch_level = c.level == VerdictLevel::kLaunch;
  // At the launch level the interval is the launch test's; the bootstrap is not drawn.
  const int bootstrap = launch_level ? 0 : resamples;
  const std::vector<double> pa = pooled_launches(a), pb = pooled_launches(b);
  c.n_a = pa.size();
  c.n_b = pb.size();
  c.median_a = median(pa);
  c.median_b = median(pb);
  LaunchTest launch;
  if (c.pairing == Pairing::kIteration) {
    const PairedComparison p = compare_paired(a, b, seed, bootstrap);
    c.ratio = p.median_ratio;
    c.ratio_ci_low = p.ratio_ci_low;
    c.ratio_ci_high = p.ratio_ci_high;
    c.iteration_test = "wilcoxon-signed-rank";
    c.iteration_p = p.wilcoxon_p;
    launch = paired_launch_test(a, b);
  } else {
    const Comparison u = a.size() == 1 && b.size() == 1 ? compare(pa, pb, seed, bootstrap)
                                                        : compare_launches(a, b, seed, bootstrap);
    c.ratio = u.median_ratio;
    c.ratio_ci_low = u.ratio_ci_low;
    c.ratio_ci_high = u.ratio_ci_high;
    c.iteration_test = "mann-whitney";
    c.iteration_p = u.mann_whitney_p;
    launch = unpaired_launch_test(a, b);
  }
  if (launch_level) {
    c.launch_test = launch.name;
    c.launch_p = launch.p;
    c.verdict_p = launch.p;
    c.launch_df = launch.df;
    c.launches_tested_a = launch.tested_a;
    c.launches_tested_b = launch.tested_b;
    const RatioInterval ci = launch_ratio_interval(launch, alpha);
    if (!std::isnan(ci.ratio)) c.ratio = ci.ratio;
    c.ratio_ci_low = ci.low;
    c.ratio_ci_high = ci.high;
  } else {
    c.launch_p = c.launch_df = std::numeric_limits<double>::quiet_NaN();
    c.verdict_p = c.iteration_p;
  }
  return c;
}

void mark_significant(std::span<CaseComparison> rows, double alpha) {
  std::vector<double> p;
  p.reserve(rows.size());
  for (const CaseComparison& r : rows) p.push_back(r.verdict_p);
  const std::vector<double> holm = holm_adjust(p);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    rows[i].verdict_p_holm = holm[i];
    // NaN compares false: an undefined test never reads as significant.
    rows[i].significant = holm[i] < alpha;
  }
}

}  // namespace papbench::stats
