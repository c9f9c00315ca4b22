// reduce/hier-opt: the intra-node optimized hierarchical reduce of [Parsons2015] §3.7.1 ("MPICH
// Bi. Hier. Opt.", "Intra-Opt. H. MPICH"): static leaders as in hier-barrier, but no barrier.
// Every process reduces its vector into the node's shared buffer under a lock and leaves; only
// the leader waits, for the node's contributions and its child nodes' vectors, before it sends
// the node's result up MPICH's binomial tree between nodes. lock=serial takes one lock for the
// whole buffer, lock=parallel one per segment (several processes combine at once), falling back
// to serial below a cache line (collectives/reduce/shared_reduce.hpp; make_static_leader_reduce,
// as hier-barrier).
//
// Cost, balanced: as hier-barrier without the barrier; under imbalance a non-leader never waits,
// but the static leader still waits for its node's last process.
#include "collectives/core/alg_option.hpp"
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce/shared_reduce.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_reduce_hier_opt(const AlgOptions& options) {
  return make_static_leader_reduce({.name = "reduce/hier-opt",
                                    .barrier = false,
                                    .lock = option_text(options, "lock") == "serial"
                                                ? ReduceLock::kSerial
                                                : ReduceLock::kParallel,
                                    .tag = 52});
}

}  // namespace papbench
