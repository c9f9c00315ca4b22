#pragma once
// Our side of a paper view's trend verdict (trend_verdict.hpp): a candidate's cases against a
// baseline's, compared as `papbench-report compare` compares two cases (results/
// case_comparison.hpp: iteration pairing where both ran under the same planned arrivals, each
// result file one launch, the ratio candidate / baseline with its bootstrap CI), and the cells
// every view with a verdict prints the same way.

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "results/case_comparison.hpp"
#include "results/case_metrics.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"
#include "tools/report/core/trend_verdict.hpp"

namespace papbench::report {

struct CaseRef {
  const ResultFile* file = nullptr;
  std::size_t index = 0;  // into file->reader.cases()
};

// One value per iteration `selection` keeps (results::metric_series of a metric, or a view's own
// timing such as tools/report/models/bcast_case_times.hpp's time until the last rank has the data).
using CaseSeries = std::function<std::vector<double>(const results::CaseRecord&,
                                                     const results::IterationSelection&)>;

// Launch k of each side is the k-th result file that holds both (the first case of each side in
// it); where no file holds both, the sides are independent samples, each case one launch of its
// side. nullopt when a side is empty or has no kept iteration.
std::optional<stats::CaseComparison> compare_sides(std::span<const CaseRef> base,
                                                   std::span<const CaseRef> candidate,
                                                   const CaseSeries& series);
std::optional<stats::CaseComparison> compare_sides(std::span<const CaseRef> base,
                                                   std::span<const CaseRef> candidate,
                                                   results::Metric metric);

// The columns a view appends to a row with a paper value: our ratio with its CI, our direction,
// the verdict, and (machine formats only) agrees_in_sign, which `table --verdicts` counts.
std::vector<Column> trend_columns();
// Their cells; `ours` null: no comparison (a side is missing), all four empty. `band`: the
// row's no-effect band, the one the paper's direction was judged by (trend_verdict.hpp), which
// judges ours too.
std::vector<Cell> trend_cells(const stats::CaseComparison* ours, Direction paper, double band);
// The note a view with these columns prints beneath its table (with its band, when not kNoBand).
std::string trend_note(double band);

// A paper's claim about a candidate against a baseline where the view's own table has no row per
// comparison ([ProficzOcetkiewicz2021] Fig. 10's "CLV shortest", [Kang2019] Fig. 4's alg1 against
// the root-gathering native, a thesis table's speed-up over the flat algorithm): one verdict row
// per workload (count, delay, pattern, ranks) where a file holds both sides.
struct TrendClaim {
  std::string label;  // "CLV vs. BNOM"
  std::function<bool(const results::CaseRecord&)> is_base, is_candidate;
  Direction paper = Direction::kNone;
  std::string paper_text;  // what the paper says or gives ("CLV shortest", "20.3x")
  double band = kNoBand;   // the no-effect band of both sides (trend_verdict.hpp)
};

// Whether a section is claim_section's (the plot views, which read their view's own sections,
// skip it).
bool is_claim_section(const Section& s);

// A section "TITLE" with those rows, in claim order, then by workload; nullopt when no claim
// finds both sides in any file.
std::optional<Section> claim_section(const std::string& title, const std::vector<ResultFile>& files,
                                     std::span<const TrendClaim> claims, results::Metric metric);

}  // namespace papbench::report
