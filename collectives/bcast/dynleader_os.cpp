// bcast/dynleader-os: the one-sided dynamic-leader broadcast ([Parsons2015] §3.7.2, "Dynamic
// Leader OS" of Fig. B.8, which the thesis measured but does not describe beyond "using the
// one-sided communication interface" instead of identification messages). As bcast/dynleader, the
// root leads its node and the FIRST process to arrive leads every other node; leaders broadcast
// over MPICH's binomial tree of nodes relative to the root's node into their node's shared buffer,
// from which every process copies the message out and leaves once it is valid.
//
// Between nodes the identification messages are gone: a leader places the message onto each
// child node and marks a data-ready flag there, and the child node's leader, whoever it is, polls
// the flag (collectives/core/landing_window.hpp). A parent leader so no longer waits for a child
// node's first arrival (whose announcement bcast/dynleader's leader needs before it can send),
// unless that child node has not yet taken the message of two calls ago.
//
// Cost, balanced: lgN.(put + flag + poll + get) + a copy per process.
#include <cstring>

#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/shared_bcast.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/hier_layout.hpp"
#include "collectives/core/landing_window.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

// Slots per node: a parent node may run one call ahead of a child node's leader without waiting
// (the shared buffers alternate the same way).
constexpr int kDepth = 2;

class BcastDynleaderOs final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    bytes_ = a.count * extent_of(a.dtype);
    if (refresh_layout(layout_, a, 0) || !buffer_.fits(bytes_) || !window_.fits(kDepth, bytes_)) {
      window_ = {};
      buffer_ = SharedBcastBuffer(layout_->comms().node.get(), bytes_);
      const HierLayout& l = *layout_;
      const bool lands = l.rank() == landing(l.node());
      window_ = LandingWindow(l.comms().all.get(), lands, kDepth, bytes_);
      // A landing rank waiting on its node must still let the deposits into its window complete
      // (collectives/core/node_shared.hpp, MpiProgress).
      if (lands) buffer_.drive_progress(l.comms().all.get());
    } else {
      // A new root brings new senders: every deposit of the previous case is taken before anyone
      // deposits again, so two senders never fill one slot.
      mpi_check(MPI_Barrier(layout_->comms().all.get()), "MPI_Barrier");
    }
    buffer_.reshape(bytes_);
  }

  void run(const Args& a) override {
    // A new root brings new senders: as in prepare(), every deposit of the previous root's calls
    // is taken before anyone deposits again.
    if (layout_->follow_root(a.root)) {
      mpi_check(MPI_Barrier(layout_->comms().all.get()), "MPI_Barrier");
    }
    if (a.count == 0) return;
    const HierLayout& l = *layout_;
    const std::uint64_t g = buffer_.begin_call();
    const int position = buffer_.arrive();
    if (l.rank() == a.root) {
      std::memcpy(buffer_.data(), a.recv, bytes_);
      buffer_.publish();
      serve_children(g);
      buffer_.done();
      return;
    }
    if (l.node() != l.root_node() && position == 0) {
      receive_from_parent(g);
      buffer_.publish();
      serve_children(g);
    }
    buffer_.copy_out(a.recv);
  }

 private:
  int landing(int node) const { return layout_->ranks_of(node).front(); }
  static int slot(std::uint64_t g) { return static_cast<int>(g % kDepth); }

  void receive_from_parent(std::uint64_t g) {
    const int at = landing(layout_->node());
    SpinBackoff backoff;
    while (!window_.holds(at, slot(g), g)) backoff.pause();
    window_.take(at, slot(g), buffer_.data(), bytes_);
  }

  void serve_children(std::uint64_t g) {
    for (const int child : layout_->tree().children(layout_->node())) {
      window_.deposit(landing(child), slot(g), buffer_.data(), bytes_, g);
    }
  }

  std::unique_ptr<HierLayout> layout_;
  SharedBcastBuffer buffer_;
  LandingWindow window_;
  std::size_t bytes_ = 0;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_dynleader_os(const AlgOptions&) {
  return std::make_unique<BcastDynleaderOs>();
}

}  // namespace papbench
