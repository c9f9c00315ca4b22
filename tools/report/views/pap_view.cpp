#include "tools/report/views/pap_view.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "imbalance/pap_statistics.hpp"
#include "results/statistics.hpp"
#include "tools/report/core/case_text.hpp"
#include "tools/report/views/capture_sites.hpp"
#include "tools/report/views/counters_view.hpp"

namespace papbench::report {
namespace {

Cell factor_cell(double imbalance_ns, std::optional<double> min_lat) {
  const auto f = imbalance_factor(imbalance_ns, min_lat);
  return f ? Cell::fixed(*f, 0) : Cell{"n/a", nullptr};
}

// predicted - actual arrival over every (iteration, rank), when the case has predictions: the
// median (signed: > 0 means the rank arrived earlier than predicted) and the median magnitude.
std::pair<Cell, Cell> prediction_error_cells(const results::CaseRecord& rec) {
  const Cell none = Cell::none();
  if (!rec.predicted_arrival_ns) return {none, none};
  const results::Matrix& p = *rec.predicted_arrival_ns;
  const results::Matrix& a = rec.arrival_ns;
  if (p.rows != a.rows || p.cols != a.cols || p.data.empty()) return {none, none};
  std::vector<double> err, magnitude;
  for (std::size_t i = 0; i < p.data.size(); ++i) {
    const double e = static_cast<double>(p.data[i] - a.data[i]);
    err.push_back(e);
    magnitude.push_back(std::fabs(e));
  }
  return {Cell::duration(stats::median(err)), Cell::duration(stats::median(magnitude))};
}

// Median, mean, min and max of a metric's values in linear time (a metric holds a value per
// iteration and rank: 4M at 4096 x 1000, which stats::summarize would sort). Identical to
// summarize's: the median of the same two middle values, min and max, and the mean because the
// values are integers whose magnitudes sum to at most 2^53, so every partial sum is exact in
// any order. nullopt outside that range (or without values): the caller sorts.
struct LinearSummary {
  double median = 0, mean = 0, min = 0, max = 0;
};

std::optional<LinearSummary> linear_summary(const results::Matrix& m) {
  if (m.data.empty()) return std::nullopt;
  constexpr std::int64_t kExact = std::int64_t{1} << 53;
  std::int64_t sum = 0;
  std::int64_t magnitude = 0;
  for (const std::int64_t v : m.data) {
    if (v <= -kExact || v >= kExact) return std::nullopt;
    magnitude += v < 0 ? -v : v;
    if (magnitude > kExact) return std::nullopt;
    sum += v;
  }
  std::vector<double> values(m.data.begin(), m.data.end());
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  LinearSummary out;
  out.min = *lo;
  out.max = *hi;
  out.mean = static_cast<double>(sum) / static_cast<double>(values.size());
  out.median = stats::median(values);
  return out;
}

// The algorithm's own per-iteration values (CaseRecord::metrics), one "name value" per metric:
// the median of a duration (a name ending in _ns), the mean of anything else (so a 0/1 flag
// shows the fraction of 1s). Machines get {name: {median, mean, min, max}}.
Cell algorithm_metrics_cell(const results::CaseRecord& rec) {
  if (rec.metrics.empty()) return Cell::none();
  std::vector<std::string> parts;
  Json raw = Json::object();
  for (const auto& [name, m] : rec.metrics) {
    stats::Summary s;
    if (const auto fast = linear_summary(m)) {
      s.median = fast->median;
      s.mean = fast->mean;
      s.min = fast->min;
      s.max = fast->max;
    } else {
      const std::vector<double> values(m.data.begin(), m.data.end());
      s = stats::summarize(values);
    }
    const bool duration = name.ends_with("_ns");
    parts.push_back(fmt::format(
        "{} {}", name, duration ? Cell::duration(s.median).text : count_cell(s.mean).text));
    raw[name] = {{"median", s.median}, {"mean", s.mean}, {"min", s.min}, {"max", s.max}};
  }
  return {fmt::format("{}", fmt::join(parts, ", ")), raw};
}

// "0-3", "0,2,4-6": a node's ranks, short enough for a note.
std::string rank_ranges(const std::vector<int>& ranks) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    parts.push_back(j == i ? fmt::format("{}", ranks[i])
                           : fmt::format("{}-{}", ranks[i], ranks[j]));
    i = j + 1;
  }
  return fmt::format("{}", fmt::join(parts, ","));
}

// Each node's First and Last of one case: a note for people (the first few nodes; a 1000-node
// run must not print 1000 of them) and every node for machines.
void add_per_node(Section& s, std::vector<std::string>& notes, std::size_t case_index,
                  const PapSummary& p, const results::RunInfo& info,
                  const std::vector<int>& nodes) {
  constexpr std::size_t kMaxShown = 8;
  std::vector<std::string> parts;
  if (!s.extra.contains("per_node")) s.extra["per_node"] = Json::array();
  for (const PapNode& n : p.per_node) {
    std::vector<int> ranks;
    for (std::size_t r = 0; r < nodes.size(); ++r) {
      if (nodes[r] == n.node) ranks.push_back(static_cast<int>(r));
    }
    if (parts.size() < kMaxShown) {
      parts.push_back(fmt::format("node {} [ranks {}] First {} Last {}", n.node, rank_ranges(ranks),
                                  Cell::duration(n.first_ns).text, Cell::duration(n.last_ns).text));
    }
    s.extra["per_node"].push_back({{"case", case_index},
                                   {"node", n.node},
                                   {"ranks", ranks},
                                   {"virtual", info.nodes_virtual},
                                   {"first_ns", n.first_ns},
                                   {"last_ns", n.last_ns}});
  }
  const std::string kind = info.nodes_virtual
                               ? fmt::format("virtual nodes, --virtual-ppn {}", info.virtual_ppn)
                               : std::string("nodes");
  notes.push_back(fmt::format("case {} per node ({}): {}{}", case_index, kind,
                              fmt::join(parts, "; "),
                              p.per_node.size() > kMaxShown ? "; ... (all in --format json)" : ""));
}

}  // namespace

Report build_pap(const ResultFile& file, bool suggest) {
  Report r;
  r.kind = "pap";
  r.section_key = "file";
  // A capture's cases are call sites: its own columns (every section of a report has the same
  // columns, so a capture is a report of its own).
  if (is_capture(file)) {
    r.sections.push_back(capture_site_section(file, suggest));
    return r;
  }
  Section s;
  s.title = file.path;
  s.meta = run_meta(file);
  const results::RunInfo& info = file.reader.run_info();
  std::optional<double> min_lat;
  if (auto it = info.extra.find("min_latency_ns"); it != info.extra.end()) {
    try {
      min_lat = std::stod(it->second);
    } catch (const std::exception&) {
      s.notes.push_back("warning: min_latency_ns attribute is not a number: " + it->second);
    }
  }
  s.meta.push_back({"min_latency_ns", "min message latency",
                    min_lat ? Cell::duration(*min_lat)
                            : Cell{"not recorded (papbench imbalance records it)", nullptr}});
  const auto M = Audience::kMachine;
  const auto B = Audience::kBoth;
  s.table.columns = {{"case", "case", B},
                     {"pattern", "pattern", B, true},
                     {"invocations", "n", B},
                     {"ranks", "ranks", B},
                     {"nodes", "nodes", B},
                     {"delta_bar_ns", "delta_bar", B},
                     {"omega_bar_ns", "omega_bar", B},
                     {"avg_factor", "avg factor", B},
                     {"worst_factor", "worst factor", B},
                     {"first_delta_bar_ns", "First delta_bar", B},
                     {"first_omega_bar_ns", "First omega_bar", B},
                     {"last_delta_bar_ns", "Last delta_bar", B},
                     {"last_omega_bar_ns", "Last omega_bar", B},
                     {"prediction_error_ns", "pred. error", B},
                     {"prediction_error_abs_ns", "|pred. error|", B},
                     {"algorithm_metrics", "algorithm metrics", B, true},
                     {"label", "label", M, true}};
  const auto& cases = file.reader.cases();
  std::vector<std::string> per_node_notes;  // after the notes that explain them
  for (std::size_t i = 0; i < cases.size(); ++i) {
    // One case's data at a time (the file may be opened on demand): arrivals, the prediction,
    // the algorithm's metrics.
    // Only the iterations every view keeps (summary's): the pattern statistics are of them.
    const results::CaseRecord rec =
        load_kept_case(file, i, {.planned = false, .clock = false, .counters = false});
    std::vector<int> nodes = info.node_index;
    if (static_cast<int>(nodes.size()) != rec.arrival_ns.cols) nodes.clear();
    const PapSummary p = summarize_pap(rec.arrival_ns, nodes);
    if (p.nodes > 1) add_per_node(s, per_node_notes, i, p, info, nodes);
    auto [pred_err, pred_abs] = prediction_error_cells(rec);
    Row row;
    row.cells = {Cell::integer(static_cast<long long>(i)),
                 Cell::str(rec.pattern),
                 Cell::integer(p.invocations),
                 Cell::integer(p.ranks),
                 Cell::integer(p.nodes),
                 Cell::duration(p.all.delta_bar_ns),
                 Cell::duration(p.all.omega_bar_ns),
                 factor_cell(p.all.delta_bar_ns, min_lat),
                 factor_cell(p.all.omega_bar_ns, min_lat),
                 Cell::duration(p.first.delta_bar_ns),
                 Cell::duration(p.first.omega_bar_ns),
                 Cell::duration(p.last.delta_bar_ns),
                 Cell::duration(p.last.omega_bar_ns),
                 std::move(pred_err),
                 std::move(pred_abs),
                 algorithm_metrics_cell(rec),
                 Cell::str(rec.label())};
    s.table.rows.push_back(std::move(row));
  }
  s.notes.push_back(
      "per invocation: delta_bar = mean |a_i - mean a|, omega = max a - min a; bars are means "
      "over invocations; First/Last use only each node's first/last arriving rank; factor = "
      "imbalance / min message latency; per node: First/Last = mean arrival of the node's "
      "first/last rank after the earliest rank of the invocation");
  s.notes.push_back(
      "pred. error = median over iterations and ranks of predicted - actual arrival (PAT "
      "runtime, every --pat-source; '-' without one); algorithm metrics: median of durations "
      "(*_ns), mean of other values (a 0/1 flag: the fraction of 1s)");
  s.notes.insert(s.notes.end(), per_node_notes.begin(), per_node_notes.end());
  r.sections.push_back(std::move(s));
  return r;
}

}  // namespace papbench::report
