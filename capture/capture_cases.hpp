#pragma once
// Rank 0's half of MPI_Finalize: every rank's calls become result-set cases, one per
// (communicator, call site, collective), whose iterations are the calls in order and whose
// columns are the communicator's ranks (docs/CAPTURE.md, docs/RESULTS_FORMAT.md "capture").

#include <span>
#include <vector>

#include "capture/capture_rows.hpp"
#include "results/result_set.hpp"

namespace papbench::capture {

struct AssembledCapture {
  std::vector<results::CaseRecord> cases;  // in the order of each case's first call
  // Calls that not every member of their communicator recorded (a rank's log was cut short):
  // they cannot form a row of arrivals and are left out.
  long long incomplete_calls = 0;
};

// Pure: no MPI. A call's site is the one its communicator's rank 0 called it from (other ranks
// may reach the same collective from other code, a root's branch for example).
AssembledCapture assemble_cases(std::span<const RankCalls> ranks);

}  // namespace papbench::capture
