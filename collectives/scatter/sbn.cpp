// scatter/sbn: Sorted BiNomial ([Proficz2020] §4.1, Fig. 7; see docs/ALGORITHMS.md, Errata: SBN
// scatter): the binomial scatter whose tree slots are filled by predicted arrival. Slots 1..P-1,
// ordered by their bit reversal, take the other ranks earliest first; every slot sends its largest
// subtree first. The earliest ranks thus receive first and carry the big subtrees, and no parent
// arrives after its children (Eq. 14). Every rank builds the same tree from the exchanged times.
//
// Cost, simultaneous arrival: lgp.alpha + n.((p-1)/p).beta, as BNOM ([Proficz2020] Eq. 7).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eq. 14).
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/arrival_tree_algorithm.hpp"
#include "collectives/scatter/scatter.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_scatter_sbn(const AlgOptions& /*options*/) {
  return make_arrival_tree_algorithm(
      BlockFlow::kScatter,
      [](std::span<const std::int64_t> arrivals, int root) {
        return lowbit_tree(sbn_scatter_slots(arrivals, root), /*largest_first=*/true);
      },
      "scatter/sbn");
}

}  // namespace papbench
