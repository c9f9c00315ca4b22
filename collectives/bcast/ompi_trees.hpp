#pragma once
// The broadcast trees of Open MPI 3.1's coll/base ([OpenMPI] coll_base_topo.c, v3.1.6), pure
// arithmetic without MPI so that `papbench tree` and the unit tests build them for any P. Each
// builder gives one rank's view, as Open MPI's builders do (every rank computes its own parent and
// children from (P, root, rank) alone); whole_tree() collects the views of every rank. All trees
// are built on shifted ranks s = (rank - root) mod P, the root at s = 0, and returned in real
// ranks; children are listed in the order the rank sends to them ([Nuriyev2022] §3, Fig. 3).

#include <vector>

namespace papbench::bcast {

enum class TreeShape {
  kFlat,      // basic_linear: the root sends to every rank in increasing rank order
  kChain,     // build_chain(fanout): `fanout` chains hanging from the root (pipeline: fanout 1)
  kKary,      // build_tree(fanout): level-order k-ary tree (binary and split-binary: fanout 2)
  kBinomial,  // build_bmtree: children v ^ next_pow2(v), v ^ 2 next_pow2(v), ...
};

// One rank's place in a tree: parent -1 at the root.
struct TreeNode {
  int parent = -1;
  std::vector<int> children;
  bool operator==(const TreeNode&) const = default;
};

// Every rank's view, indexed by real rank.
struct Tree {
  std::vector<int> parent;
  std::vector<std::vector<int>> children;
};

// Open MPI's MAXTREEFANOUT: the most children a coll/base tree node can hold (build_chain clamps a
// larger fanout to it, build_tree refuses one).
inline constexpr int kMaxTreeFanout = 32;

// Rank `rank`'s node of the tree of `shape` over `size` ranks rooted at `root`. `fanout` is used
// by kChain and kKary only and must be in [1, kMaxTreeFanout]; std::invalid_argument for a size,
// root, rank or fanout out of range.
TreeNode tree_node(TreeShape shape, int size, int root, int fanout, int rank);
Tree whole_tree(TreeShape shape, int size, int root, int fanout);

// Split-binary's halves ([OpenMPI] bcast_intra_split_bintree): 0 for ranks of the root's first
// (left) subtree, which carries the first half of the message, 1 for the second (right) subtree;
// the root counts as 1, as in Open MPI. build_tree(2) puts the odd shifted ranks on the left.
int split_binary_half(int size, int root, int rank);
// The partner of a non-root rank in the final exchange of halves: (rank + 1) mod P on the left,
// (rank - 1) mod P on the right (shifted pairs (s, s+1), s odd). With P even the last shifted
// rank has no partner: it receives the second half from the root instead.
int split_binary_pair(int size, int root, int rank);

}  // namespace papbench::bcast
