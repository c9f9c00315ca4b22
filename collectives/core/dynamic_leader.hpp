#pragma once
// What the dynamic-leader algorithms of [Parsons2015] §3.7 share: a layout with a tree of nodes
// relative to the root's node, the node's shared buffer, and the way a leader known only at run
// time reaches the next node: announcements (collectives/core/id_mailbox.hpp) for bcast/dynleader
// and reduce/dynleader, one-sided deposits at a fixed landing rank
// (collectives/core/landing_window.hpp) for their "-os" versions. Each algorithm derives from one
// of the two classes below with its buffer type and writes what its leaders do; prepare_node()
// and arrive() are the start of its prepare() and run().

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/hier_layout.hpp"
#include "collectives/core/id_mailbox.hpp"
#include "collectives/core/landing_window.hpp"
#include "collectives/core/probe_wait.hpp"
#include "common/mpi_env.hpp"

namespace papbench {

// A call's start on its node: the call's generation and this process's arrival position on the
// node (0 first), which decides who leads.
struct LeaderArrival {
  std::uint64_t generation;
  int position;
};

// The broadcast's call on a node ([Parsons2015] §3.7.2): the root leads its node with its own
// data (in recv), the FIRST process to arrive leads every other node with the data from its parent
// node (leader.receive_from_parent); a leader publishes it in the node's buffer and serves the
// child nodes (leader.serve_children), everyone copies it out once published.
template <class NodeBuffer, class Leader>
void bcast_on_node(const HierLayout& l, NodeBuffer& buffer, const Args& a, LeaderArrival arrival,
                   Leader& leader) {
  const std::uint64_t g = arrival.generation;
  if (l.rank() == a.root) {
    copy_bytes(buffer.data(), a.recv, a.count * extent_of(a.dtype));
    buffer.publish();
    leader.serve_children(a, g);
    buffer.done();
    return;
  }
  if (l.node() != l.root_node() && arrival.position == 0) {
    leader.receive_from_parent(a, g);
    buffer.publish();
    leader.serve_children(a, g);
  }
  buffer.copy_out(a.recv);
}

// Whether this process leads its node in a reduce ([Parsons2015] §3.7.1): the root on its node,
// the LAST process to arrive on every other one, so no leader waits for a late local process.
inline bool leads_reduce(const HierLayout& l, const Args& a, LeaderArrival arrival) {
  return l.node() == l.root_node() ? l.rank() == a.root : arrival.position == l.node_size() - 1;
}

// Leaders that announce themselves (binomial tree of nodes as MPICH's, or k-ary with kdeg=K).
template <class NodeBuffer>
class DynamicLeaderAlgorithm : public Algorithm {
 protected:
  explicit DynamicLeaderAlgorithm(int kdeg) : kdeg_(kdeg) {}

  // The layout for `a` (kept when it serves it), and a shared buffer for `bytes`.
  void prepare_node(const Args& a, std::size_t bytes) {
    // New buffers count calls from 1 again, so the announcements' books start afresh with them.
    if (refresh_layout(layout_, a, kdeg_) || !buffer_.fits(bytes)) {
      mailbox_ = {};
      buffer_ = NodeBuffer(layout_->comms().node.get(), bytes);
      mailbox_ = IdMailbox(layout_->comms().all.get(), kIdTagBase);
      data_tags_ = GenerationTags(kDataTagBase);
    }
  }

  // A call's start: the tree re-hung from a.root; nothing more for an empty message, else the
  // arrival, announcements of older calls discarded.
  std::optional<LeaderArrival> arrive(const Args& a) {
    layout_->follow_root(a.root);
    if (a.count == 0) return std::nullopt;
    const std::uint64_t g = buffer_.begin_call();
    mailbox_.discard_before(g);
    return LeaderArrival{g, buffer_.arrive()};
  }

  const HierLayout& layout() const { return *layout_; }
  NodeBuffer& buffer() { return buffer_; }
  IdMailbox& mailbox() { return mailbox_; }
  // The tag of call g's data messages.
  int data_tag(std::uint64_t g) const { return data_tags_.tag(g); }

 private:
  static constexpr int kIdTagBase = 1000;
  static constexpr int kDataTagBase = 1000;

  int kdeg_;
  std::unique_ptr<HierLayout> layout_;
  NodeBuffer buffer_;
  IdMailbox mailbox_;
  GenerationTags data_tags_;
};

// Leaders that deposit one-sided (MPICH's binomial tree of nodes): a sender places the data at
// the receiving node's landing rank, its local rank 0, whichever process leads that node.
template <class NodeBuffer>
class OneSidedLeaderAlgorithm : public Algorithm {
 protected:
  // Slots per sender: it may run one call ahead of the receiving node's leader without waiting
  // (the shared buffers alternate the same way).
  static constexpr int kDepth = 2;

  // The layout for `a` (kept when it serves it), a shared buffer for `bytes` and a window of
  // slots(layout) slots of `bytes` at each landing rank.
  template <class Slots>
  void prepare_node(const Args& a, std::size_t bytes, Slots&& slots) {
    // The landing ranks probe (MpiProgress) at every look while they wait.
    require_uncharged_polls("a one-sided dynamic leader's landing rank (dynleader-os)");
    const bool fresh = refresh_layout(layout_, a, 0);
    const int n = slots(*layout_);
    if (fresh || !buffer_.fits(bytes) || !window_.fits(n, bytes)) {
      window_ = {};
      buffer_ = NodeBuffer(layout_->comms().node.get(), bytes);
      const bool lands = layout_->rank() == landing(layout_->node());
      window_ = LandingWindow(layout_->comms().all.get(), lands, n, bytes);
      // A landing rank waiting on its node must still let the deposits into its window complete
      // (collectives/core/node_shared.hpp, MpiProgress).
      if (lands) buffer_.drive_progress(layout_->comms().all.get());
    } else {
      fence();
    }
  }

  // A call's start: the tree re-hung from a.root (after a fence when the root changed); nothing
  // more for an empty message, else the arrival.
  std::optional<LeaderArrival> arrive(const Args& a) {
    if (layout_->follow_root(a.root)) fence();
    if (a.count == 0) return std::nullopt;
    const std::uint64_t g = buffer_.begin_call();
    return LeaderArrival{g, buffer_.arrive()};
  }

  const HierLayout& layout() const { return *layout_; }
  NodeBuffer& buffer() { return buffer_; }
  LandingWindow& window() { return window_; }
  // The rank at which `node`'s deposits land.
  int landing(int node) const { return layout_->ranks_of(node).front(); }

 private:
  // A new root brings new senders (bcast) and renumbers the children's slots (reduce): every
  // deposit of the previous root's calls is taken before anyone deposits again, so two senders
  // never fill one slot.
  void fence() { mpi_check(MPI_Barrier(layout_->comms().all.get()), "MPI_Barrier"); }

  std::unique_ptr<HierLayout> layout_;
  NodeBuffer buffer_;
  LandingWindow window_;
};

}  // namespace papbench
