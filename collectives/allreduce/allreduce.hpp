#pragma once
// Factories of the allreduce algorithms; one file per algorithm under collectives/allreduce/, each
// listed in collectives/allreduce/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_allreduce_native;  // MPI_Allreduce
AlgFactory make_allreduce_recursive_doubling, make_allreduce_ring;
AlgFactory make_allreduce_ring_segmented;  // segsize=
AlgFactory make_allreduce_rabenseifner;
// reduce=NAME, bcast=NAME: any reduce row without needs_pat, any bcast row.
AlgFactory make_allreduce_reduce_bcast;
// Clairvoyant's segments, segsize, round-time; bcast=NAME.
AlgFactory make_allreduce_clairvoyant_bcast;

}  // namespace papbench
