#include "collectives/reduce/clairvoyant_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "common/units.hpp"

namespace papbench {
namespace {

constexpr std::string_view kAlgorithm = "reduce/clairvoyant";

[[noreturn]] void refuse(std::string_view key, std::string_view value, std::string_view accepted) {
  throw UsageError(
      fmt::format("{}: {} '{}' is not accepted; accepted: {}", kAlgorithm, key, value, accepted));
}

// parse_count, with its own UsageError replaced by one that names the key and its forms.
std::uint64_t positive_count(std::string_view key, const std::string& value,
                             std::string_view accepted) {
  std::uint64_t n = 0;
  try {
    n = parse_count(value);
  } catch (const UsageError&) {
    refuse(key, value, accepted);
  }
  if (n < 1) refuse(key, value, accepted);
  return n;
}

}  // namespace

ClvOptions parse_clv_options(const AlgOptions& options) {
  expect_only_options(options, {"segments", "segsize", "round-time"}, kAlgorithm);
  ClvOptions o;
  if (auto it = options.find("segments"); it != options.end()) {
    o.segments = positive_count("segments", it->second, "an integer >= 1");
  }
  if (auto it = options.find("segsize"); it != options.end()) {
    o.segsize_bytes =
        positive_count("segsize", it->second, "a byte count >= 1, with K/Ki/M/Mi suffixes");
  }
  if (o.segments && o.segsize_bytes) {
    throw UsageError(
        fmt::format("{}: segments and segsize exclude each other; give one", kAlgorithm));
  }
  if (auto it = options.find("round-time"); it != options.end() && it->second != "auto") {
    constexpr std::string_view accepted = "auto or a duration > 0 with a unit (e.g. 50us)";
    std::int64_t ns = 0;
    try {
      ns = parse_duration_ns(it->second);
    } catch (const UsageError&) {
      refuse("round-time", it->second, accepted);
    }
    if (ns < 1) refuse("round-time", it->second, accepted);
    o.round_time_ns = ns;
  }
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
