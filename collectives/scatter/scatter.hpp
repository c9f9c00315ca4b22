#pragma once
// Factories of the scatter algorithms; one file per algorithm under collectives/scatter/, each
// listed in collectives/scatter/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_scatter_native(const AlgOptions& options);  // MPI_Scatter
std::unique_ptr<Algorithm> make_scatter_lin(const AlgOptions& options);
std::unique_ptr<Algorithm> make_scatter_bnom(const AlgOptions& options);
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] scatter.c, MPIR_Scatter_intra).
std::unique_ptr<Algorithm> make_scatter_mpich_binomial(const AlgOptions& options);
// PAP-aware ([Proficz2020] §4.1), need a PatRuntime in Args::pat:
std::unique_ptr<Algorithm> make_scatter_slin(const AlgOptions& options);
std::unique_ptr<Algorithm> make_scatter_sbn(const AlgOptions& options);
std::unique_ptr<Algorithm> make_scatter_bsln(const AlgOptions& options);
std::unique_ptr<Algorithm> make_scatter_bsbn(const AlgOptions& options);

}  // namespace papbench
