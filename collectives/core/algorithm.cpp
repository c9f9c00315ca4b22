#include "collectives/core/algorithm.hpp"

#include <fmt/format.h>

#include <climits>
#include <stdexcept>

namespace papbench {

int count_as_int(std::size_t n, std::string_view what) {
  if (n > static_cast<std::size_t>(INT_MAX)) {
    throw std::overflow_error(fmt::format(
        "{} = {} elements does not fit in an MPI int count (at most {})", what, n, INT_MAX));
  }
  return static_cast<int>(n);
}

}  // namespace papbench
