#pragma once
// allgather/multileader's two schemes (docs/ALGORITHMS.md, UHA): the thesis' (multileader.cpp,
// scheme=p2p) and papbench's earlier reading (multileader_shared.cpp, scheme=shared), and the
// cut of each node's ranks into leader groups that both use.

#include <algorithm>
#include <memory>

#include "collectives/core/algorithm.hpp"
#include "collectives/uha/node_map.hpp"

namespace papbench::uha {

// Each node's ranks cut into L groups of consecutive local ranks, ceil(ns / min(L, ns)) per
// group, led by their first rank. A node whose ceil-sized groups do not reach the largest group
// count of any node (fewer ranks than L, or 4 ranks in groups of 2 for L = 3) lets an existing
// leader stand in for the missing groups: it runs their allgathers too, sending padding.
class LeaderGroups {
 public:
  LeaderGroups() = default;
  LeaderGroups(const NodeMap& map, int leaders) : map_(&map), leaders_(leaders) {
    for (int n = 0; n < map.node_count(); ++n) {
      groups_ = std::max(groups_, groups_on(n));
      group_size_ = std::max(group_size_, size_of_group(n));
    }
  }
  // The most groups of any node, and the most ranks in any group: the padded shape of the
  // buffers the groups' allgathers run on.
  int groups() const { return groups_; }
  int group_size() const { return group_size_; }
  // Ranks per group on `node`.
  int size_of_group(int node) const {
    const int size = map_->size_of(node);
    const int l = std::min(leaders_, size);
    return (size + l - 1) / l;
  }
  // The groups `node` has ranks for.
  int groups_on(int node) const {
    const int gs = size_of_group(node);
    return (map_->size_of(node) + gs - 1) / gs;
  }
  // The group of local rank `local` of `node`, and its position in it.
  int group_of(int node, int local) const { return local / size_of_group(node); }
  int position_of(int node, int local) const { return local % size_of_group(node); }
  // Which of `node`'s groups runs group g's allgather: g itself, or the stand-in g mod groups.
  int owner_of(int node, int g) const { return g % groups_on(node); }
  // The local rank of `node` in group g's allgather: its owner group's leader.
  int member_of(int node, int g) const { return owner_of(node, g) * size_of_group(node); }

 private:
  const NodeMap* map_ = nullptr;
  int leaders_ = 1, groups_ = 0, group_size_ = 0;
};

// scheme=shared: every group meets in one node-shared buffer and every rank copies all groups
// out of it; the leaders of a node never exchange.
std::unique_ptr<Algorithm> make_allgather_multileader_shared(const AlgOptions& options);

}  // namespace papbench::uha
