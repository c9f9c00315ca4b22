#pragma once
// Factories of the gather algorithms; one file per algorithm under collectives/gather/, each listed
// in collectives/core/registry.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_gather_native(const AlgOptions& options);  // MPI_Gather

}  // namespace papbench
