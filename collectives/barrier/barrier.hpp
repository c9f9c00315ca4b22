#pragma once
// Factories of the barrier algorithms; one file per algorithm under collectives/barrier/, each
// listed in collectives/barrier/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_barrier_native;  // MPI_Barrier

}  // namespace papbench
