#pragma once
// Factories of the gather algorithms; one file per algorithm under collectives/gather/, each listed
// in collectives/gather/algorithms.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_gather_native;  // MPI_Gather
AlgFactory make_gather_lin, make_gather_ls, make_gather_bnom;
// PAP-aware ([Proficz2020] §4.2), need a PatRuntime in Args::pat:
AlgFactory make_gather_sls, make_gather_bsls, make_gather_sbn, make_gather_bsbn;

}  // namespace papbench
