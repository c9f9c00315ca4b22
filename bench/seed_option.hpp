#pragma once
// --seed's value: a decimal integer in [0, 2^64 - 1]. CLI11 alone read "-1" as 2^64 - 1 and
// clamped larger values to it, so different typed seeds silently gave identical delays
// (issue 31); parse_seed refuses both, from the --seed row of the run-option table.

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "common/errors.hpp"

namespace papbench {

inline std::uint64_t parse_seed(std::string_view text) {
  std::uint64_t seed = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, seed);
  if (text.empty() || ec != std::errc{} || stop != end) {
    throw UsageError(fmt::format("'{}' is not an integer in [0, {}]", text,
                                 std::numeric_limits<std::uint64_t>::max()));
  }
  return seed;
}

}  // namespace papbench
