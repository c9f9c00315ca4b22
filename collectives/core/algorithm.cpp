#include "collectives/core/algorithm.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "common/units.hpp"

namespace papbench {

int count_as_int(std::size_t n, std::string_view what) {
  if (n > static_cast<std::size_t>(INT_MAX)) {
    throw std::overflow_error(fmt::format(
        "{} = {} elements does not fit in an MPI int count (at most {})", what, n, INT_MAX));
  }
  return static_cast<int>(n);
}

void expect_no_options(const AlgOptions& options, std::string_view algorithm) {
  if (options.empty()) return;
  throw UsageError(
      fmt::format("algorithm '{}' takes no options, got '{}'", algorithm, options.begin()->first));
}

}  // namespace papbench

namespace papbench {

void expect_only_options(const AlgOptions& options, std::initializer_list<std::string_view> keys,
                         std::string_view algorithm) {
  for (const auto& [key, value] : options) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
      throw UsageError(fmt::format("algorithm '{}' takes only {}; got '{}'", algorithm,
                                   fmt::join(keys, ", "), key));
    }
  }
}

}  // namespace papbench
