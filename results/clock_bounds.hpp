#pragma once
// How much of a metric the clock synchronization can account for. A metric that subtracts
// timestamps of two ranks (run time, after-last arrival, achieved imbalance) is off by up to the
// sum of the two timestamps' error bounds; elapsed time (each rank's f_i - a_i on its own clock) by
// its clock's rate error over the call: the drift's uncertainty and any slew in progress.
// CaseRecord records the bounds per iteration and rank: at the arrival (clock_bound_ns, format
// 1.4) and over the call (clock_elapsed_bound_ns, 1.8); an exit is within the sum of the two
// (its error is the arrival's plus the interval's). docs/RESULTS_FORMAT.md ("Clock error
// bounds") derives them.

#include <cstdint>
#include <span>
#include <vector>

#include "results/case_metrics.hpp"
#include "results/result_set.hpp"

namespace papbench::results {

// Whether metric m subtracts timestamps taken on different ranks' clocks. Elapsed time, the
// planned imbalance (input) and the arrival error (a rank's arrival against its own planned
// arrival) do not.
bool compares_clocks(Metric m);

// Whether the clocks bound metric m's error: the metrics that compare clocks, and elapsed.
bool has_clock_bound(Metric m);

// Whether the record holds the bounds over each call (clock_elapsed_bound_ns). Without them
// (files older than 1.8) the exits take the arrival's bound, which lacks the growth over
// the call, and elapsed only a slew term bounded by the arrival's slew and kMaxSlewRate times the
// call.
bool records_call_bounds(const CaseRecord& record);

// The bounds of iteration it's exits, one per rank: clock_bound_ns + clock_elapsed_bound_ns
// where the latter is recorded, else the arrival's clock_bound_ns alone.
std::vector<std::int64_t> exit_clock_bounds(const CaseRecord& record, int it);

// Per timed iteration, the largest error the clocks can put into metric m, in nanoseconds (see
// clock_bounds.cpp). Empty when the record has no clock bounds (format < 1.4) or m has none.
std::vector<double> clock_bound_series(const CaseRecord& record, Metric m);
std::vector<double> clock_bound_series(const CaseRecord& record, Metric m,
                                       const IterationSelection& selection);

// A bound on the error of median(values) when each values[i] is within bounds[i] of its true
// value: the true median lies in [median(values - bounds), median(values + bounds)] (the median
// is monotone in every value), so its distance from median(values) is at most the larger of the
// two gaps. Never more than max(bounds); NaN for no values.
double median_error_bound(std::span<const double> values, std::span<const double> bounds);

// median_error_bound of metric m over the selected iterations: the "±" beside a reported
// median. NaN when the record has no bound for m.
double median_clock_bound(const CaseRecord& record, Metric m, const IterationSelection& selection);

// Selected iterations in which some rank's clock was still slewing in a resync's correction at
// its arrival; -1 when the record does not say (format < 1.4).
int slewing_iterations(const CaseRecord& record, const IterationSelection& selection);

}  // namespace papbench::results
