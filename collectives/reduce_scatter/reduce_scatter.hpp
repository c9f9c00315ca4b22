#pragma once
// Factories of the reduce_scatter algorithms; one file per algorithm under
// collectives/reduce_scatter/, each listed in collectives/reduce_scatter/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_reduce_scatter_native;  // MPI_Reduce_scatter
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] red_scat.c, the pairwise exchange).
AlgFactory make_reduce_scatter_mpich_pairwise;

}  // namespace papbench
