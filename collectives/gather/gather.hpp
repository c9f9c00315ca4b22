#pragma once
// Factories of the gather algorithms; one file per algorithm under collectives/gather/, each listed
// in collectives/gather/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_gather_native(const AlgOptions& options);  // MPI_Gather
std::unique_ptr<Algorithm> make_gather_lin(const AlgOptions& options);
std::unique_ptr<Algorithm> make_gather_ls(const AlgOptions& options);
std::unique_ptr<Algorithm> make_gather_bnom(const AlgOptions& options);
// PAP-aware ([Proficz2020] §4.2), need a PatRuntime in Args::pat:
std::unique_ptr<Algorithm> make_gather_sls(const AlgOptions& options);
std::unique_ptr<Algorithm> make_gather_bsls(const AlgOptions& options);
std::unique_ptr<Algorithm> make_gather_sbn(const AlgOptions& options);
std::unique_ptr<Algorithm> make_gather_bsbn(const AlgOptions& options);

}  // namespace papbench
