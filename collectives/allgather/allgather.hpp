#pragma once
// Factories of the allgather and intergroup_allgather algorithms; one file per algorithm under
// collectives/allgather/, each listed in its collective's table:
// collectives/allgather/algorithms.cpp or collectives/intergroup_allgather/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_allgather_native;  // MPI_Allgather
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] allgather.c).
AlgFactory make_allgather_mpich_bruck, make_allgather_mpich_ring;
// intergroup_allgather: MPI_Allgather on the intercommunicator.
AlgFactory make_intergroup_allgather_native;

}  // namespace papbench
