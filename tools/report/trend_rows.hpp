#pragma once
// Our side of a paper view's trend verdict (trend_verdict.hpp): a candidate's cases against a
// baseline's, compared as `papbench-report compare` compares two cases (results/
// case_comparison.hpp: iteration pairing where both ran under the same planned arrivals, each
// result file one launch, the ratio candidate / baseline with its bootstrap CI), and the cells
// every view with a verdict prints the same way.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "results/case_comparison.hpp"
#include "results/case_metrics.hpp"
#include "tools/report/result_file.hpp"
#include "tools/report/table_format.hpp"
#include "tools/report/trend_verdict.hpp"

namespace papbench::report {

struct CaseRef {
  const ResultFile* file = nullptr;
  std::size_t index = 0;  // into file->reader.cases()
};

// Launch k of each side is the k-th result file that holds both (the first case of each side in
// it); nullopt when no file holds both, or a side has no kept iteration.
std::optional<stats::CaseComparison> compare_sides(std::span<const CaseRef> base,
                                                   std::span<const CaseRef> candidate,
                                                   results::Metric metric);

// The columns a view appends to a row with a paper value: our ratio with its CI, our direction,
// the verdict, and (machine formats only) agrees_in_sign, which `table --verdicts` counts.
std::vector<Column> trend_columns();
// Their cells; `ours` null: no comparison (a side is missing), all four empty.
std::vector<Cell> trend_cells(const stats::CaseComparison* ours, Direction paper);
// The note a view with these columns prints beneath its table.
std::string trend_note();

}  // namespace papbench::report
