#include "tools/report/trend_rows.hpp"

#include <fmt/format.h>

#include "results/iteration_pairing.hpp"

namespace papbench::report {

std::optional<stats::CaseComparison> compare_sides(std::span<const CaseRef> base,
                                                   std::span<const CaseRef> candidate,
                                                   results::Metric metric) {
  std::vector<const results::CaseRecord*> a, b;
  for (const CaseRef& x : base) {
    for (const CaseRef& y : candidate) {
      if (y.file != x.file) continue;
      a.push_back(&x.file->reader.cases()[x.index]);
      b.push_back(&y.file->reader.cases()[y.index]);
      break;
    }
  }
  if (a.empty()) return std::nullopt;
  const results::IterationFilter filter;
  const results::PairingPlan plan = results::plan_pairing(a, b, filter);
  std::vector<std::vector<double>> la, lb;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const auto sel_a = plan.paired ? plan.kept[k] : results::select_iterations(*a[k], filter);
    const auto sel_b = plan.paired ? plan.kept[k] : results::select_iterations(*b[k], filter);
    la.push_back(results::metric_series(*a[k], metric, sel_a));
    lb.push_back(results::metric_series(*b[k], metric, sel_b));
    if (la.back().empty() || lb.back().empty()) return std::nullopt;
  }
  return stats::compare_case(la, lb,
                             plan.paired ? stats::Pairing::kIteration : stats::Pairing::kNone);
}

std::vector<Column> trend_columns() {
  return {{"ours_ratio", "ours new/base"},
          {"ours_ratio_ci", "95% CI", Audience::kHuman},
          {"ours_ratio_ci_low", "", Audience::kMachine},
          {"ours_ratio_ci_high", "", Audience::kMachine},
          {"verdict", "verdict", Audience::kBoth, true},
          {"agrees_in_sign", "", Audience::kMachine}};
}

std::vector<Cell> trend_cells(const stats::CaseComparison* ours, Direction paper) {
  if (ours == nullptr) {
    return {Cell::none(), Cell::str(""), Cell::none(), Cell::none(), Cell::str(""), {"", nullptr}};
  }
  const Direction d = direction_from_ratio_ci(ours->ratio_ci_low, ours->ratio_ci_high);
  return {Cell::ratio(ours->ratio),
          Cell::str(fmt::format("[{:.2f}, {:.2f}]", ours->ratio_ci_low, ours->ratio_ci_high)),
          Cell::fixed(ours->ratio_ci_low, 4),
          Cell::fixed(ours->ratio_ci_high, 4),
          Cell::str(std::string(verdict_name(trend_verdict(d, paper)))),
          Cell::boolean(agrees_in_sign(d, paper))};
}

std::string trend_note() {
  return "verdict: our direction from compare's 95% CI of the time ratio new/base (paired by "
         "iteration where both ran under the same planned arrivals, each file one launch; a CI "
         "holding 1: no significant difference) against the sign of the paper's value; rows "
         "where both show no effect agree (papbench-report table --verdicts counts them)";
}

}  // namespace papbench::report
