#pragma once
// Factories of the allreduce algorithms; one file per algorithm under collectives/allreduce/, each
// listed in collectives/allreduce/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_allreduce_native(const AlgOptions& options);  // MPI_Allreduce
std::unique_ptr<Algorithm> make_allreduce_recursive_doubling(const AlgOptions& options);
std::unique_ptr<Algorithm> make_allreduce_ring(const AlgOptions& options);
std::unique_ptr<Algorithm> make_allreduce_ring_segmented(const AlgOptions& options);  // segsize=
std::unique_ptr<Algorithm> make_allreduce_rabenseifner(const AlgOptions& options);
// reduce=NAME, bcast=NAME: any reduce row without needs_pat, any bcast row.
std::unique_ptr<Algorithm> make_allreduce_reduce_bcast(const AlgOptions& options);
// Clairvoyant's segments, segsize, round-time; bcast=NAME.
std::unique_ptr<Algorithm> make_allreduce_clairvoyant_bcast(const AlgOptions& options);

}  // namespace papbench
