#pragma once
// Factories of the allreduce algorithms; one file per algorithm under collectives/allreduce/, each
// listed in collectives/allreduce/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_allreduce_native(const AlgOptions& options);  // MPI_Allreduce

}  // namespace papbench
