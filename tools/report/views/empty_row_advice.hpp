#pragma once
// Why a case kept no iteration (its summary row shows "-") and what the user can do about it:
// the row's footnote and the one line summary prints on stderr (issue 43). An empty row without a
// reason left a newcomer with nothing to act on.

#include <string>

#include "results/case_metrics.hpp"
#include "results/result_set.hpp"

namespace papbench::report {

struct EmptyRowAdvice {
  std::string why;   // "all 30 iterations off plan (arrival error ...)"
  std::string what;  // "rerun papbench with --arrival-tolerance 5ms (or off), or ..."
};

// For a case with timed iterations of which `kept` keeps none. `info` tells whether the run's
// ranks shared CPUs (its start_ticks attribute), the usual cause of arrivals off their plan.
EmptyRowAdvice empty_row_advice(const results::CaseRecord& record,
                                const results::IterationSelection& kept,
                                const results::RunInfo& info);

// A tolerance to suggest for arrival errors up to `ns`: the next 1, 2 or 5 x 10^k, as typed on
// the command line ("5ms", "200us").
std::string suggested_tolerance(double ns);

}  // namespace papbench::report
