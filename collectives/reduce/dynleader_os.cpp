// reduce/dynleader-os: the one-sided dynamic-leader reduce of [Parsons2015] §3.7.1 ("D.L.
// One-Sided", "Dynamic-OS" in Table 3.6 and Fig. A.9). As reduce/dynleader, every process reduces
// its vector into its node's shared buffer on arrival and leaves, unless it is the root or its
// node's last arrival, which leads the node in this call; leaders reduce over MPICH's binomial
// tree of nodes relative to the root's node. Between nodes the control messages are gone
// ("eliminated all together by using the one-sided communication interface"): a child node's
// leader places its node's result onto the parent node and marks a data-ready flag, which the
// parent node's leader, whoever it is, polls (collectives/core/landing_window.hpp).
//
// So a child leader no longer waits for its parent node's last process (whose identification
// message reduce/dynleader needs): it deposits and leaves, unless the parent node has not yet
// taken its deposit of two calls ago. The parent's leader combines the children's vectors in the
// order they land.
//
// Cost, balanced: the intra-node reduction + lgN.(put + flag + poll + get + n.gamma) between N
// nodes.
#include <algorithm>
#include <vector>

#include "collectives/core/buffers.hpp"
#include "collectives/core/dynamic_leader.hpp"
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce/shared_reduce.hpp"
#include "common/mpi_env.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

int most_children(const HierLayout& l) {
  std::size_t most = 0;
  for (int node = 0; node < l.comms().nodes->node_count(); ++node) {
    most = std::max(most, l.tree().children(node).size());
  }
  return static_cast<int>(most);
}

class ReduceDynleaderOs final : public OneSidedLeaderAlgorithm<SharedReduceBuffer> {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/dynleader-os");
    const std::size_t bytes = a.count * extent_of(a.dtype);
    // kDepth slots for each child of the node with the most.
    prepare_node(a, bytes,
                 [](const HierLayout& l) { return kDepth * std::max(1, most_children(l)); });
    buffer().reshape(a.count, a.dtype, ReduceLock::kParallel);
    count_ = a.count;
    tmp_.reserve(bytes);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/dynleader-os");
    const auto arrival = arrive(a);
    if (!arrival) return;
    buffer().contribute(a.send, a.op);
    if (leads_reduce(layout(), a, *arrival)) lead(a, arrival->generation);
  }

 private:
  void lead(const Args& a, std::uint64_t g) {
    const HierLayout& l = layout();
    const std::size_t bytes = a.count * extent_of(a.dtype);
    combine_children(a, g, bytes);
    const int parent = l.tree().parent(l.node());
    if (parent < 0) {
      deliver_node_result(buffer(), a, static_cast<int>(l.tree().children(l.node()).size()),
                          l.node_size(), MPI_PROC_NULL, MPI_COMM_NULL, 0);
      return;
    }
    buffer().wait_contributions(l.node_size() +
                                static_cast<int>(l.tree().children(l.node()).size()));
    window().deposit(landing(parent), slot(place_among_siblings(parent), g), buffer().data(), bytes,
                     g);
    buffer().release();
  }

  // Polls every child's slot at this node's landing rank and combines each as it lands.
  void combine_children(const Args& a, std::uint64_t g, std::size_t bytes) {
    const HierLayout& l = layout();
    const int at = landing(l.node());
    const int children = static_cast<int>(l.tree().children(l.node()).size());
    pending_.assign(static_cast<std::size_t>(children), true);
    SpinBackoff backoff;
    for (int left = children; left > 0;) {
      bool progressed = false;
      for (int c = 0; c < children; ++c) {
        if (!pending_[static_cast<std::size_t>(c)] || !window().holds(at, slot(c, g), g)) {
          continue;
        }
        window().take(at, slot(c, g), tmp_.data(), bytes);
        buffer().contribute(tmp_.data(), a.op);
        pending_[static_cast<std::size_t>(c)] = false;
        --left;
        progressed = true;
      }
      if (!progressed) backoff.pause();
    }
  }

  int place_among_siblings(int parent) const {
    const auto& siblings = layout().tree().children(parent);
    return static_cast<int>(std::ranges::find(siblings, layout().node()) - siblings.begin());
  }
  static int slot(int child_place, std::uint64_t g) {
    return child_place * kDepth + static_cast<int>(g % kDepth);
  }

  std::size_t count_ = 0;
  Scratch tmp_;
  std::vector<bool> pending_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_dynleader_os(const AlgOptions&) {
  return std::make_unique<ReduceDynleaderOs>();
}

}  // namespace papbench
