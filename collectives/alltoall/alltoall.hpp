#pragma once
// Factories of the alltoall algorithms; one file per algorithm under collectives/alltoall/, each
// listed in collectives/alltoall/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_alltoall_native;  // MPI_Alltoall
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] alltoall.c); mpich-isend: throttle=N.
AlgFactory make_alltoall_mpich_isend, make_alltoall_mpich_pairwise, make_alltoall_mpich_bruck;
// [Parsons2015] §3.7.3: static multiple senders/receivers per node pair and opportunistic
// fragmentation (min-frag=BYTES); -barrier: the same after an intra-node barrier (§3.9.3).
AlgFactory make_alltoall_aware, make_alltoall_aware_barrier;

}  // namespace papbench
