// allgather/multileader scheme=shared: papbench's first reading of the multi-leader allgather
// ([Parsons2015] §2.3.2, Fig. 2.3), kept for comparison with the thesis' scheme (multileader.cpp):
// each node's ranks are cut into L groups (LeaderGroups), but all of them copy in to one
// node-shared buffer, the leaders of group g run one allgather (inter=NAME) on the group's blocks,
// which lie contiguously in the group-major buffer SHARED[g][node][j], and every rank copies all
// groups out of it. So the leaders of a node never exchange and the node's shared-memory use does
// not drop, which the thesis says it does. It runs inside the Fig. 2.1 driver, with the leaders'
// single call of line 13 replaced by the groups' calls, in group order on every rank.

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/multileader.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench::uha {
namespace {

struct SharedSchemeGroup {
  Comm comm;
  std::unique_ptr<Algorithm> alg;
  Args args;
};

class MultileaderSharedPieces final : public Pieces {
 public:
  explicit MultileaderSharedPieces(const AlgOptions& options)
      : leaders_(static_cast<int>(option_integer(options, "leaders"))),
        inter_name_(option_text(options, "inter")) {}

  bool own_inter_phase() const override { return true; }

  void prepare(const NodeContext& node, const Args& a) override {
    node_ = &node;
    const NodeMap& m = node.map;
    ext_ = extent_of(a.dtype);
    cut_ = LeaderGroups(m, leaders_);
    groups_ = cut_.groups();
    group_size_ = cut_.group_size();
    const std::size_t block = std::size_t(group_size_) * a.count;  // one group of one node
    send_ = SharedSlots(node.node_comm, block * ext_ * std::size_t(groups_));
    recv_ = SharedSlots(node.node_comm,
                        block * ext_ * std::size_t(groups_) * std::size_t(m.node_count()));
    const AlgorithmInfo& info = *find_algorithm("allgather", inter_name_);
    mine_.clear();
    group_of_.clear();
    for (int g = 0; g < groups_; ++g) {
      const bool member = m.local_rank() == cut_.member_of(m.node(), g);
      MPI_Comm c = MPI_COMM_NULL;
      mpi_check(MPI_Comm_split(node.all, member ? 0 : MPI_UNDEFINED, m.node(), &c),
                "MPI_Comm_split");
      if (!member) continue;
      SharedSchemeGroup lg{Comm(c), make_algorithm(info, {}), {}};
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
    const int l = node_->map.local_rank(), gs = cut_.size_of_group(node_->map.node());
    local_copy(a.send, at(send_.slot(parity), slot(l / gs, 0, l % gs, a, false), ext_), a.count,
               ext_);
  }

  void setup_inter(const Args& /*a*/, int parity) override {
    for (std::size_t i = 0; i < mine_.size(); ++i) point(i, parity);
  }

  bool inter(int /*parity*/) override {
    for (SharedSchemeGroup& lg : mine_) lg.alg->run(lg.args);
    return !mine_.empty();
  }

  void copy_out(const Args& a, int parity) override {
    const NodeMap& m = node_->map;
    const std::byte* shared = recv_.slot(parity);
    for (int n = 0; n < m.node_count(); ++n) {
      const int gs = cut_.size_of_group(n);
      for (int l = 0; l < m.size_of(n); ++l) {
        local_copy(at(shared, slot(l / gs, n, l % gs, a, true), ext_),
                   at(a.recv, std::size_t(m.rank_of(n, l)) * a.count, ext_), a.count, ext_);
      }
    }
  }

 private:
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
  const NodeContext* node_ = nullptr;
  LeaderGroups cut_;
  std::size_t ext_ = 0;
  int groups_ = 0, group_size_ = 0;
  SharedSlots send_, recv_;
  std::vector<SharedSchemeGroup> mine_;
  std::vector<int> group_of_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgather_multileader_shared(const AlgOptions& options) {
  return std::make_unique<Driver>("allgather", "",
                                  std::make_unique<MultileaderSharedPieces>(options));
}

}  // namespace papbench::uha
