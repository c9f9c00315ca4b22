#include "collectives/reduce/reduce_common.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "common/mpi_env.hpp"

namespace papbench::reduce_detail {

std::size_t extent_of(MPI_Datatype dtype) {
  MPI_Aint lb = 0, extent = 0;
  mpi_check(MPI_Type_get_extent(dtype, &lb, &extent), "MPI_Type_get_extent");
  return static_cast<std::size_t>(extent);
}

void require_commutative(MPI_Op op, std::string_view algorithm) {
  int commute = 0;
  mpi_check(MPI_Op_commutative(op, &commute), "MPI_Op_commutative");
  if (!commute) {
    throw std::invalid_argument(
        fmt::format("{} reorders operands and needs a commutative op", algorithm));
  }
}

void combine(const std::byte* in, std::byte* inout, std::size_t n, MPI_Datatype dtype, MPI_Op op) {
  if (n == 0) return;
  mpi_check(MPI_Reduce_local(in, inout, count_as_int(n, "reduce block"), dtype, op),
            "MPI_Reduce_local");
}

EvenBlocks::EvenBlocks(std::size_t count, std::size_t blocks)
    : count_(count), blocks_(blocks), q_(count / blocks), r_(count % blocks) {}

std::size_t EvenBlocks::begin(std::size_t b) const {
  return b * q_ + std::min(b, r_);
}

std::size_t EvenBlocks::max_elements(std::size_t span) const {
  // The larger blocks come first, so the first `span` blocks are the largest run.
  return elements(0, std::min(span, blocks_));
}

void expect_prepared(std::size_t prepared_count, std::size_t count, std::string_view algorithm) {
  if (count != prepared_count) {
    throw std::logic_error(fmt::format("{}: run() with count {} but prepare() saw count {}",
                                       algorithm, count, prepared_count));
  }
}

}  // namespace papbench::reduce_detail
