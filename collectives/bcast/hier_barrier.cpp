// bcast/hier-barrier: the naive hierarchical broadcast of [Parsons2015] §3.7 ("MPICH Bi. Hier."),
// the universal hierarchical algorithm's shape (§2.1, Fig. 2.1) for bcast: the root copies its
// message into its node's shared buffer, the node meets in a barrier, static leaders (the root on
// its node, local rank 0 elsewhere) run MPICH's binomial broadcast between nodes on the shared
// buffers, a second barrier, and every process copies the message out
// (collectives/bcast/hier_driver.hpp).
//
// Cost, balanced: 2 barriers + lgN.(alpha + n.beta) between N nodes + a copy per process; every
// process waits for its node's last one twice.
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/hier_driver.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_hier_barrier(const AlgOptions& /*options*/) {
  using namespace hier_bcast;
  return make(
      {.name = "bcast/hier-barrier", .leaders = Leaders::kStatic, .barriers = Barriers::kFig21},
      binomial(53));
}

}  // namespace papbench
