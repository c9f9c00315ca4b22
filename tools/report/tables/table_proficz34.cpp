#include "tools/report/tables/table_proficz34.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "common/errors.hpp"
#include "common/units.hpp"
#include "results/case_metrics.hpp"
#include "results/statistics.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/tables/figure_grid.hpp"

namespace papbench::report {
namespace {

constexpr double kAlpha = 0.05;  // both tests below it: the difference is not noise
constexpr std::int64_t kMs = 1'000'000;

// The paper's cells, [Proficz2020] Tables 3-4 (rows: kProficzTotals; columns: kDelaysMs).
struct PaperCell {
  double diff_ms;
  double acceleration;
};
using PaperGrid = std::array<std::array<PaperCell, 7>, 5>;
constexpr std::array<std::int64_t, 7> kDelaysMs = {0, 1, 5, 10, 50, 100, 500};

constexpr PaperGrid kTable3 = {{
    {{{0.0, 1.02},
      {-0.1, 1.20},
      {0.0, 1.01},
      {-0.1, 1.01},
      {-0.1, 1.00},
      {-0.1, 1.00},
      {0.0, 1.00}}},
    {{{0.2, 0.85},
      {-0.1, 1.12},
      {-0.1, 1.01},
      {-0.1, 1.01},
      {-0.1, 1.00},
      {-0.1, 1.00},
      {-0.1, 1.00}}},
    {{{-0.1, 1.06},
      {0.1, 0.94},
      {-0.1, 1.02},
      {-0.1, 1.01},
      {-0.1, 1.00},
      {-0.1, 1.00},
      {-0.1, 1.00}}},
    {{{0.2, 0.99},
      {-0.8, 1.03},
      {-0.6, 1.02},
      {-2.9, 1.08},
      {-15.6, 1.27},
      {-15.3, 1.15},
      {-16.9, 1.04}}},
    {{{-1.3, 1.02},
      {-1.6, 1.03},
      {-1.4, 1.02},
      {-2.3, 1.03},
      {-13.8, 1.15},
      {-26.2, 1.21},
      {-37.0, 1.08}}},
}};

constexpr PaperGrid kTable4 = {{
    {{{-0.7, 1.13},
      {-0.8, 1.13},
      {-4.1, 1.68},
      {-4.9, 1.52},
      {-4.1, 1.09},
      {-3.3, 1.03},
      {-2.6, 1.01}}},
    {{{-1.1, 1.17},
      {-0.9, 1.14},
      {-4.3, 1.63},
      {-5.8, 1.61},
      {-4.7, 1.10},
      {-4.1, 1.04},
      {-3.1, 1.01}}},
    {{{-0.7, 1.12},
      {-0.3, 1.05},
      {-3.7, 1.57},
      {-4.9, 1.51},
      {-4.6, 1.10},
      {-3.8, 1.04},
      {-3.0, 1.01}}},
    {{{29.1, 0.79},
      {-8.1, 1.07},
      {16.6, 0.86},
      {22.2, 0.83},
      {-69.6, 2.40},
      {-72.2, 1.74},
      {-68.1, 1.14}}},
    {{{-25.5, 1.23},
      {46.8, 0.69},
      {25.9, 0.81},
      {31.7, 0.78},
      {-84.4, 2.52},
      {-97.3, 1.98},
      {-88.5, 1.18}}},
}};

struct ProficzTableSpec {
  std::string_view kind, title, collective;
  std::string_view base_alg, new_alg;    // papbench names
  std::string_view base_name, new_name;  // the paper's
  const PaperGrid* paper;
};

const PaperCell* paper_cell(const ProficzTableSpec& spec, std::uint64_t total,
                            std::int64_t delay_ns) {
  for (std::size_t i = 0; i < std::size(kProficzTotals); ++i) {
    if (kProficzTotals[i] != total) continue;
    for (std::size_t j = 0; j < kDelaysMs.size(); ++j) {
      if (kDelaysMs[j] * kMs == delay_ns) return &(*spec.paper)[i][j];
    }
  }
  return nullptr;
}

std::string compact(std::int64_t ns) {
  if (ns == 0) return "0";
  std::string s = format_duration(static_cast<double>(ns));
  std::erase(s, ' ');
  return s;
}

using CellKey = std::pair<std::uint64_t, std::int64_t>;  // (total, maxdelay_ns)

struct Grid {
  // cell -> algorithm -> run-time samples (pooled over cases and files)
  std::map<CellKey, std::map<std::string, std::vector<double>>> cells;
  // cell -> algorithm -> its cases (a launch per file), for the trend verdict
  std::map<CellKey, std::map<std::string, std::vector<CaseRef>>> cases;
  std::map<std::uint64_t, std::set<std::uint64_t>> counts;  // total -> per-rank counts seen
  int processes = 0;
};

std::vector<Column> columns(const ProficzTableSpec& spec) {
  const auto M = Audience::kMachine;
  const auto H = Audience::kHuman;
  const std::string b(spec.base_name), n(spec.new_name);
  std::vector<Column> cols = {
      {"total_floats", "total", M},    {"maxdelay_ns", "max delay"},
      {"n_base", "n " + b, M},         {"n_new", "n " + n, M},
      {"mean_base_ns", b + " mean"},   {"mean_new_ns", n + " mean"},
      {"diff_ms", "diff ms"},          {"acceleration", "acc."},
      {"mann_whitney_p", "MWU p"},     {"welch_p", "Welch p"},
      {"significant", "", M},          {"mark", "", H, true},
      {"paper_diff_ms", "paper diff"}, {"paper_acceleration", "paper acc."},
  };
  for (Column& c : trend_columns()) cols.push_back(std::move(c));
  return cols;
}

// The no-effect band of both sides: the paper's acceleration and ours (1 / our ratio) within 0.05
// of 1 count as no effect (trend_verdict.hpp).
constexpr double kPaperFlat = 0.05;

// Our side of the verdict: compare's CI of new/base over the cell's cases.
std::optional<stats::CaseComparison> cell_comparison(const ProficzTableSpec& spec, const Grid& g,
                                                     CellKey key) {
  const auto it = g.cases.find(key);
  if (it == g.cases.end()) return std::nullopt;
  const auto base = it->second.find(std::string(spec.base_alg));
  const auto next = it->second.find(std::string(spec.new_alg));
  if (base == it->second.end() || next == it->second.end()) return std::nullopt;
  return compare_sides(base->second, next->second, results::Metric::kRunTime);
}

Row make_row(const ProficzTableSpec& spec, const Grid& g, CellKey key,
             std::vector<std::string>& missing) {
  const auto [total, delay] = key;
  const PaperCell* paper = paper_cell(spec, total, delay);
  Row row;
  std::string counts;
  if (const auto it = g.counts.find(total); it != g.counts.end()) {
    counts = fmt::format(" ({} per rank x {})", fmt::join(it->second, "/"), g.processes);
  }
  row.group = fmt::format(
      "{} floats total{}{}", total_label(total), counts,
      paper == nullptr && paper_cell(spec, total, 0) == nullptr ? ", not a paper size" : "");
  row.cells = {Cell::integer(static_cast<long long>(total)), {compact(delay), delay}};
  const std::vector<double>* base = nullptr;
  const std::vector<double>* next = nullptr;
  if (const auto it = g.cells.find(key); it != g.cells.end()) {
    if (auto a = it->second.find(std::string(spec.base_alg)); a != it->second.end()) {
      base = &a->second;
    }
    if (auto a = it->second.find(std::string(spec.new_alg)); a != it->second.end()) {
      next = &a->second;
    }
  }
  const Cell none = Cell::none();
  if (base == nullptr || next == nullptr) {
    std::vector<std::string_view> lacking;
    if (base == nullptr) lacking.push_back(spec.base_name);
    if (next == nullptr) lacking.push_back(spec.new_name);
    missing.push_back(
        fmt::format("{}K @ {} (no {})", total / 1024, compact(delay), fmt::join(lacking, ", ")));
    row.cells.insert(row.cells.end(),
                     {Cell::integer(base ? static_cast<long long>(base->size()) : 0),
                      Cell::integer(next ? static_cast<long long>(next->size()) : 0),
                      none,
                      none,
                      none,
                      none,
                      none,
                      none,
                      none,
                      {"", nullptr}});
  } else {
    const double mb = stats::summarize(*base).mean;
    const double mn = stats::summarize(*next).mean;
    const double diff_ms = (mn - mb) / 1e6;
    const double acc = mb / mn;
    const double mwu = stats::mann_whitney_p(*base, *next);
    const double welch = stats::welch_p(*base, *next);
    const bool significant = mwu < kAlpha && welch < kAlpha;
    row.cells.insert(row.cells.end(), {Cell::integer(static_cast<long long>(base->size())),
                                       Cell::integer(static_cast<long long>(next->size())),
                                       Cell::duration(mb),
                                       Cell::duration(mn),
                                       Cell::fixed(diff_ms, 1),
                                       Cell::fixed(acc, 2),
                                       Cell::p_value(mwu),
                                       Cell::p_value(welch),
                                       Cell::boolean(significant),
                                       {significant ? "*" : "", nullptr}});
  }
  row.cells.push_back(paper ? Cell::fixed(paper->diff_ms, 1) : none);
  row.cells.push_back(paper ? Cell::fixed(paper->acceleration, 2) : none);
  const auto ours = paper ? cell_comparison(spec, g, key) : std::nullopt;
  for (Cell& c : trend_cells(
           ours ? &*ours : nullptr,
           paper ? direction_from_speedup(paper->acceleration, kPaperFlat) : Direction::kNone,
           kPaperFlat)) {
    row.cells.push_back(std::move(c));
  }
  return row;
}

Report build_table(const std::vector<ResultFile>& files, const ProficzTableSpec& spec) {
  std::map<std::string, Grid> grids;  // condition -> grid
  std::size_t left_out = 0;
  for (const ResultFile& f : files) {
    for (const results::CaseRecord& c : f.reader.cases()) {
      if (c.collective != spec.collective ||
          (c.algorithm != spec.base_alg && c.algorithm != spec.new_alg)) {
        ++left_out;
        continue;
      }
      const int p = case_processes(c, f);
      Grid& g = grids[condition_label(c, p, SizeMeaning::kTotal, {true, true, false})];
      g.processes = p;
      const std::uint64_t total = paper_total(c.count, p);
      g.counts[total].insert(c.count);
      std::vector<double> run_time;
      try {
        run_time = results::metric_series(c, results::Metric::kRunTime, kept_iterations(f, c));
      } catch (const results::FormatError& e) {
        throw UsageError(fmt::format("{}: {}: {}", f.path, c.label(), e.what()));
      }
      g.cases[{total, c.maxdelay_ns}][c.algorithm].push_back(
          {&f, static_cast<std::size_t>(&c - f.reader.cases().data())});
      auto& samples = g.cells[{total, c.maxdelay_ns}][c.algorithm];
      samples.insert(samples.end(), run_time.begin(), run_time.end());
    }
  }
  if (grids.empty()) {
    throw UsageError(fmt::format("{}: no {} case of {} or {} in the given files", spec.kind,
                                 spec.collective, spec.base_alg, spec.new_alg));
  }

  Report report;
  report.kind = std::string(spec.kind);
  report.section_key = "conditions";
  for (auto& [condition, g] : grids) {
    Section s;
    s.title = fmt::format("{}: {}", spec.title, condition);
    std::vector<std::string> inputs;
    for (const ResultFile& f : files) inputs.push_back(f.path);
    s.meta.push_back({"files", "files", Cell::str(fmt::format("{}", fmt::join(inputs, ", ")))});
    s.table.columns = columns(spec);
    // The paper's 35 cells first-class, plus whatever else the files hold.
    std::set<CellKey> keys;
    for (const std::uint64_t t : kProficzTotals) {
      for (const std::int64_t d : kDelaysMs) keys.insert({t, d * kMs});
    }
    for (const auto& [key, algs] : g.cells) keys.insert(key);
    std::vector<std::string> missing;
    std::size_t paper_missing = 0;
    for (const CellKey& key : keys) {
      const std::size_t before = missing.size();
      s.table.rows.push_back(make_row(spec, g, key, missing));
      if (missing.size() > before && paper_cell(spec, key.first, key.second) != nullptr) {
        ++paper_missing;
      }
    }

    s.notes.push_back(
        fmt::format("diff = mean({1}) - mean({0}) of the run time (max exit - min arrival), acc. = "
                    "mean({0}) / mean({1}); negative diff / acc. > 1: {1} is faster",
                    spec.base_name, spec.new_name));
    s.notes.push_back(fmt::format(
        "*: Mann-Whitney U and Welch t both p < {} (otherwise the difference may be noise)",
        kAlpha));
    if (!missing.empty()) {
      s.notes.push_back(fmt::format("missing cells ({} of the paper's 35): {}", paper_missing,
                                    fmt::join(missing, "; ")));
    }
    if (left_out > 0) {
      s.notes.push_back(
          fmt::format("left out: {} case(s) of other collectives or algorithms", left_out));
    }
    s.notes.push_back(trend_note(kPaperFlat));
    s.notes.push_back(
        "paper: 48 nodes with one process each on 1 Gbps Ethernet (TCP, 64 KiB eager limit); "
        "match trends and signs, not absolute values ([Proficz2020] §5)");
    s.extra["missing"] = missing;
    report.sections.push_back(std::move(s));
  }
  return report;
}

}  // namespace

Report build_proficz_table3(const std::vector<ResultFile>& files) {
  return build_table(files, {"proficz-table3", "Proficz 2020 Table 3, BSLN vs. LIN", "scatter",
                             "lin", "bsln", "LIN", "BSLN", &kTable3});
}

Report build_proficz_table4(const std::vector<ResultFile>& files) {
  return build_table(files, {"proficz-table4", "Proficz 2020 Table 4, BSLS vs. LS", "gather", "ls",
                             "bsls", "LS", "BSLS", &kTable4});
}

}  // namespace papbench::report
