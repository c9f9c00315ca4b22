#pragma once
// Factories of the bcast algorithms; one file per algorithm under collectives/bcast/, each listed
// in collectives/core/registry.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_native(const AlgOptions& options);  // MPI_Bcast

}  // namespace papbench
