// bcast/binary: Open MPI 3.1's "binary_tree" ([OpenMPI] bcast_intra_bintree, algorithm 5;
// [Nuriyev2022] §3, Fig. 3c, §4.4) on build_tree(2): the level-order binary tree of shifted ranks
// (0 -> 1, 2; 1 -> 3, 5; 2 -> 4, 6: the odd ranks form the root's first subtree), segmented.
//
// Cost (Eq. 11): sum over floor(log2 P) + m/m_s - 1 stages of the slowest NBFT (3 or 2 nodes).
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/segmented_tree.hpp"
#include "collectives/core/alg_option.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_binary(const AlgOptions& options) {
  return std::make_unique<bcast::SegmentedTreeBcast>(
      bcast::TreeShape::kKary, 2, static_cast<std::size_t>(option_integer(options, "segsize")));
}

}  // namespace papbench
