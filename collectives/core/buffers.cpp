#include "collectives/core/buffers.hpp"

#include <algorithm>

#include "collectives/core/algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench {

std::size_t extent_of(MPI_Datatype dtype) {
  MPI_Aint lb = 0, extent = 0;
  mpi_check(MPI_Type_get_extent(dtype, &lb, &extent), "MPI_Type_get_extent");
  return static_cast<std::size_t>(extent);
}

void combine(const std::byte* in, std::byte* inout, std::size_t n, MPI_Datatype dtype, MPI_Op op) {
  if (n == 0) return;
  mpi_check(MPI_Reduce_local(in, inout, count_as_int(n, "reduce block"), dtype, op),
            "MPI_Reduce_local");
  if constexpr (smpi::kSimulated) local_work::charge_combine(n * extent_of(dtype));
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

}  // namespace papbench
