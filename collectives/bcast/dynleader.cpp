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
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/shared_bcast.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/dynamic_leader.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class BcastDynleader final : public DynamicLeaderAlgorithm<SharedBcastBuffer> {
 public:
  explicit BcastDynleader(int kdeg) : DynamicLeaderAlgorithm(kdeg) {}

  void prepare(const Args& a) override {
    const std::size_t bytes = a.count * extent_of(a.dtype);
    prepare_node(a, bytes);
    buffer().reshape(bytes);
  }

  void run(const Args& a) override {
    if (const auto arrival = arrive(a)) bcast_on_node(layout(), buffer(), a, *arrival, *this);
  }

  // A leader's two steps (bcast_on_node): announce itself to the parent node and receive from
  // whichever process leads it; send to each child node's leader in the order they announce.
  void receive_from_parent(const Args& a, std::uint64_t g) {
    const HierLayout& l = layout();
    const int parent = l.tree().parent(l.node());
    if (parent == l.root_node()) {
      const int root = a.root;
      mailbox().announce(g, std::span(&root, 1));
    } else {
      mailbox().announce(g, l.ranks_of(parent));
    }
    mpi_check(MPI_Recv(buffer().data(), count_as_int(a.count, "bcast count"), a.dtype,
                       MPI_ANY_SOURCE, data_tag(g), l.comms().all.get(), MPI_STATUS_IGNORE),
              "MPI_Recv");
  }

  void serve_children(const Args& a, std::uint64_t g) {
    const HierLayout& l = layout();
    const int n = count_as_int(a.count, "bcast count");
    for (std::size_t i = 0; i < l.tree().children(l.node()).size(); ++i) {
      const int child_leader = mailbox().take(g);
      mpi_check(
          MPI_Send(buffer().data(), n, a.dtype, child_leader, data_tag(g), l.comms().all.get()),
          "MPI_Send");
    }
  }
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_dynleader(const AlgOptions& options) {
  return std::make_unique<BcastDynleader>(
      static_cast<int>(option_number(options, "kdeg").value_or(0)));
}

}  // namespace papbench
