#pragma once
// What the hierarchical reduces and broadcasts of [Parsons2015] ch. 3 know about one case: their
// private communicators, the root's node, the tree between nodes relative to it, the ranks of
// every node, and which rank leads a node when leaders are static (the root on its own node,
// local rank 0 elsewhere; the thesis always uses root 0, which is both).

#include <memory>
#include <vector>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/node_shared.hpp"
#include "collectives/core/node_tree.hpp"

namespace papbench {

class HierLayout {
 public:
  // Collective over args.comm. kdeg: the tree between nodes (NodeTree; 0 binomial).
  HierLayout(const Args& args, int kdeg);

  const HierarchyComms& comms() const { return comms_; }
  int rank() const { return rank_; }
  int root() const { return root_; }
  int node() const { return node_; }
  int root_node() const { return root_node_; }
  int node_size() const { return static_cast<int>(ranks_of(node_).size()); }
  const NodeTree& tree() const { return tree_; }
  // The ranks of `node`, local rank 0 first.
  const std::vector<int>& ranks_of(int node) const {
    return node_ranks_[static_cast<std::size_t>(node)];
  }
  int static_leader(int node) const;
  bool is_static_leader() const { return static_leader(node_) == rank_; }
  // run() may see another root than prepare() did (the app kernels move the root with one
  // instance, bench/app/app_kernel.hpp): re-hangs the tree from `root`, no new communicators.
  // True when the root changed.
  bool follow_root(int root);
  // Whether this layout's communicators serve a case of `args` (the same nodes and a congruent
  // communicator), so prepare() can keep them and only re-hang the tree from args.root.
  bool serves(const Args& args) const;
  void set_root(int root);

 private:
  HierarchyComms comms_;
  int rank_ = 0, root_ = 0, node_ = 0, root_node_ = 0, kdeg_ = 0;
  NodeTree tree_;
  std::vector<std::vector<int>> node_ranks_;
};

// prepare()'s reuse rule (the harness prepares every case, and new communicators and windows per
// case would dominate a test's run time): keeps `layout` when it serves `args`, re-hung from
// args.root, else makes a new one (collective). True when it made one: whatever was built on the
// old one's communicators must be built again.
bool refresh_layout(std::unique_ptr<HierLayout>& layout, const Args& args, int kdeg);

}  // namespace papbench
