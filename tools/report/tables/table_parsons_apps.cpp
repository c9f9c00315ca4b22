#include "tools/report/tables/table_parsons_apps.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>

#include "common/errors.hpp"
#include "results/statistics.hpp"
#include "tools/report/tables/case_params.hpp"

namespace papbench::report {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// `papbench app` records each rank's kernel time per repetition under this metric
// (bench/app/app_kernel.hpp, docs/RESULTS_FORMAT.md).
constexpr const char* kKernelMetric = "app_kernel_ns";

// An algorithm of a column: registry name and the thesis' configuration of it, every declared
// option spelt out; a case of another configuration gets a column of its own, never this one's
// (its repetitions would otherwise enter this column's median).
struct AlgColumn {
  std::string label;  // the thesis' column name
  std::string algorithm;
  AlgConfiguration options;
};

// The kernel's own params (bench/app/app_*_command.cpp): not the algorithm's.
constexpr std::string_view kKernelParams[] = {"app", "n", "products", "iters"};

// The thesis' row: its process count (and FT class) with the printed values.
struct ThesisRow {
  int processes = 0;
  std::string size;                       // "n=8192", "class A"
  double baseline_s = kNaN;               // run time; NaN where the table prints none
  std::vector<double> times_s, speedups;  // per candidate column; NaN where not printed
};

struct AppTableSpec {
  std::string kind, title, kernel, collective;
  AlgColumn baseline;
  std::vector<AlgColumn> candidates;
  std::vector<ThesisRow> thesis;
  std::vector<std::string> notes;
};

bool matches(const AlgColumn& c, const results::CaseRecord& rec,
             const std::map<std::string, std::string>& params) {
  return rec.algorithm == c.algorithm && runs_exactly(params, c.options, kKernelParams);
}

// The slowest rank's kernel time of every repetition, ns.
std::vector<double> kernel_times(const results::CaseRecord& rec) {
  std::vector<double> out;
  const auto it = rec.metrics.find(kKernelMetric);
  if (it == rec.metrics.end()) return out;
  for (int r = 0; r < it->second.rows; ++r) {
    const auto row = it->second.row(r);
    if (!row.empty()) out.push_back(double(*std::max_element(row.begin(), row.end())));
  }
  return out;
}

// One row of ours: a process count, node shape and problem size.
struct Shape {
  int processes = 0, nodes = 0;
  bool virtual_nodes = false;
  std::string size;  // the kernel's recorded parameters: "n=512"
  auto operator<=>(const Shape&) const = default;
};

std::string kernel_size(const std::map<std::string, std::string>& params) {
  std::vector<std::string> parts;
  for (const char* key : {"n", "products", "iters"}) {
    if (const auto it = params.find(key); it != params.end())
      parts.push_back(fmt::format("{}={}", key, it->second));
  }
  return fmt::format("{}", fmt::join(parts, ","));
}

Shape shape_of(const results::CaseRecord& rec, const ResultFile& f,
               const std::map<std::string, std::string>& params) {
  const results::RunInfo& info = f.reader.run_info();
  const std::set<int> nodes(info.node_index.begin(), info.node_index.end());
  return {rec.ranks, int(nodes.size()), info.nodes_virtual, kernel_size(params)};
}

// The thesis' column a case belongs to, or its own name with the algorithm's options.
std::string column_of(const AppTableSpec& spec, const results::CaseRecord& rec,
                      const std::map<std::string, std::string>& params) {
  if (matches(spec.baseline, rec, params)) return spec.baseline.label;
  for (const AlgColumn& c : spec.candidates) {
    if (matches(c, rec, params)) return c.label;
  }
  std::vector<std::string> options;
  for (const auto& [key, value] : params) {
    if (std::find(std::begin(kKernelParams), std::end(kKernelParams), key) ==
        std::end(kKernelParams))
      options.push_back(fmt::format("{}={}", key, value));
  }
  return options.empty() ? rec.algorithm
                         : fmt::format("{}:{}", rec.algorithm, fmt::join(options, ","));
}

// Repetition times (ns) per row and column label; pooled over files.
using Times = std::map<Shape, std::map<std::string, std::vector<double>>>;

Times collect(const std::vector<ResultFile>& files, const AppTableSpec& spec, bool& one_host) {
  Times out;
  one_host = false;
  for (const ResultFile& f : files) {
    const auto& hosts = f.reader.run_info().hostnames;
    for (const results::CaseRecord& rec : f.reader.cases()) {
      const auto params = parse_case_params(rec.params);
      const auto app = params.find("app");
      if (app == params.end() || app->second != spec.kernel || rec.collective != spec.collective)
        continue;
      if (rec.validated == "fail") continue;  // a wrong result has no run time worth comparing
      const Shape shape = shape_of(rec, f, params);
      one_host |= shape.virtual_nodes || std::set(hosts.begin(), hosts.end()).size() <= 1;
      auto& times = out[shape][column_of(spec, rec, params)];
      for (double t : kernel_times(rec)) times.push_back(t);
    }
  }
  return out;
}

std::string shape_text(const Shape& s) {
  return fmt::format("{} x {}{}", s.nodes, s.processes / std::max(1, s.nodes),
                     s.virtual_nodes ? " (virtual)" : "");
}

// "12.3 ms (1.08)": a run time with its speed-up over the baseline, as the thesis prints; only
// "(1.86)" where the table gives the speed-up alone (Table 3.11).
Cell time_with_speedup(const Cell& time, double speedup) {
  const std::string ratio = std::isfinite(speedup) ? fmt::format(" ({:.2f})", speedup) : "";
  if (time.raw.is_null()) return {ratio.empty() ? "-" : ratio.substr(1), nullptr};
  return {time.text + ratio, time.raw};
}

// A thesis run time as printed there ("18.75 s"); raw in ns as ours.
Cell thesis_seconds(double s) {
  if (std::isnan(s)) return Cell::none();
  return {fmt::format("{:g} s", s), s * 1e9};
}

// The candidates' columns: the thesis' own, then whatever else the files hold.
std::vector<std::string> column_labels(const Times& times, const AppTableSpec& spec,
                                       std::set<std::string>& others) {
  std::vector<std::string> labels;
  for (const AlgColumn& c : spec.candidates) labels.push_back(c.label);
  for (const auto& [shape, by] : times) {
    for (const auto& [label, t] : by) {
      if (label != spec.baseline.label &&
          std::find(labels.begin(), labels.end(), label) == labels.end())
        others.insert(label);
    }
  }
  labels.insert(labels.end(), others.begin(), others.end());
  return labels;
}

// Measured and thesis sections share these columns, so that CSV and JSON read alike.
std::vector<Column> columns(const AppTableSpec& spec, const std::vector<std::string>& labels) {
  const auto B = Audience::kBoth;
  std::vector<Column> out = {{"processes", "processes", B},
                             {"nodes", "nodes x ppn", B, true},
                             {"size", "size", B, true},
                             {"baseline_ns", spec.baseline.label, B}};
  for (const std::string& l : labels) {
    out.push_back({l + "_text", l + " (speed-up)", Audience::kHuman});
    out.push_back({l + "_ns", "", Audience::kMachine});
    out.push_back({l + "_speedup", "", Audience::kMachine});
  }
  return out;
}

void add_candidate(Row& row, const Cell& time, double speedup) {
  row.cells.push_back(time_with_speedup(time, speedup));
  row.cells.push_back(time);
  row.cells.push_back(Cell::ratio(speedup));
}

Section measured(const Times& times, const AppTableSpec& spec, bool one_host,
                 const std::vector<std::string>& labels, const std::set<std::string>& others) {
  Section s;
  s.title = spec.title + ": measured";
  s.table.columns = columns(spec, labels);
  for (const auto& [shape, by] : times) {
    const auto median_of = [&](const std::string& label) {
      const auto it = by.find(label);
      return it == by.end() ? kNaN : stats::median(it->second);
    };
    const double base = median_of(spec.baseline.label);
    Row row;
    row.cells = {Cell::integer(shape.processes), Cell::str(shape_text(shape)),
                 Cell::str(shape.size), Cell::duration(base)};
    for (const std::string& l : labels) {
      const double t = median_of(l);
      add_candidate(row, Cell::duration(t), base / t);
    }
    s.table.rows.push_back(std::move(row));
  }
  s.notes.push_back(
      "run time: median over the repetitions of the slowest rank's kernel time (app_kernel_ns); "
      "in parentheses the speed-up T_baseline / T_algorithm");
  if (!others.empty()) {
    s.notes.push_back(
        fmt::format("also run (not in the thesis' table): {}", fmt::join(others, ", ")));
  }
  if (one_host) {
    s.notes.push_back(
        "one host (virtual nodes or a single host name): the rows are a shape check of the "
        "kernels and the algorithms, not a reproduction of the thesis' Cray XE6 numbers");
  }
  return s;
}

Section thesis(const AppTableSpec& spec, const std::vector<std::string>& labels) {
  Section s;
  s.title = spec.title + ": thesis";
  s.table.columns = columns(spec, labels);
  for (const ThesisRow& t : spec.thesis) {
    Row row;
    row.cells = {Cell::integer(t.processes), Cell::str(fmt::format("{} x 32", t.processes / 32)),
                 Cell::str(t.size), thesis_seconds(t.baseline_s)};
    for (std::size_t i = 0; i < labels.size(); ++i) {
      if (i < spec.candidates.size()) {
        add_candidate(row, thesis_seconds(t.times_s[i]), t.speedups[i]);
      } else {
        add_candidate(row, thesis_seconds(kNaN), kNaN);
      }
    }
    s.table.rows.push_back(std::move(row));
  }
  for (const std::string& n : spec.notes) s.notes.push_back(n);
  return s;
}

Report build(const std::vector<ResultFile>& files, const AppTableSpec& spec) {
  bool one_host = false;
  const Times times = collect(files, spec, one_host);
  if (times.empty()) {
    throw UsageError(fmt::format("table {}: no `papbench app {}` case ({}) in the files", spec.kind,
                                 spec.kernel, spec.collective));
  }
  std::set<std::string> others;
  const std::vector<std::string> labels = column_labels(times, spec, others);
  Report r;
  r.kind = spec.kind;
  r.section_key = "section";
  r.sections.push_back(measured(times, spec, one_host, labels, others));
  r.sections.push_back(thesis(spec, labels));
  return r;
}

// A row of Table 3.9 or 3.10: the baseline's run time, then per candidate time and speed-up.
ThesisRow timed(int processes, std::string size, double base, std::vector<double> times,
                std::vector<double> speedups) {
  return {processes, std::move(size), base, std::move(times), std::move(speedups)};
}

const AppTableSpec& table3_9() {
  static const AppTableSpec spec{
      "parsons-table3.9",
      "Parsons 2015 Table 3.9: Floyd-Warshall run time and speed-up (bcast)",
      "floyd",
      "bcast",
      {"Binomial Tree", "mpich-binomial", {}},
      {{"Hier.", "hier-barrier", {}}, {"Dyn. Leader", "dynleader", {{"kdeg", "binomial"}}}},
      {timed(128, "n=8192", 18.9, {19.6, 17.6}, {0.96, 1.08}),
       timed(256, "n=8192", 9.4, {9.1, 7.6}, {1.04, 1.23}),
       timed(512, "n=8192", 8.1, {7.7, 6.3}, {1.05, 1.28}),
       timed(1024, "n=8192", 8.2, {7, 6.9}, {1.17, 1.19})},
      {"thesis: 8k vertices, 128..1024 processes of a Cray XE6 (32 per node), run time "
       "presumably in s; its middle column, printed 'Hier. MPICH Isend', is "
       "the hierarchical "
       "binomial bcast (hier-barrier)"}};
  return spec;
}

const AppTableSpec& table3_10() {
  static const AppTableSpec spec{
      "parsons-table3.10",
      "Parsons 2015 Table 3.10: matrix-vector (rotating root) run time and speed-up (reduce)",
      "matvec",
      "reduce",
      {"Binomial Tree", "mpich-binomial", {}},
      {{"Hier. Bi. Tree", "hier-barrier", {}},
       {"Dyn. Leader", "dynleader", {{"kdeg", "binomial"}, {"cleanup", "cancel"}}}},
      {timed(256, "n=8192", 18.75, {19.15, 18.325}, {0.98, 1.02}),
       timed(512, "n=8192", 10.775, {10.95, 10.775}, {0.98, 1}),
       timed(1024, "n=8192", 6.95, {7.25, 6.375}, {0.96, 1.09}),
       timed(2048, "n=8192", 5.325, {5.15, 4.775}, {1.03, 1.12}),
       timed(4096, "n=8192", 5.3, {4.8, 4.4}, {1.1, 1.2}),
       timed(8192, "n=8192", 4.575, {4.7, 3.675}, {0.97, 1.24})},
      {"thesis: 8k x 8k floats, 256..8192 processes of a Cray XE6 (32 per node), run time "
       "presumably in s"}};
  return spec;
}

const AppTableSpec& table3_11() {
  static const AppTableSpec spec{
      "parsons-table3.11",
      "Parsons 2015 Table 3.11: FT speed-up over MPICH Isend (alltoall)",
      "ft",
      "alltoall",
      {"MPICH Isend", "mpich-isend", {{"throttle", "4"}}},
      {{"Hier. Isend", "uha", {{"inter", "mpich-isend"}}},
       {"Hier. aware", "a2a-aware", {{"min-frag", "0"}}}},
      {{128, "class A", kNaN, {kNaN, kNaN}, {1.86, 2.11}},
       {256, "class B", kNaN, {kNaN, kNaN}, {1.88, 1.98}},
       {512, "class C", kNaN, {kNaN, kNaN}, {1.58, 1.62}}},
      {"thesis: NAS FT classes A, B, C at the largest process count before FT changes its "
       "decomposition; its columns, printed 'Hier. Bi. Tree' and 'Dyn. Leader', are the "
       "hierarchical Isend alltoall and the hierarchy-aware alltoall; baseline: MPICH's "
       "default for those ~8 KiB blocks per destination, Isend/Irecv (mpich-isend), as in "
       "Table 3.8 (docs/REPRODUCING.md)"}};
  return spec;
}

}  // namespace

std::vector<ThesisConfiguration> parsons_app_table_configurations() {
  std::vector<ThesisConfiguration> out;
  for (const AppTableSpec* spec : {&table3_9(), &table3_10(), &table3_11()}) {
    out.push_back({spec->kind, spec->collective, spec->baseline.algorithm, spec->baseline.options});
    for (const AlgColumn& c : spec->candidates)
      out.push_back({spec->kind, spec->collective, c.algorithm, c.options});
  }
  return out;
}

Report build_parsons_table3_9(const std::vector<ResultFile>& files) {
  return build(files, table3_9());
}
Report build_parsons_table3_10(const std::vector<ResultFile>& files) {
  return build(files, table3_10());
}
Report build_parsons_table3_11(const std::vector<ResultFile>& files) {
  return build(files, table3_11());
}

}  // namespace papbench::report
