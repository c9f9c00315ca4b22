#pragma once
// The instances of the schedule-generation benchmark of [ProficzOcetkiewicz2021] §5.7
// (docs/ALGORITHMS.md, Deviation: schedule-generation instances), in the integer ticks the
// schedulers use (1 tick = 1e-9 of the abstract time unit):
//   uniform  a_i ~ U[0, P + 0.1] independently, root ~ U{0, ..., P-1}
//   skewed   a_i = 0 except a_{P-1} = N, root 0
//   both     d ~ U[0.001, 1], N = P
// Every (seed, pattern, P, rep) names one instance, drawn from its own std::mt19937_64 (whose
// output the C++ standard fixes), and the draws map 64-bit outputs to ticks by modulo (bias
// below 1e-8), so the same arguments give the same instances with any compiler or library.

#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

#include "collectives/reduce/clairvoyant/schedule.hpp"

namespace papbench::schedgen {

enum class Pattern { kUniform, kSkewed };
Pattern parse_pattern(std::string_view name);  // throws std::invalid_argument
std::string_view pattern_name(Pattern pattern);

inline constexpr std::int64_t kTicksPerUnit = 1'000'000'000;         // clv::to_ticks(1.0)
inline constexpr std::int64_t kMinRoundTime = kTicksPerUnit / 1000;  // d >= 0.001
inline constexpr std::int64_t kMaxRoundTime = kTicksPerUnit;         // d <= 1

// Uniform integer in [lo, hi] from one 64-bit draw.
std::int64_t draw_ticks(std::mt19937_64& rng, std::int64_t lo, std::int64_t hi);

// The generator of instance `rep` of (seed, pattern, P).
std::mt19937_64 instance_rng(std::uint64_t seed, Pattern pattern, int P, int rep);

clv::Instance make_instance(Pattern pattern, int P, std::mt19937_64& rng);
clv::Instance make_instance(std::uint64_t seed, Pattern pattern, int P, int rep);

}  // namespace papbench::schedgen
