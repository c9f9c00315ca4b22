#pragma once
// Whether the iterations of two matched cases can be paired (papbench-report compare): iteration
// i of A and iteration i of B ran under the same planned arrivals when both launches used the
// same pattern, seed, ranks and iteration count (the match key holds pattern and ranks; the
// planned delays themselves are compared, so a pattern whose draw changed between versions is
// caught). Launch k of A is paired with launch k of B, so both sides need as many launches.

#include <span>
#include <string>
#include <vector>

#include "results/case_metrics.hpp"
#include "results/result_set.hpp"

namespace papbench::results {

struct PairingPlan {
  bool paired = false;
  std::string why_not;  // when not paired: what differs, for the table's note
  // Paired: per launch pair k, the iterations kept (IterationFilter) on both sides, in order.
  std::vector<IterationSelection> kept;
  int unmatched_kept = 0;  // iterations kept on one side only, left out of the pairs
};

PairingPlan plan_pairing(std::span<const CaseRecord* const> a, std::span<const CaseRecord* const> b,
                         const IterationFilter& filter);

}  // namespace papbench::results
