#include "tools/report/tables/table_clv1.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <utility>

#include "common/errors.hpp"
#include "results/schedgen_file.hpp"
#include "results/statistics.hpp"

namespace papbench::report {
namespace {

// [ProficzOcetkiewicz2021] Table 1, verbatim: P = N, then uniform linear/segment, uniform
// pairing/segment, skewed linear/segment, skewed pairing/segment.
struct PaperRow {
  int P;
  ClvTable1Paper values;
};
constexpr std::array<PaperRow, 8> kPaper = {{
    {4, {0.49, 1.84, 0.45, 2.45}},
    {8, {0.62, 3.07, 0.61, 5.68}},
    {16, {0.73, 3.53, 0.61, 5.34}},
    {32, {0.97, 5.72, 0.67, 8.60}},
    {64, {1.26, 8.17, 0.64, 14.37}},
    {128, {2.00, 12.46, 0.61, 21.04}},
    {256, {4.05, 15.58, 0.64, 22.77}},
    {512, {19.33, 43.64, 1.36, 82.98}},
}};

struct Loaded {
  std::string path;
  schedgen::File data;
};

std::vector<double> column(const schedgen::GridPoint& p, std::size_t c, std::size_t impls) {
  std::vector<double> v;
  v.reserve(p.reps());
  for (std::size_t r = 0; r < p.reps(); ++r) v.push_back(static_cast<double>(p.time(r, c, impls)));
  return v;
}

std::optional<std::size_t> find_impl(const schedgen::File& f, const char* name) {
  const auto it = std::find(f.impls.begin(), f.impls.end(), name);
  if (it == f.impls.end()) return std::nullopt;
  return static_cast<std::size_t>(it - f.impls.begin());
}

// Speedup, Welch p and confidence of impl X over segtree; NaN where X was not run.
struct Speedup {
  double ratio = std::nan(""), p = std::nan("");
};
Speedup speedup(const schedgen::GridPoint& p, const schedgen::File& f, const char* x) {
  const auto cx = find_impl(f, x), cs = find_impl(f, "segtree");
  if (!cx || !cs) return {};
  const auto tx = column(p, *cx, f.impls.size()), ts = column(p, *cs, f.impls.size());
  return {stats::mean(tx) / stats::mean(ts), stats::welch_test(ts, tx).p};
}

Cell paper_cell(const std::optional<ClvTable1Paper>& paper, bool uniform, bool linear) {
  if (!paper) return Cell::none();
  const double v = uniform ? (linear ? paper->uniform_linear : paper->uniform_pairing)
                           : (linear ? paper->skewed_linear : paper->skewed_pairing);
  return Cell::fixed(v, 2);
}

Cell mean_cell(const schedgen::GridPoint& p, const schedgen::File& f, const char* name) {
  const auto c = find_impl(f, name);
  if (!c) return Cell::none();
  return Cell::duration(stats::mean(column(p, *c, f.impls.size())));
}

}  // namespace

std::optional<ClvTable1Paper> clv_table1_paper(int P) {
  for (const PaperRow& row : kPaper) {
    if (row.P == P) return row.values;
  }
  return std::nullopt;
}

std::string confidence_level(double p) {
  if (std::isnan(p)) return "n/a";
  constexpr std::array<std::pair<double, const char*>, 5> kLevels = {
      {{0.999, "99.9%"}, {0.99, "99%"}, {0.98, "98%"}, {0.95, "95%"}, {0.90, "90%"}}};
  for (const auto& [level, text] : kLevels) {
    if (p < 1 - level) return text;
  }
  return "<90%";
}

Report build_clv_table1(const std::vector<std::string>& paths) {
  std::vector<Loaded> files;
  for (const std::string& path : paths) {
    try {
      files.push_back({path, schedgen::read_file(path)});
    } catch (const schedgen::FileError& e) {
      throw UsageError(e.what());
    }
  }
  Report r;
  r.kind = "clv-table1";
  r.section_key = "file";
  std::set<std::pair<std::string, int>> seen;
  for (const Loaded& f : files) {
    Section s;
    s.title = f.path;
    s.meta = {
        {"impls", "implementations", Cell::str(fmt::format("{}", fmt::join(f.data.impls, ", ")))},
        {"segtree_path", "segtree kernels", Cell::str(f.data.segtree_path)},
        {"seed", "seed", Cell::integer(static_cast<long long>(f.data.seed))},
        {"cpu_model", "CPU", Cell::str(f.data.cpu_model)},
        {"papbench_version", "papbench", Cell::str(f.data.papbench_version)},
        {"build", "build",
         Cell::str(f.data.build.empty() ? "not recorded (file older than it)" : f.data.build)},
        {"command_line", "command line", Cell::str(f.data.command_line)}};
    const auto B = Audience::kBoth;
    const auto M = Audience::kMachine;
    s.table.columns = {{"pattern", "pattern", B, true},
                       {"P", "P = N", B},
                       {"reps", "reps", B},
                       {"mean_linear_ns", "linear", B},
                       {"mean_pairing_ns", "pairing", B},
                       {"mean_segtree_ns", "segtree", B},
                       {"linear_speedup", "linear/seg", B},
                       {"linear_confidence", "conf.", B},
                       {"linear_welch_p", "Welch p (linear)", M},
                       {"linear_paper", "paper", B},
                       {"pairing_speedup", "pairing/seg", B},
                       {"pairing_confidence", "conf.", B},
                       {"pairing_welch_p", "Welch p (pairing)", M},
                       {"pairing_paper", "paper", B}};
    for (const schedgen::GridPoint& p : f.data.points) {
      if (!seen.insert({p.pattern, p.P}).second) {
        throw UsageError(
            fmt::format("{}: {} P={} is also in an earlier file; give each "
                        "(pattern, P) once",
                        f.path, p.pattern, p.P));
      }
      const bool uniform = p.pattern == "uniform";
      const auto paper = clv_table1_paper(p.P);
      const Speedup lin = speedup(p, f.data, "linear");
      const Speedup pair = speedup(p, f.data, "pairing");
      Row row;
      row.group = p.pattern;
      row.cells = {Cell::str(p.pattern),
                   Cell::integer(p.P),
                   Cell::integer(static_cast<long long>(p.reps())),
                   mean_cell(p, f.data, "linear"),
                   mean_cell(p, f.data, "pairing"),
                   mean_cell(p, f.data, "segtree"),
                   Cell::fixed(lin.ratio, 2),
                   Cell::str(confidence_level(lin.p)),
                   Cell::p_value(lin.p),
                   paper_cell(paper, uniform, true),
                   Cell::fixed(pair.ratio, 2),
                   Cell::str(confidence_level(pair.p)),
                   Cell::p_value(pair.p),
                   paper_cell(paper, uniform, false)};
      s.table.rows.push_back(std::move(row));
    }
    s.notes.push_back(
        "X/seg = mean(time of X) / mean(time of segtree) over the reps ([ProficzOcetkiewicz2021] "
        "Table 1: "
        "> 1 means the segment tree is faster); linear, pairing, segtree columns are mean "
        "times of one schedule generation");
    s.notes.push_back(
        "conf. = 1 - p of a two-sided Welch t-test of X's times against segtree's, shown as the "
        "highest of 99.9/99/98/95/90% reached (the paper: 99.9% everywhere except uniform, "
        "linear, P = 32: 98%)");
    s.notes.push_back(
        "paper: [ProficzOcetkiewicz2021] Table 1 (Xeon E5-2670 v3, gcc 7.3 -O3 -mavx -flto, 250 "
        "runs); absolute "
        "ratios depend on the CPU");
    r.sections.push_back(std::move(s));
  }
  return r;
}

}  // namespace papbench::report
