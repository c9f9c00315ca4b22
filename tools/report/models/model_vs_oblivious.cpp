#include "tools/report/models/model_vs_oblivious.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "models/bcast_paper_table3.hpp"
#include "tools/report/core/trend_rows.hpp"

namespace papbench::report {

std::optional<PaperPickDirection> paper_model_vs_oblivious(long bytes, double near_percent) {
  const auto i = bcast_model::paper_table3_size_index(bytes);
  if (!i) return std::nullopt;
  int lo = 100000, hi = 0;
  const auto columns = bcast_model::paper_table3_model();
  for (const bcast_model::PaperTable3Model& c : columns) {
    lo = std::min(lo, c.degradation[static_cast<std::size_t>(*i)]);
    hi = std::max(hi, c.degradation[static_cast<std::size_t>(*i)]);
  }
  const long kb = bytes / 1024;
  if (hi == 0) {
    return PaperPickDirection{
        Direction::kFaster,
        fmt::format("{} KB: the model picks the best on all {}", kb, columns.size())};
  }
  if (hi <= near_percent) {
    return PaperPickDirection{
        Direction::kFaster,
        fmt::format("{} KB: the model within {}% of the best on all {}", kb, hi, columns.size())};
  }
  return PaperPickDirection{
      std::nullopt, fmt::format("{} KB: the model {}-{}% off the best: no direction", kb, lo, hi)};
}

std::vector<Column> pick_verdict_columns() {
  std::vector<Column> c = {{"model", "model", Audience::kBoth, true},
                           {"oblivious", "oblivious", Audience::kBoth, true},
                           {"paper", "paper (Table 3)", Audience::kBoth, true},
                           {"paper_direction", "paper: model is", Audience::kBoth, true}};
  for (Column& t : trend_columns()) c.push_back(std::move(t));
  return c;
}

std::vector<Cell> pick_verdict_cells(bcast_model::Algorithm model, bcast_model::Algorithm oblivious,
                                     const stats::CaseComparison* ours,
                                     const std::optional<PaperPickDirection>& paper) {
  const Direction paper_d = paper && paper->direction ? *paper->direction : Direction::kNone;
  std::vector<Cell> cells = {
      Cell::str(bcast_model::algorithm_name(model)),
      Cell::str(bcast_model::algorithm_name(oblivious)),
      Cell::str(paper ? paper->text : "not one of Table 3's sizes"),
      Cell::str(paper && paper->direction ? std::string(direction_name(*paper->direction)) : "-")};
  const bool same = model == oblivious;
  std::vector<Cell> trend = trend_cells(same ? nullptr : ours, paper_d, kNoBand);
  // trend_cells: ratio, CI text, CI low, CI high, verdict, agrees_in_sign.
  if (same || (ours != nullptr && !(paper && paper->direction))) {
    trend[4] = Cell::str(same ? "same algorithm" : "no paper direction");
    trend[5] = {"", nullptr};
  }
  cells.insert(cells.end(), trend.begin(), trend.end());
  return cells;
}

}  // namespace papbench::report
