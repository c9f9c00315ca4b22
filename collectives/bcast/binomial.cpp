// bcast/binomial: Open MPI 3.1's "binomial" ([OpenMPI] bcast_intra_binomial, algorithm 6;
// [Nuriyev2022] §3, Fig. 3e, §4.2) on build_bmtree: shifted rank v's children are v + 2^j for
// every 2^j above v's top bit, smallest first, so the root sends to 1, 2, 4, ... and its first
// child heads the largest subtree; height floor(log2 P), root degree ceil(log2 P). Segmented.
//
// Cost (Eq. 9): sum over floor(log2 P) + m/m_s - 1 stages of the slowest NBFT.
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/segmented_tree.hpp"
#include "collectives/core/alg_option.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_binomial(const AlgOptions& options) {
  return std::make_unique<bcast::SegmentedTreeBcast>(
      bcast::TreeShape::kBinomial, 0, static_cast<std::size_t>(option_integer(options, "segsize")));
}

}  // namespace papbench
