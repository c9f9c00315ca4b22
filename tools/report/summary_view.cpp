#include "tools/report/summary_view.hpp"

#include <fmt/format.h>

#include <limits>
#include <vector>

#include "common/errors.hpp"
#include "results/statistics.hpp"
#include "tools/report/case_text.hpp"
#include "tools/report/counters_view.hpp"
#include "tools/report/metric_choice.hpp"

namespace papbench::report {
namespace {

// Marks a CI that is really [min, max] of too few iterations to reach 95%.
constexpr std::string_view kShortMark = "†";

// Medians of the kept iterations whose buffers were re-filled for validation (their cache state
// differs) and of the others; NaN where a side is empty or the file predates the record.
struct RefillSplit {
  double refilled = std::numeric_limits<double>::quiet_NaN();
  double not_refilled = std::numeric_limits<double>::quiet_NaN();
};

RefillSplit split_by_refill(const results::CaseRecord& rec, const results::IterationSelection& kept,
                            const std::vector<double>& series) {
  if (rec.validation.empty() || series.size() != kept.kept.size()) return {};
  std::vector<double> refilled, other;
  for (std::size_t k = 0; k < series.size(); ++k) {
    const std::size_t it = kept.kept[k];
    (it < rec.validation.size() && rec.validation[it] != 0 ? refilled : other).push_back(series[k]);
  }
  return {stats::median(refilled), stats::median(other)};
}

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
      {"dropped_late", "dropped late", M},
      {"dropped_invalid", "dropped wrong", M},
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
      {"median_refilled_ns", "median re-filled", M},
      {"median_not_refilled_ns", "median not re-filled", M},
  };
}

Section summarize_file(const ResultFile& file, const std::vector<results::Metric>& metrics,
                       bool with_counters, const results::IterationFilter& filter) {
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
  int dropped_late = 0, dropped_invalid = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const results::CaseRecord& rec = cases[i];
    const results::IterationSelection kept = results::select_iterations(rec, filter);
    dropped_late += kept.dropped_late;
    dropped_invalid += kept.dropped_invalid;
    const std::string heading = fmt::format("{}  ({})", case_title(i, rec), case_facts(rec));
    for (results::Metric m : metrics) {
      // A case without a PAT thread has nothing to overlap: no row rather than an empty one.
      if (m == results::Metric::kPatOverlap && !rec.pat_work_done_ns) continue;
      std::vector<double> series;
      try {
        series = results::metric_series(rec, m, kept);
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
                           Cell::integer(kept.dropped_late),
                           Cell::integer(kept.dropped_invalid),
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
      const RefillSplit split = split_by_refill(rec, kept, series);
      row.cells.push_back(Cell::duration(split.refilled));
      row.cells.push_back(Cell::duration(split.not_refilled));
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
                                            Cell::integer(0),
                                            Cell::integer(0),
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
                                            {"-", nullptr},
                                            {"-", nullptr},
                                        });
      s.table.rows.push_back(std::move(row));
    }
  }
  if (dropped_late > 0 || dropped_invalid > 0) {
    s.notes.push_back(fmt::format(
        "left out of the statistics: {} late iteration(s) (a rank missed the agreed start, so the "
        "arrival pattern was not the planned one) and {} iteration(s) with a wrong result; "
        "--include-late / --include-invalid keep them (dropped_late, dropped_invalid in csv/json)",
        dropped_late, dropped_invalid));
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
                     const std::vector<results::Metric>& metrics, bool with_counters,
                     const results::IterationFilter& filter) {
  Report r;
  r.kind = "summary";
  r.section_key = "file";
  for (const ResultFile& f : files) {
    r.sections.push_back(summarize_file(f, metrics, with_counters, filter));
  }
  return r;
}

}  // namespace papbench::report
