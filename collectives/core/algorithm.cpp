#include "collectives/core/algorithm.hpp"

#include <fmt/format.h>

#include <climits>
#include <stdexcept>

#include "common/mpi_env.hpp"

namespace papbench {

int count_as_int(std::size_t n, std::string_view what) {
  if (n > static_cast<std::size_t>(INT_MAX)) {
    throw std::overflow_error(fmt::format(
        "{} = {} elements does not fit in an MPI int count (at most {})", what, n, INT_MAX));
  }
  return static_cast<int>(n);
}

void require_commutative(MPI_Op op, std::string_view algorithm) {
  int commute = 0;
  mpi_check(MPI_Op_commutative(op, &commute), "MPI_Op_commutative");
  if (!commute) {
    throw std::invalid_argument(
        fmt::format("{} reorders operands and needs a commutative op", algorithm));
  }
}

void expect_prepared(std::size_t prepared_count, std::size_t count, std::string_view algorithm) {
  if (count != prepared_count) {
    throw std::logic_error(fmt::format("{}: run() with count {} but prepare() saw count {}",
                                       algorithm, count, prepared_count));
  }
}

}  // namespace papbench
