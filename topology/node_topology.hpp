#pragma once
// Which ranks share a node, and the communicators hierarchical code needs: one per node and the
// node leaders (L of them per node). Nodes are the real shared-memory nodes, or virtual nodes of
// K consecutive ranks carved out of each real node (--virtual-ppn K), so that hierarchical
// algorithms, node-leader clock sync and per-node PAP statistics can be exercised on one machine.

#include <mpi.h>

#include <vector>

#include "common/mpi_env.hpp"

namespace papbench::topology {

class NodeTopology {
 public:
  // Collective over `comm`. virtual_ppn 0 uses the real nodes; K >= 1 splits every real node
  // into virtual nodes of K consecutive ranks (its last one may be smaller). Node ids are
  // numbered by their lowest rank, so with consecutive placement node n holds ranks n*K... .
  // leaders_per_node L >= 1: leader comm l joins local rank l of every node with more than l
  // ranks. Throws std::invalid_argument for K < 0 or L < 1.
  explicit NodeTopology(MPI_Comm comm, int virtual_ppn = 0, int leaders_per_node = 1);

  int rank() const { return rank_; }  // in the communicator given
  int size() const { return static_cast<int>(node_of_rank_.size()); }
  int node() const { return node_of_rank_[static_cast<std::size_t>(rank_)]; }
  int local_rank() const { return local_rank_of_[static_cast<std::size_t>(rank_)]; }
  int node_count() const { return static_cast<int>(node_sizes_.size()); }
  int node_size() const { return node_sizes_[static_cast<std::size_t>(node())]; }

  // Indexed by rank: its node, its rank within the node. Indexed by node: its size.
  const std::vector<int>& node_of_rank() const { return node_of_rank_; }
  const std::vector<int>& local_rank_of() const { return local_rank_of_; }
  const std::vector<int>& node_sizes() const { return node_sizes_; }
  // The ranks of `node` in rank order (local rank i at index i).
  std::vector<int> ranks_of_node(int node) const;
  // The ranks that lead `node`: local ranks 0 .. min(L, node size) - 1.
  std::vector<int> leaders_of_node(int node) const;

  bool is_virtual() const { return virtual_ppn_ > 0; }
  int virtual_ppn() const { return virtual_ppn_; }  // 0: real nodes
  int leaders_per_node() const { return leaders_per_node_; }
  // Shared-memory nodes the ranks run on, whatever the virtual split.
  int real_node_count() const { return real_node_count_; }
  // Every node is one block of consecutive ranks, in node order (what rank = node * ppn + local
  // arithmetic assumes). Everything here works without it.
  bool consecutive() const { return consecutive_; }

  // This rank's node (members ordered by rank, so local rank 0 is the lowest).
  MPI_Comm node_comm() const { return node_comm_.get(); }
  // Leader comm l (0 <= l < leaders_per_node()): local rank l of each node that has one, ordered
  // by node; MPI_COMM_NULL on every other rank.
  MPI_Comm leader_comm(int l = 0) const;
  bool is_leader() const { return local_rank() < leaders_per_node_; }

 private:
  int rank_ = 0;
  int virtual_ppn_ = 0;
  int leaders_per_node_ = 1;
  int real_node_count_ = 0;
  bool consecutive_ = true;
  std::vector<int> node_of_rank_, local_rank_of_, node_sizes_;
  Comm node_comm_;
  std::vector<Comm> leader_comms_;  // [l]; null where this rank is not leader l
};

}  // namespace papbench::topology
