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
      kdeg_(kdeg),
      tree_(comms_.nodes->node_count(), root_node_, kdeg) {
  for (int n = 0; n < comms_.nodes->node_count(); ++n) {
    node_ranks_.push_back(comms_.nodes->ranks_of_node(n));
  }
}

int HierLayout::static_leader(int node) const {
  return node == root_node_ ? root_ : ranks_of(node).front();
}

bool HierLayout::serves(const Args& args) const {
  if (args.nodes != comms_.nodes) return false;
  int same = MPI_UNEQUAL;
  mpi_check(MPI_Comm_compare(args.comm, comms_.all.get(), &same), "MPI_Comm_compare");
  return same == MPI_CONGRUENT;
}

void HierLayout::set_root(int root) {
  root_ = root;
  root_node_ = comms_.nodes->node_of_rank()[static_cast<std::size_t>(root)];
  tree_ = NodeTree(comms_.nodes->node_count(), root_node_, kdeg_);
}

bool HierLayout::follow_root(int root) {
  if (root == root_) return false;
  set_root(root);
  return true;
}

bool refresh_layout(std::unique_ptr<HierLayout>& layout, const Args& args, int kdeg) {
  if (layout && layout->serves(args)) {
    layout->set_root(args.root);
    return false;
  }
  layout.reset();
  layout = std::make_unique<HierLayout>(args, kdeg);
  return true;
}

}  // namespace papbench
