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
#include "collectives/core/dynamic_leader.hpp"

namespace papbench {
namespace {

class BcastDynleaderOs final : public OneSidedLeaderAlgorithm<SharedBcastBuffer> {
 public:
  void prepare(const Args& a) override {
    bytes_ = a.count * extent_of(a.dtype);
    prepare_node(a, bytes_, [](const HierLayout&) { return kDepth; });
    buffer().reshape(bytes_);
  }

  void run(const Args& a) override {
    const auto arrival = arrive(a);
    if (!arrival) return;
    const HierLayout& l = layout();
    const std::uint64_t g = arrival->generation;
    if (l.rank() == a.root) {
      std::memcpy(buffer().data(), a.recv, bytes_);
      buffer().publish();
      serve_children(g);
      buffer().done();
      return;
    }
    if (l.node() != l.root_node() && arrival->position == 0) {
      receive_from_parent(g);
      buffer().publish();
      serve_children(g);
    }
    buffer().copy_out(a.recv);
  }

 private:
  static int slot(std::uint64_t g) { return static_cast<int>(g % kDepth); }

  void receive_from_parent(std::uint64_t g) {
    const int at = landing(layout().node());
    SpinBackoff backoff;
    while (!window().holds(at, slot(g), g)) backoff.pause();
    window().take(at, slot(g), buffer().data(), bytes_);
  }

  void serve_children(std::uint64_t g) {
    for (const int child : layout().tree().children(layout().node())) {
      window().deposit(landing(child), slot(g), buffer().data(), bytes_, g);
    }
  }

  std::size_t bytes_ = 0;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_dynleader_os(const AlgOptions&) {
  return std::make_unique<BcastDynleaderOs>();
}

}  // namespace papbench
