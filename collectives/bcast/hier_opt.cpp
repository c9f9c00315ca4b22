// bcast/hier-opt: the intra-node optimized hierarchical broadcast of [Parsons2015] §3.7 ("MPICH
// Bi. Hier. Opt."): static leaders (the root on its node, local rank 0 elsewhere) run MPICH's
// binomial broadcast between nodes into their node's shared buffer and mark it valid; every other
// process copies the message out as soon as it is valid and leaves, without a barrier
// (collectives/bcast/hier_driver.hpp).
//
// Cost, balanced: lgN.(alpha + n.beta) between N nodes + a copy per process; a process waits only
// for the message, but the message waits for each node's static leader to arrive.
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/hier_driver.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_hier_opt(const AlgOptions& /*options*/) {
  using namespace hier_bcast;
  return make({.name = "bcast/hier-opt", .leaders = Leaders::kStatic, .barriers = Barriers::kNone},
              binomial(54));
}

}  // namespace papbench
