#include "bench/run/run_summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "common/units.hpp"
#include "results/case_metrics.hpp"
#include "results/statistics.hpp"

namespace papbench {
namespace {

// Over the iterations papbench-report summary keeps by default (none off plan, no wrong ones),
// so the run's own table and the report agree; "-" when every iteration was left out.
std::string median_of(const results::CaseRecord& rec, results::Metric m) {
  const double v =
      stats::median(results::metric_series(rec, m, results::select_iterations(rec, {})));
  return std::isnan(v) ? std::string("-") : format_duration(v);
}

int late_iterations(const results::CaseRecord& rec) {
  return static_cast<int>(std::count(rec.late.begin(), rec.late.end(), 1));
}

std::string tolerance_text(const results::CaseRecord& rec) {
  const std::optional<std::int64_t> ns =
      rec.arrival_tolerance ? rec.arrival_tolerance->value() : std::nullopt;
  return ns ? format_duration(static_cast<double>(*ns)) : std::string("the tolerance");
}

}  // namespace

std::string case_line(const results::CaseRecord& rec) {
  using results::Metric;
  std::string line =
      fmt::format("{}: run {}  elapsed {}  after-last {}  imbalance {} (planned {})  {}",
                  rec.label(), median_of(rec, Metric::kRunTime), median_of(rec, Metric::kElapsed),
                  median_of(rec, Metric::kAfterLastArrival), median_of(rec, Metric::kImbalance),
                  median_of(rec, Metric::kPlannedImbalance),
                  rec.validated == "pass" ? "valid" : "VALIDATION FAILED");
  if (int late = late_iterations(rec); late > 0) {
    line += fmt::format("  ({} of {} iterations off plan (arrival error beyond {}), left out)",
                        late, rec.late.size(), tolerance_text(rec));
  }
  return line;
}

std::string summary_table(const std::vector<results::CaseRecord>& records,
                          const std::string& out_path) {
  using results::Metric;
  // Cases that differ in nothing a label shows (an A/A run, --sync window,window) are numbered
  // in file order, "#1", "#2", as `papbench-report summary` tells them apart by index.
  std::vector<std::string> labels;
  std::map<std::string, int> total, seen;
  for (const auto& rec : records) ++total[labels.emplace_back(rec.label())];
  for (std::string& label : labels) {
    if (total[label] > 1) label += fmt::format(" #{}", ++seen[label]);
  }
  std::size_t width = 4;
  for (const auto& label : labels) width = std::max(width, label.size());
  std::string out =
      fmt::format("\n{:<{}}  {:>11}  {:>11}  {:>11}  {:>11}  {:>11}  {}\n", "case", width,
                  "run time", "elapsed", "after-last", "imbalance", "planned", "check");
  out += fmt::format("{:-<{}}\n", "", width + 6 * 13 + 3);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const results::CaseRecord& rec = records[i];
    out +=
        fmt::format("{:<{}}  {:>11}  {:>11}  {:>11}  {:>11}  {:>11}  {}\n", labels[i], width,
                    median_of(rec, Metric::kRunTime), median_of(rec, Metric::kElapsed),
                    median_of(rec, Metric::kAfterLastArrival), median_of(rec, Metric::kImbalance),
                    median_of(rec, Metric::kPlannedImbalance), rec.validated);
  }
  int fewest = records.empty() ? 0 : records.front().iterations, most = fewest;
  int off_plan = 0;
  for (const auto& rec : records) {
    fewest = std::min(fewest, rec.iterations);
    most = std::max(most, rec.iterations);
    off_plan += late_iterations(rec);
  }
  // --reps-until-ci stops each case when it is precise enough: then the counts differ.
  const std::string iterations =
      fewest == most ? std::to_string(most) : fmt::format("{}-{}", fewest, most);
  out += fmt::format(
      "\nmedians over {} timed iterations per case{}; run time = max exit - min arrival, elapsed "
      "= mean per-rank time in the call,\nafter-last = max exit - max arrival. Details: "
      "papbench-report summary {}\nresults: {}\n",
      iterations,
      off_plan == 0 ? std::string()
                    : fmt::format(", {} off plan left out (a rank's arrival error beyond "
                                  "--arrival-tolerance; -: every iteration left out)",
                                  off_plan),
      out_path, out_path);
  return out;
}

}  // namespace papbench
