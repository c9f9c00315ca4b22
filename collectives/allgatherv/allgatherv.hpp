#pragma once
// Factories of the allgatherv and intergroup_allgatherv algorithms; one file per algorithm under
// collectives/allgatherv/, each listed in its collective's table:
// collectives/allgatherv/algorithms.cpp or collectives/intergroup_allgatherv/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_allgatherv_native;  // MPI_Allgatherv
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] allgatherv.c); option pipeline=BYTES.
AlgFactory make_allgatherv_mpich_ring;
// intergroup_allgatherv: MPI_Allgatherv on the intercommunicator.
AlgFactory make_intergroup_allgatherv_native;

}  // namespace papbench
