#include "tools/report/views/summary_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "common/errors.hpp"
#include "results/arrival_error.hpp"
#include "results/clock_bounds.hpp"
#include "results/kept_iterations.hpp"
#include "results/statistics.hpp"
#include "tools/report/core/case_text.hpp"
#include "tools/report/core/metric_choice.hpp"
#include "tools/report/views/counters_view.hpp"
#include "tools/report/views/empty_row_advice.hpp"
#include "tools/report/views/nbc_overlap_notes.hpp"

namespace papbench::report {
namespace {

// Marks a CI that is really [min, max] of too few iterations to reach 95%.
constexpr std::string_view kShortMark = "†";

// Medians and counts of the kept iterations whose output was checked and of the others (files
// of builds before issue 26 re-filled only the checked iterations, so their cache state differed;
// later builds re-fill every iteration and the sides differ only by the check after the call);
// NaN where a side is empty or the file predates the record. The first timed iteration is in
// neither side: a cold start (caches, first use of a communicator or a path of the library) would
// otherwise show up as a difference of the checked side, which always holds it. Its own value is
// `first`, so that a first-iteration effect is seen rather than pooled.
struct RefillSplit {
  double refilled = std::numeric_limits<double>::quiet_NaN();
  double not_refilled = std::numeric_limits<double>::quiet_NaN();
  int n_refilled = 0, n_not_refilled = 0;
  double first = std::numeric_limits<double>::quiet_NaN();
};

RefillSplit split_by_refill(const results::CaseRecord& rec, const results::IterationSelection& kept,
                            const std::vector<double>& series) {
  if (rec.validation.empty() || series.size() != kept.kept.size()) return {};
  RefillSplit split;
  std::vector<double> refilled, other;
  for (std::size_t k = 0; k < series.size(); ++k) {
    const std::size_t it = kept.kept[k];
    if (it == 0) {
      split.first = series[k];
      continue;
    }
    (it < rec.validation.size() && rec.validation[it] != 0 ? refilled : other).push_back(series[k]);
  }
  split.refilled = stats::median(refilled);
  split.not_refilled = stats::median(other);
  split.n_refilled = static_cast<int>(refilled.size());
  split.n_not_refilled = static_cast<int>(other.size());
  return split;
}

// Per case, a bound on how far the clocks may put each bounded metric's median over the kept
// iterations (results::median_clock_bound), and how many of them were measured during a slew;
// NaN / -1 where the file records none.
struct CaseClockBounds {
  double run_time = std::numeric_limits<double>::quiet_NaN();
  double after_last = std::numeric_limits<double>::quiet_NaN();
  double imbalance = std::numeric_limits<double>::quiet_NaN();
  double elapsed = std::numeric_limits<double>::quiet_NaN();
  int slewing = -1;

  bool recorded() const { return !std::isnan(run_time); }
  double of(results::Metric m) const {
    switch (m) {
      case results::Metric::kRunTime:
        return run_time;
      case results::Metric::kAfterLastArrival:
        return after_last;
      case results::Metric::kImbalance:
        return imbalance;
      case results::Metric::kElapsed:
        return elapsed;
      default:
        return std::numeric_limits<double>::quiet_NaN();
    }
  }
};

CaseClockBounds case_clock_bounds(const results::CaseRecord& rec,
                                  const results::IterationSelection& kept) {
  const auto bound_of = [&](results::Metric m) {
    return results::median_clock_bound(rec, m, kept);
  };
  return {bound_of(results::Metric::kRunTime), bound_of(results::Metric::kAfterLastArrival),
          bound_of(results::Metric::kImbalance), bound_of(results::Metric::kElapsed),
          results::slewing_iterations(rec, kept)};
}

// "± 1.20 us" beside a metric the clocks bound; blank beside the others.
Cell clock_bound_cell(const CaseClockBounds& b, results::Metric m) {
  if (!results::has_clock_bound(m)) return {"", nullptr};
  const double v = b.of(m);
  return {std::isnan(v) ? "n/a" : "± " + Cell::duration(v).text, nullptr};
}

// A count, or "n/a" / null where the file does not record it.
Cell iteration_count(int n) {
  return n < 0 ? Cell{"n/a", nullptr} : Cell::integer(n);
}

// The cells that identify a case, shared by its metric rows and its counter rows.
std::vector<Cell> case_cells(std::size_t i, const results::CaseRecord& rec) {
  const results::ArrivalErrorSummary arrival = results::summarize_arrival_errors(rec);
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
      // As the file stores it (-1: off), which the column's JSON has always shown.
      arrival.recorded
          ? Cell::duration(static_cast<double>(results::arrival_tolerance_attr(arrival.tolerance)))
          : Cell::none(),
      Cell::duration(arrival.median_abs_ns),
      Cell::duration(arrival.p99_abs_ns),
      Cell::fixed(arrival.dropped_fraction(), 4),
      Cell::str(rec.validated),
      iteration_count(validated_iterations(rec)),
      iteration_count(failed_iterations(rec)),
  };
}

// with_clock: the file records clock bounds, so the table shows them beside the medians.
std::vector<Column> summary_columns(bool with_clock) {
  const auto M = Audience::kMachine;
  const auto H = Audience::kHuman;
  std::vector<Column> columns = {
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
      // -1: --arrival-tolerance off; null: not recorded (a file older than format 1.8).
      {"arrival_tolerance_ns", "arrival tolerance", M},
      // |a_i - planned_i| over every rank of every timed iteration, dropped ones included.
      {"arrival_error_median_ns", "arrival error median", M},
      {"arrival_error_p99_ns", "arrival error p99", M},
      {"dropped_fraction", "dropped fraction", M},  // late / iterations
      {"validated", "validated", M, true},
      {"validated_iterations", "checked", M},
      {"failed_iterations", "failed", M},
      {"dropped_late", "dropped late", M},
      {"dropped_invalid", "dropped wrong", M},
      {"run_time_clock_bound_ns", "run time clock bound", M},
      {"after_last_clock_bound_ns", "after-last clock bound", M},
      {"imbalance_clock_bound_ns", "imbalance clock bound", M},
      {"elapsed_clock_bound_ns", "elapsed clock bound", M},
      {"exit_bounds", "exit bounds", M, true},
      {"slewing_iterations", "slewing", M},
      {"metric", "metric", Audience::kBoth, true},
      {"n", "n", M},
      {"median_ns", "median", Audience::kBoth},
      {"clock_bound", "± clock", H},
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
      {"n_refilled", "n re-filled", M},
      {"n_not_refilled", "n not re-filled", M},
      {"first_iteration_ns", "first iteration", M},
  };
  if (!with_clock) {
    std::erase_if(columns, [](const Column& c) { return c.key == "clock_bound"; });
  }
  return columns;
}

Cell slewing_cell(int n) {
  return n < 0 ? Cell{"n/a", nullptr} : Cell::integer(n);
}

// "recorded": the exits' own bounds; "arrival": a file before them, whose exits take the
// arrival's bound (without its growth over the call); null: no clock bounds at all.
Cell exit_bounds_cell(const results::CaseRecord& rec) {
  if (rec.clock_bound_ns.cols == 0) return {"n/a", nullptr};
  return Cell::str(results::records_call_bounds(rec) ? "recorded" : "arrival");
}

// A case's cells between its identity and the metric: what was left out, and its clock bounds.
std::vector<Cell> selection_cells(const results::CaseRecord& rec,
                                  const results::IterationSelection& kept,
                                  const CaseClockBounds& clock) {
  return {Cell::integer(kept.dropped_late),
          Cell::integer(kept.dropped_invalid),
          Cell::duration(clock.run_time),
          Cell::duration(clock.after_last),
          Cell::duration(clock.imbalance),
          Cell::duration(clock.elapsed),
          exit_bounds_cell(rec),
          slewing_cell(clock.slewing)};
}

// The cells of one metric's row from the metric on; sets *short_ci when its CI is [min, max].
std::vector<Cell> metric_cells(results::Metric m, const stats::Summary& sum, Cell clock,
                               bool with_clock, bool* short_ci) {
  const stats::MedianCiRanks ranks = stats::median_ci_ranks(sum.n);
  *short_ci = sum.n > 0 && !ranks.reaches_level;
  std::string ci_text = "-";
  if (sum.n > 0) {
    ci_text = fmt::format("[{}, {}]{}", Cell::duration(sum.ci_low).text,
                          Cell::duration(sum.ci_high).text, *short_ci ? kShortMark : "");
  }
  std::vector<Cell> cells = {
      {std::string(metric_title(m)), std::string(results::metric_name(m))},
      Cell::integer(static_cast<long long>(sum.n)),
      Cell::duration(sum.median),
  };
  if (with_clock) cells.push_back(std::move(clock));
  cells.insert(cells.end(), {
                                {ci_text, nullptr},
                                Cell::duration(sum.ci_low),
                                Cell::duration(sum.ci_high),
                                sum.n > 0 ? Cell::fixed(ranks.coverage, 4) : Cell::none(),
                                Cell::duration(sum.mean),
                                Cell::duration(sum.sd),
                                Cell::duration(sum.min),
                                Cell::duration(sum.max),
                            });
  return cells;
}

// Counter values (counts, not durations) over every (iteration, rank) of the case; their
// correlation with arrival time is `papbench-report counters`.
std::vector<Cell> counter_cells(const std::string& event, const results::Matrix& m,
                                bool with_clock) {
  const std::vector<double> values(m.data.begin(), m.data.end());
  const stats::Summary sum = stats::summarize(values);
  const Cell none = Cell::none();
  std::vector<Cell> cells = {Cell::str("counter " + event),
                             Cell::integer(static_cast<long long>(sum.n)), count_cell(sum.median)};
  if (with_clock) cells.push_back({"", nullptr});
  cells.insert(cells.end(), {none, none, none, none, count_cell(sum.mean), count_cell(sum.sd),
                             count_cell(sum.min), count_cell(sum.max), none, none});
  return cells;
}

bool file_has_clock_bounds(const ResultFile& file) {
  const auto& cases = file.reader.cases();
  return std::any_of(cases.begin(), cases.end(),
                     [](const results::CaseRecord& c) { return c.clock_bound_ns.cols > 0; });
}

// What the file's totals call for below the table.
struct SummaryTotals {
  bool any_short = false;
  bool with_clock = false;
  bool any_cross_rank = false;     // a chosen metric compares clocks
  bool exit_from_arrival = false;  // a case's exits take the arrival's bound (older file)
  int dropped_late = 0, dropped_invalid = 0, slewing = 0;
  int everything_dropped = 0;            // cases with iterations but none kept
  std::vector<std::string> empty_notes;  // per such case: why, and what to do (empty_row_advice)
  std::string first_advice;              // the first one's, for the line on stderr
  int arrival_not_recorded = 0;          // cases of files older than format 1.8
};

void add_notes(Section& s, const ResultFile& file, const SummaryTotals& t) {
  if (t.dropped_late > 0 || t.dropped_invalid > 0) {
    s.notes.push_back(fmt::format(
        "left out of the statistics: {} late iteration(s) (off plan: some rank's arrival error "
        "|a_i - planned_i| exceeded the case's --arrival-tolerance, so the arrival pattern was "
        "not the planned one; in files older than format 1.8: a rank missed the agreed start) "
        "and {} iteration(s) with a wrong result; --include-late / --include-invalid keep them "
        "(dropped_late, dropped_invalid in csv/json)",
        t.dropped_late, t.dropped_invalid));
  }
  if (t.everything_dropped > 0) {
    s.notes.push_back(fmt::format(
        "{} case(s) kept no iteration: their statistics are empty (-); why, and what to do:",
        t.everything_dropped));
    s.notes.insert(s.notes.end(), t.empty_notes.begin(), t.empty_notes.end());
    // Once per file on stderr as well (report_main.cpp prints it): a script that reads only
    // the table, or a user who sees only rows of "-", still learns what to do.
    s.extra["empty_rows"] = fmt::format("{}: {} case(s) kept no iteration (rows of '-'): {}",
                                        file.path, t.everything_dropped, t.first_advice);
  }
  if (t.arrival_not_recorded > 0) {
    s.notes.push_back(fmt::format(
        "arrival error: not recorded for {} case(s) (files older than format 1.8, and captures, "
        "which plan no arrivals): their late iterations, if any, are those in which a rank "
        "missed the agreed start",
        t.arrival_not_recorded));
  }
  if (t.with_clock) {
    s.notes.push_back(
        "± clock: how far the clock synchronization may put the median off: each kept "
        "iteration's bound (of a cross-rank metric, those of the ranks whose timestamps it "
        "subtracts; of elapsed, each clock's drift uncertainty and slew over the call), carried "
        "through the median (it lies between the medians of value - bound and value + bound)");
    if (t.exit_from_arrival) {
      s.notes.push_back(
          "exit bounds: not recorded in this file (exit_bounds = \"arrival\"): exits take the "
          "arrival's bound, without its growth over the call, and elapsed only a slew term");
    }
    if (t.slewing > 0) {
      s.notes.push_back(fmt::format(
          "{} kept iteration(s) began while a rank's clock was still slewing in a resync's "
          "correction (slewing_iterations in csv/json; the bound includes what was left of it)",
          t.slewing));
    }
  } else if (t.any_cross_rank) {
    s.notes.push_back(
        "clock bounds: not recorded in this file (format 1.4 records them): the metrics that "
        "subtract timestamps of different ranks come without the clocks' error bound");
  }
  for (const std::string& w : file.reader.warnings()) s.notes.push_back("warning: " + w);
  if (t.any_short) {
    s.notes.push_back(fmt::format(
        "{} fewer than 6 iterations: no order-statistic CI reaches 95%; [min, max] is shown "
        "(its coverage is ci_coverage in csv/json)",
        kShortMark));
  }
}

std::vector<double> checked_series(const ResultFile& file, std::size_t i,
                                   const results::CaseRecord& rec, results::Metric m,
                                   const results::IterationSelection& kept) {
  try {
    return results::metric_series(rec, m, kept);
  } catch (const results::FormatError& e) {
    throw UsageError(fmt::format("{}: case {}: {}", file.path, i, e.what()));
  }
}

CaseClockBounds checked_clock_bounds(const ResultFile& file, std::size_t i,
                                     const results::CaseRecord& rec,
                                     const results::IterationSelection& kept) {
  try {
    return case_clock_bounds(rec, kept);
  } catch (const results::FormatError& e) {
    throw UsageError(fmt::format("{}: case {}: {}", file.path, i, e.what()));
  }
}

// The matrices the rows of a case read: arrivals, exits, clock bounds and the plan (with the
// arrival errors every row summarizes) always, the PAT thread's times only for the metric made
// of them, counters only when asked for, the algorithm's metrics never.
results::CaseParts summary_parts(const std::vector<results::Metric>& metrics, bool with_counters) {
  const auto chosen = [&](results::Metric m) {
    return std::find(metrics.begin(), metrics.end(), m) != metrics.end();
  };
  return {.timing = true,
          .planned = true,
          .pat = chosen(results::Metric::kPatOverlap),
          .clock = true,
          .counters = with_counters,
          .metrics = false};
}

// The rows of case i: one per metric, then one per counter event when asked for.
void add_case_rows(Section& s, const ResultFile& file, std::size_t i,
                   const std::vector<results::Metric>& metrics, bool with_counters,
                   SummaryTotals& t) {
  // The case's data, released when its rows are made: a file opened on demand holds one case.
  const results::CaseRecord rec = load_case(file, i, summary_parts(metrics, with_counters));
  const results::IterationSelection kept = kept_iterations(file, rec);
  const CaseClockBounds clock = checked_clock_bounds(file, i, rec, kept);
  t.dropped_late += kept.dropped_late;
  t.dropped_invalid += kept.dropped_invalid;
  if (kept.kept.empty() && rec.arrival_ns.rows > 0) {
    ++t.everything_dropped;
    const EmptyRowAdvice advice = empty_row_advice(rec, kept, file.reader.run_info());
    t.empty_notes.push_back(fmt::format("  [{}] {}: {}", i, advice.why, advice.what));
    if (t.first_advice.empty()) t.first_advice = fmt::format("{}: {}", advice.why, advice.what);
  }
  if (!results::summarize_arrival_errors(rec).recorded) ++t.arrival_not_recorded;
  t.slewing += std::max(0, clock.slewing);
  t.exit_from_arrival =
      t.exit_from_arrival || (rec.clock_bound_ns.cols > 0 && !results::records_call_bounds(rec));
  const std::string heading = fmt::format("{}  ({})", case_title(i, rec), case_facts(rec));
  const auto add_row = [&](std::vector<Cell> lead, std::vector<Cell> tail) {
    Row row;
    row.group = heading;
    row.cells = case_cells(i, rec);
    row.cells.insert(row.cells.end(), lead.begin(), lead.end());
    row.cells.insert(row.cells.end(), tail.begin(), tail.end());
    s.table.rows.push_back(std::move(row));
  };
  for (results::Metric m : metrics) {
    // A case without a PAT thread has nothing to overlap: no row rather than an empty one.
    if (m == results::Metric::kPatOverlap && !rec.pat_work_done_ns) continue;
    const std::vector<double> series = checked_series(file, i, rec, m, kept);
    bool short_ci = false;
    std::vector<Cell> cells = metric_cells(m, stats::summarize(series), clock_bound_cell(clock, m),
                                           t.with_clock, &short_ci);
    t.any_short = t.any_short || short_ci;
    const RefillSplit split = split_by_refill(rec, kept, series);
    cells.push_back(Cell::duration(split.refilled));
    cells.push_back(Cell::duration(split.not_refilled));
    cells.push_back(Cell::integer(split.n_refilled));
    cells.push_back(Cell::integer(split.n_not_refilled));
    cells.push_back(Cell::duration(split.first));
    add_row(selection_cells(rec, kept, clock), std::move(cells));
  }
  // Counter rows cover the kept iterations too.
  for (const auto& [event, m] : rec.counters) {
    if (!with_counters) break;
    add_row(
        selection_cells(rec, kept, clock),
        counter_cells(event, results::kept_rows(m, rec.arrival_ns.rows, kept.kept), t.with_clock));
  }
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
  SummaryTotals totals;
  totals.with_clock = file_has_clock_bounds(file);
  totals.any_cross_rank = std::any_of(metrics.begin(), metrics.end(), results::compares_clocks);
  s.table.columns = summary_columns(totals.with_clock);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    add_case_rows(s, file, i, metrics, with_counters, totals);
  }
  add_notes(s, file, totals);
  add_nbc_overlap(s, file);
  return s;
}

}  // namespace

Report build_summary(const std::vector<ResultFile>& files,
                     const std::vector<results::Metric>& metrics, bool with_counters) {
  Report r;
  r.kind = "summary";
  r.section_key = "file";
  for (const ResultFile& f : files) {
    r.sections.push_back(summarize_file(f, metrics, with_counters));
  }
  return r;
}

}  // namespace papbench::report
