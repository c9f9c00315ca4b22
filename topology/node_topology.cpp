#include "topology/node_topology.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

namespace papbench::topology {

NodeTopology::NodeTopology(MPI_Comm comm, int virtual_ppn, int leaders_per_node)
    : virtual_ppn_(virtual_ppn), leaders_per_node_(leaders_per_node) {
  if (virtual_ppn < 0) throw std::invalid_argument("node topology: virtual ppn must be >= 0");
  if (leaders_per_node < 1) {
    throw std::invalid_argument("node topology: leaders per node must be >= 1");
  }
  rank_ = comm_rank(comm);
  const int size = comm_size(comm);

  // Keyed by rank, so a real node's local rank 0 is its lowest rank and virtual blocks of local
  // ranks are blocks of consecutive ranks whenever the placement is consecutive.
  MPI_Comm shared = MPI_COMM_NULL;
  mpi_check(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &shared),
            "MPI_Comm_split_type");
  Comm real(shared);

  // The real node's lowest rank names it: a name every member learns from its own node alone.
  // With (name, local rank) of every rank, each rank derives the same numbering by itself.
  int mine[2] = {rank_, real.rank()};
  mpi_check(MPI_Bcast(&mine[0], 1, MPI_INT, 0, real.get()), "MPI_Bcast");
  std::vector<int> all(2 * static_cast<std::size_t>(size));
  mpi_check(MPI_Allgather(mine, 2, MPI_INT, all.data(), 2, MPI_INT, comm), "MPI_Allgather");

  // Walking the ranks in order numbers the nodes by their lowest rank; a rank's local rank is
  // the number of its node's members seen before it.
  std::map<std::pair<int, int>, int> node_id;  // (real node, virtual block) -> node
  std::set<int> real_nodes;
  node_of_rank_.resize(static_cast<std::size_t>(size));
  local_rank_of_.resize(static_cast<std::size_t>(size));
  for (std::size_t r = 0; r < node_of_rank_.size(); ++r) {
    const int real_node = all[2 * r];
    const int block = virtual_ppn_ > 0 ? all[2 * r + 1] / virtual_ppn_ : 0;
    real_nodes.insert(real_node);
    const auto [it, added] =
        node_id.try_emplace({real_node, block}, static_cast<int>(node_sizes_.size()));
    if (added) node_sizes_.push_back(0);
    node_of_rank_[r] = it->second;
    local_rank_of_[r] = node_sizes_[static_cast<std::size_t>(it->second)]++;
  }
  real_node_count_ = static_cast<int>(real_nodes.size());
  // Numbered by lowest rank, the nodes are consecutive blocks exactly when the ids never fall.
  consecutive_ = std::is_sorted(node_of_rank_.begin(), node_of_rank_.end());

  if (virtual_ppn_ > 0) {
    // Splitting the real node (not `comm`) keeps every virtual node inside one shared memory.
    MPI_Comm part = MPI_COMM_NULL;
    mpi_check(MPI_Comm_split(real.get(), real.rank() / virtual_ppn_, rank_, &part),
              "MPI_Comm_split");
    node_comm_ = Comm(part);
  } else {
    node_comm_ = std::move(real);
  }

  // Keyed by node, so that rank i of a leader comm belongs to the i-th node that has such a
  // member, even when the placement is not consecutive. Comms beyond the largest node would be
  // empty everywhere and are not created.
  const int largest = *std::max_element(node_sizes_.begin(), node_sizes_.end());
  for (int l = 0; l < std::min(leaders_per_node_, largest); ++l) {
    MPI_Comm c = MPI_COMM_NULL;
    mpi_check(MPI_Comm_split(comm, local_rank() == l ? 0 : MPI_UNDEFINED, node(), &c),
              "MPI_Comm_split");
    leader_comms_.emplace_back(c);
  }
}

std::vector<int> NodeTopology::ranks_of_node(int node) const {
  std::vector<int> ranks;
  for (std::size_t r = 0; r < node_of_rank_.size(); ++r) {
    if (node_of_rank_[r] == node) ranks.push_back(static_cast<int>(r));
  }
  return ranks;
}

std::vector<int> NodeTopology::leaders_of_node(int node) const {
  std::vector<int> ranks = ranks_of_node(node);
  ranks.resize(std::min(ranks.size(), static_cast<std::size_t>(leaders_per_node_)));
  return ranks;
}

MPI_Comm NodeTopology::leader_comm(int l) const {
  if (l < 0 || l >= leaders_per_node_) {
    throw std::out_of_range("node topology: leader comm " + std::to_string(l) + " of " +
                            std::to_string(leaders_per_node_));
  }
  const auto i = static_cast<std::size_t>(l);
  return i < leader_comms_.size() ? leader_comms_[i].get() : MPI_COMM_NULL;
}

}  // namespace papbench::topology
