#pragma once
// Factories of the reduce algorithms; one file per algorithm under collectives/reduce/, each listed
// in collectives/core/registry.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_reduce_native(const AlgOptions& options);  // MPI_Reduce

}  // namespace papbench
