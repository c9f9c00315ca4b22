// gather/sbn: Sorted BiNomial ([Proficz2020] §4.2, Fig. 11; see docs/ALGORITHMS.md, Errata: SBN
// gather): the other ranks fill slots 1..P-1 latest first, on the highbit binomial tree (slot x
// sends once, to x - highbit(x), after receiving from x + k/2, x + k/4, ... > highbit(x)). Every
// child has a higher slot than its parent, so it arrives earlier and nobody waits for a late child;
// the root puts the blocks back in rank order at the end.
//
// Cost, simultaneous arrival: lgp.alpha + n.((p-1)/p).beta, as BNOM ([Proficz2020] Eq. 7).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eqs. 21, 23).
#include "collectives/gather/gather.hpp"
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/arrival_tree_algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_gather_sbn(const AlgOptions& /*options*/) {
  return make_arrival_tree_algorithm(
      BlockFlow::kGather,
      [](std::span<const std::int64_t> arrivals, int root) {
        return highbit_tree(sbn_gather_slots(arrivals, root));
      },
      "gather/sbn");
}

}  // namespace papbench
