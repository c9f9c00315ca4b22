#pragma once
// A case reduced to the timed iterations a report keeps (select_iterations), for the views that
// read every row of a case's matrices (pap, counters, the per-case plots, the raw export) rather
// than a metric: they then see the iterations summary's statistics see, and no others.

#include "results/case_metrics.hpp"
#include "results/result_set.hpp"

namespace papbench::results {

// Every per-iteration array of `record` (the timestamps, planned and predicted arrivals, PAT
// times, clock bounds, arrival errors, counters, late and validation flags, and the algorithm
// metrics with one row per iteration) keeps only the rows of `selection.kept`, in order;
// `iterations` becomes their number. What is per case (counter costs, metrics of another shape)
// stays as it is.
CaseRecord only_kept(CaseRecord record, const IterationSelection& selection);

// The rows `kept` of `m`, in order; `m` itself when its row count is not `iterations` (a matrix
// that is not per iteration, or absent: 0x0) or its data was not loaded.
Matrix kept_rows(const Matrix& m, int iterations, const std::vector<std::size_t>& kept);

}  // namespace papbench::results
