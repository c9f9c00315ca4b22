#include "collectives/uha/node_map.hpp"

#include <algorithm>

#include "topology/node_topology.hpp"

namespace papbench::uha {

NodeMap::NodeMap(const topology::NodeTopology& t)
    : node_(t.node()),
      local_(t.local_rank()),
      node_of_(t.node_of_rank()),
      local_of_(t.local_rank_of()) {
  ranks_.resize(std::size_t(t.node_count()));
  runs_.resize(ranks_.size());
  for (int n = 0; n < t.node_count(); ++n) {
    auto& ranks = ranks_[std::size_t(n)];
    ranks = t.ranks_of_node(n);
    max_size_ = std::max(max_size_, static_cast<int>(ranks.size()));
    auto& runs = runs_[std::size_t(n)];
    for (int l = 0; l < static_cast<int>(ranks.size()); ++l) {
      const int r = ranks[std::size_t(l)];
      if (!runs.empty() && runs.back().first_rank + runs.back().length == r) {
        ++runs.back().length;
      } else {
        runs.push_back({l, r, 1});
      }
    }
  }
}

}  // namespace papbench::uha
