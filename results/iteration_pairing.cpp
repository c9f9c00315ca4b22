#include "results/iteration_pairing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

namespace papbench::results {
namespace {

// Empty when launch a's and launch b's iterations ran under the same planned arrivals.
std::string planned_difference(const CaseRecord& a, const CaseRecord& b) {
  if (a.seed != b.seed) return fmt::format("seeds differ ({} vs {})", a.seed, b.seed);
  if (a.arrival_ns.rows != b.arrival_ns.rows) {
    return fmt::format("iteration counts differ ({} vs {})", a.arrival_ns.rows, b.arrival_ns.rows);
  }
  const Matrix& pa = a.planned_delay_ns;
  const Matrix& pb = b.planned_delay_ns;
  if (pa.rows != pb.rows || pa.cols != pb.cols || pa.data != pb.data) {
    return "planned delays differ";
  }
  return {};
}

}  // namespace

PairingPlan plan_pairing(std::span<const CaseRecord* const> a, std::span<const CaseRecord* const> b,
                         const IterationFilter& filter) {
  PairingPlan plan;
  if (a.size() != b.size()) {
    plan.why_not = fmt::format("launch counts differ ({} vs {})", a.size(), b.size());
    return plan;
  }
  for (std::size_t k = 0; k < a.size(); ++k) {
    std::string diff = planned_difference(*a[k], *b[k]);
    if (!diff.empty()) {
      plan.why_not = a.size() == 1 ? diff : fmt::format("launch {}: {}", k + 1, diff);
      plan.kept.clear();
      return plan;
    }
    const IterationSelection ka = select_iterations(*a[k], filter);
    const IterationSelection kb = select_iterations(*b[k], filter);
    IterationSelection both;
    std::set_intersection(ka.kept.begin(), ka.kept.end(), kb.kept.begin(), kb.kept.end(),
                          std::back_inserter(both.kept));
    plan.unmatched_kept += static_cast<int>(ka.kept.size() + kb.kept.size() - 2 * both.kept.size());
    plan.kept.push_back(std::move(both));
  }
  plan.paired = true;
  return plan;
}

}  // namespace papbench::results
