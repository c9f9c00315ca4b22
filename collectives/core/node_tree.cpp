#include "collectives/core/node_tree.hpp"

#include <stdexcept>

namespace papbench {

NodeTree::NodeTree(int nodes, int root_node, int kdeg)
    : nodes_(nodes), root_node_(root_node), kdeg_(kdeg) {
  if (nodes < 1 || root_node < 0 || root_node >= nodes || kdeg == 1 || kdeg < 0) {
    throw std::invalid_argument("NodeTree: bad shape");
  }
  children_.resize(static_cast<std::size_t>(nodes));
  for (int v = 1; v < nodes; ++v) {
    const int p = parent(to_node(v));
    children_[static_cast<std::size_t>(p)].push_back(to_node(v));
  }
}

int NodeTree::parent(int node) const {
  const int v = to_relative(node);
  if (v == 0) return -1;
  if (kdeg_ >= 2) return to_node((v - 1) / kdeg_);
  return to_node(v & (v - 1));  // clear the lowest set bit: MPICH's binomial parent
}

}  // namespace papbench
