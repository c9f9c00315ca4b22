#include "bench/run_summary.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/units.hpp"
#include "results/case_metrics.hpp"
#include "results/statistics.hpp"

namespace papbench {
namespace {

// Over the iterations papbench-report summary keeps by default (no late, no wrong ones), so the
// run's own table and the report agree.
double median_of(const results::CaseRecord& rec, results::Metric m) {
  return stats::median(results::metric_series(rec, m, results::select_iterations(rec, {})));
}

int late_iterations(const results::CaseRecord& rec) {
  return static_cast<int>(std::count(rec.late.begin(), rec.late.end(), 1));
}

}  // namespace

std::string case_line(const results::CaseRecord& rec) {
  using results::Metric;
  std::string line =
      fmt::format("{}: run {}  elapsed {}  after-last {}  imbalance {} (planned {})  {}",
                  rec.label(), format_duration(median_of(rec, Metric::kRunTime)),
                  format_duration(median_of(rec, Metric::kElapsed)),
                  format_duration(median_of(rec, Metric::kAfterLastArrival)),
                  format_duration(median_of(rec, Metric::kImbalance)),
                  format_duration(median_of(rec, Metric::kPlannedImbalance)),
                  rec.validated == "pass" ? "valid" : "VALIDATION FAILED");
  if (int late = late_iterations(rec); late > 0) {
    line += fmt::format("  ({} late starts, left out)", late);
  }
  return line;
}

std::string summary_table(const std::vector<results::CaseRecord>& records,
                          const std::string& out_path) {
  using results::Metric;
  std::size_t width = 4;
  for (const auto& rec : records) width = std::max(width, rec.label().size());
  std::string out =
      fmt::format("\n{:<{}}  {:>11}  {:>11}  {:>11}  {:>11}  {:>11}  {}\n", "case", width,
                  "run time", "elapsed", "after-last", "imbalance", "planned", "check");
  out += fmt::format("{:-<{}}\n", "", width + 6 * 13 + 3);
  for (const auto& rec : records) {
    out += fmt::format("{:<{}}  {:>11}  {:>11}  {:>11}  {:>11}  {:>11}  {}\n", rec.label(), width,
                       format_duration(median_of(rec, Metric::kRunTime)),
                       format_duration(median_of(rec, Metric::kElapsed)),
                       format_duration(median_of(rec, Metric::kAfterLastArrival)),
                       format_duration(median_of(rec, Metric::kImbalance)),
                       format_duration(median_of(rec, Metric::kPlannedImbalance)), rec.validated);
  }
  int fewest = records.empty() ? 0 : records.front().iterations, most = fewest;
  for (const auto& rec : records) {
    fewest = std::min(fewest, rec.iterations);
    most = std::max(most, rec.iterations);
  }
  // --reps-until-ci stops each case when it is precise enough: then the counts differ.
  const std::string iterations =
      fewest == most ? std::to_string(most) : fmt::format("{}-{}", fewest, most);
  out += fmt::format(
      "\nmedians over {} timed iterations per case; run time = max exit - min arrival, elapsed = "
      "mean per-rank time in the call,\nafter-last = max exit - max arrival. Details: "
      "papbench-report summary {}\nresults: {}\n",
      iterations, out_path, out_path);
  return out;
}

}  // namespace papbench
