// bcast/patyuan-hier: "Pat. Hier." of [Parsons2015] §3.9.2, Fig. 3.23, Tables B.5-B.9: the
// Patarasuk-Yuan broadcast ([PatarasukYuan2008], bcast/patyuan) "on top of a hierarchical
// intra-node algorithm" with the intra-node barrier, i.e. bcast/hier-barrier's shape with the
// exchange in place of MPICH's binomial between nodes: every node meets in a barrier, the static
// leaders (the root on its node, local rank 0 elsewhere) run the exchange, the root serving, into
// their node's shared buffer, a second barrier, and every process copies the message out.
// (collectives/bcast/hier_driver.hpp; where the thesis is silent, docs/ALGORITHMS.md, Inferred:
// bcast/patyuan variants.)
//
// A node's leader so announces itself to the root only once its whole node has arrived: the
// barrier that, per the thesis, helps at low imbalance and hurts at high imbalance.
//
// Cost, balanced: 2 barriers + the root's ceil((N-1)/g) replies between N nodes (g = group) +
// (g-1) forwards in the last group + a copy per process.
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/hier_driver.hpp"
#include "collectives/core/alg_option.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_patyuan_hier(const AlgOptions& options) {
  using namespace hier_bcast;
  return make({.name = "bcast/patyuan-hier",
               .leaders = Leaders::kStatic,
               .barriers = Barriers::kAroundLeader},
              patyuan(static_cast<int>(option_integer(options, "group"))));
}

}  // namespace papbench
