#include "tools/report/table_nuriyev_q.hpp"

#include <fmt/format.h>

#include <set>

#include "common/errors.hpp"
#include "tools/report/trend_rows.hpp"

namespace papbench::report {
namespace {

// How many nodes a case's ranks ran on (the run's node_index; one node when it is not recorded).
std::size_t nodes_of(const ResultFile& f) {
  const auto& index = f.reader.run_info().node_index;
  return index.empty() ? 1 : std::set<int>(index.begin(), index.end()).size();
}

}  // namespace

Report build_nuriyev_q(const std::vector<ResultFile>& files) {
  std::vector<CaseRef> one_node, two_nodes;
  for (const ResultFile& f : files) {
    const auto& cases = f.reader.cases();
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const auto& c = cases[i];
      // Table 1's measurement: bcast/flat of one 8 KiB segment (m_s) between two processes.
      if (c.collective != "bcast" || c.algorithm != "flat" || c.ranks != 2) continue;
      const std::size_t nodes = nodes_of(f);
      if (nodes == 1) one_node.push_back({&f, i});
      if (nodes == 2) two_nodes.push_back({&f, i});
    }
  }
  if (one_node.empty() && two_nodes.empty()) {
    throw UsageError("table nuriyev-q: no 2-process bcast/flat case in the files");
  }
  Section s;
  s.title = "Nuriyev 2022 Table 1: Q(m_s), two nodes against one";
  s.extra["trend_claims"] = true;
  s.table.columns = {{"claim", "claim", Audience::kBoth, true},
                     {"n_one_node", "cases on 1 node"},
                     {"n_two_nodes", "cases on 2 nodes"},
                     {"paper", "paper", Audience::kBoth, true}};
  for (Column& c : trend_columns()) s.table.columns.push_back(std::move(c));
  const auto ours = compare_sides(one_node, two_nodes, results::Metric::kRunTime);
  Row row;
  row.cells = {Cell::str("Q = T(2 nodes) / T(1 node), flat bcast, P = 2"),
               Cell::integer(static_cast<long long>(one_node.size())),
               Cell::integer(static_cast<long long>(two_nodes.size())),
               Cell::str("Q = 6 (Grisou), 12 (Gros): two nodes slower")};
  // The paper's direction: the two-node pair is the slower one ("new" = two nodes).
  for (Cell& c : trend_cells(ours ? &*ours : nullptr, Direction::kSlower)) {
    row.cells.push_back(std::move(c));
  }
  s.table.rows.push_back(std::move(row));
  s.notes.push_back("ours new/base is our Q (run time, independent samples: each file a launch)");
  s.notes.push_back(trend_note());
  if (one_node.empty() || two_nodes.empty()) {
    s.notes.push_back(fmt::format("no verdict: the files hold no 2-process case on {}",
                                  one_node.empty() ? "one node" : "two nodes"));
  }
  Report r;
  r.kind = "nuriyev-q";
  r.section_key = "section";
  r.sections.push_back(std::move(s));
  return r;
}

}  // namespace papbench::report
