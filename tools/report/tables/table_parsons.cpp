#include "tools/report/tables/table_parsons.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "common/errors.hpp"
#include "imbalance/pattern_compute.hpp"
#include "results/case_metrics.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/tables/case_params.hpp"
#include "tools/report/tables/parsons_speedup.hpp"

namespace papbench::report {
namespace {

using parsons::CellTimes;
using parsons::GridCell;
using parsons::ImbalanceLevel;

// An algorithm of a row: its registry name and the thesis' configuration of it, every option the
// algorithm declares spelt out (defaults too). A case matches only when it ran exactly that
// configuration (runs_exactly); any other variant gets a row of its own, labelled as such.
struct Match {
  std::string algorithm;
  AlgConfiguration options;

  std::string text() const {
    std::vector<std::string> kv;
    for (const auto& [k, v] : options) kv.push_back(k + "=" + v);
    return kv.empty() ? algorithm : fmt::format("{}:{}", algorithm, fmt::join(kv, ","));
  }
};

// Where a case's time comes from.
enum class TimeSource {
  kElapsed,           // mean over ranks of f_i - a_i: the thesis' mean latency (§3.3)
  kAfterLastArrival,  // max f - max a (appendix C, Fig. 3.24)
  kRunTime,           // max f - min a: chapter 2's latency from a common start
  kInterNodePhase,    // the algorithm's inter-node phase metric (Table 2.2, Fig. 2.6)
};

std::string source_title(TimeSource s) {
  switch (s) {
    case TimeSource::kElapsed:
      return "mean time in the collective (elapsed: mean over ranks of e_i - a_i)";
    case TimeSource::kAfterLastArrival:
      return "latency after the last arrival (max e - max a)";
    case TimeSource::kRunTime:
      return "latency from the common start (run time: max e - min a)";
    case TimeSource::kInterNodePhase:
      return "inter-node phase time (the algorithm's per-iteration *inter*_ns metric, slowest "
             "rank)";
  }
  return "";
}

std::string source_key(TimeSource s) {
  switch (s) {
    case TimeSource::kElapsed:
      return "elapsed";
    case TimeSource::kAfterLastArrival:
      return "after_last_arrival";
    case TimeSource::kRunTime:
      return "run_time";
    case TimeSource::kInterNodePhase:
      return "inter_node";
  }
  return "";
}

// One row of a thesis table: a candidate over a baseline with the thesis' value(s).
struct Comparison {
  std::string label;  // the thesis' column or row name
  std::string collective;
  Match baseline, candidate;
  std::map<int, double> thesis_by_cores;          // chapter 3: per core count
  std::optional<double> thesis_mean, thesis_max;  // chapter 2: 32k cores
  std::string thesis_text;  // chapter 2, where one row of ours stands for two of the thesis'
};

struct ParsonsTableSpec {
  std::string kind, title;
  bool chapter3 = true;  // cells: sizes x imbalance levels; else sizes, the level in the section
  std::vector<TimeSource> sources;
  std::vector<Comparison> rows;
  std::string headline;  // the thesis' summary of the table
};

// --- reading the cases ---------------------------------------------------------------------

bool matches(const Match& m, const results::CaseRecord& rec) {
  return rec.algorithm == m.algorithm && runs_exactly(parse_case_params(rec.params), m.options);
}

// How many of a row's options a case shares: the row a variant is closest to.
std::size_t shared_options(const Match& m, const results::CaseRecord& rec) {
  const auto params = parse_case_params(rec.params);
  return static_cast<std::size_t>(
      std::count_if(m.options.begin(), m.options.end(), [&](const auto& kv) {
        const auto it = params.find(kv.first);
        return it != params.end() && it->second == kv.second;
      }));
}

// A series is one algorithm as run: its name and its recorded options.
std::string series_name(const results::CaseRecord& rec) {
  return rec.params.empty() ? rec.algorithm : fmt::format("{}:{}", rec.algorithm, rec.params);
}

// The xtime a replayed trace was recorded with: `replay:FILE.h5[#CASE]` names a result set whose
// case was run with compute:XTIME. The trace is looked up as given (relative to the working
// directory), then beside the result set that replayed it.
class ReplayLevels {
 public:
  std::optional<std::int64_t> xtime(const std::string& pattern, const std::string& result_path) {
    if (!pattern.starts_with("replay:")) return std::nullopt;
    std::string source = pattern.substr(7);
    int index = 0;
    if (const auto hash = source.rfind('#'); hash != std::string::npos) {
      try {
        index = std::stoi(source.substr(hash + 1));
      } catch (const std::exception&) {
        return std::nullopt;
      }
      source.resize(hash);
    }
    // A CSV of delays records no xtime.
    if (!source.ends_with(".h5") && !source.ends_with(".hdf5")) return std::nullopt;
    const std::filesystem::path beside =
        std::filesystem::path(result_path).parent_path() / std::filesystem::path(source);
    for (const std::filesystem::path& p : {std::filesystem::path(source), beside}) {
      std::error_code ec;
      if (!std::filesystem::is_regular_file(p, ec)) continue;
      return lookup(p.string(), index);
    }
    return std::nullopt;
  }

 private:
  std::optional<std::int64_t> lookup(const std::string& path, int index) {
    const std::string key = fmt::format("{}#{}", path, index);
    if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
    std::optional<std::int64_t> x;
    try {
      const results::ResultReader reader(path);
      if (index >= 0 && static_cast<std::size_t>(index) < reader.cases().size()) {
        const std::string& p = reader.cases()[static_cast<std::size_t>(index)].pattern;
        if (p.starts_with("compute:")) x = parse_compute_xtime(p);
      }
    } catch (const std::exception&) {
      // Not a trace this view can read: the level stays named by the pattern.
    }
    cache_[key] = x;
    return x;
  }
  std::map<std::string, std::optional<std::int64_t>> cache_;
};

// Nodes and processes per node of a case: its ranks' node indices (real or --virtual-ppn).
struct Shape {
  int processes = 0, nodes = 0, ppn = 0;
  bool virtual_nodes = false;
  std::string text() const {
    return fmt::format("P = {}, {} {}node(s) of {}", processes, nodes,
                       virtual_nodes ? "virtual " : "", ppn);
  }
};

Shape shape_of(const results::CaseRecord& rec, const ResultFile& f) {
  const results::RunInfo& info = f.reader.run_info();
  Shape s;
  s.processes = rec.ranks > 0 ? rec.ranks : info.mpi_size;
  s.virtual_nodes = info.nodes_virtual;
  std::map<int, int> per_node;
  for (int r = 0; r < s.processes && r < static_cast<int>(info.node_index.size()); ++r) {
    ++per_node[info.node_index[static_cast<std::size_t>(r)]];
  }
  s.nodes = std::max<int>(1, static_cast<int>(per_node.size()));
  s.ppn = s.processes;
  if (!per_node.empty()) {
    s.ppn = std::max_element(per_node.begin(), per_node.end(), [](const auto& a, const auto& b) {
              return a.second < b.second;
            })->second;
  }
  return s;
}

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (const double x : v) sum += x;
  return v.empty() ? std::nan("") : sum / static_cast<double>(v.size());
}

// Per kept iteration, the slowest rank's value of the case's inter-node phase metric.
std::vector<double> inter_node_series(const results::CaseRecord& rec,
                                      const results::IterationSelection& selection) {
  const auto it = std::find_if(rec.metrics.begin(), rec.metrics.end(), [](const auto& kv) {
    return kv.first.find("inter") != std::string::npos && kv.first.ends_with("_ns");
  });
  std::vector<double> out;
  if (it == rec.metrics.end()) return out;
  const results::Matrix& m = it->second;
  const auto& kept = selection.kept;
  const bool per_iteration = m.rows == rec.arrival_ns.rows;
  for (int r = 0; r < m.rows; ++r) {
    if (per_iteration &&
        std::find(kept.begin(), kept.end(), static_cast<std::size_t>(r)) == kept.end()) {
      continue;
    }
    const auto row = m.row(r);
    if (!row.empty()) out.push_back(static_cast<double>(*std::max_element(row.begin(), row.end())));
  }
  return out;
}

// Over the iterations `selection` keeps (kept_iterations: the ones every view keeps).
std::vector<double> case_series(const results::CaseRecord& rec, TimeSource s,
                                const results::IterationSelection& selection) {
  switch (s) {
    case TimeSource::kElapsed:
      return results::metric_series(rec, results::Metric::kElapsed, selection);
    case TimeSource::kAfterLastArrival:
      return results::metric_series(rec, results::Metric::kAfterLastArrival, selection);
    case TimeSource::kRunTime:
      return results::metric_series(rec, results::Metric::kRunTime, selection);
    case TimeSource::kInterNodePhase:
      return inter_node_series(rec, selection);
  }
  return {};
}

// The cases of one section: one process count and node shape under the same conditions.
struct CaseGroup {
  std::string title;
  Shape shape;
  // series name -> file (its index among the inputs) -> cell -> iteration values
  std::map<std::string, std::map<std::size_t, std::map<GridCell, std::vector<double>>>> values;
  std::map<std::string, const results::CaseRecord*> example;  // series -> a case of it
};

std::string conditions(const results::CaseRecord& rec, bool chapter3, const ImbalanceLevel& lvl) {
  std::vector<std::string> parts;
  if (chapter3) parts.push_back(rec.collective);
  parts.push_back(rec.dtype);
  if (chapter3 && !rec.op.empty()) parts.push_back(rec.op);
  if (chapter3 && rec.root != 0) parts.push_back(fmt::format("root {}", rec.root));
  if (!chapter3) parts.push_back(lvl.label);
  if (!rec.sync_mode.empty()) parts.push_back(fmt::format("sync {}", rec.sync_mode));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::map<std::string, CaseGroup> collect(const std::vector<ResultFile>& files,
                                         const ParsonsTableSpec& spec, TimeSource source) {
  std::set<std::string> wanted;
  for (const Comparison& c : spec.rows) wanted.insert(c.collective);
  ReplayLevels replay;
  std::map<std::string, CaseGroup> groups;
  for (std::size_t file = 0; file < files.size(); ++file) {
    const ResultFile& f = files[file];
    for (const results::CaseRecord& rec : f.reader.cases()) {
      if (!wanted.contains(rec.collective)) continue;
      const ImbalanceLevel lvl =
          parsons::imbalance_level(rec.pattern, rec.maxdelay_ns, replay.xtime(rec.pattern, f.path));
      const Shape shape = shape_of(rec, f);
      const std::string title =
          fmt::format("{}: {}", shape.text(), conditions(rec, spec.chapter3, lvl));
      CaseGroup& g = groups[title];
      g.title = title;
      g.shape = shape;
      const std::string name =
          spec.chapter3 ? series_name(rec) : fmt::format("{} {}", rec.collective, series_name(rec));
      const GridCell cell{rec.count, spec.chapter3 ? lvl : ImbalanceLevel{}};
      std::vector<double> v = case_series(rec, source, kept_iterations(f, rec));
      auto& pool = g.values[name][file][cell];
      pool.insert(pool.end(), v.begin(), v.end());
      g.example.emplace(name, &rec);
    }
  }
  return groups;
}

// A baseline and a candidate are compared within the runs that hold both: two launches differ
// by more than the algorithms do on a loaded host (a Table 3.7 built from two files once showed
// hier-barrier 0.85x against its own run's baseline and 16x against both runs' pooled), so the
// other runs' baseline never enters a ratio. Only when no file holds both are all runs pooled,
// and the row says so.
struct PairTimes {
  CellTimes base, cand;
  bool same_run = true;
};

PairTimes pair_times(const CaseGroup& g, const std::string& base, const std::string& cand) {
  const auto& b = g.values.at(base);
  const auto& c = g.values.at(cand);
  std::set<std::size_t> together;
  for (const auto& [file, cells] : c) {
    if (b.contains(file)) together.insert(file);
  }
  const auto times = [&](const auto& by_file) {
    std::map<GridCell, std::vector<double>> pooled;
    for (const auto& [file, cells] : by_file) {
      if (!together.empty() && !together.contains(file)) continue;
      for (const auto& [cell, v] : cells)
        pooled[cell].insert(pooled[cell].end(), v.begin(), v.end());
    }
    CellTimes out;
    for (const auto& [cell, v] : pooled) {
      if (!v.empty()) out[cell] = mean(v);
    }
    return out;
  };
  return {times(b), times(c), !together.empty()};
}

// --- the report ----------------------------------------------------------------------------

// The series of a group a Match takes, in name order.
std::vector<std::string> matching(const CaseGroup& g, const Comparison& c, const Match& m) {
  std::vector<std::string> out;
  for (const auto& [name, rec] : g.example) {
    if (rec->collective == c.collective && matches(m, *rec)) out.push_back(name);
  }
  return out;
}

std::string thesis_range(const Comparison& c) {
  if (c.thesis_by_cores.empty()) return "-";
  if (c.thesis_by_cores.size() == 1) {
    const auto& [cores, v] = *c.thesis_by_cores.begin();
    return fmt::format("{:.2f} at {} cores only", v, cores);
  }
  double lo = 1e300, hi = -1e300;
  std::vector<double> all;
  for (const auto& [cores, v] : c.thesis_by_cores) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    all.push_back(v);
  }
  return fmt::format("{:.2f}..{:.2f} (mean {:.2f})", lo, hi, parsons::mean_of_finite(all));
}

struct RowOut {
  const Comparison* spec = nullptr;
  std::string baseline, candidate, status;
  parsons::Speedup speedup{std::nan(""), std::nan(""), 0, 0, 0};
  std::map<GridCell, double> ratios = {};
  CellTimes base_times = {}, cand_times = {};
  bool variant = false;  // another configuration of the row's candidate: no thesis value
};

void compare(const CaseGroup& g, const std::string& base, const std::string& cand, RowOut& r) {
  PairTimes t = pair_times(g, base, cand);
  r.base_times = std::move(t.base);
  r.cand_times = std::move(t.cand);
  r.speedup = parsons::speedup_over(r.base_times, r.cand_times);
  r.ratios = parsons::cell_ratios(r.base_times, r.cand_times);
  if (!t.same_run) r.status = "baseline from other runs";
}

std::vector<RowOut> rows_of(const CaseGroup& g, const ParsonsTableSpec& spec) {
  std::vector<RowOut> out;
  std::set<std::string> used;
  for (const Comparison& c : spec.rows) {
    const std::vector<std::string> bases = matching(g, c, c.baseline);
    const std::vector<std::string> cands = matching(g, c, c.candidate);
    for (const std::string& b : bases) used.insert(b);
    for (const std::string& s : cands) used.insert(s);
    if (cands.empty()) {
      RowOut r{&c, bases.empty() ? c.baseline.text() : bases.front(), c.candidate.text(),
               "not in the files"};
      out.push_back(std::move(r));
      continue;
    }
    for (const std::string& s : cands) {
      RowOut r{&c, bases.empty() ? c.baseline.text() : bases.front(), s, ""};
      if (bases.empty()) {
        r.status = fmt::format("baseline {} not in the files", c.baseline.text());
      } else {
        compare(g, bases.front(), s, r);
        if (r.base_times.empty() || r.cand_times.empty()) {
          r.status = "no time recorded (the metric is missing)";
        } else if (r.speedup.cells == 0) {
          r.status = "no common cell";
        }
      }
      out.push_back(std::move(r));
    }
  }
  // Another configuration of a row's candidate: a row of its own over that row's baseline,
  // labelled as a variant (the thesis' value stays with the thesis' configuration).
  for (const auto& [name, rec] : g.example) {
    if (used.contains(name)) continue;
    const Comparison* closest = nullptr;
    std::size_t best = 0;
    for (const Comparison& c : spec.rows) {
      if (c.collective != rec->collective || c.candidate.algorithm != rec->algorithm) continue;
      const std::size_t n = shared_options(c.candidate, *rec);
      if (closest == nullptr || n > best) {
        closest = &c;
        best = n;
      }
    }
    if (closest == nullptr) continue;
    used.insert(name);
    const std::vector<std::string> bases = matching(g, *closest, closest->baseline);
    RowOut r{closest, bases.empty() ? closest->baseline.text() : bases.front(), name,
             fmt::format("not the thesis' configuration ({})", closest->candidate.text())};
    r.variant = true;
    if (!bases.empty()) compare(g, bases.front(), name, r);
    out.push_back(std::move(r));
  }
  // Chapter 3: what else the files hold of the table's collective, over the table's baseline.
  if (spec.chapter3 && !spec.rows.empty()) {
    const Comparison& first = spec.rows.front();
    const std::vector<std::string> bases = matching(g, first, first.baseline);
    for (const auto& [name, rec] : g.example) {
      if (used.contains(name) || rec->collective != first.collective) continue;
      static const Comparison kAlso{"also run", "", {}, {}, {}, {}, {}, ""};
      RowOut r{&kAlso, bases.empty() ? first.baseline.text() : bases.front(), name, "also run"};
      if (!bases.empty()) compare(g, bases.front(), name, r);
      out.push_back(std::move(r));
    }
  }
  return out;
}

Section make_section(const CaseGroup& g, const ParsonsTableSpec& spec, TimeSource source,
                     const std::vector<ResultFile>& files) {
  Section s;
  s.title = fmt::format("{}: {}", spec.title, g.title);
  std::vector<std::string> inputs;
  for (const ResultFile& f : files) inputs.push_back(f.path);
  s.meta.push_back({"processes", "processes", Cell::integer(g.shape.processes)});
  s.meta.push_back({"nodes", "nodes", Cell::integer(g.shape.nodes)});
  s.meta.push_back({"ppn", "processes per node", Cell::integer(g.shape.ppn)});
  s.meta.push_back({"metric", "time", Cell::str(source_key(source)), Audience::kMachine});
  s.meta.push_back({"metric_text", "time", Cell::str(source_title(source)), Audience::kHuman});
  s.meta.push_back({"files", "files", Cell::str(fmt::format("{}", fmt::join(inputs, ", ")))});
  const auto B = Audience::kBoth;
  s.table.columns = {{"row", "thesis", B, true},
                     {"baseline", "baseline", B, true},
                     {"candidate", "candidate", B, true},
                     {"mean", "mean", B},
                     {"max", "max", B},
                     {"cells", "cells", B}};
  if (spec.chapter3) {
    s.table.columns.push_back({"thesis_at_p", "thesis at P", B});
    s.table.columns.push_back({"thesis_cores", "thesis 512..32768 cores", Audience::kHuman, true});
    s.table.columns.push_back({"thesis_mean_over_cores", "", Audience::kMachine});
  } else {
    s.table.columns.push_back({"thesis_mean", "thesis mean", B});
    s.table.columns.push_back({"thesis_max", "thesis max", B});
  }
  s.table.columns.push_back({"status", "", B, true});

  Json cells = Json::array();
  std::vector<std::string> absent;
  for (const RowOut& r : rows_of(g, spec)) {
    const Comparison& c = *r.spec;
    Row row;
    row.cells = {Cell::str(r.variant ? "variant of " + c.label : c.label),
                 Cell::str(r.baseline),
                 Cell::str(r.candidate),
                 Cell::ratio(r.speedup.mean),
                 Cell::ratio(r.speedup.max),
                 Cell::integer(static_cast<long long>(r.speedup.cells))};
    if (r.variant) {
      const int thesis_columns = spec.chapter3 ? 3 : 2;
      for (int i = 0; i < thesis_columns; ++i) row.cells.push_back(Cell::none());
    } else if (spec.chapter3) {
      const auto it = c.thesis_by_cores.find(g.shape.processes);
      row.cells.push_back(it == c.thesis_by_cores.end() ? Cell::none()
                                                        : Cell::fixed(it->second, 2));
      row.cells.push_back(Cell::str(thesis_range(c)));
      std::vector<double> all;
      for (const auto& [cores, v] : c.thesis_by_cores) all.push_back(v);
      row.cells.push_back(Cell::ratio(parsons::mean_of_finite(all)));
    } else if (!c.thesis_text.empty()) {
      row.cells.push_back({c.thesis_text, nullptr});
      row.cells.push_back(Cell::none());
    } else {
      row.cells.push_back(c.thesis_mean ? Cell::fixed(*c.thesis_mean, 2) : Cell::none());
      row.cells.push_back(c.thesis_max ? Cell::fixed(*c.thesis_max, 2) : Cell::none());
    }
    std::string status = r.status;
    // A cell whose iterations were all dropped (late, wrong) or not run on one side.
    if (const std::size_t one_sided = r.speedup.baseline_only + r.speedup.candidate_only;
        status.empty() && one_sided > 0) {
      status = fmt::format("{} cell(s) with a time of only one of the two", one_sided);
    }
    row.cells.push_back(Cell::str(status));
    if (r.status == "not in the files") absent.push_back(r.candidate);
    for (const auto& [cell, ratio] : r.ratios) {
      cells.push_back({{"row", r.variant ? "variant of " + c.label : c.label},
                       {"candidate", r.candidate},
                       {"count", cell.count},
                       {"level", cell.level.label},
                       {"baseline_ns", r.base_times.at(cell)},
                       {"candidate_ns", r.cand_times.at(cell)},
                       {"ratio", ratio}});
    }
    s.table.rows.push_back(std::move(row));
  }
  s.notes.push_back(
      fmt::format("time per cell: {}, mean over the kept iterations", source_title(source)));
  s.notes.push_back(
      spec.chapter3
          ? "mean = arithmetic mean over the cells (size x imbalance level) both algorithms ran "
            "of T_baseline / T_candidate ([Parsons2015] Tables 3.6-3.8: 4 sizes x 6 levels); "
            "max = the largest of those ratios"
          : "mean, max = mean and max over the sizes both algorithms ran of T_baseline / "
            "T_candidate ([Parsons2015] Tables 2.1, 2.2)");
  if (!absent.empty()) {
    s.notes.push_back(
        fmt::format("not in the files (run them to fill the rows): {}", fmt::join(absent, ", ")));
  }
  if (g.shape.nodes < 16) {
    s.notes.push_back(fmt::format(
        "the thesis ran 16..1024 nodes of 32 cores on a Cray XE6; {} node(s) of {} here: read the "
        "ratios as a shape check, not a reproduction of the numbers",
        g.shape.nodes, g.shape.ppn));
  }
  s.notes.push_back("paper: " + spec.headline);
  s.extra["cells"] = std::move(cells);
  return s;
}

// The thesis' value of a row as one speed-up: chapter 2's mean over the sizes, chapter 3's mean
// over the core counts (the headline's reading); nullopt where the thesis gives none.
std::optional<double> thesis_speedup(const Comparison& c) {
  if (c.thesis_mean) return c.thesis_mean;
  if (c.thesis_by_cores.empty()) return std::nullopt;
  double sum = 0;
  for (const auto& [cores, v] : c.thesis_by_cores) sum += v;
  return sum / static_cast<double>(c.thesis_by_cores.size());
}

// A verdict row per thesis row and workload: the candidate's time against the baseline's
// (trend_rows.hpp), the sign of the thesis' speed-up beside it. Only the sources that are
// per-iteration metrics (the inter-node phase is a counter, not one).
std::optional<Section> verdict_section(const std::vector<ResultFile>& files,
                                       const ParsonsTableSpec& spec) {
  std::optional<results::Metric> metric;
  switch (spec.sources.front()) {
    case TimeSource::kElapsed:
      metric = results::Metric::kElapsed;
      break;
    case TimeSource::kRunTime:
      metric = results::Metric::kRunTime;
      break;
    case TimeSource::kAfterLastArrival:
      metric = results::Metric::kAfterLastArrival;
      break;
    case TimeSource::kInterNodePhase:
      break;
  }
  if (!metric) return std::nullopt;
  // A speed-up within 5% of 1 is no effect, the thesis' and ours alike (trend_verdict.hpp).
  constexpr double kThesisFlat = 0.05;
  std::vector<TrendClaim> claims;
  for (const Comparison& c : spec.rows) {
    const std::optional<double> thesis = thesis_speedup(c);
    if (!thesis) continue;
    claims.push_back({c.label,
                      [&c](const results::CaseRecord& r) {
                        return r.collective == c.collective && matches(c.baseline, r);
                      },
                      [&c](const results::CaseRecord& r) {
                        return r.collective == c.collective && matches(c.candidate, r);
                      },
                      direction_from_speedup(*thesis, kThesisFlat), fmt::format("{:.2f}x", *thesis),
                      kThesisFlat});
  }
  return claim_section(spec.title + ": trend verdicts", files, claims, *metric);
}

Report build(const std::vector<ResultFile>& files, const ParsonsTableSpec& spec) {
  Report report;
  report.kind = spec.kind;
  report.section_key = "section";
  for (const TimeSource source : spec.sources) {
    for (const auto& [title, g] : collect(files, spec, source)) {
      report.sections.push_back(make_section(g, spec, source, files));
    }
  }
  if (report.sections.empty()) {
    std::set<std::string> names;
    for (const Comparison& c : spec.rows) names.insert(c.collective);
    throw UsageError(
        fmt::format("table {}: no {} case in the files", spec.kind, fmt::join(names, " or ")));
  }
  if (auto v = verdict_section(files, spec)) report.sections.push_back(std::move(*v));
  return report;
}

// --- the thesis' tables --------------------------------------------------------------------

const std::vector<int> kCores = {512, 1024, 2048, 4096, 8192, 16384, 32768};

std::map<int, double> by_cores(const std::vector<double>& values) {
  std::map<int, double> out;
  for (std::size_t i = 0; i < values.size() && i < kCores.size(); ++i) out[kCores[i]] = values[i];
  return out;
}

Comparison ch3(std::string label, std::string collective, Match base, Match cand,
               const std::vector<double>& thesis) {
  return {std::move(label),
          std::move(collective),
          std::move(base),
          std::move(cand),
          by_cores(thesis),
          {},
          {},
          ""};
}

// A row the thesis gives at 8192 cores only.
Comparison at_8192_cores(std::string label, std::string collective, Match base, Match cand,
                         double thesis) {
  Comparison c = ch3(std::move(label), std::move(collective), std::move(base), std::move(cand), {});
  c.thesis_by_cores = {{8192, thesis}};
  return c;
}

// The thesis' configurations, every declared option spelt out (a unit test holds them against
// the registry): MPICH 3.0.4's throttle of 4 (§3.9.3), the dynamic leader's binomial tree
// between nodes and MPI_Cancel of untaken identifications (§3.7.1), parallel locks (§3.7.1),
// Patarasuk-Yuan groups of 4, all ranks as senders (§2.3.2: "all results use all processes").
const Match kMpichIsend{"mpich-isend", {{"throttle", "4"}}};
const Match kBcastNative{"native", {}};  // gather-after=0 is not recorded

Match uha(const std::string& collective, const std::string& inter) {
  Match m{"uha", {{"inter", inter}}};
  // Only allgather and bcast have the copy-out methods of §2.3.3; Table 2.1 copies with memcpy.
  if (collective == "allgather" || collective == "bcast") {
    m.options["copyout"] = "memcpy";
    m.options["regions"] = "4";
  }
  return m;
}

Match uha_ms(const std::string& collective, const std::string& exchange = "bruck",
             const std::string& copyout = "memcpy") {
  Match m{"uha-ms", {{"senders", "all"}}};
  if (collective == "allgather") {
    m.options["exchange"] = exchange;
    m.options["copyout"] = copyout;
    m.options["regions"] = "4";
  }
  return m;
}

Match with_copyout(Match m, const std::string& copyout) {
  m.options["copyout"] = copyout;
  return m;
}

const ParsonsTableSpec& table3_6() {
  static const Match base{"mpich-binomial", {}};
  static const ParsonsTableSpec spec{
      "parsons-table3.6",
      "Parsons 2015 Table 3.6: reduce speed-ups over MPICH binomial",
      true,
      {TimeSource::kElapsed},
      {ch3("Hier. MPICH", "reduce", base, {"hier-barrier", {}},
           {0.34, 0.34, 0.34, 0.33, 0.34, 0.34, 0.34}),
       ch3("Intra-Opt. H. MPICH", "reduce", base, {"hier-opt", {{"lock", "parallel"}}},
           {5.67, 5.70, 5.73, 5.67, 5.71, 5.68, 5.66}),
       ch3("Dyn. Leader", "reduce", base,
           {"dynleader", {{"kdeg", "binomial"}, {"cleanup", "cancel"}}},
           {18.72, 20.13, 21.13, 20.89, 20.40, 18.21, 13.35}),
       ch3("D.L. One-Sided", "reduce", base, {"dynleader-os", {}},
           {23.95, 27.08, 28.98, 30.33, 29.11, 25.75, 22.47}),
       ch3("Default Cray (native)", "reduce", base, {"native", {}}, {})},
      "18.9x reduce (Dyn. Leader, mean over 512..32768 cores; one-sided 26.8x); 35x over the "
      "default Cray library"};
  return spec;
}

const ParsonsTableSpec& table3_7() {
  static const Match base{"mpich-binomial", {}};
  static const ParsonsTableSpec spec{
      "parsons-table3.7",
      "Parsons 2015 Table 3.7: bcast speed-ups over MPICH binomial",
      true,
      {TimeSource::kElapsed},
      {ch3("Hier. MPICH", "bcast", base, {"hier-barrier", {}},
           {0.49, 0.49, 0.51, 0.50, 0.57, 0.57, 0.54}),
       ch3("Intra-Opt. H. MPICH", "bcast", base, {"hier-opt", {}},
           {1.66, 1.53, 1.43, 1.35, 1.27, 1.24, 1.16}),
       ch3("Dyn. Leader", "bcast", base, {"dynleader", {{"kdeg", "binomial"}}},
           {7.53, 7.12, 6.15, 5.34, 4.72, 3.64, 2.52}),
       ch3("Default Cray (native)", "bcast", base, kBcastNative, {}),
       // The Patarasuk-Yuan columns of Tables B.5-B.8 (Fig. 3.23), 8192 cores only, which Table
       // 3.7 leaves out: their value is the mean of MPICH Bi. / candidate over the fully legible
       // B.5, B.6 and B.8 (sizes 32, 512, 131072 x 6 levels), as the headline says.
       at_8192_cores("Pat.", "bcast", base, {"patyuan", {{"group", "4"}}}, 0.90),
       at_8192_cores("Pat. Hier.", "bcast", base, {"patyuan-hier", {{"group", "4"}}}, 0.43),
       at_8192_cores("Pat. OL", "bcast", base, {"patyuan-opt", {{"group", "4"}}}, 1.83),
       at_8192_cores("Pat. DL", "bcast", base, {"patyuan-dl", {{"group", "4"}}}, 5.70)},
      "5.3x bcast (Dyn. Leader, mean over 512..32768 cores); the dynamic leader is slower than "
      "MPICH at zero imbalance (control messages). Pat. rows: not in Table 3.7; their value at "
      "8192 cores is the mean of MPICH Bi. / Pat. over Tables B.5, B.6, B.8 (B.7 is not fully "
      "legible), where the same reading gives Dyn. Leader 4.52 against Table 3.7's 4.72"};
  return spec;
}

const ParsonsTableSpec& table3_8() {
  static const Match base = kMpichIsend;
  static const ParsonsTableSpec spec{
      "parsons-table3.8",
      "Parsons 2015 Table 3.8: alltoall speed-ups over MPICH Isend",
      true,
      {TimeSource::kElapsed, TimeSource::kAfterLastArrival},
      {ch3("Cray (default)", "alltoall", base, {"native", {}},
           {1.5, 1.9, 3.0, 2.9, 4.0, 4.1, 10.4}),
       ch3("MPICH Isend Hier.", "alltoall", base, uha("alltoall", "mpich-isend"),
           {1.5, 1.8, 2.1, 2.4, 3.6, 3.7, 6.7}),
       ch3("Hier. aware", "alltoall", base, {"a2a-aware", {{"min-frag", "0"}}},
           {2.8, 3.3, 4.7, 6.3, 8.4, 7.0, 15.4})},
      "6.9x alltoall (Hier. aware, mean over 512..32768 cores: 6.84); Table 3.8 uses the whole "
      "latency (elapsed), appendix C and Fig. 3.24 the latency after the last arrival"};
  return spec;
}

Comparison ch2(std::string label, std::string collective, Match base, Match cand, double mean,
               double max) {
  return {
      std::move(label), std::move(collective), std::move(base), std::move(cand), {}, mean, max, ""};
}

const ParsonsTableSpec& table2_1() {
  static const ParsonsTableSpec spec{
      "parsons-table2.1",
      "Parsons 2015 Table 2.1: UHA speed-ups over the library alone",
      false,
      {TimeSource::kRunTime},
      {ch2("Allgather-Small (MPICH Bruck)", "allgather", {"mpich-bruck", {}},
           uha("allgather", "mpich-bruck"), 20.3, 31.4),
       ch2("Allgather-Large (MPICH ring)", "allgather", {"mpich-ring", {}},
           uha("allgather", "mpich-ring"), 22.2, 56.0),
       ch2("Alltoallv (MPICH Isend)", "alltoallv", kMpichIsend, uha("alltoallv", "mpich-isend"),
           6.7, 15.3),
       ch2("Broadcast (MPICH binomial)", "bcast", {"mpich-binomial", {}},
           uha("bcast", "mpich-binomial"), 1.1, 1.1),
       ch2("Reduce-Scatter (MPICH pairwise)", "reduce_scatter", {"mpich-pairwise", {}},
           uha("reduce_scatter", "mpich-pairwise"), 45.5, 81.8),
       ch2("Scatter (MPICH binomial)", "scatter", {"mpich-binomial", {}},
           uha("scatter", "mpich-binomial"), 0.9, 1.0),
       {"Allgather (library: Cray)",
        "allgather",
        {"native", {}},
        uha("allgather", "native"),
        {},
        {},
        {},
        "Small 1.1 / 1.1, Large 29.9 / 100.1"},
       ch2("Alltoallv (library: Cray)", "alltoallv", {"native", {}}, uha("alltoallv", "native"),
           21.7, 87.8),
       ch2("Broadcast (library: Cray)", "bcast", kBcastNative, uha("bcast", "native"), 1.0, 1.2),
       ch2("Reduce-Scatter (library: Cray)", "reduce_scatter", {"native", {}},
           uha("reduce_scatter", "native"), 19.8, 26.8),
       ch2("Scatter (library: Cray)", "scatter", {"native", {}}, uha("scatter", "native"), 0.85,
           1.0)},
      "32k cores: UHA with MPICH inter-node 6.7x alltoallv, 22x allgather, 45x reduce-scatter; "
      "with Cray MPT 21.7x, 29.9x, 19.8x; ~1x for the SMP-friendly bcast and scatter"};
  return spec;
}

const ParsonsTableSpec& table2_2() {
  static const ParsonsTableSpec spec{
      "parsons-table2.2",
      "Parsons 2015 Table 2.2: multi-sender UHA over UHA, inter-node phase",
      false,
      {TimeSource::kInterNodePhase},
      // allgather/uha-ms's exchange=bruck is the multi-sender Bruck, exchange=two-way-ring the
      // multi-sender ring ([Parsons2015] §2.3.2).
      {ch2("Allgather-Small", "allgather", uha("allgather", "mpich-bruck"),
           uha_ms("allgather", "bruck"), 1.4, 2.1),
       ch2("Allgather-Large", "allgather", uha("allgather", "mpich-ring"),
           uha_ms("allgather", "two-way-ring"), 2.7, 4.2),
       ch2("Alltoallv", "alltoallv", uha("alltoallv", "mpich-isend"), uha_ms("alltoallv"), 2, 3.1),
       ch2("Broadcast", "bcast", uha("bcast", "mpich-binomial"), uha_ms("bcast"), 1.7, 2.8),
       ch2("Reduce-Scatter", "reduce_scatter", uha("reduce_scatter", "mpich-pairwise"),
           uha_ms("reduce_scatter"), 4.9, 9.1),
       ch2("Scatter", "scatter", uha("scatter", "mpich-binomial"), uha_ms("scatter"), 2.2, 3.2)},
      "32k cores: the multi-sender inter-node phase adds 2.5x (mean of the six means, 2.48)"};
  return spec;
}

// Fig. 2.9 (§2.5.3): the copy-out methods with the allgather ring, the shared and copy-on-write
// ones with the multi-sender ring; the thesis plots latency against size and prints no number,
// only that the gain is small. Each curve over the UHA with MPICH's ring and Mem. Copy.
const ParsonsTableSpec& fig2_9() {
  static const Match base = uha("allgather", "mpich-ring");
  static const ParsonsTableSpec spec{
      "parsons-fig2.9",
      "Parsons 2015 Fig. 2.9: allgather-ring copy-outs, multi-sender with shared and COW",
      false,
      {TimeSource::kRunTime},
      {{"MPI_Bcast", "allgather", base, with_copyout(base, "bcast"), {}, {}, {}, "(figure only)"},
       {"Hybrid", "allgather", base, with_copyout(base, "numa"), {}, {}, {}, "(figure only)"},
       {"M. S. Mem. Copy",
        "allgather",
        base,
        uha_ms("allgather", "two-way-ring"),
        {},
        {},
        {},
        "(figure only)"},
       {"M. S. Shared mem.",
        "allgather",
        base,
        uha_ms("allgather", "two-way-ring", "shared"),
        {},
        {},
        {},
        "(figure only)"},
       {"M. S. COW",
        "allgather",
        base,
        uha_ms("allgather", "two-way-ring", "cow"),
        {},
        {},
        {},
        "(figure only)"}},
      "32k cores: shared memory and copy-on-write with the multi-sender ring improve a little; "
      "inter-node optimization matters more than intra-node (§2.5.3)"};
  return spec;
}

}  // namespace

std::vector<ThesisConfiguration> parsons_table_configurations() {
  std::vector<ThesisConfiguration> out;
  for (const ParsonsTableSpec* spec :
       {&table3_6(), &table3_7(), &table3_8(), &table2_1(), &table2_2(), &fig2_9()}) {
    for (const Comparison& c : spec->rows) {
      for (const Match* m : {&c.baseline, &c.candidate}) {
        out.push_back({spec->kind, c.collective, m->algorithm, m->options});
      }
    }
  }
  return out;
}

Report build_parsons_table3_6(const std::vector<ResultFile>& files) {
  return build(files, table3_6());
}
Report build_parsons_table3_7(const std::vector<ResultFile>& files) {
  return build(files, table3_7());
}
Report build_parsons_table3_8(const std::vector<ResultFile>& files) {
  return build(files, table3_8());
}
Report build_parsons_table2_1(const std::vector<ResultFile>& files) {
  return build(files, table2_1());
}
Report build_parsons_table2_2(const std::vector<ResultFile>& files) {
  return build(files, table2_2());
}
Report build_parsons_fig2_9(const std::vector<ResultFile>& files) {
  return build(files, fig2_9());
}

}  // namespace papbench::report
