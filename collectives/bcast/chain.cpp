// bcast/chain: Open MPI 3.1's "pipeline" ([OpenMPI] bcast_intra_pipeline, algorithm 3), the
// paper's chain tree ([Nuriyev2022] §3, Fig. 3b, §4.3): shifted rank s receives each segment from
// s-1 and forwards it to s+1, so P-1 hops and P + n_s - 2 stages for n_s segments.
//
// Cost (Eq. 10): sum over P + m/m_s - 2 stages of the slowest two-node NBFT.
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/segmented_tree.hpp"
#include "collectives/core/alg_option.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_chain(const AlgOptions& options) {
  return std::make_unique<bcast::SegmentedTreeBcast>(
      bcast::TreeShape::kChain, 1, static_cast<std::size_t>(option_integer(options, "segsize")));
}

}  // namespace papbench
