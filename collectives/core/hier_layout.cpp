#include "collectives/core/hier_layout.hpp"

#include <stdexcept>
#include <string>

#include "topology/node_topology.hpp"

namespace papbench {
namespace {

int node_of(const Args& args, int rank) {
  if (args.nodes == nullptr) {
    throw std::logic_error("a hierarchical algorithm needs the node topology (Args::nodes)");
  }
  return args.nodes->node_of_rank()[static_cast<std::size_t>(rank)];
}

}  // namespace

HierLayout::HierLayout(const Args& args, int kdeg)
    : comms_(args),
      rank_(comms_.all.rank()),
      root_(args.root),
      node_(node_of(args, rank_)),
      root_node_(node_of(args, args.root)),
      tree_(comms_.nodes->node_count(), root_node_, kdeg) {
  for (int n = 0; n < comms_.nodes->node_count(); ++n) {
    node_ranks_.push_back(comms_.nodes->ranks_of_node(n));
  }
}

int HierLayout::static_leader(int node) const {
  return node == root_node_ ? root_ : ranks_of(node).front();
}

void HierLayout::expect_root(int root, const char* algorithm) const {
  if (root != root_) {
    throw std::logic_error(std::string(algorithm) + ": run() with another root than prepare()");
  }
}

}  // namespace papbench
