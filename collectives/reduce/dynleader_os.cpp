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
#include "collectives/core/hier_layout.hpp"
#include "collectives/core/landing_window.hpp"
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce/shared_reduce.hpp"
#include "common/mpi_env.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

// Slots per child: a child node may run one call ahead of its parent node's leader without
// waiting (the shared buffers alternate the same way).
constexpr int kDepth = 2;

int most_children(const HierLayout& l) {
  std::size_t most = 0;
  for (int node = 0; node < l.comms().nodes->node_count(); ++node) {
    most = std::max(most, l.tree().children(node).size());
  }
  return static_cast<int>(most);
}

// Local rank 0 of every node takes the deposits for its node (collectives/core/landing_window.hpp).
bool lands(const HierLayout& l) {
  return l.rank() == l.ranks_of(l.node()).front();
}

class ReduceDynleaderOs final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/dynleader-os");
    const std::size_t bytes = a.count * extent_of(a.dtype);
    const bool fresh = refresh_layout(layout_, a, 0);
    const int slots = kDepth * std::max(1, most_children(*layout_));
    if (fresh || !buffer_.fits(bytes) || !window_.fits(slots, bytes)) {
      window_ = {};
      buffer_ = SharedReduceBuffer(layout_->comms().node.get(), bytes);
      window_ = LandingWindow(layout_->comms().all.get(), lands(*layout_), slots, bytes);
      // A landing rank waiting on its node must still let the deposits into its window complete
      // (collectives/core/node_shared.hpp, MpiProgress).
      if (lands(*layout_)) buffer_.drive_progress(layout_->comms().all.get());
    } else {
      // Slots are numbered by a child's place among its parent's children, which a new root
      // changes: every deposit of the previous case is taken before anyone deposits again.
      mpi_check(MPI_Barrier(layout_->comms().all.get()), "MPI_Barrier");
    }
    buffer_.reshape(a.count, a.dtype, ReduceLock::kParallel);
    count_ = a.count;
    tmp_.reserve(bytes);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/dynleader-os");
    // A new root renumbers the children's slots: as in prepare(), every deposit of the previous
    // root's calls is taken before anyone deposits again.
    if (layout_->follow_root(a.root)) {
      mpi_check(MPI_Barrier(layout_->comms().all.get()), "MPI_Barrier");
    }
    if (a.count == 0) return;
    const HierLayout& l = *layout_;
    const std::uint64_t g = buffer_.begin_call();
    const int position = buffer_.arrive();
    buffer_.contribute(a.send, a.op);
    const bool leads =
        l.node() == l.root_node() ? l.rank() == a.root : position == l.node_size() - 1;
    if (leads) lead(a, g);
  }

 private:
  void lead(const Args& a, std::uint64_t g) {
    const HierLayout& l = *layout_;
    const std::size_t bytes = a.count * extent_of(a.dtype);
    combine_children(a, g, bytes);
    const int parent = l.tree().parent(l.node());
    if (parent < 0) {
      deliver_node_result(buffer_, a, static_cast<int>(l.tree().children(l.node()).size()),
                          l.node_size(), MPI_PROC_NULL, MPI_COMM_NULL, 0);
      return;
    }
    buffer_.wait_contributions(l.node_size() +
                               static_cast<int>(l.tree().children(l.node()).size()));
    window_.deposit(l.ranks_of(parent).front(), slot(place_among_siblings(parent), g),
                    buffer_.data(), bytes, g);
    buffer_.release();
  }

  // Polls every child's slot at this node's landing rank and combines each as it lands.
  void combine_children(const Args& a, std::uint64_t g, std::size_t bytes) {
    const HierLayout& l = *layout_;
    const int landing = l.ranks_of(l.node()).front();
    const int children = static_cast<int>(l.tree().children(l.node()).size());
    pending_.assign(static_cast<std::size_t>(children), true);
    SpinBackoff backoff;
    for (int left = children; left > 0;) {
      bool progressed = false;
      for (int c = 0; c < children; ++c) {
        if (!pending_[static_cast<std::size_t>(c)] || !window_.holds(landing, slot(c, g), g)) {
          continue;
        }
        window_.take(landing, slot(c, g), tmp_.data(), bytes);
        buffer_.contribute(tmp_.data(), a.op);
        pending_[static_cast<std::size_t>(c)] = false;
        --left;
        progressed = true;
      }
      if (!progressed) backoff.pause();
    }
  }

  int place_among_siblings(int parent) const {
    const auto& siblings = layout_->tree().children(parent);
    return static_cast<int>(std::ranges::find(siblings, layout_->node()) - siblings.begin());
  }
  static int slot(int child_place, std::uint64_t g) {
    return child_place * kDepth + static_cast<int>(g % kDepth);
  }

  std::unique_ptr<HierLayout> layout_;
  SharedReduceBuffer buffer_;
  LandingWindow window_;
  std::size_t count_ = 0;
  Scratch tmp_;
  std::vector<bool> pending_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_dynleader_os(const AlgOptions&) {
  return std::make_unique<ReduceDynleaderOs>();
}

}  // namespace papbench
