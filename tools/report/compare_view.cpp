#include "tools/report/compare_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <set>

#include "common/errors.hpp"
#include "results/clock_bounds.hpp"
#include "results/statistics.hpp"
#include "tools/report/case_text.hpp"
#include "tools/report/metric_choice.hpp"

namespace papbench::report {
namespace {

std::vector<Column> compare_columns() {
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
      {"ratio_ci", "95% CI", H},
      {"ratio_ci_low", "ci low", M},
      {"ratio_ci_high", "ci high", M},
      {"mann_whitney_p", "MWU p", B},
      {"welch_p", "Welch p", B},
      {"mann_whitney_p_holm", "MWU p (Holm)", B},
      {"welch_p_holm", "Welch p (Holm)", M},
      {"significant", "significant", M},
      {"clock_bound_a_ns", "clock bound A", M},
      {"clock_bound_b_ns", "clock bound B", M},
      {"within_clock_bound", "within clock bound", M},
      {"verdict", "", H, true},
      {"change", "change", M, true},
  };
}

// Marks a difference of medians smaller than the clocks' error bound of the metric.
constexpr std::string_view kClockMark = "‡";

std::vector<double> series_of(const ResultFile& f, std::size_t index, results::Metric m,
                              const results::IterationSelection& kept) {
  try {
    return results::metric_series(f.reader.cases()[index], m, kept);
  } catch (const results::FormatError& e) {
    throw UsageError(fmt::format("{}: case {}: {}", f.path, index, e.what()));
  }
}

// Replaces the placeholder Holm cells of every row by the adjusted p-values of the whole table:
// one family per test kind.
void adjust_for_multiple_tests(Table& t) {
  const auto column = [&](std::string_view key) {
    return static_cast<std::size_t>(std::find_if(t.columns.begin(), t.columns.end(),
                                                 [&](const Column& c) { return c.key == key; }) -
                                    t.columns.begin());
  };
  for (const auto& [raw, adjusted] :
       {std::pair{"mann_whitney_p", "mann_whitney_p_holm"}, std::pair{"welch_p", "welch_p_holm"}}) {
    const std::size_t from = column(raw), to = column(adjusted);
    std::vector<double> p;
    for (const Row& r : t.rows) {
      p.push_back(r.cells[from].raw.is_number() ? r.cells[from].raw.get<double>()
                                                : std::numeric_limits<double>::quiet_NaN());
    }
    const std::vector<double> holm = stats::holm_adjust(p);
    for (std::size_t i = 0; i < t.rows.size(); ++i) t.rows[i].cells[to] = Cell::p_value(holm[i]);
  }
}

// The launches of one side of a matched case: the case `index` of the side's first file, and in
// each other file the case with the same match key at the same occurrence. Lists the files that
// lack it in `missing`.
struct SideCase {
  std::vector<std::pair<const ResultFile*, std::size_t>> launches;
  std::vector<std::string> missing;
};

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
  if (first_line(ia.mpi_library_version) != first_line(ib.mpi_library_version)) {
    s.notes.push_back("note: the runs used different MPI libraries");
  }
}

std::size_t column_index(const Table& t, std::string_view key) {
  return static_cast<std::size_t>(std::find_if(t.columns.begin(), t.columns.end(),
                                               [&](const Column& c) { return c.key == key; }) -
                                  t.columns.begin());
}

bool names_cross_rank_metric(const Json& name) {
  return std::any_of(std::begin(results::kAllMetrics), std::end(results::kAllMetrics),
                     [&](results::Metric m) {
                       return results::compares_clocks(m) && name == results::metric_name(m);
                     });
}

// Explains the clock mark when a row has it, or says that the bounds could not be checked.
void add_clock_note(Section& s) {
  const std::size_t within = column_index(s.table, "within_clock_bound");
  const std::size_t metric = column_index(s.table, "metric");
  bool marked = false, unchecked = false;
  for (const Row& r : s.table.rows) {
    const Json& v = r.cells[within].raw;
    marked = marked || (v.is_boolean() && v.get<bool>());
    unchecked = unchecked || (v.is_null() && names_cross_rank_metric(r.cells[metric].raw));
  }
  if (marked) {
    s.notes.push_back(fmt::format(
        "{}: the medians differ by less than the clock synchronization's error bound of the "
        "metric (the larger of the two sides' median bounds, within_clock_bound in csv/json): the "
        "clocks cannot resolve this difference. Elapsed time reads one clock per rank and is never "
        "marked",
        kClockMark));
  }
  if (unchecked) {
    s.notes.push_back(
        "note: clock bounds are not recorded on both sides (format 1.4 records them), so "
        "differences of run time, after-last arrival and imbalance were not checked against them");
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

CaseMatch match_by(const std::vector<results::CaseRecord>& a,
                   const std::vector<results::CaseRecord>& b,
                   std::string (results::CaseRecord::*key)() const, const CaseTest& take_a,
                   const CaseTest& take_b) {
  std::map<std::string, std::deque<std::size_t>> in_b;
  for (std::size_t j = 0; j < b.size(); ++j) {
    if (take_b(b[j])) in_b[(b[j].*key)()].push_back(j);
  }
  CaseMatch m;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!take_a(a[i])) continue;
    auto it = in_b.find((a[i].*key)());
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

}  // namespace

CaseMatch match_cases(const std::vector<results::CaseRecord>& a,
                      const std::vector<results::CaseRecord>& b) {
  const CaseTest all = [](const results::CaseRecord&) { return true; };
  return match_by(a, b, &results::CaseRecord::match_key, all, all);
}

CaseMatch match_algorithms(const std::vector<results::CaseRecord>& a, std::string_view a_alg,
                           const std::vector<results::CaseRecord>& b, std::string_view b_alg) {
  return match_by(
      a, b, &results::CaseRecord::workload_key,
      [&](const results::CaseRecord& r) { return r.algorithm == a_alg; },
      [&](const results::CaseRecord& r) { return r.algorithm == b_alg; });
}

namespace {

// Per launch of one side, the kept iterations' series of metric m (late and wrong iterations
// left out as the filter says); counts what was dropped.
std::vector<std::vector<double>> launch_series(const SideCase& side, results::Metric m,
                                               const results::IterationFilter& filter,
                                               int* dropped) {
  std::vector<std::vector<double>> out;
  for (const auto& [file, index] : side.launches) {
    const results::IterationSelection kept =
        results::select_iterations(file->reader.cases()[index], filter);
    if (dropped != nullptr) *dropped += kept.dropped_late + kept.dropped_invalid;
    out.push_back(series_of(*file, index, m, kept));
  }
  return out;
}

// The median over one side's kept iterations (all launches pooled) of metric m's clock error
// bound; NaN when m reads one clock per rank or a launch does not record the bounds.
double side_clock_bound(const SideCase& side, results::Metric m,
                        const results::IterationFilter& filter) {
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  if (!results::compares_clocks(m)) return kNone;
  std::vector<double> all;
  for (const auto& [file, index] : side.launches) {
    const results::CaseRecord& rec = file->reader.cases()[index];
    if (rec.clock_bound_ns.cols == 0) return kNone;
    try {
      const std::vector<double> b =
          results::clock_bound_series(rec, m, results::select_iterations(rec, filter));
      all.insert(all.end(), b.begin(), b.end());
    } catch (const results::FormatError& e) {
      throw UsageError(fmt::format("{}: case {}: {}", file->path, index, e.what()));
    }
  }
  return stats::median(all);
}

// Both sides' clock bounds of a metric, and whether the medians' difference is below them.
struct ClockCheck {
  double bound_a = std::numeric_limits<double>::quiet_NaN();
  double bound_b = std::numeric_limits<double>::quiet_NaN();

  // null: the metric reads one clock, or a side does not record the bounds.
  Json within(double median_a, double median_b) const {
    if (std::isnan(bound_a) || std::isnan(bound_b)) return nullptr;
    return std::abs(median_b - median_a) < std::max(bound_a, bound_b);
  }
};

std::vector<double> pooled(const std::vector<std::vector<double>>& launches) {
  std::vector<double> all;
  for (const auto& l : launches) all.insert(all.end(), l.begin(), l.end());
  return all;
}

// "* slower", with the clock mark when the difference is inside the clocks' error bound.
std::string verdict_text(bool significant, const std::string& change, bool within_clock) {
  std::string text = significant ? "* " + change : "";
  if (within_clock) text += text.empty() ? std::string(kClockMark) : " " + std::string(kClockMark);
  return text;
}

Row compare_row(std::size_t i, std::size_t j, const results::CaseRecord& rec, results::Metric m,
                const std::vector<std::vector<double>>& la,
                const std::vector<std::vector<double>>& lb, const ClockCheck& clock,
                const CompareOptions& options) {
  const std::vector<double> sa = pooled(la), sb = pooled(lb);
  const Json within = clock.within(stats::median(sa), stats::median(sb));
  const bool mark = within.is_boolean() && within.get<bool>();
  // One launch per side: the iteration bootstrap as before; else launches are resampled too.
  const stats::Comparison c =
      la.size() == 1 && lb.size() == 1
          ? stats::compare(sa, sb, options.seed, options.resamples, options.alpha)
          : stats::compare_launches(la, lb, options.seed, options.resamples, options.alpha);
  const std::string change = c.significant ? change_word(m, c.median_ratio) : "";
  std::string ci_text = "-";
  if (!std::isnan(c.ratio_ci_low)) {
    ci_text = fmt::format("[{:.2f}, {:.2f}]", c.ratio_ci_low, c.ratio_ci_high);
  }
  Row row;
  row.cells = {
      Cell::integer(static_cast<long long>(i)),
      Cell::integer(static_cast<long long>(j)),
      Cell::str(rec.label()),
      Cell::str(rec.match_key()),
      {std::string(metric_title(m)), std::string(results::metric_name(m))},
      Cell::integer(static_cast<long long>(la.size())),
      Cell::integer(static_cast<long long>(lb.size())),
      Cell::integer(static_cast<long long>(sa.size())),
      Cell::integer(static_cast<long long>(sb.size())),
      Cell::duration(stats::median(sa)),
      Cell::duration(stats::median(sb)),
      Cell::fixed(c.median_ratio, 2),
      {ci_text, nullptr},
      Cell::fixed(c.ratio_ci_low, 2),
      Cell::fixed(c.ratio_ci_high, 2),
      Cell::p_value(c.mann_whitney_p),
      Cell::p_value(c.welch_p),
      Cell::p_value(c.mann_whitney_p),  // adjusted once every test is known
      Cell::p_value(c.welch_p),
      Cell::boolean(c.significant),
      Cell::duration(clock.bound_a),
      Cell::duration(clock.bound_b),
      {"", within},
      {verdict_text(c.significant, change, mark), nullptr},
      Cell::str(change),
  };
  return row;
}

}  // namespace

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
  s.table.columns = compare_columns();

  const auto& ca = a.reader.cases();
  const auto& cb = b.reader.cases();
  const bool by_algorithm = !options.a_alg.empty();
  int dropped = 0;
  std::set<std::string> missing;
  const CaseMatch match =
      by_algorithm ? match_algorithms(ca, options.a_alg, cb, options.b_alg) : match_cases(ca, cb);
  if (by_algorithm) {
    s.title =
        fmt::format("{} of {} (A) vs {} of {} (B)", options.a_alg, a.path, options.b_alg, b.path);
  }
  for (const auto& [i, j] : match.pairs) {
    const SideCase side_a = side_case(as, i), side_b = side_case(bs, j);
    for (const SideCase* side : {&side_a, &side_b}) {
      for (const auto& [file, index] : side->launches) refuse_invalid(*file, index, options.filter);
      for (const std::string& path : side->missing) {
        missing.insert(fmt::format("{} lacks {}: left out of that case", path, ca[i].label()));
      }
    }
    const std::string heading = pair_heading(i, ca[i], j, cb[j]);
    bool first_metric = true;
    for (results::Metric m : options.metrics) {
      int* count = first_metric ? &dropped : nullptr;  // each iteration once, not per metric
      const auto la = launch_series(side_a, m, options.filter, count);
      const auto lb = launch_series(side_b, m, options.filter, count);
      first_metric = false;
      const ClockCheck clock{side_clock_bound(side_a, m, options.filter),
                             side_clock_bound(side_b, m, options.filter)};
      Row row = compare_row(i, j, ca[i], m, la, lb, clock, options);
      row.group = heading;
      s.table.rows.push_back(std::move(row));
    }
  }
  for (const std::string& line : missing) s.notes.push_back("note: " + line);
  if (as.size() == 1 && bs.size() == 1 && !match.pairs.empty()) {
    s.notes.push_back(
        "one launch per side: the CI of B/A resamples iterations only and ignores the variance "
        "between launches, which usually dominates ([HunoldCarpenAmarie2016]); give each side as "
        "a comma list of launches (A1.h5,A2.h5) for a hierarchical bootstrap");
  }

  adjust_for_multiple_tests(s.table);
  add_clock_note(s);
  s.notes.push_back(fmt::format(
      "B/A: ratio of medians (< 1: B is smaller). *: significant (Mann-Whitney and Welch p < {}, "
      "95% CI of B/A excludes 1). (Holm): p adjusted for the {} comparisons of this table "
      "(Holm's step-down), to read when many cases and metrics are tested at once",
      options.alpha, s.table.rows.size()));
  if (dropped > 0) {
    s.notes.push_back(fmt::format(
        "left out: {} late or wrong iteration(s) of the compared cases (n A, n B count what "
        "remains); --include-late / --include-invalid keep them",
        dropped));
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
  if (match.pairs.empty()) {
    s.notes.push_back(by_algorithm ? fmt::format("no case of {} in A has a case of {} in B on the "
                                                 "same workload",
                                                 options.a_alg, options.b_alg)
                                   : "no case of A matches a case of B");
  }
  s.extra["unmatched_a"] = std::move(only_a);
  s.extra["unmatched_b"] = std::move(only_b);
  r.sections.push_back(std::move(s));
  return r;
}

}  // namespace papbench::report
