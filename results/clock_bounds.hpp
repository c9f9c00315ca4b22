#pragma once
// How much of a cross-rank metric the clock synchronization can account for: a metric that
// subtracts timestamps of two ranks (run time, after-last arrival, achieved imbalance) is off by
// up to the sum of the two clocks' error bounds, which CaseRecord::clock_bound_ns records per
// iteration and rank (format 1.4).

#include <vector>

#include "results/case_metrics.hpp"
#include "results/result_set.hpp"

namespace papbench::results {

// Whether metric m subtracts timestamps taken on different ranks' clocks. Elapsed time (each
// rank's f_i - a_i on its own clock), the planned imbalance (input) and the arrival error (a
// rank's arrival against its own planned arrival) do not.
bool compares_clocks(Metric m);

// Per timed iteration, the largest error the clocks can put into metric m, in nanoseconds: the
// bound of the extreme timestamp the metric takes from each side (see clock_bounds.cpp). Empty
// when the record has no clock bounds (format < 1.4) or m does not compare clocks.
std::vector<double> clock_bound_series(const CaseRecord& record, Metric m);
std::vector<double> clock_bound_series(const CaseRecord& record, Metric m,
                                       const IterationSelection& selection);

// Selected iterations in which some rank's clock was still slewing in a resync's correction at
// its arrival; -1 when the record does not say (format < 1.4).
int slewing_iterations(const CaseRecord& record, const IterationSelection& selection);

}  // namespace papbench::results
