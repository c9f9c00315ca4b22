#pragma once
// The hierarchy- and imbalance-aware alltoall of [Parsons2015] §3.7.3 (collectives/alltoall/
// a2a_aware.cpp), shared by its two registry rows: alltoall/a2a-aware and its variant with an
// intra-node barrier, alltoall/a2a-aware-barrier (a2a_aware_barrier.cpp).

#include <cstddef>
#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench::alltoall_aware {

// min_fragment: bytes below which a piece of a destination node's buffer is not sent on its own
// (0: any piece); barrier: the ranks of a node wait for each other after copying in, so nothing
// is sent before the whole node has arrived (the "aware with barrier" of Fig. 3.26).
std::unique_ptr<Algorithm> make(std::size_t min_fragment, bool barrier);

}  // namespace papbench::alltoall_aware
