#pragma once
// Factories of the alltoallv algorithms; one file per algorithm under collectives/alltoallv/, each
// listed in collectives/core/registry.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_alltoallv_native(const AlgOptions& options);  // MPI_Alltoallv

}  // namespace papbench
