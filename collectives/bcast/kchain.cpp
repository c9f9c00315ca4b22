// bcast/kchain: Open MPI 3.1's "chain" ([OpenMPI] bcast_intra_chain, algorithm 2, with
// coll_tuned_bcast_algorithm_chain_fanout K, default 4), the paper's K-chain tree ([Nuriyev2022]
// §3, Fig. 3d, §4.5): the root heads K chains of consecutive shifted ranks; with P-1 = qK + r the
// first r chains hold q+1 ranks, the rest q, so the height is ceil((P-1)/K) (the paper's
// floor((P-1)/K) undercounts when K does not divide P-1); K = P-1 when P-1 < K.
//
// Cost (Eq. 12): sum over ceil((P-1)/K) + m/m_s - 1 stages of the slowest NBFT (K+1 or 2 nodes).
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/segmented_tree.hpp"
#include "collectives/core/alg_option.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_kchain(const AlgOptions& options) {
  return std::make_unique<bcast::SegmentedTreeBcast>(
      bcast::TreeShape::kChain, static_cast<int>(option_integer(options, "fanout")),
      static_cast<std::size_t>(option_integer(options, "segsize")));
}

}  // namespace papbench
