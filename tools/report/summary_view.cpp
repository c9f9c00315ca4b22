#include "tools/report/summary_view.hpp"

#include <fmt/format.h>

#include "common/errors.hpp"
#include "results/statistics.hpp"
#include "tools/report/case_text.hpp"
#include "tools/report/counters_view.hpp"
#include "tools/report/metric_choice.hpp"

namespace papbench::report {
namespace {

// Marks a CI that is really [min, max] of too few iterations to reach 95%.
constexpr std::string_view kShortMark = "†";

// A count, or "n/a" / null where the file does not record it.
Cell iteration_count(int n) {
  return n < 0 ? Cell{"n/a", nullptr} : Cell::integer(n);
}

// The cells that identify a case, shared by its metric rows and its counter rows.
std::vector<Cell> case_cells(std::size_t i, const results::CaseRecord& rec) {
  return {
      Cell::integer(static_cast<long long>(i)),
      Cell::str(rec.label()),
      Cell::str(rec.match_key()),
      Cell::str(rec.collective),
      Cell::str(rec.algorithm),
      Cell::integer(static_cast<long long>(rec.count)),
      Cell::str(rec.pattern),
      Cell::integer(rec.arrival_ns.cols),
      Cell::integer(rec.arrival_ns.rows),
      Cell::integer(late_iterations(rec)),
      Cell::str(rec.validated),
      iteration_count(validated_iterations(rec)),
      iteration_count(failed_iterations(rec)),
  };
}

std::vector<Column> summary_columns() {
  const auto M = Audience::kMachine;
  const auto H = Audience::kHuman;
  return {
      {"case", "case", M},
      {"label", "label", M, true},
      {"match_key", "match key", M, true},
      {"collective", "collective", M, true},
      {"algorithm", "algorithm", M, true},
      {"count", "count", M},
      {"pattern", "pattern", M, true},
      {"ranks", "ranks", M},
      {"iterations", "iterations", M},
      {"late", "late", M},
      {"validated", "validated", M, true},
      {"validated_iterations", "checked", M},
      {"failed_iterations", "failed", M},
      {"metric", "metric", Audience::kBoth, true},
      {"n", "n", M},
      {"median_ns", "median", Audience::kBoth},
      {"ci", "95% CI of median", H},
      {"ci_low_ns", "ci low", M},
      {"ci_high_ns", "ci high", M},
      {"ci_coverage", "ci coverage", M},
      {"mean_ns", "mean", Audience::kBoth},
      {"sd_ns", "sd", Audience::kBoth},
      {"min_ns", "min", Audience::kBoth},
      {"max_ns", "max", Audience::kBoth},
  };
}

Section summarize_file(const ResultFile& file, const std::vector<results::Metric>& metrics,
                       bool with_counters) {
  Section s;
  s.title = file.path;
  s.meta = run_meta(file);
  const auto& cases = file.reader.cases();
  const int skipped = file.reader.incomplete_cases();
  s.meta.push_back({"cases", "cases", Cell::integer(static_cast<long long>(cases.size()))});
  s.meta.push_back({"skipped_incomplete",
                    "skipped",
                    {fmt::format("{} incomplete case{} (interrupted before complete=1)", skipped,
                                 skipped == 1 ? "" : "s"),
                     skipped}});
  s.table.columns = summary_columns();

  bool any_short = false;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const results::CaseRecord& rec = cases[i];
    const std::string heading = fmt::format("{}  ({})", case_title(i, rec), case_facts(rec));
    for (results::Metric m : metrics) {
      std::vector<double> series;
      try {
        series = results::metric_series(rec, m);
      } catch (const results::FormatError& e) {
        throw UsageError(fmt::format("{}: case {}: {}", file.path, i, e.what()));
      }
      const stats::Summary sum = stats::summarize(series);
      const stats::MedianCiRanks ranks = stats::median_ci_ranks(sum.n);
      const bool short_ci = sum.n > 0 && !ranks.reaches_level;
      any_short = any_short || short_ci;
      std::string ci_text = "-";
      if (sum.n > 0) {
        ci_text = fmt::format("[{}, {}]{}", Cell::duration(sum.ci_low).text,
                              Cell::duration(sum.ci_high).text, short_ci ? kShortMark : "");
      }
      Row row;
      row.group = heading;
      row.cells = case_cells(i, rec);
      row.cells.insert(row.cells.end(),
                       {
                           {std::string(metric_title(m)), std::string(results::metric_name(m))},
                           Cell::integer(static_cast<long long>(sum.n)),
                           Cell::duration(sum.median),
                           {ci_text, nullptr},
                           Cell::duration(sum.ci_low),
                           Cell::duration(sum.ci_high),
                           sum.n > 0 ? Cell::fixed(ranks.coverage, 4) : Cell{"-", nullptr},
                           Cell::duration(sum.mean),
                           Cell::duration(sum.sd),
                           Cell::duration(sum.min),
                           Cell::duration(sum.max),
                       });
      s.table.rows.push_back(std::move(row));
    }
    // Counter values (counts, not durations) over every (iteration, rank) of the case; their
    // correlation with arrival time is `papbench-report counters`.
    for (const auto& [event, m] : rec.counters) {
      if (!with_counters) break;
      const std::vector<double> values(m.data.begin(), m.data.end());
      const stats::Summary sum = stats::summarize(values);
      Row row;
      row.group = heading;
      row.cells = case_cells(i, rec);
      row.cells.insert(row.cells.end(), {
                                            Cell::str("counter " + event),
                                            Cell::integer(static_cast<long long>(sum.n)),
                                            count_cell(sum.median),
                                            {"-", nullptr},
                                            {"-", nullptr},
                                            {"-", nullptr},
                                            {"-", nullptr},
                                            count_cell(sum.mean),
                                            count_cell(sum.sd),
                                            count_cell(sum.min),
                                            count_cell(sum.max),
                                        });
      s.table.rows.push_back(std::move(row));
    }
  }
  for (const std::string& w : file.reader.warnings()) s.notes.push_back("warning: " + w);
  if (any_short) {
    s.notes.push_back(fmt::format(
        "{} fewer than 6 iterations: no order-statistic CI reaches 95%; [min, max] is shown "
        "(its coverage is ci_coverage in csv/json)",
        kShortMark));
  }
  return s;
}

}  // namespace

Report build_summary(const std::vector<ResultFile>& files,
                     const std::vector<results::Metric>& metrics, bool with_counters) {
  Report r;
  r.kind = "summary";
  r.section_key = "file";
  for (const ResultFile& f : files) r.sections.push_back(summarize_file(f, metrics, with_counters));
  return r;
}

}  // namespace papbench::report
