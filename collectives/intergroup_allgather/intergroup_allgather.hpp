#pragma once
// Factories of the intergroup_allgather algorithms of [Kang2019] and its EuroMPI predecessor
// [Kang2018]; one file per algorithm under collectives/intergroup_allgather/, each listed in
// collectives/intergroup_allgather/algorithms.cpp. The library's own is
// collectives/allgather/intergroup_native.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

// Algorithm 1: segmented full-duplex exchange, one intragroup allgather per group.
AlgFactory make_intergroup_allgather_alg1;
// [Kang2018] Algorithm 1: no segmentation.
AlgFactory make_intergroup_allgather_euro1;
// [Kang2018] Algorithm 2: segmentation, two-step intragroup allgather.
AlgFactory make_intergroup_allgather_euro2;
// Root gathering, stages concurrent across the groups (§3.1, Eq. 1).
AlgFactory make_intergroup_allgather_rg1;
// Root gathering with sequential stages, as production libraries do it (§3.1, Eq. 2).
AlgFactory make_intergroup_allgather_rg2;

}  // namespace papbench
