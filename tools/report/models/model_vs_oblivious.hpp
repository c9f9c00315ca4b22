#pragma once
// [Nuriyev2022] Table 3 as a trend verdict (issue 29): per point (P, m), the measured time of the
// model's pick against the topology-oblivious baseline's pick (`model bcast`'s `oblivious`
// column, our approximation of Fig. 2's earlier method), compared as every other paper view
// compares a candidate with a baseline (trend_rows.hpp: compare's CI of the ratio, paired by
// iteration where both picks ran in one file under the same planned arrivals), against the
// direction the paper's Table 3 gives at that size. The same pick is "same algorithm": no
// comparison, no verdict. Pure apart from the comparison handed in, so unit-tested
// (tests/unit/bcast_model_view_test.cpp).

#include <optional>
#include <string>
#include <vector>

#include "models/bcast_lambda.hpp"
#include "results/case_comparison.hpp"
#include "tools/report/core/table_format.hpp"
#include "tools/report/core/trend_verdict.hpp"

namespace papbench::report {

struct PaperPickDirection {
  // The model's pick against a different one: kFaster where Table 3 has the model's pick the
  // best, or within `near_percent` of it, on all six cluster/P pairs at this size (so a
  // different pick is slower); nullopt where it does not (16 KB: 1-84% off), no direction.
  std::optional<Direction> direction;
  std::string text;  // what Table 3 says at this size
};

// nullopt when `bytes` is not one of Table 3's sizes (16 KiB * 2^i, i = 0..8).
std::optional<PaperPickDirection> paper_model_vs_oblivious(long bytes, double near_percent);

// The columns after a row's P and m: the two picks, the paper's text and direction, and
// trend_columns() (our ratio model / oblivious with its CI, the verdict, agrees_in_sign).
std::vector<Column> pick_verdict_columns();
// Their cells. `ours`: compare's model pick / oblivious pick (null: a side had no kept
// iteration, or the picks are the same). The same pick: verdict "same algorithm"; no paper
// direction: "no paper direction"; neither counts in `table --verdicts` (agrees_in_sign null).
std::vector<Cell> pick_verdict_cells(bcast_model::Algorithm model, bcast_model::Algorithm oblivious,
                                     const stats::CaseComparison* ours,
                                     const std::optional<PaperPickDirection>& paper);

}  // namespace papbench::report
