#pragma once
// Factories of the intergroup_allgatherv algorithms of [Kang2019]; one file per algorithm under
// collectives/intergroup_allgatherv/, each listed in
// collectives/intergroup_allgatherv/algorithms.cpp. The library's own is
// collectives/allgatherv/intergroup_native.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

// Algorithm 2: global-index segmentation, full-duplex exchange, intragroup allgather(v).
AlgFactory make_intergroup_allgatherv_alg2;
// Root gathering, stages concurrent across the groups (§3.1, Eq. 1).
AlgFactory make_intergroup_allgatherv_rg1;
// Root gathering with sequential stages, as production libraries do it (§3.1, Eq. 2).
AlgFactory make_intergroup_allgatherv_rg2;

}  // namespace papbench
