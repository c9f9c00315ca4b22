// allgather/multileader: the multi-leader hierarchical allgather of Kandalla et al. as
// [Parsons2015] §2.2.2 and §2.3.2 (Fig. 2.3) describe it: "only a portion of the processes on a
// node communicate through shared memory to their leader", "leaders on the same node communicate
// via point-to-point communication", so "the ns term in the cost model becomes ns/num_leaders",
// "at the expense of shared memory communication". Per call (scheme=p2p, the default):
//   1. each rank copies its block into its group's shared memory (groups: LeaderGroups), and the
//      group meets at a barrier of its own ranks only;
//   2. the g-th leaders of all nodes allgather (inter=NAME) their groups' blocks, the groups in
//      parallel, each into its own group's shared buffer;
//   3. the leaders of a node exchange what they received, point to point, so every group's
//      buffer holds every node's every group;
//   4. after a second group barrier every rank copies the whole result out of its group's buffer.
// Shared memory and barriers never span more than one group. Inferred where the thesis gives only
// words (docs/ALGORITHMS.md, UHA): the group cut, the stand-in leaders of a node with fewer groups
// than the largest, and the exchange as one Isend per (group, other leader) of the node.
// scheme=shared keeps papbench's earlier reading (multileader_shared.cpp).
#include "collectives/uha/multileader.hpp"

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/node_shared.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"
#include "common/smpi_platform.hpp"

namespace papbench::uha {
namespace {

using MlClock = smpi::SteadyClock;  // simulated under SMPI (common/smpi_platform.hpp)

// Group g's allgather between nodes, on a leader that owns g (its own group or a stand-in).
struct OwnedGroup {
  int group = 0;
  Comm comm;
  std::unique_ptr<Algorithm> alg;
  Args args;
};

class MultileaderP2p final : public Algorithm {
 public:
  explicit MultileaderP2p(const AlgOptions& options)
      : leaders_(static_cast<int>(option_integer(options, "leaders"))),
        inter_name_(option_text(options, "inter")) {}

  void prepare(const Args& a) override {
    comms_.emplace(a);
    map_ = NodeMap(*a.nodes);
    cut_ = LeaderGroups(map_, leaders_);
    ext_ = extent_of(a.dtype);
    count_ = a.count;
    const int node = map_.node(), local = map_.local_rank();
    group_ = cut_.group_of(node, local);
    position_ = cut_.position_of(node, local);
    MPI_Comm c = MPI_COMM_NULL;
    mpi_check(MPI_Comm_split(comms_->node.get(), group_, local, &c), "MPI_Comm_split");
    group_comm_ = Comm(c);
    barrier_ = NodeBarrier(group_comm_.get());
    // One group of one node, padded to the largest group; the group's send blocks, then the
    // result of every group of every node, group-major (SHARED[g][node][j]) so that group g's
    // blocks are contiguous for its allgather.
    block_ = std::size_t(cut_.group_size()) * count_ * ext_;
    slots_ = SharedSlots(group_comm_.get(), block_ * (1 + std::size_t(cut_.groups()) *
                                                              std::size_t(map_.node_count())));
    const bool leader = position_ == 0;
    c = MPI_COMM_NULL;
    mpi_check(MPI_Comm_split(comms_->node.get(), leader ? 0 : MPI_UNDEFINED, local, &c),
              "MPI_Comm_split");
    node_leaders_ = Comm(c);  // rank q: the leader of the node's group q
    const AlgorithmInfo& info = *find_algorithm("allgather", inter_name_);
    owned_.clear();
    for (int g = 0; g < cut_.groups(); ++g) {
      const bool member = local == cut_.member_of(node, g);
      c = MPI_COMM_NULL;
      mpi_check(MPI_Comm_split(comms_->all.get(), member ? 0 : MPI_UNDEFINED, node, &c),
                "MPI_Comm_split");
      if (!member) continue;
      OwnedGroup o{g, Comm(c), make_algorithm(info, {}), {}};
      o.args.comm = o.comm.get();
      o.args.dtype = MPI_BYTE;
      o.args.count = block_;
      owned_.push_back(std::move(o));
    }
    for (OwnedGroup& o : owned_) {
      point(o, 0);
      o.alg->prepare(o.args);
    }
    // The exchange's requests, at most one per (group, other leader): none allocated when timed.
    requests_.clear();
    requests_.reserve(std::size_t(cut_.groups()) * std::size_t(cut_.groups()));
    calls_ = 0;
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "allgather/multileader");
    const int parity = static_cast<int>(calls_++ % 2);
    const auto t0 = MlClock::now();
    local_copy(a.send, send_area(parity) + std::size_t(position_) * count_ * ext_, count_, ext_);
    const auto t1 = MlClock::now();
    barrier_.wait();
    const auto t2 = MlClock::now();
    for (OwnedGroup& o : owned_) {
      point(o, parity);
      o.alg->run(o.args);
    }
    const auto t3 = MlClock::now();
    if (node_leaders_) exchange(parity);
    const auto t4 = MlClock::now();
    barrier_.wait();
    const auto t5 = MlClock::now();
    copy_out(a, parity);
    const auto t6 = MlClock::now();
    const bool leader = node_leaders_.get() != MPI_COMM_NULL;
    copy_in_ = t1 - t0;
    wait_ = (t2 - t1) + (t5 - t4);
    inter_ = leader ? t3 - t2 : MlClock::duration::zero();
    exchange_ = leader ? t4 - t3 : MlClock::duration::zero();
    copy_out_ = t6 - t5;
  }

  // The Driver's four phases (uha_inter_ns: the allgathers between nodes only) and the leaders'
  // exchange within the node, which the thesis charges to this scheme.
  std::vector<AlgMetric> iteration_metrics() const override {
    return {{"uha_copy_in_ns", copy_in_.count()},
            {"uha_inter_ns", inter_.count()},
            {"uha_copy_out_ns", copy_out_.count()},
            {"uha_barrier_ns", wait_.count()},
            {"multileader_exchange_ns", exchange_.count()}};
  }

 private:
  std::byte* send_area(int parity) const { return slots_.slot(parity); }
  // Group g's blocks of every node in this group's result area.
  std::byte* result_of(int parity, int g) const {
    return slots_.slot(parity) + block_ + std::size_t(g) * std::size_t(map_.node_count()) * block_;
  }
  void point(OwnedGroup& o, int parity) const {
    // A stand-in sends its own group's blocks as padding: no node reads its group-g slots.
    o.args.send = send_area(parity);
    o.args.recv = result_of(parity, o.group);
  }

  // Step 3: every leader sends each group it owns to every other leader of its node and receives
  // theirs, straight into its group's shared buffer.
  void exchange(int parity) {
    const int node = map_.node(), groups_here = cut_.groups_on(node);
    const std::size_t bytes = std::size_t(map_.node_count()) * block_;
    const int n = count_as_int(bytes, "allgather/multileader exchange");
    requests_.clear();
    // Tag: the group whose blocks move, on the private communicator of the node's leaders.
    for (int q = 0; q < groups_here; ++q) {
      if (q == group_) continue;
      for (int g = 0; g < cut_.groups(); ++g) {
        const int owner = cut_.owner_of(node, g);
        if (owner != group_ && owner != q) continue;
        MPI_Request& r = requests_.emplace_back();
        if (owner == group_) {
          mpi_check(MPI_Isend(result_of(parity, g), n, MPI_BYTE, q, g, node_leaders_.get(), &r),
                    "MPI_Isend");
        } else {
          mpi_check(MPI_Irecv(result_of(parity, g), n, MPI_BYTE, q, g, node_leaders_.get(), &r),
                    "MPI_Irecv");
        }
      }
    }
    mpi_check(
        MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE),
        "MPI_Waitall");
  }

  void copy_out(const Args& a, int parity) const {
    for (int n = 0; n < map_.node_count(); ++n) {
      for (int l = 0; l < map_.size_of(n); ++l) {
        const std::size_t j =
            std::size_t(n) * std::size_t(cut_.group_size()) + std::size_t(cut_.position_of(n, l));
        local_copy(result_of(parity, cut_.group_of(n, l)) + j * count_ * ext_,
                   at(a.recv, std::size_t(map_.rank_of(n, l)) * count_, ext_), count_, ext_);
      }
    }
  }

  int leaders_;
  std::string inter_name_;
  std::optional<HierarchyComms> comms_;
  NodeMap map_;
  LeaderGroups cut_;
  std::size_t ext_ = 0, count_ = 0, block_ = 0;
  int group_ = 0, position_ = 0;
  Comm group_comm_, node_leaders_;
  NodeBarrier barrier_;
  SharedSlots slots_;
  std::vector<OwnedGroup> owned_;
  std::vector<MPI_Request> requests_;
  std::uint64_t calls_ = 0;
  MlClock::duration copy_in_{}, wait_{}, inter_{}, exchange_{}, copy_out_{};
};

}  // namespace
}  // namespace papbench::uha

namespace papbench {

std::unique_ptr<Algorithm> make_allgather_multileader(const AlgOptions& options) {
  if (option_text(options, "scheme") == "shared") {
    return uha::make_allgather_multileader_shared(options);
  }
  return std::make_unique<uha::MultileaderP2p>(options);
}

}  // namespace papbench
