#include "collectives/reduce/clairvoyant_options.hpp"

#include <algorithm>
#include <string>

#include "collectives/core/alg_option.hpp"

namespace papbench {

ClvOptions parse_clv_options(const AlgOptions& resolved) {
  ClvOptions o;
  if (const auto n = option_number(resolved, "segments")) o.segments = *n;
  if (const auto n = option_number(resolved, "segsize")) o.segsize_bytes = *n;
  o.round_time_ns = option_number(resolved, "round-time");  // nullopt: auto
  return o;
}

std::size_t clv_segment_count(const ClvOptions& o, std::size_t count, std::size_t extent,
                              int ranks) {
  if (count == 0) return 0;
  std::uint64_t n = std::min<std::uint64_t>(count, static_cast<std::uint64_t>(std::max(ranks, 1)));
  if (o.segments) {
    n = *o.segments;
  } else if (o.segsize_bytes) {
    const std::uint64_t bytes = static_cast<std::uint64_t>(count) * extent;
    n = (bytes + *o.segsize_bytes - 1) / *o.segsize_bytes;
  }
  return static_cast<std::size_t>(std::clamp<std::uint64_t>(n, 1, count));
}

}  // namespace papbench
