// allgather/multileader: the multi-leader hierarchical allgather of Kandalla et al. as
// [Parsons2015] §2.2.2 and §2.3.2 (Fig. 2.3) describe it: each node's ranks are cut into L groups,
// each funnelled through shared memory to its own leader, and the L leaders of a node exchange over
// the network in parallel, leader g with the g-th leaders of the other nodes. Inferred where the
// thesis gives only words (docs/ALGORITHMS.md, UHA):
//   - groups are consecutive local ranks, ceil(ns / L) per group, led by their first rank;
//   - the leaders of group g run one allgather (inter=NAME) on the group's blocks, which lie
//     contiguously in a group-major shared buffer SHARED[g][node][j];
//   - L is clamped to each node's size, and a node whose ceil-sized groups do not reach L (fewer
//     ranks than L, or 4 ranks in groups of 2 for L = 3) lets an existing leader stand in for
//     the missing groups (it sends padding and receives the other nodes' group g),
//     so uneven last nodes work; it runs its allgathers in group order, as every rank does.
#include <algorithm>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

struct LeaderGroup {
  Comm comm;
  std::unique_ptr<Algorithm> alg;
  Args args;
};

class MultileaderPieces final : public uha::Pieces {
 public:
  explicit MultileaderPieces(const AlgOptions& options)
      : leaders_(static_cast<int>(option_integer(options, "leaders"))),
        inter_name_(option_text(options, "inter")) {}

  bool own_inter_phase() const override { return true; }

  void prepare(const uha::NodeContext& node, const Args& a) override {
    node_ = &node;
    const uha::NodeMap& m = node.map;
    ext_ = extent_of(a.dtype);
    groups_ = group_size_ = 0;
    for (int n = 0; n < m.node_count(); ++n) {
      groups_ = std::max(groups_, groups_on(n));
      group_size_ = std::max(group_size_, size_of_group(n));
    }
    const std::size_t block = std::size_t(group_size_) * a.count;  // one group of one node
    send_ = uha::SharedSlots(node.node_comm, block * ext_ * std::size_t(groups_));
    recv_ = uha::SharedSlots(node.node_comm,
                             block * ext_ * std::size_t(groups_) * std::size_t(m.node_count()));
    const AlgorithmInfo& info = *find_algorithm("allgather", inter_name_);
    mine_.clear();
    group_of_.clear();
    for (int g = 0; g < groups_; ++g) {
      const bool member = m.local_rank() == member_of(m.node(), g);
      MPI_Comm c = MPI_COMM_NULL;
      mpi_check(MPI_Comm_split(node.all, member ? 0 : MPI_UNDEFINED, m.node(), &c),
                "MPI_Comm_split");
      if (!member) continue;
      LeaderGroup lg{Comm(c), make_algorithm(info, {}), {}};
      lg.args.comm = lg.comm.get();
      lg.args.dtype = MPI_BYTE;
      lg.args.count = block * ext_;
      mine_.push_back(std::move(lg));
      group_of_.push_back(g);
    }
    for (std::size_t i = 0; i < mine_.size(); ++i) {
      point(i, 0);
      mine_[i].alg->prepare(mine_[i].args);
    }
  }

  void copy_in(const Args& a, int parity) override {
    const int l = node_->map.local_rank(), gs = size_of_group(node_->map.node());
    local_copy(a.send, at(send_.slot(parity), slot(l / gs, 0, l % gs, a, false), ext_), a.count,
               ext_);
  }

  void setup_inter(const Args& /*a*/, int parity) override {
    for (std::size_t i = 0; i < mine_.size(); ++i) point(i, parity);
  }

  bool inter(int /*parity*/) override {
    for (LeaderGroup& lg : mine_) lg.alg->run(lg.args);
    return !mine_.empty();
  }

  void copy_out(const Args& a, int parity) override {
    const uha::NodeMap& m = node_->map;
    const std::byte* shared = recv_.slot(parity);
    for (int n = 0; n < m.node_count(); ++n) {
      const int gs = size_of_group(n);
      for (int l = 0; l < m.size_of(n); ++l) {
        local_copy(at(shared, slot(l / gs, n, l % gs, a, true), ext_),
                   at(a.recv, std::size_t(m.rank_of(n, l)) * a.count, ext_), a.count, ext_);
      }
    }
  }

 private:
  // Ranks per group on `node`: ceil(size / min(L, size)).
  int size_of_group(int node) const {
    const int size = node_->map.size_of(node);
    const int l = std::min(leaders_, size);
    return (size + l - 1) / l;
  }
  // The groups `node` has ranks for: with ceil-sized groups, fewer than min(L, size) when L does
  // not divide the size (4 ranks, L = 3: groups of 2, so 2 groups).
  int groups_on(int node) const {
    const int gs = size_of_group(node);
    return (node_->map.size_of(node) + gs - 1) / gs;
  }
  // The local rank of `node` in group g's allgather: the group's first rank, or for a group the
  // node does not have, the leader of group g mod (its groups).
  int member_of(int node, int g) const { return (g % groups_on(node)) * size_of_group(node); }
  // Element offset of [g][node][j] in the shared receive buffer (all nodes) or of [g][j] in the
  // node's send buffer.
  std::size_t slot(int g, int node, int j, const Args& a, bool all_nodes) const {
    const std::size_t nodes = all_nodes ? std::size_t(node_->map.node_count()) : 1;
    return ((std::size_t(g) * nodes + std::size_t(node)) * std::size_t(group_size_) +
            std::size_t(j)) *
           a.count;
  }
  void point(std::size_t i, int parity) {
    const auto g = std::size_t(group_of_[i]);
    const std::size_t block = mine_[i].args.count;  // bytes
    mine_[i].args.send = send_.slot(parity) + g * block;
    mine_[i].args.recv = recv_.slot(parity) + g * block * std::size_t(node_->map.node_count());
  }

  int leaders_;
  std::string inter_name_;
  const uha::NodeContext* node_ = nullptr;
  std::size_t ext_ = 0;
  int groups_ = 0, group_size_ = 0;
  uha::SharedSlots send_, recv_;
  std::vector<LeaderGroup> mine_;
  std::vector<int> group_of_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgather_multileader(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("allgather", "",
                                       std::make_unique<MultileaderPieces>(options));
}

}  // namespace papbench
