// bcast/patyuan-opt: the intra-node optimized Patarasuk-Yuan broadcast of [Parsons2015] §3.9.2,
// Fig. 3.23 ("Using the intra-node optimizations helps the high imbalance cases"; the column "Pat.
// OL" of Tables B.5-B.9): bcast/hier-opt's shape with the exchange of [PatarasukYuan2008]
// (bcast/patyuan) in place of MPICH's binomial between nodes. The static leaders (the root on its
// node, local rank 0 elsewhere) run the exchange, the root serving, into their node's shared
// buffer and mark it valid; every other process copies the message out as soon as it is valid and
// leaves, without a barrier (collectives/bcast/hier_driver.hpp; docs/ALGORITHMS.md, Inferred:
// bcast/patyuan variants).
//
// Cost, balanced: the root's ceil((N-1)/g) replies between N nodes (g = group) + (g-1) forwards
// in the last group + a copy per process; the message waits for each node's static leader.
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/hier_driver.hpp"
#include "collectives/core/alg_option.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_patyuan_opt(const AlgOptions& options) {
  using namespace hier_bcast;
  return make(
      {.name = "bcast/patyuan-opt", .leaders = Leaders::kStatic, .barriers = Barriers::kNone},
      patyuan(static_cast<int>(option_integer(options, "group"))));
}

}  // namespace papbench
