#pragma once
// Open MPI 3.1's generic segmented tree broadcast ([OpenMPI] bcast_intra_generic, v3.1.6;
// [Nuriyev2022] §4, Algorithm 1), shared by chain, kchain, binary and binomial (and split-binary's
// fallback), which differ only in their tree.

#include <mpi.h>

#include <cstddef>
#include <vector>

#include "collectives/bcast/ompi_trees.hpp"
#include "collectives/core/algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench::bcast {

// Broadcasts `count` elements of `buf` along `node` (this rank's place in the tree) in segments
// of `segcount` elements (the last one shorter): the root isends each segment to every child in
// order and waits for all before the next; an intermediate rank keeps two receives posted
// (segment i+1 is posted before segment i is awaited) and forwards each segment like the root; a
// leaf keeps two receives posted. `sends` is scratch the caller keeps between calls.
void segmented_tree_bcast(void* buf, int count, MPI_Datatype dtype, int segcount,
                          const TreeNode& node, bool is_root, MPI_Comm comm,
                          std::vector<MPI_Request>& sends);

// The bcast algorithms that are this routine on one of Open MPI's trees: the tree is built in
// prepare() (outside the timed region) and again only when the root changes; segsize 0 sends the
// message as one segment.
class SegmentedTreeBcast final : public Algorithm {
 public:
  SegmentedTreeBcast(TreeShape shape, int fanout, std::size_t segsize)
      : shape_(shape), fanout_(fanout), segsize_(segsize) {}
  void prepare(const Args& a) override;
  void run(const Args& a) override;

 private:
  void build(int root);

  TreeShape shape_;
  int fanout_;
  std::size_t segsize_;
  Comm comm_;
  int root_ = -1;
  TreeNode node_;
  std::vector<MPI_Request> sends_;
};

// The tag of every bcast message, as Open MPI's MCA_COLL_BASE_TAG_BCAST: MPI's non-overtaking
// rule keeps the segments in order on the algorithm's own communicator.
inline constexpr int kBcastTag = 1;

}  // namespace papbench::bcast
