#pragma once
// Factories of the alltoall algorithms; one file per algorithm under collectives/alltoall/, each
// listed in collectives/core/registry.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_alltoall_native(const AlgOptions& options);  // MPI_Alltoall

}  // namespace papbench
