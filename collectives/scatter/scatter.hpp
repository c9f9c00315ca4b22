#pragma once
// Factories of the scatter algorithms; one file per algorithm under collectives/scatter/, each
// listed in collectives/scatter/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_scatter_native;  // MPI_Scatter
AlgFactory make_scatter_lin, make_scatter_bnom;
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] scatter.c, MPIR_Scatter_intra).
AlgFactory make_scatter_mpich_binomial;
// PAP-aware ([Proficz2020] §4.1), need a PatRuntime in Args::pat:
AlgFactory make_scatter_slin, make_scatter_sbn, make_scatter_bsln, make_scatter_bsbn;

}  // namespace papbench
