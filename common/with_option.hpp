#pragma once
// The option a parse error belongs to, for the checks of run_options.cpp and setting_options.cpp:
// the parsers of common/ (split_list, parse_count_list, ...) do not know which option they read.

#include <fmt/format.h>

#include <string_view>

#include "common/errors.hpp"

namespace papbench {

// Runs `parse` and prefixes any UsageError that does not already name an option with `option`.
template <typename F>
auto with_option(std::string_view option, F&& parse) {
  try {
    return parse();
  } catch (const UsageError& e) {
    std::string_view what = e.what();
    if (what.starts_with("--")) throw;
    throw UsageError(fmt::format("{}: {}", option, what));
  }
}

}  // namespace papbench
