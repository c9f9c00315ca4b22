#pragma once
// Factories of the allgather and intergroup_allgather algorithms; one file per algorithm under
// collectives/allgather/, each listed in its collective's table:
// collectives/allgather/algorithms.cpp or collectives/intergroup_allgather/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_allgather_native(const AlgOptions& options);  // MPI_Allgather
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] allgather.c).
std::unique_ptr<Algorithm> make_allgather_mpich_bruck(const AlgOptions& options);
std::unique_ptr<Algorithm> make_allgather_mpich_ring(const AlgOptions& options);
// intergroup_allgather: MPI_Allgather on the intercommunicator.
std::unique_ptr<Algorithm> make_intergroup_allgather_native(const AlgOptions& options);

}  // namespace papbench
