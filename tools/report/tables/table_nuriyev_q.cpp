#include "tools/report/tables/table_nuriyev_q.hpp"

#include <fmt/format.h>

#include "common/errors.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/models/bcast_nbft_q.hpp"
#include "tools/report/models/model_bcast_cases.hpp"

namespace papbench::report {

Report build_nuriyev_q(const std::vector<ResultFile>& files) {
  // Table 1's measurement: bcast/flat of one 8 KiB segment (m_s) between two processes, papbench's
  // own flat tree, as `model bcast` reads it with its defaults.
  const BcastModelOptions defaults;
  const NbftCases nbft =
      nbft_cases(read_bcast_cases(files, defaults).all, defaults.library, defaults.segment);
  const auto one = nbft.shm.find(2);
  const auto two = nbft.net.find(2);
  const std::size_t n_one = one == nbft.shm.end() ? 0 : one->second.size();
  const std::size_t n_two = two == nbft.net.end() ? 0 : two->second.size();
  if (n_one == 0 && n_two == 0) {
    throw UsageError(fmt::format(
        "table nuriyev-q: no 2-process bcast/flat case of one {}-byte segment in the files",
        defaults.segment));
  }
  Section s;
  s.title = "Nuriyev 2022 Table 1: Q(m_s), two nodes against one";
  s.extra["trend_claims"] = true;
  s.table.columns = {{"claim", "claim", Audience::kBoth, true},
                     {"n_one_node", "cases on 1 node"},
                     {"n_two_nodes", "cases on 2 nodes"},
                     {"paper", "paper", Audience::kBoth, true}};
  for (Column& c : trend_columns()) s.table.columns.push_back(std::move(c));
  const auto ours = nuriyev_q(nbft);
  Row row;
  row.cells = {Cell::str("Q = T(2 nodes) / T(1 node), flat bcast, P = 2"),
               Cell::integer(static_cast<long long>(n_one)),
               Cell::integer(static_cast<long long>(n_two)),
               Cell::str("Q = 6 (Grisou), 12 (Gros): two nodes slower")};
  // The paper's direction: the two-node pair is the slower one ("new" = two nodes).
  for (Cell& c : trend_cells(ours ? &*ours : nullptr, Direction::kSlower, kNoBand)) {
    row.cells.push_back(std::move(c));
  }
  s.table.rows.push_back(std::move(row));
  s.notes.push_back(
      "ours new/base is our Q: the median time until the last rank has the segment (max exit - "
      "the root's arrival) on two nodes over one, independent samples (each file a launch); "
      "`model bcast` selects with this same Q (docs/MODEL.md)");
  s.notes.push_back(trend_note(kNoBand));
  if (n_one == 0 || n_two == 0) {
    s.notes.push_back(fmt::format("no verdict: the files hold no 2-process case on {}",
                                  n_one == 0 ? "one node" : "two nodes"));
  }
  Report r;
  r.kind = "nuriyev-q";
  r.section_key = "section";
  r.sections.push_back(std::move(s));
  return r;
}

}  // namespace papbench::report
