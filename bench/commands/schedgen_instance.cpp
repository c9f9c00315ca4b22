#include "bench/commands/schedgen_instance.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace papbench::schedgen {

Pattern parse_pattern(std::string_view name) {
  if (name == "uniform") return Pattern::kUniform;
  if (name == "skewed") return Pattern::kSkewed;
  throw std::invalid_argument(
      fmt::format("'{}' is not a schedgen pattern; accepted: uniform, skewed", name));
}

std::string_view pattern_name(Pattern pattern) {
  return pattern == Pattern::kUniform ? "uniform" : "skewed";
}

std::int64_t draw_ticks(std::mt19937_64& rng, std::int64_t lo, std::int64_t hi) {
  const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
  return lo + static_cast<std::int64_t>(rng() % span);
}

std::mt19937_64 instance_rng(std::uint64_t seed, Pattern pattern, int P, int rep) {
  std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                    static_cast<std::uint32_t>(pattern), static_cast<std::uint32_t>(P),
                    static_cast<std::uint32_t>(rep)};
  return std::mt19937_64(seq);
}

clv::Instance make_instance(Pattern pattern, int P, std::mt19937_64& rng) {
  if (P < 1) throw std::invalid_argument("schedgen: P must be at least 1");
  clv::Instance in;
  in.segments = P;  // N = P
  in.arrival.assign(static_cast<std::size_t>(P), 0);
  if (pattern == Pattern::kUniform) {
    // [0, P + 0.1]: P + 0.1 units is P * 1e9 + 1e8 ticks.
    const std::int64_t last = static_cast<std::int64_t>(P) * kTicksPerUnit + kTicksPerUnit / 10;
    for (auto& a : in.arrival) a = draw_ticks(rng, 0, last);
    in.root = static_cast<int>(draw_ticks(rng, 0, P - 1));
  } else {
    in.arrival.back() = static_cast<std::int64_t>(in.segments) * kTicksPerUnit;  // a_{P-1} = N
    in.root = 0;
  }
  in.round_time = draw_ticks(rng, kMinRoundTime, kMaxRoundTime);
  return in;
}

clv::Instance make_instance(std::uint64_t seed, Pattern pattern, int P, int rep) {
  std::mt19937_64 rng = instance_rng(seed, pattern, P, rep);
  return make_instance(pattern, P, rng);
}

}  // namespace papbench::schedgen
