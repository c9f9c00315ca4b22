#pragma once
// Factory of the ping-pong "collective" (collectives/pingpong/): the point-to-point round trip
// from which papbench-report's model check fits Hockney's alpha and beta (docs/MODEL.md).

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_pingpong_native;

}  // namespace papbench
