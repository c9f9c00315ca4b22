#pragma once
// --seed's value: a decimal integer in [0, 2^64 - 1]. CLI11 alone read "-1" as 2^64 - 1 and
// clamped larger values to it, so different typed seeds silently gave identical delays
// (issue 31); parse_seed refuses both, from the --seed row of the run-option table and, through
// add_seed_option, from every other subcommand's --seed.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
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

// Declares --seed on `cmd`, read through parse_seed (a plain CLI11 option of an unsigned type
// wraps "-1"); `seed` keeps its value when the option is not given. A bad value is CLI11's own
// parse error, so each tool reports it as it reports any other bad option (exit 2).
inline CLI::Option* add_seed_option(CLI::App& cmd, std::uint64_t& seed, const std::string& help) {
  return cmd
      .add_option_function<std::string>(
          "--seed",
          [&seed](const std::string& text) {
            try {
              seed = parse_seed(text);
            } catch (const UsageError& e) {
              throw CLI::ValidationError("--seed", e.what());
            }
          },
          help)
      ->type_name("UINT")
      ->default_str(std::to_string(seed));
}

}  // namespace papbench
