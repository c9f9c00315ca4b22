// scatter/bnom: Open MPI's binomial scatter on its in-order binomial tree ([Proficz2020] §2.1,
// "BNOM"; [OpenMPI] coll_base_scatter.c): slot = (rank - root) mod P, slot x > 0 receives the
// blocks of slots [x, min(x + lowbit(x), P)) from x - lowbit(x) and forwards to x+1, x+2, x+4, ...,
// smallest subtree first, so rank root+1 is the first receiver (Eq. 13). ceil(log2 P) steps.
//
// Cost = lgp.alpha + n.((p-1)/p).beta (Eq. 7; lgp = ceil(log2 p), n = the root's p blocks, bytes).
#include "collectives/core/block_tree_algorithms.hpp"
#include "collectives/scatter/scatter.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_scatter_bnom(const AlgOptions& /*options*/) {
  return make_root_tree_algorithm(BlockFlow::kScatter, [](int size, int root) {
    return lowbit_tree(rotated_slots(size, root), /*largest_first=*/false);
  });
}

}  // namespace papbench
