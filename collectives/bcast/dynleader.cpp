// bcast/dynleader: the dynamic-leader broadcast of [Parsons2015] §3.7.2, Fig. 3.16. On every node
// but the root's, the FIRST process to arrive leads it in this call, so the message moves onto a
// node before its other processes arrive; the root leads its own node. Leaders broadcast over a
// tree of nodes relative to the root's node (binomial as MPICH's, or k-ary with kdeg=K, the
// appendix's "Dynamic Leader K") into their node's shared buffer, from which every process copies
// the message out and leaves as soon as it is valid.
//
// A parent node's leader is known only at run time, so a child node's leader announces itself to
// every rank of the parent node (to the root alone on the root's node; Fig. 3.16 line 4) and
// receives the message from MPI_ANY_SOURCE; a leader serves its child nodes in the order their
// announcements arrive (lines 7-9). The announcements the parent node's other processes get are
// unused (line 12); they are discarded at their next entry rather than waited for, which would
// make a process wait for a child node's first arrival (collectives/core/id_mailbox.hpp).
//
// Cost, balanced: lgN.(alpha + n.beta) + one announcement round trip per level + a copy per
// process; under imbalance the message waits for the root and for each node's first process only.
#include <cstring>

#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/shared_bcast.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/hier_layout.hpp"
#include "collectives/core/id_mailbox.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kIdTagBase = 1000;
constexpr int kDataTagBase = 1000;

class BcastDynleader final : public Algorithm {
 public:
  explicit BcastDynleader(int kdeg) : kdeg_(kdeg) {}

  void prepare(const Args& a) override {
    const std::size_t bytes = a.count * extent_of(a.dtype);
    // New buffers count calls from 1 again, so the announcements' books start afresh with them.
    if (refresh_layout(layout_, a, kdeg_) || !buffer_.fits(bytes)) {
      mailbox_ = {};
      buffer_ = SharedBcastBuffer(layout_->comms().node.get(), bytes);
      mailbox_ = IdMailbox(layout_->comms().all.get(), kIdTagBase);
      data_tags_ = GenerationTags(kDataTagBase);
    }
    buffer_.reshape(bytes);
  }

  void run(const Args& a) override {
    layout_->follow_root(a.root);
    if (a.count == 0) return;
    const HierLayout& l = *layout_;
    const std::uint64_t g = buffer_.begin_call();
    mailbox_.discard_before(g);
    const int position = buffer_.arrive();
    if (l.rank() == a.root) {
      std::memcpy(buffer_.data(), a.recv, a.count * extent_of(a.dtype));
      buffer_.publish();
      serve_children(a, g);
      buffer_.done();
      return;
    }
    if (l.node() != l.root_node() && position == 0) {
      receive_from_parent(a, g);
      buffer_.publish();
      serve_children(a, g);
    }
    buffer_.copy_out(a.recv);
  }

 private:
  void receive_from_parent(const Args& a, std::uint64_t g) {
    const HierLayout& l = *layout_;
    const int parent = l.tree().parent(l.node());
    if (parent == l.root_node()) {
      const int root = a.root;
      mailbox_.announce(g, std::span(&root, 1));
    } else {
      mailbox_.announce(g, l.ranks_of(parent));
    }
    mpi_check(MPI_Recv(buffer_.data(), count_as_int(a.count, "bcast count"), a.dtype,
                       MPI_ANY_SOURCE, data_tags_.tag(g), l.comms().all.get(), MPI_STATUS_IGNORE),
              "MPI_Recv");
  }

  void serve_children(const Args& a, std::uint64_t g) {
    const HierLayout& l = *layout_;
    const int n = count_as_int(a.count, "bcast count");
    for (std::size_t i = 0; i < l.tree().children(l.node()).size(); ++i) {
      const int child_leader = mailbox_.take(g);
      mpi_check(MPI_Send(buffer_.data(), n, a.dtype, child_leader, data_tags_.tag(g),
                         l.comms().all.get()),
                "MPI_Send");
    }
  }

  int kdeg_;
  std::unique_ptr<HierLayout> layout_;
  SharedBcastBuffer buffer_;
  IdMailbox mailbox_;
  GenerationTags data_tags_;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_dynleader(const AlgOptions& options) {
  return std::make_unique<BcastDynleader>(
      static_cast<int>(option_number(options, "kdeg").value_or(0)));
}

}  // namespace papbench
