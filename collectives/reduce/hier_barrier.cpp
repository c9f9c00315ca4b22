// reduce/hier-barrier: the naive hierarchical reduce of [Parsons2015] §3.7 ("MPICH Bi. Hier.",
// "Hier. MPICH"): every process reduces its vector into its node's shared buffer, the node meets
// in a barrier (MPI_Barrier on the node), and a static leader per node (the root on its node,
// local rank 0 elsewhere) runs MPICH's binomial reduce between the leaders on the shared buffers.
// The barrier makes every process wait for its node's last one, the all-to-all dependency within
// a node that the thesis shows to hurt under imbalance (§3.7.1). reduce/hier-opt is the same
// without the barrier (collectives/reduce/shared_reduce.hpp, make_static_leader_reduce).
//
// Cost, balanced: the intra-node reduction (ns contributions under one lock) + a barrier +
// lgN.(alpha + n.beta + n.gamma) between N nodes.
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce/shared_reduce.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_reduce_hier_barrier(const AlgOptions& /*options*/) {
  return make_static_leader_reduce(
      {.name = "reduce/hier-barrier", .barrier = true, .lock = ReduceLock::kSerial, .tag = 51});
}

}  // namespace papbench
