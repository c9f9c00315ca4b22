#include "results/case_comparison.hpp"

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
                            std::uint64_t seed, int resamples) {
  CaseComparison c;
  c.pairing = a.size() == b.size() ? pairing : Pairing::kNone;
  c.level = a.size() >= 2 && b.size() >= 2 ? VerdictLevel::kLaunch : VerdictLevel::kWithinLaunch;
  const std::vector<double> pa = pooled_launches(a), pb = pooled_launches(b);
  c.n_a = pa.size();
  c.n_b = pb.size();
  c.median_a = median(pa);
  c.median_b = median(pb);
  LaunchTest launch;
  if (c.pairing == Pairing::kIteration) {
    const PairedComparison p = compare_paired(a, b, seed, resamples);
    c.ratio = p.median_ratio;
    c.ratio_ci_low = p.ratio_ci_low;
    c.ratio_ci_high = p.ratio_ci_high;
    c.iteration_test = "wilcoxon-signed-rank";
    c.iteration_p = p.wilcoxon_p;
    launch = paired_launch_test(a, b);
  } else {
    const Comparison u = a.size() == 1 && b.size() == 1 ? compare(pa, pb, seed, resamples)
                                                        : compare_launches(a, b, seed, resamples);
    c.ratio = u.median_ratio;
    c.ratio_ci_low = u.ratio_ci_low;
    c.ratio_ci_high = u.ratio_ci_high;
    c.iteration_test = "mann-whitney";
    c.iteration_p = u.mann_whitney_p;
    launch = unpaired_launch_test(a, b);
  }
  if (c.level == VerdictLevel::kLaunch) {
    c.launch_test = launch.name;
    c.launch_p = launch.p;
    c.verdict_p = launch.p;
  } else {
    c.launch_p = std::numeric_limits<double>::quiet_NaN();
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
