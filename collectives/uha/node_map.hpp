#pragma once
// Where every rank of the case sits in the (real or --virtual-ppn) nodes, as the UHA's copy
// loops need it: the ranks of each node by local rank, and the runs of consecutive ranks within
// a node, so that with consecutive placement ([Parsons2015] §2.0) a node's blocks move with one
// memcpy and with any other placement they still land in the right place.

#include <cstddef>
#include <vector>

namespace papbench {

namespace topology {
class NodeTopology;
}

namespace uha {

// Local ranks [first_local, first_local + length) of a node are ranks [first_rank, ...+length).
struct RankRun {
  int first_local, first_rank, length;
};

class NodeMap {
 public:
  NodeMap() = default;
  explicit NodeMap(const topology::NodeTopology& t);

  int node() const { return node_; }
  int local_rank() const { return local_; }
  int rank() const { return rank_of(node_, local_); }
  int rank_count() const { return static_cast<int>(node_of_.size()); }
  int node_count() const { return static_cast<int>(ranks_.size()); }
  int size_of(int node) const { return static_cast<int>(ranks_[std::size_t(node)].size()); }
  int my_node_size() const { return size_of(node_); }
  // The largest node: every node's part of a padded shared buffer has room for this many ranks,
  // so the leaders' collective sees equal blocks even when the last node is shorter.
  int max_node_size() const { return max_size_; }
  int rank_of(int node, int local) const { return ranks_[std::size_t(node)][std::size_t(local)]; }
  int node_of(int rank) const { return node_of_[std::size_t(rank)]; }
  int local_of(int rank) const { return local_of_[std::size_t(rank)]; }
  const std::vector<RankRun>& runs(int node) const { return runs_[std::size_t(node)]; }

 private:
  int node_ = 0, local_ = 0, max_size_ = 0;
  std::vector<std::vector<int>> ranks_;     // [node][local] -> rank
  std::vector<std::vector<RankRun>> runs_;  // [node]
  std::vector<int> node_of_, local_of_;     // [rank]
};

}  // namespace uha
}  // namespace papbench
