// gather/bnom: Open MPI's binomial gather on its in-order binomial tree ([Proficz2020] §2.1,
// "BNOM"; [OpenMPI] coll_base_gather.c): slot = (rank - root) mod P; slot x receives the subtrees
// of x+1, x+2, x+4, ... (below lowbit(x), smallest first, so rank root+1 is the first sender the
// root waits for, Eq. 21), then sends everything to x - lowbit(x). With root 0 the root receives in
// place.
//
// Cost = lgp.alpha + n.((p-1)/p).beta (Eq. 7; lgp = ceil(log2 p), n = the root's p blocks, bytes).
#include "collectives/core/block_tree_algorithms.hpp"
#include "collectives/gather/gather.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_gather_bnom(const AlgOptions& /*options*/) {
  return make_root_tree_algorithm(BlockFlow::kGather, [](int size, int root) {
    return lowbit_tree(rotated_slots(size, root), /*largest_first=*/false);
  });
}

}  // namespace papbench
