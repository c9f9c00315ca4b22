#pragma once
// Where the PAT runtime takes a rank's arrival time from (--pat-source).

#include <string_view>

namespace papbench {

// Extrapolated from the edge (seed 000's runtime), or the planned arrival the harness knows in
// advance: T0 + compute + delay_i (an upper bound on what prediction can achieve).
enum class PatSource { kPredicted, kOracle };
PatSource parse_pat_source(std::string_view text);  // "predicted" | "oracle"; UsageError otherwise
std::string_view pat_source_name(PatSource s);

}  // namespace papbench
