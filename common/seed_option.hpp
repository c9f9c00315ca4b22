#pragma once
// --seed's value: a decimal integer in [0, 2^64 - 1]. CLI11 alone read "-1" as 2^64 - 1 and
// clamped larger values to it, so different typed seeds silently gave identical delays
// (issue 31); parse_seed refuses both, from the --seed row of the run-option table and, through
// seed_row, from every other subcommand's --seed.

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "common/errors.hpp"
#include "common/option_table.hpp"

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

// The --seed row (common/option_table.hpp), read through parse_seed (a plain CLI11 option of an
// unsigned type wraps "-1"); `seed` keeps its value when the option is not given. A bad value is
// CLI11's own validation error, so each tool reports it as it reports any other bad option
// (exit 2).
inline OptionRow seed_row(std::uint64_t& seed, std::string help, std::string group = {}) {
  return {.name = "--seed",
          .target = OptionCallback{[&seed](const std::string& text) {
            try {
              seed = parse_seed(text);
            } catch (const UsageError& e) {
              throw OptionValueError{e.what()};
            }
          }},
          .help = std::move(help),
          .group = std::move(group),
          .default_text = std::to_string(seed),
          .type_name = "UINT"};
}

}  // namespace papbench
