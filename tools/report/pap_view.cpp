#include "tools/report/pap_view.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "imbalance/pap_statistics.hpp"
#include "tools/report/case_text.hpp"

namespace papbench::report {
namespace {

Cell factor_cell(double imbalance_ns, std::optional<double> min_lat) {
  const auto f = imbalance_factor(imbalance_ns, min_lat);
  return f ? Cell::fixed(*f, 0) : Cell{"n/a", nullptr};
}

}  // namespace

Report build_pap(const ResultFile& file) {
  Report r;
  r.kind = "pap";
  r.section_key = "file";
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
                     {"label", "label", M, true}};
  const auto& cases = file.reader.cases();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const results::CaseRecord& rec = cases[i];
    std::vector<int> nodes = info.node_index;
    if (static_cast<int>(nodes.size()) != rec.arrival_ns.cols) nodes.clear();
    const PapSummary p = summarize_pap(rec.arrival_ns, nodes);
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
                 Cell::str(rec.label())};
    s.table.rows.push_back(std::move(row));
  }
  s.notes.push_back(
      "per invocation: delta_bar = mean |a_i - mean a|, omega = max a - min a; bars are means "
      "over invocations; First/Last use only each node's first/last arriving rank; factor = "
      "imbalance / min message latency");
  r.sections.push_back(std::move(s));
  return r;
}

}  // namespace papbench::report
