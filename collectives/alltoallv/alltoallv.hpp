#pragma once
// Factories of the alltoallv algorithms; one file per algorithm under collectives/alltoallv/, each
// listed in collectives/alltoallv/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_alltoallv_native;  // MPI_Alltoallv
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] alltoallv.c); option throttle=N.
AlgFactory make_alltoallv_mpich_isend;

}  // namespace papbench
