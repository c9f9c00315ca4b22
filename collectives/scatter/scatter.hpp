#pragma once
// Factories of the scatter algorithms; one file per algorithm under collectives/scatter/, each
// listed in collectives/core/registry.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_scatter_native(const AlgOptions& options);  // MPI_Scatter

}  // namespace papbench
