#pragma once
// Metrics derived from the raw per-rank timestamps of a case (never stored instead of them).

#include <string_view>
#include <vector>

#include "results/result_set.hpp"

namespace papbench::results {

enum class Metric {
  kRunTime,  // max f - min a ([Proficz2020])
  kElapsed,  // mean over ranks of f_i - a_i ([Proficz2020] Eq. 2 = [Parsons2015]'s mean latency)
  kAfterLastArrival,  // max f - max a
  kImbalance,         // achieved: max a - min a
  kPlannedImbalance,  // max planned delay - min planned delay
  kArrivalError,      // max over ranks of |a_i - planned arrival_i|
  // Mean over ranks of the part of [a_i, f_i) in which the rank's PAT thread had not finished its
  // exchange and background work, max(0, min(f_i, w_i) - a_i): the call shared the rank's cores
  // and MPI library with it. PAT runtimes only (format 1.4); otherwise no values.
  kPatOverlap,
};

inline constexpr Metric kAllMetrics[] = {
    Metric::kRunTime,          Metric::kElapsed,      Metric::kAfterLastArrival, Metric::kImbalance,
    Metric::kPlannedImbalance, Metric::kArrivalError, Metric::kPatOverlap};

// A record whose arrays disagree in shape came from a damaged or foreign file: throws a
// FormatError naming the array `name` that is off instead of reading past the end of one.
void require_shape(const CaseRecord& record, const Matrix& m, const char* name);

std::string_view metric_name(Metric m);  // "run_time", "elapsed", ...
// One value per timed iteration, in nanoseconds.
std::vector<double> metric_series(const CaseRecord& record, Metric m);

// Which timed iterations enter the statistics. By default neither those in which a rank missed
// the agreed start (their arrival pattern is not the one planned) nor those whose output was
// checked and found wrong (they measured a broken call).
struct IterationFilter {
  bool include_late = false;
  bool include_invalid = false;
};

// The iterations kept, in order, and how many each rule dropped (an iteration both late and
// wrong counts as wrong).
struct IterationSelection {
  std::vector<std::size_t> kept;
  int dropped_late = 0;
  int dropped_invalid = 0;
};
IterationSelection select_iterations(const CaseRecord& record, const IterationFilter& filter);

// metric_series of the selected iterations only.
std::vector<double> metric_series(const CaseRecord& record, Metric m,
                                  const IterationSelection& selection);

}  // namespace papbench::results
