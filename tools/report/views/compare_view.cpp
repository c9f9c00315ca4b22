#include "tools/report/views/compare_view.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <span>

#include "common/errors.hpp"
#include "results/arrival_error.hpp"
#include "results/case_comparison.hpp"
#include "results/clock_bounds.hpp"
#include "results/iteration_pairing.hpp"
#include "results/launch_verdict.hpp"
#include "results/statistics.hpp"
#include "tools/report/core/case_text.hpp"
#include "tools/report/core/metric_choice.hpp"
#include "tools/report/views/key_differences.hpp"

namespace papbench::report {
namespace {

// The human CI column's title: launch-level rows hold the (1 - alpha) t interval, within-launch
// rows a 95% bootstrap interval; both are 95% at the default --alpha.
std::string ci_title(double alpha) {
  return alpha == 0.05 ? "95% CI" : "CI";
}

std::vector<Column> compare_columns(double alpha) {
  const auto M = Audience::kMachine;
  const auto H = Audience::kHuman;
  const auto B = Audience::kBoth;
  return {
      {"case_a", "case A", M},
      {"case_b", "case B", M},
      {"label", "label", M, true},
      {"match_key", "match key", M, true},
      {"metric", "metric", B, true},
      {"launches_a", "launches A", M},
      {"launches_b", "launches B", M},
      {"n_a", "n A", M},
      {"n_b", "n B", M},
      {"median_a_ns", "median A", B},
      {"median_b_ns", "median B", B},
      {"ratio", "B/A", B},
      {"ratio_ci", ci_title(alpha), H},
      {"ratio_ci_low", "ci low", M},
      {"ratio_ci_high", "ci high", M},
      {"pairing", "pairing", B},
      {"iteration_test", "iteration test", M},
      {"iteration_p", "iteration p", B},
      {"launch_test", "launch test", M},
      {"launch_p", "launch p", B},
      // What the launch test ran on: a launch (pair) without kept values drops out of it.
      {"launch_df", "df", B},
      {"launches_tested_a", "launches tested A", M},
      {"launches_tested_b", "launches tested B", M},
      {"launches_tested", "tested", H},
      {"verdict_level", "level", B},
      {"verdict_p_holm", "p (Holm)", B},
      {"significant", "significant", M},
      {"clock_bound_a_ns", "clock bound A", M},
      {"clock_bound_b_ns", "clock bound B", M},
      {"within_clock_bound", "within clock bound", M},
      {"verdict", "", H, true},
      {"change", "change", M, true},
      // Per side, over every rank of every timed iteration of its launches (dropped ones
      // included): |a_i - planned_i|, and the fraction of iterations left out for it.
      {"arrival_error_median_a_ns", "arrival error median A", M},
      {"arrival_error_p99_a_ns", "arrival error p99 A", M},
      {"arrival_error_median_b_ns", "arrival error median B", M},
      {"arrival_error_p99_b_ns", "arrival error p99 B", M},
      {"dropped_fraction_a", "dropped A", M},
      {"dropped_fraction_b", "dropped B", M},
      // The dropped fractions differ by more than 5 percentage points.
      {"dropped_fraction_warning", "dropped differ", M},
  };
}

// Marks a difference of medians smaller than the clocks' error bound of the metric.
constexpr std::string_view kClockMark = "‡";

std::vector<double> series_of(const ResultFile& f, std::size_t index,
                              const results::CaseRecord& rec, results::Metric m,
                              const results::IterationSelection& kept) {
  try {
    return results::metric_series(rec, m, kept);
  } catch (const results::FormatError& e) {
    throw UsageError(fmt::format("{}: case {}: {}", f.path, index, e.what()));
  }
}

// The launches of one side of a matched case: the case `index` of the side's first file, and in
// each other file the case with the same match key at the same occurrence. Lists the files that
// lack it in `missing`. `loaded`: each launch's data (load_side), held while the pair is
// compared and released after, so that a compare of files opened on demand holds one pair.
struct SideCase {
  std::vector<std::pair<const ResultFile*, std::size_t>> launches;
  std::vector<std::string> missing;
  std::vector<results::CaseRecord> loaded;
};

// Counters and the algorithm's own metrics are no metric of a comparison; everything else may
// be, and the plan decides the pairing.
void load_side(SideCase& side) {
  side.loaded.clear();
  for (const auto& [file, index] : side.launches) {
    side.loaded.push_back(load_case(*file, index, {.counters = false, .metrics = false}));
  }
}

SideCase side_case(std::span<const ResultFile> files, std::size_t index) {
  const auto& first = files.front().reader.cases();
  const std::string key = first[index].match_key();
  const auto occurrence = static_cast<std::size_t>(
      std::count_if(first.begin(), first.begin() + static_cast<std::ptrdiff_t>(index),
                    [&](const results::CaseRecord& r) { return r.match_key() == key; }));
  SideCase side;
  side.launches.emplace_back(&files.front(), index);
  for (const ResultFile& f : files.subspan(1)) {
    const auto& cases = f.reader.cases();
    std::size_t seen = 0;
    bool found = false;
    for (std::size_t j = 0; j < cases.size() && !found; ++j) {
      if (cases[j].match_key() != key || seen++ != occurrence) continue;
      side.launches.emplace_back(&f, j);
      found = true;
    }
    if (!found) side.missing.push_back(f.path);
  }
  return side;
}

// A case whose output was wrong measured a broken call: comparing it says nothing about the
// algorithm, so it is never compared silently.
void refuse_invalid(const ResultFile& f, std::size_t index,
                    const results::IterationFilter& filter) {
  const results::CaseRecord& rec = f.reader.cases()[index];
  if (filter.include_invalid || rec.validated != "fail") return;
  throw UsageError(fmt::format(
      "compare: case {} of {} ({}) failed validation: its timings are of a wrong result; "
      "--include-invalid compares it anyway",
      index, f.path, rec.label()));
}

// Whether a case belongs to one side's selection (--a-coll, --a-alg, --a-sync; empty: any).
bool in_selection(const results::CaseRecord& r, std::string_view coll, std::string_view alg,
                  std::string_view sync) {
  return (coll.empty() || r.collective == coll) && (alg.empty() || r.algorithm == alg) &&
         (sync.empty() || r.sync_mode == sync);
}

// The key a selected comparison matches by: the dimensions a selection names are left out, an
// algorithm with its params (the workload key has neither), a start with its sync_mode, a
// collective with the params (the nonblocking rows' overlap options are not the blocking rows').
std::string selection_key(const results::CaseRecord& r, const CompareOptions& o) {
  const auto start =
      o.a_sync.empty() ? results::CaseRecord::Start::kWith : results::CaseRecord::Start::kWithout;
  if (!o.a_coll.empty()) {
    return o.a_alg.empty() ? fmt::format("algorithm={}|{}", r.algorithm, r.shape_key(start))
                           : r.shape_key(start);
  }
  return o.a_alg.empty() ? r.match_key(start) : r.workload_key(start);
}

// Nothing to compare is a mistake (two files of different collectives, counts, ...), not an
// empty table with exit 0: a UsageError (exit 2) naming the key fields in which the sides differ.
// The keys are those the matching used: with --a-alg/--a-sync, of the selected cases and without
// the dimension the selection names.
[[noreturn]] void refuse_no_match(const std::vector<results::CaseRecord>& a,
                                  const std::vector<results::CaseRecord>& b,
                                  const CompareOptions& o, const std::string& a_sel,
                                  const std::string& b_sel) {
  const bool by_alg = !o.a_alg.empty(), by_sync = !o.a_sync.empty(), by_coll = !o.a_coll.empty();
  const auto keys = [&](const std::vector<results::CaseRecord>& cases, const std::string& coll,
                        const std::string& alg, const std::string& sync) {
    std::vector<std::string> out;
    for (const results::CaseRecord& r : cases) {
      if (!in_selection(r, coll, alg, sync)) continue;
      out.push_back(selection_key(r, o));
    }
    return out;
  };
  const std::vector<std::string> ka = keys(a, o.a_coll, o.a_alg, o.a_sync),
                                 kb = keys(b, o.b_coll, o.b_alg, o.b_sync);
  const std::string what = by_alg || by_sync || by_coll
                               ? fmt::format(
                                     "no case of {} in A has a case of {} in B on the same "
                                     "workload",
                                     a_sel, b_sel)
                               : std::string("no case of A matches a case of B");
  if (ka.empty() || kb.empty()) {
    throw UsageError(fmt::format("compare: {}: {} holds no complete case{}", what,
                                 ka.empty() ? "A" : "B",
                                 by_alg || by_sync || by_coll ? " of that selection" : ""));
  }
  const std::vector<std::string> differ = key_differences(ka, kb);
  throw UsageError(fmt::format(
      "compare: {}: they differ in {}; cases match when every field of their key is equal "
      "(match_key in summary --format csv){}",
      what,
      differ.empty() ? "the combinations of their fields"
                     : fmt::format("{}", fmt::join(differ, "; ")),
      by_alg ? "" : "; --a-alg/--b-alg compare two algorithms on the same workloads"));
}

// "faster"/"slower" for durations; "lower"/"higher" for pattern properties.
std::string change_word(results::Metric m, double ratio) {
  const bool down = ratio < 1;
  if (is_speed_metric(m)) return down ? "faster" : "slower";
  return down ? "lower" : "higher";
}

void add_side_meta(Section& s, char side, const ResultFile& f) {
  const results::RunInfo& info = f.reader.run_info();
  const std::string k(1, static_cast<char>(side - 'A' + 'a'));
  const std::string t(1, side);
  const auto bound_ns = sync_error_bound_ns(f.reader.sync_events());
  const Cell bound = bound_ns ? Cell::duration(*bound_ns) : Cell{"unknown", nullptr};
  // Humans get one line per side; machines get each fact as its own member.
  s.meta.push_back({"file_" + k,
                    t,
                    {fmt::format("{}: {} ranks, {}, sync error bound {}", f.path, info.mpi_size,
                                 first_line(info.mpi_library_version), bound.text),
                     f.path}});
  s.meta.push_back({"command_line_" + k, t + " command", Cell::str(info.command_line)});
  s.meta.push_back({"buffers_" + k, t + " buffers", {buffer_mode_text(info), buffer_mode(info)}});
  const auto M = Audience::kMachine;
  s.meta.push_back({"ranks_" + k, "", Cell::integer(info.mpi_size), M});
  s.meta.push_back({"mpi_library_" + k, "", Cell::str(info.mpi_library_version), M});
  s.meta.push_back({"sync_error_bound_" + k + "_ns", "", bound, M});
}

void add_launches_meta(Section& s, char side, std::span<const ResultFile> files) {
  const std::string k(1, static_cast<char>(side - 'A' + 'a'));
  std::vector<std::string> paths;
  for (const ResultFile& f : files) paths.push_back(f.path);
  s.meta.push_back({"launches_" + k,
                    fmt::format("{} launches", side),
                    {fmt::format("{}: {}", files.size(), fmt::join(paths, ", ")),
                     static_cast<long long>(files.size())}});
}

void add_run_meta(Section& s, std::span<const ResultFile> as, std::span<const ResultFile> bs,
                  const CompareOptions& options) {
  const ResultFile& a = as.front();
  const ResultFile& b = bs.front();
  add_side_meta(s, 'A', a);
  add_side_meta(s, 'B', b);
  add_launches_meta(s, 'A', as);
  add_launches_meta(s, 'B', bs);
  s.meta.push_back({"alpha", "alpha", {fmt::format("{}", options.alpha), options.alpha}});
  s.meta.push_back(
      {"resamples",
       "bootstrap",
       {fmt::format("{} resamples, seed {}", options.resamples, options.seed), options.resamples}});
  s.meta.push_back(
      {"seed", "seed", Cell::integer(static_cast<long long>(options.seed)), Audience::kMachine});

  const results::RunInfo& ia = a.reader.run_info();
  const results::RunInfo& ib = b.reader.run_info();
  if (ia.mpi_size != ib.mpi_size) {
    s.notes.push_back(fmt::format("note: the runs used different rank counts ({} vs {})",
                                  ia.mpi_size, ib.mpi_size));
  }
  if (buffer_mode(ia) != buffer_mode(ib)) {  // only with --allow-buffers-differ
    s.notes.push_back(fmt::format(
        "WARNING: A's buffers were {}, B's {} (--buffers): B/A holds the cache state the harness "
        "left, not only the difference compared",
        buffer_mode(ia), buffer_mode(ib)));
  }
  if (first_line(ia.mpi_library_version) != first_line(ib.mpi_library_version)) {
    s.notes.push_back("note: the runs used different MPI libraries");
  }
  // A new commit against a baseline is what a comparison is for, but it should be said; a
  // different build (a debug or sanitizer one beside an optimized one) changes every timing.
  if (ia.git_sha != ib.git_sha) {
    s.notes.push_back(fmt::format("note: the runs came from different papbench commits ({} vs {})",
                                  ia.git_sha, ib.git_sha));
  }
  const auto build_of = [](const results::RunInfo& info) {
    const auto it = info.extra.find("build");
    return it == info.extra.end() ? std::string("not recorded") : it->second;
  };
  if (build_of(ia) != build_of(ib)) {
    s.notes.push_back(fmt::format("note: the runs came from different builds ({} vs {})",
                                  build_of(ia), build_of(ib)));
  }
}

std::size_t column_index(const Table& t, std::string_view key) {
  return static_cast<std::size_t>(std::find_if(t.columns.begin(), t.columns.end(),
                                               [&](const Column& c) { return c.key == key; }) -
                                  t.columns.begin());
}

bool names_bounded_metric(const Json& name) {
  return std::any_of(std::begin(results::kAllMetrics), std::end(results::kAllMetrics),
                     [&](results::Metric m) {
                       return results::has_clock_bound(m) && name == results::metric_name(m);
                     });
}

// Explains the clock mark when a row has it, or says that the bounds could not be checked.
// exit_from_arrival: some case's file predates the exits' own bounds.
void add_clock_note(Section& s, bool exit_from_arrival) {
  const std::size_t within = column_index(s.table, "within_clock_bound");
  const std::size_t metric = column_index(s.table, "metric");
  bool marked = false, unchecked = false;
  for (const Row& r : s.table.rows) {
    const Json& v = r.cells[within].raw;
    marked = marked || (v.is_boolean() && v.get<bool>());
    unchecked = unchecked || (v.is_null() && names_bounded_metric(r.cells[metric].raw));
  }
  if (marked) {
    s.notes.push_back(fmt::format(
        "{}: the medians differ by less than the clock synchronization can put them off (the "
        "sum of the two sides' bounds on their medians, clock_bound_a_ns + clock_bound_b_ns; "
        "within_clock_bound in csv/json): the clocks cannot resolve this difference",
        kClockMark));
  }
  if (exit_from_arrival) {
    s.notes.push_back(
        "note: a side's file does not record the exits' own clock bounds: its exits take the "
        "arrival's bound (without its growth over the call) and elapsed only a slew term");
  }
  if (unchecked) {
    s.notes.push_back(
        "note: clock bounds are not recorded on both sides (format 1.4 records them), so "
        "differences of run time, elapsed, after-last arrival and imbalance were not checked "
        "against them");
  }
}

// One heading per matched pair; the run facts once when both sides agree.
std::string pair_heading(std::size_t i, const results::CaseRecord& a, std::size_t j,
                         const results::CaseRecord& b) {
  const std::string fa = case_facts(a), fb = case_facts(b);
  const std::string facts = fa == fb ? "each: " + fa : fmt::format("A: {}; B: {}", fa, fb);
  return fmt::format("A[{}] B[{}] {}  ({})", i, j, a.label(), facts);
}

// Pairs A's selected cases with B's of equal key; occurrence k with occurrence k.
using CaseTest = std::function<bool(const results::CaseRecord&)>;
using CaseKey = std::function<std::string(const results::CaseRecord&)>;

CaseMatch match_by(const std::vector<results::CaseRecord>& a,
                   const std::vector<results::CaseRecord>& b, const CaseKey& key,
                   const CaseTest& take_a, const CaseTest& take_b) {
  std::map<std::string, std::deque<std::size_t>> in_b;
  for (std::size_t j = 0; j < b.size(); ++j) {
    if (take_b(b[j])) in_b[key(b[j])].push_back(j);
  }
  CaseMatch m;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!take_a(a[i])) continue;
    auto it = in_b.find(key(a[i]));
    if (it == in_b.end() || it->second.empty()) {
      m.only_a.push_back(i);
      continue;
    }
    m.pairs.emplace_back(i, it->second.front());
    it->second.pop_front();
  }
  for (const auto& [k, rest] : in_b) m.only_b.insert(m.only_b.end(), rest.begin(), rest.end());
  std::sort(m.only_b.begin(), m.only_b.end());
  return m;
}

// "iallreduce, radixk, barrier start": what one side's selection names, for the titles.
std::string side_selection(std::string_view coll, std::string_view alg, std::string_view sync) {
  std::vector<std::string> parts;
  if (!coll.empty()) parts.emplace_back(coll);
  if (!alg.empty()) parts.emplace_back(alg);
  if (!sync.empty()) parts.push_back(fmt::format("{} start", sync));
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace

CaseMatch match_cases(const std::vector<results::CaseRecord>& a,
                      const std::vector<results::CaseRecord>& b) {
  const CaseTest all = [](const results::CaseRecord&) { return true; };
  return match_by(
      a, b, [](const results::CaseRecord& r) { return r.match_key(); }, all, all);
}

CaseMatch match_selected(const std::vector<results::CaseRecord>& a,
                         const std::vector<results::CaseRecord>& b, const CompareOptions& o) {
  const CaseKey key = [&](const results::CaseRecord& r) { return selection_key(r, o); };
  const auto take = [](std::string_view coll, std::string_view alg,
                       std::string_view sync) -> CaseTest {
    return [coll, alg, sync](const results::CaseRecord& r) {
      return in_selection(r, coll, alg, sync);
    };
  };
  return match_by(a, b, key, take(o.a_coll, o.a_alg, o.a_sync), take(o.b_coll, o.b_alg, o.b_sync));
}

namespace {

// Per launch of one side, the series of metric m over the iterations `kept[k]` of launch k.
std::vector<std::vector<double>> launch_series(const SideCase& side, results::Metric m,
                                               std::span<const results::IterationSelection> kept) {
  std::vector<std::vector<double>> out;
  for (std::size_t k = 0; k < side.launches.size(); ++k) {
    const auto& [file, index] = side.launches[k];
    out.push_back(series_of(*file, index, side.loaded[k], m, kept[k]));
  }
  return out;
}

// Each launch's kept iterations (kept_iterations: late and wrong ones left out as every view
// leaves them out); counts what was dropped.
std::vector<results::IterationSelection> side_selections(const SideCase& side, int& dropped) {
  std::vector<results::IterationSelection> out;
  for (std::size_t k = 0; k < side.loaded.size(); ++k) {
    out.push_back(kept_iterations(*side.launches[k].first, side.loaded[k]));
    dropped += out.back().dropped_late + out.back().dropped_invalid;
  }
  return out;
}

std::vector<const results::CaseRecord*> side_records(const SideCase& side) {
  std::vector<const results::CaseRecord*> out;
  for (const results::CaseRecord& rec : side.loaded) out.push_back(&rec);
  return out;
}

// How far the clocks may put one side's median of metric m (its launches' kept iterations
// pooled, as compare_case takes it) off: results::median_error_bound of the pooled values and
// their per-iteration bounds. NaN when the clocks do not bound m or a launch records no bounds.
double side_clock_bound(const SideCase& side, results::Metric m,
                        std::span<const results::IterationSelection> kept) {
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  if (!results::has_clock_bound(m)) return kNone;
  std::vector<double> values, bounds;
  for (std::size_t k = 0; k < side.launches.size(); ++k) {
    const auto& [file, index] = side.launches[k];
    const results::CaseRecord& rec = side.loaded[k];
    if (rec.clock_bound_ns.cols == 0) return kNone;
    try {
      const std::vector<double> b = results::clock_bound_series(rec, m, kept[k]);
      const std::vector<double> v = results::metric_series(rec, m, kept[k]);
      bounds.insert(bounds.end(), b.begin(), b.end());
      values.insert(values.end(), v.begin(), v.end());
    } catch (const results::FormatError& e) {
      throw UsageError(fmt::format("{}: case {}: {}", file->path, index, e.what()));
    }
  }
  return results::median_error_bound(values, bounds);
}

// Both sides' clock bounds of a metric's median, and whether the medians' difference is below
// their sum: each median may be off by its own bound, in either direction, so the clocks alone
// can move the difference by bound A + bound B.
struct ClockCheck {
  double bound_a = std::numeric_limits<double>::quiet_NaN();
  double bound_b = std::numeric_limits<double>::quiet_NaN();

  // null: the clocks do not bound the metric, or a side does not record the bounds.
  Json within(double median_a, double median_b) const {
    if (std::isnan(bound_a) || std::isnan(bound_b)) return nullptr;
    return std::abs(median_b - median_a) < bound_a + bound_b;
  }
};

// "* slower", with the clock mark when the difference is inside the clocks' error bound.
std::string verdict_text(bool significant, const std::string& change, bool within_clock) {
  std::string text = significant ? "* " + change : "";
  if (within_clock) text += text.empty() ? std::string(kClockMark) : " " + std::string(kClockMark);
  return text;
}

// A row before the Holm adjustment, which needs every row's verdict p.
struct PendingRow {
  std::size_t i = 0, j = 0;
  const results::CaseRecord* rec = nullptr;
  results::Metric m{};
  std::size_t launches_a = 0, launches_b = 0;
  ClockCheck clock;
  stats::CaseComparison c;
  std::string heading;
  results::ArrivalErrorSummary arrival_a, arrival_b;
};

// Paired t: K - 1, an integer; Welch: Satterthwaite's, fractional. NaN (no test): "-".
Cell df_cell(double df) {
  if (!std::isfinite(df)) return Cell::none();
  if (df == std::floor(df)) return Cell::integer(static_cast<long long>(df));
  return Cell::fixed(df, 1);
}

// "2 of 3 pairs", "A 3 of 3, B 2 of 3": what the launch test ran on against what was given.
std::string tested_text(const PendingRow& p) {
  const stats::CaseComparison& c = p.c;
  if (c.pairing == stats::Pairing::kIteration) {
    return fmt::format("{} of {} pairs", c.launches_tested_a, p.launches_a);
  }
  return fmt::format("A {} of {}, B {} of {}", c.launches_tested_a, p.launches_a,
                     c.launches_tested_b, p.launches_b);
}

Row compare_row(const PendingRow& p) {
  const stats::CaseComparison& c = p.c;
  const Json within = p.clock.within(c.median_a, c.median_b);
  const bool mark = within.is_boolean() && within.get<bool>();
  const std::string change = c.significant ? change_word(p.m, c.ratio) : "";
  std::string ci_text = "-";
  if (!std::isnan(c.ratio_ci_low)) {
    ci_text = fmt::format("[{:.2f}, {:.2f}]", c.ratio_ci_low, c.ratio_ci_high);
  }
  const bool launch_level = c.level == stats::VerdictLevel::kLaunch;
  Row row;
  row.group = p.heading;
  row.cells = {
      Cell::integer(static_cast<long long>(p.i)),
      Cell::integer(static_cast<long long>(p.j)),
      Cell::str(p.rec->label()),
      Cell::str(p.rec->match_key()),
      {std::string(metric_title(p.m)), std::string(results::metric_name(p.m))},
      Cell::integer(static_cast<long long>(p.launches_a)),
      Cell::integer(static_cast<long long>(p.launches_b)),
      Cell::integer(static_cast<long long>(c.n_a)),
      Cell::integer(static_cast<long long>(c.n_b)),
      Cell::duration(c.median_a),
      Cell::duration(c.median_b),
      Cell::fixed(c.ratio, 2),
      {ci_text, nullptr},
      Cell::fixed(c.ratio_ci_low, 2),
      Cell::fixed(c.ratio_ci_high, 2),
      Cell::str(std::string(stats::pairing_name(c.pairing))),
      Cell::str(std::string(c.iteration_test)),
      Cell::p_value(c.iteration_p),
      launch_level ? Cell::str(std::string(c.launch_test)) : Cell::none(),
      launch_level ? Cell::p_value(c.launch_p) : Cell::none(),
      launch_level ? df_cell(c.launch_df) : Cell::none(),
      launch_level ? Cell::integer(static_cast<long long>(c.launches_tested_a)) : Cell::none(),
      launch_level ? Cell::integer(static_cast<long long>(c.launches_tested_b)) : Cell::none(),
      launch_level ? Cell::str(tested_text(p)) : Cell::none(),
      Cell::str(std::string(stats::verdict_level_name(c.level))),
      Cell::p_value(c.verdict_p_holm),
      Cell::boolean(c.significant),
      Cell::duration(p.clock.bound_a),
      Cell::duration(p.clock.bound_b),
      {"", within},
      {verdict_text(c.significant, change, mark), nullptr},
      Cell::str(change),
      Cell::duration(p.arrival_a.median_abs_ns),
      Cell::duration(p.arrival_a.p99_abs_ns),
      Cell::duration(p.arrival_b.median_abs_ns),
      Cell::duration(p.arrival_b.p99_abs_ns),
      Cell::fixed(p.arrival_a.dropped_fraction(), 4),
      Cell::fixed(p.arrival_b.dropped_fraction(), 4),
      Cell::boolean(results::dropped_fractions_differ(p.arrival_a, p.arrival_b)),
  };
  return row;
}

// The notes that say how the rows were judged: paired or not (and why not), and the level of
// the verdict.
void add_method_notes(Section& s, const std::vector<PendingRow>& rows,
                      const std::set<std::string>& unpaired_why, int unmatched_kept,
                      const CompareOptions& options) {
  const auto launch_level = std::count_if(rows.begin(), rows.end(), [](const PendingRow& r) {
    return r.c.level == stats::VerdictLevel::kLaunch;
  });
  const auto paired = std::count_if(rows.begin(), rows.end(), [](const PendingRow& r) {
    return r.c.pairing == stats::Pairing::kIteration;
  });
  if (paired > 0) {
    s.notes.push_back(
        "pairing iteration: both sides ran under the same planned arrivals (pattern, seed, ranks, "
        "iterations), launch k of A beside launch k of B: each iteration pair gives a ratio "
        "b_i/a_i, and the iteration test is Wilcoxon's signed-rank test of b_i - a_i");
  }
  if (unmatched_kept > 0) {
    s.notes.push_back(fmt::format(
        "paired rows use the iterations kept on both sides: {} kept on one side only left out",
        unmatched_kept));
  }
  for (const std::string& why : unpaired_why) {
    s.notes.push_back(fmt::format(
        "pairing none ({}): the sides are compared as independent samples (launch medians, "
        "Mann-Whitney U over the iterations)",
        why));
  }
  if (launch_level > 0) {
    s.notes.push_back(fmt::format(
        "*: significant at the launch level: the launch test (per launch {}) has p (Holm) < {} "
        "after Holm's adjustment over the {} rows and metrics of this table; launches, not "
        "iterations, are its replicates ([HunoldCarpenAmarie2016])",
        paired > 0 ? "pair the median log ratio, a one-sample t test"
                   : "the log median, Welch's t test",
        options.alpha, rows.size()));
  }
  if (launch_level < static_cast<std::ptrdiff_t>(rows.size())) {
    s.notes.push_back(fmt::format(
        "*: significant within the launch: fewer than 2 launches on a side, so the iteration "
        "test decides (p (Holm) < {}, Holm over the {} rows and metrics). Launch variance is NOT "
        "included: a second launch of the same configuration may well differ by more. A claim "
        "needs at least 2 launches per side (5 or more to detect differences of a few percent); "
        "give each side as a comma list of launches (A1.h5,A2.h5)",
        options.alpha, rows.size()));
  }
}

// The launches of a launch-level pair of cases that kept fewer than stats::kMinKeptPerLaunch
// iterations (paired: iteration pairs), each named with its file: one that kept none drops out of
// the launch test, which then runs on fewer launches than the header's count (issue 45: silently
// before). Appends to `thin` (JSON) and `notes`.
void name_thin_launches(std::size_t i, std::size_t j, const std::string& label,
                        const SideCase& side_a, const SideCase& side_b,
                        std::span<const results::IterationSelection> kept_a,
                        std::span<const results::IterationSelection> kept_b, bool paired,
                        Json& thin, std::vector<std::string>& notes) {
  if (side_a.launches.size() < 2 || side_b.launches.size() < 2) return;  // not launch level
  const auto consequence = [](std::size_t kept) {
    return kept == 0 ? std::string("left out of the launch test")
                     : fmt::format("fewer than {}: in the launch test, its median of few values",
                                   stats::kMinKeptPerLaunch);
  };
  if (paired) {
    for (std::size_t k = 0; k < kept_a.size(); ++k) {
      const std::size_t n = kept_a[k].kept.size();
      if (n >= stats::kMinKeptPerLaunch) continue;
      const std::string& file_a = side_a.launches[k].first->path;
      const std::string& file_b = side_b.launches[k].first->path;
      thin.push_back({{"case_a", i},
                      {"case_b", j},
                      {"label", label},
                      {"launch", k + 1},
                      {"file_a", file_a},
                      {"file_b", file_b},
                      {"kept_a", n},
                      {"kept_b", n},
                      {"tested", n > 0}});
      notes.push_back(
          fmt::format("launch pair {} ({}, {}) of A[{}] B[{}] {}: {} iteration pair(s) kept, {}",
                      k + 1, file_a, file_b, i, j, label, n, consequence(n)));
    }
    return;
  }
  const auto one_side = [&](char side, const SideCase& sc,
                            std::span<const results::IterationSelection> kept) {
    for (std::size_t k = 0; k < kept.size(); ++k) {
      const std::size_t n = kept[k].kept.size();
      if (n >= stats::kMinKeptPerLaunch) continue;
      const std::string& file = sc.launches[k].first->path;
      thin.push_back({{"case_a", i},
                      {"case_b", j},
                      {"label", label},
                      {"launch", k + 1},
                      {"file_a", side == 'A' ? Json(file) : Json(nullptr)},
                      {"file_b", side == 'B' ? Json(file) : Json(nullptr)},
                      {"kept_a", side == 'A' ? Json(n) : Json(nullptr)},
                      {"kept_b", side == 'B' ? Json(n) : Json(nullptr)},
                      {"tested", n > 0}});
      notes.push_back(
          fmt::format("launch {} of {} ({}) of A[{}] B[{}] {}: {} iteration(s) kept, {}", k + 1,
                      side, file, i, j, label, n, consequence(n)));
    }
  };
  one_side('A', side_a, kept_a);
  one_side('B', side_b, kept_b);
}

// What B/A and its CI are at each level, and how the CI and the mark relate.
void add_ci_note(Section& s, const std::vector<PendingRow>& rows, const CompareOptions& options) {
  const auto at_launch_level = [](const PendingRow& r) {
    return r.c.level == stats::VerdictLevel::kLaunch;
  };
  const bool launch_rows = std::any_of(rows.begin(), rows.end(), at_launch_level);
  const bool within_rows = !std::all_of(rows.begin(), rows.end(), at_launch_level);
  s.notes.emplace_back("B/A: < 1: B is smaller");
  if (launch_rows) {
    s.notes.push_back(fmt::format(
        "B/A and CI at the launch level: the launch test's estimate (paired: the geometric mean "
        "of the launch pairs' median ratios; unpaired: the ratio of the geometric means of the "
        "launches' medians) and its {:g}% t interval with the test's df over the launches tested "
        "(log scale, back-transformed), so the CI excludes 1 exactly when launch p < {:g}. The "
        "mark * reads p (Holm), never below launch p: a CI without 1 and no * is a difference "
        "that does not survive Holm's adjustment over the {} rows. CI '-': fewer than 2 launches "
        "tested, no test",
        100 * (1 - options.alpha), options.alpha, rows.size()));
  }
  if (within_rows) {
    s.notes.emplace_back(
        "B/A and CI within a launch: the median of the per-iteration ratios (paired) or of B over "
        "that of A, and a 95% bootstrap percentile interval over the iterations: descriptive, "
        "without the variance between launches; the mark * comes from the Holm-adjusted "
        "iteration test alone");
  }
}

}  // namespace

void check_buffers_agree(std::span<const ResultFile> a, std::span<const ResultFile> b, bool allow) {
  if (allow) return;
  std::map<std::string, std::vector<std::string>> files_by_mode;
  for (const auto side : {a, b}) {
    for (const ResultFile& f : side) {
      files_by_mode[buffer_mode(f.reader.run_info())].push_back(f.path);
    }
  }
  if (files_by_mode.size() < 2) return;
  std::vector<std::string> parts;
  for (const auto& [mode, paths] : files_by_mode) {
    parts.push_back(fmt::format("{} in {}", mode, fmt::join(paths, ", ")));
  }
  throw UsageError(fmt::format(
      "compare: the runs met their buffers differently (papbench --buffers: {}), so B/A would "
      "hold the harness's cache state as well; pass --allow-buffers-differ to compare them anyway",
      fmt::join(parts, "; ")));
}

stats::CaseComparison compare_pair(std::span<const ResultFile> as, std::size_t i,
                                   std::span<const ResultFile> bs, std::size_t j, results::Metric m,
                                   const CompareOptions& options) {
  SideCase side_a = side_case(as, i), side_b = side_case(bs, j);
  for (const SideCase* side : {&side_a, &side_b}) {
    for (const auto& [file, index] : side->launches) refuse_invalid(*file, index, options.filter);
  }
  load_side(side_a);
  load_side(side_b);
  int dropped = 0;
  std::vector<results::IterationSelection> kept_a = side_selections(side_a, dropped);
  std::vector<results::IterationSelection> kept_b = side_selections(side_b, dropped);
  const results::PairingPlan plan =
      results::plan_pairing(side_records(side_a), side_records(side_b), options.filter);
  if (plan.paired) kept_a = kept_b = plan.kept;
  return stats::compare_case(launch_series(side_a, m, kept_a), launch_series(side_b, m, kept_b),
                             plan.paired ? stats::Pairing::kIteration : stats::Pairing::kNone,
                             options.seed, options.resamples, options.alpha);
}

std::string dropped_differ_text(const Json& warning) {
  return fmt::format(
      "WARNING: A[{}] B[{}] {}: the sides left out {:.1f}% (A) and {:.1f}% (B) of their "
      "iterations for arrival errors beyond --arrival-tolerance, more than {:.0f} points apart: "
      "the kept iterations of the two sides are not alike (one side kept mostly its calm ones), "
      "so B/A may reflect the filter rather than the algorithms",
      warning.at("case_a").get<std::size_t>(), warning.at("case_b").get<std::size_t>(),
      warning.at("label").get<std::string>(), 100 * warning.at("dropped_fraction_a").get<double>(),
      100 * warning.at("dropped_fraction_b").get<double>(),
      100 * results::kDroppedFractionWarnPoints);
}

Report build_compare(std::span<const ResultFile> as, std::span<const ResultFile> bs,
                     const CompareOptions& options) {
  const ResultFile& a = as.front();
  const ResultFile& b = bs.front();
  Report r;
  r.kind = "compare";
  r.section_key = "comparison";
  Section s;
  s.title = fmt::format("{} (A) vs {} (B)", a.path, b.path);
  add_run_meta(s, as, bs, options);
  s.table.columns = compare_columns(options.alpha);

  const auto& ca = a.reader.cases();
  const auto& cb = b.reader.cases();
  const bool selected =
      !options.a_alg.empty() || !options.a_sync.empty() || !options.a_coll.empty();
  const std::string a_sel = side_selection(options.a_coll, options.a_alg, options.a_sync);
  const std::string b_sel = side_selection(options.b_coll, options.b_alg, options.b_sync);
  int dropped = 0, unmatched_kept = 0;
  bool exit_from_arrival = false;
  std::set<std::string> missing, unpaired_why;
  Json dropped_differ = Json::array(), thin_launches = Json::array();
  std::vector<std::string> thin_notes;
  bool arrival_not_recorded = false;
  const CaseMatch match = selected ? match_selected(ca, cb, options) : match_cases(ca, cb);
  if (match.pairs.empty()) refuse_no_match(ca, cb, options, a_sel, b_sel);
  if (selected) s.title = fmt::format("{} of {} (A) vs {} of {} (B)", a_sel, a.path, b_sel, b.path);
  std::vector<PendingRow> pending;
  for (const auto& [i, j] : match.pairs) {
    SideCase side_a = side_case(as, i), side_b = side_case(bs, j);
    for (const SideCase* side : {&side_a, &side_b}) {
      for (const auto& [file, index] : side->launches) {
        refuse_invalid(*file, index, options.filter);
        const results::CaseRecord& rec = file->reader.cases()[index];
        exit_from_arrival = exit_from_arrival ||
                            (rec.clock_bound_ns.cols > 0 && !results::records_call_bounds(rec));
      }
      for (const std::string& path : side->missing) {
        missing.insert(fmt::format("{} lacks {}: left out of that case", path, ca[i].label()));
      }
    }
    load_side(side_a);
    load_side(side_b);
    std::vector<results::IterationSelection> kept_a = side_selections(side_a, dropped);
    std::vector<results::IterationSelection> kept_b = side_selections(side_b, dropped);
    const results::PairingPlan plan =
        results::plan_pairing(side_records(side_a), side_records(side_b), options.filter);
    if (plan.paired) {
      kept_a = kept_b = plan.kept;
      unmatched_kept += plan.unmatched_kept;
    } else {
      unpaired_why.insert(plan.why_not);
    }
    name_thin_launches(i, j, ca[i].label(), side_a, side_b, kept_a, kept_b, plan.paired,
                       thin_launches, thin_notes);
    // From the loaded launches: the heading's arrival errors need their data.
    const std::string heading = pair_heading(i, side_a.loaded.front(), j, side_b.loaded.front());
    const results::ArrivalErrorSummary arrival_a =
        results::summarize_arrival_errors(side_records(side_a));
    const results::ArrivalErrorSummary arrival_b =
        results::summarize_arrival_errors(side_records(side_b));
    if (results::dropped_fractions_differ(arrival_a, arrival_b)) {
      dropped_differ.push_back({{"case_a", i},
                                {"case_b", j},
                                {"label", ca[i].label()},
                                {"dropped_fraction_a", arrival_a.dropped_fraction()},
                                {"dropped_fraction_b", arrival_b.dropped_fraction()}});
    }
    if (!arrival_a.recorded || !arrival_b.recorded) arrival_not_recorded = true;
    for (results::Metric m : options.metrics) {
      const auto la = launch_series(side_a, m, kept_a);
      const auto lb = launch_series(side_b, m, kept_b);
      PendingRow p;
      p.i = i;
      p.j = j;
      p.rec = &ca[i];
      p.m = m;
      p.launches_a = la.size();
      p.launches_b = lb.size();
      p.clock = {side_clock_bound(side_a, m, kept_a), side_clock_bound(side_b, m, kept_b)};
      p.c = stats::compare_case(la, lb,
                                plan.paired ? stats::Pairing::kIteration : stats::Pairing::kNone,
                                options.seed, options.resamples, options.alpha);
      p.heading = heading;
      p.arrival_a = arrival_a;
      p.arrival_b = arrival_b;
      pending.push_back(std::move(p));
    }
  }
  std::vector<stats::CaseComparison> comparisons;
  for (const PendingRow& p : pending) comparisons.push_back(p.c);
  stats::mark_significant(comparisons, options.alpha);
  for (std::size_t k = 0; k < pending.size(); ++k) {
    pending[k].c = comparisons[k];
    s.table.rows.push_back(compare_row(pending[k]));
  }
  for (const std::string& line : missing) s.notes.push_back("note: " + line);
  if (as.size() != bs.size()) {
    s.notes.push_back(fmt::format(
        "warning: the sides have different launch counts ({} vs {}): launches cannot be paired, "
        "and with one launch on a side the verdict ignores launch variance",
        as.size(), bs.size()));
  }
  add_clock_note(s, exit_from_arrival);
  add_method_notes(s, pending, unpaired_why, unmatched_kept, options);
  add_ci_note(s, pending, options);
  for (std::string& line : thin_notes) s.notes.push_back(std::move(line));
  if (dropped > 0) {
    s.notes.push_back(fmt::format(
        "left out: {} late or wrong iteration(s) of the compared cases (n A, n B count what "
        "remains); --include-late / --include-invalid keep them",
        dropped));
  }
  for (const Json& d : dropped_differ) {
    s.notes.push_back(dropped_differ_text(d));
  }
  if (arrival_not_recorded) {
    s.notes.push_back(
        "arrival error: not recorded on a side (files older than format 1.8): its late "
        "iterations are those in which a rank missed the agreed start");
  }
  for (const std::string& w : a.reader.warnings()) s.notes.push_back("warning: A: " + w);
  for (const std::string& w : b.reader.warnings()) s.notes.push_back("warning: B: " + w);
  Json only_a = Json::array(), only_b = Json::array();
  for (std::size_t i : match.only_a) {
    s.notes.push_back(fmt::format("only in A: {}", case_title(i, ca[i])));
    only_a.push_back({{"case", i}, {"label", ca[i].label()}, {"match_key", ca[i].match_key()}});
  }
  for (std::size_t j : match.only_b) {
    s.notes.push_back(fmt::format("only in B: {}", case_title(j, cb[j])));
    only_b.push_back({{"case", j}, {"label", cb[j].label()}, {"match_key", cb[j].match_key()}});
  }
  // Loud: papbench-report prints each to stderr as well.
  s.extra["dropped_fraction_warnings"] = std::move(dropped_differ);
  s.extra["thin_launches"] = std::move(thin_launches);
  s.extra["unmatched_a"] = std::move(only_a);
  s.extra["unmatched_b"] = std::move(only_b);
  r.sections.push_back(std::move(s));
  return r;
}

}  // namespace papbench::report
