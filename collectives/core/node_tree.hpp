#pragma once
// The tree between the nodes of a hierarchical reduce or bcast ([Parsons2015] §3.7.1, §3.7.2):
// nodes numbered relative to the root's node (which becomes node 0), joined by a binomial tree as
// MPICH's binomial algorithms join ranks, or by a k-ary tree for the thesis' "Dynamic-4/8/16/32"
// variants (Appendix A, Fig. A.10; Appendix B). Pure arithmetic over node ids.

#include <vector>

namespace papbench {

class NodeTree {
 public:
  // `nodes` >= 1 nodes, rooted at node `root_node`; kdeg 0: binomial, kdeg >= 2: k-ary.
  NodeTree(int nodes, int root_node, int kdeg);

  // The parent's node id, or -1 at the root's node.
  int parent(int node) const;
  // The children's node ids. Binomial: nearest first (relative node + 1, + 2, + 4, ...), the order
  // MPICH's binomial reduce receives in; k-ary: in id order.
  const std::vector<int>& children(int node) const {
    return children_[static_cast<std::size_t>(node)];
  }

 private:
  int to_node(int relative) const { return (relative + root_node_) % nodes_; }
  int to_relative(int node) const { return (node - root_node_ + nodes_) % nodes_; }

  int nodes_, root_node_, kdeg_;
  std::vector<std::vector<int>> children_;  // by node id
};

}  // namespace papbench
