#pragma once
// The closed-form patterns: none, uniform, normal, exponential, ramp and single-late-rank.

#include <cstdint>
#include <memory>

#include "imbalance/arrival_pattern.hpp"

namespace papbench {

// A counter-based generator: U[0,1) from (seed, iteration, rank) alone, so no rank needs
// another rank's stream and the order of evaluation does not matter.
double unit_uniform(std::uint64_t seed, int iteration, int rank, std::uint64_t stream = 0);

std::unique_ptr<ArrivalPattern> make_none_pattern();
std::unique_ptr<ArrivalPattern> make_uniform_pattern(const PatternContext& ctx);
// Mean maxdelay/2, sd maxdelay/6, truncated to [0, maxdelay] by inverse-CDF sampling.
std::unique_ptr<ArrivalPattern> make_normal_pattern(const PatternContext& ctx);
// Scale maxdelay/4 truncated at maxdelay: most ranks early, a long late tail ([Parsons2015]).
std::unique_ptr<ArrivalPattern> make_exponential_pattern(const PatternContext& ctx);
// Rank r waits maxdelay * r / (P - 1).
std::unique_ptr<ArrivalPattern> make_ramp_pattern(const PatternContext& ctx);
std::unique_ptr<ArrivalPattern> make_late_pattern(int late_rank, std::int64_t delay_ns);

}  // namespace papbench
