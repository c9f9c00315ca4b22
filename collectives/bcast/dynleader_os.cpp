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
    if (const auto arrival = arrive(a)) bcast_on_node(layout(), buffer(), a, *arrival, *this);
  }

  // A leader's two steps (bcast_on_node): take the message its parent node's leader deposited at
  // this node's landing rank; deposit it at each child node's.
  void receive_from_parent(const Args& /*a*/, std::uint64_t g) {
    const int at = landing(layout().node());
    SpinBackoff backoff;
    while (!window().holds(at, slot(g), g)) backoff.pause();
    window().take(at, slot(g), buffer().data(), bytes_);
  }

  void serve_children(const Args& /*a*/, std::uint64_t g) {
    for (const int child : layout().tree().children(layout().node())) {
      window().deposit(landing(child), slot(g), buffer().data(), bytes_, g);
    }
  }

 private:
  static int slot(std::uint64_t g) { return static_cast<int>(g % kDepth); }

  std::size_t bytes_ = 0;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_dynleader_os(const AlgOptions&) {
  return std::make_unique<BcastDynleaderOs>();
}

}  // namespace papbench
