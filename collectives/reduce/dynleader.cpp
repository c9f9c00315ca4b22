// reduce/dynleader: the dynamic-leader reduce of [Parsons2015] §3.7.1, Fig. 3.14. Every process
// reduces its vector into its node's shared buffer on arrival and leaves, unless it is the root
// or the last process of its node to arrive: that one leads the node in this call, so no leader
// ever waits for a late local process. Leaders reduce over a tree of nodes relative to the root's
// node (binomial as MPICH's, or k-ary with kdeg=K, the appendix's "Dynamic-K").
//
// A child node's leader is known only at run time, so a parent node's leader announces itself to
// every rank of each child node (identification messages, Fig. 3.14 line 4) and receives the
// children's vectors from MPI_ANY_SOURCE; the root announces nothing, its rank being known
// ("control messages are eliminated from the root"). Announcements that no leader takes are
// cancelled after the call (cleanup=cancel, the evaluated version, line 11) or left to be
// discarded at the next entry (cleanup=deferred); collectives/core/id_mailbox.hpp.
//
// Cost, balanced: the intra-node reduction + lgN.(alpha + n.beta + n.gamma) between N nodes, plus
// ns announcements per child node; under imbalance a child leader still waits for its parent
// node's last process, whose announcement it needs.
#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/dynamic_leader.hpp"
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce/shared_reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class ReduceDynleader final : public DynamicLeaderAlgorithm<SharedReduceBuffer> {
 public:
  ReduceDynleader(int kdeg, bool cancel) : DynamicLeaderAlgorithm(kdeg), cancel_(cancel) {}

  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/dynleader");
    const std::size_t bytes = a.count * extent_of(a.dtype);
    prepare_node(a, bytes);
    buffer().reshape(a.count, a.dtype, ReduceLock::kParallel);
    count_ = a.count;
    tmp_.reserve(bytes);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/dynleader");
    const auto arrival = arrive(a);
    if (!arrival) return;
    buffer().contribute(a.send, a.op);
    if (!leads_reduce(layout(), a, *arrival)) return;
    lead(a, arrival->generation);
    if (cancel_) mailbox().cancel_pending();
  }

 private:
  void lead(const Args& a, std::uint64_t g) {
    const HierLayout& l = layout();
    const int n = count_as_int(a.count, "reduce count");
    const auto& children = l.tree().children(l.node());
    if (l.rank() != a.root) {
      for (const int child : children) mailbox().announce(g, l.ranks_of(child));
    }
    for (std::size_t i = 0; i < children.size(); ++i) {
      mpi_check(MPI_Recv(tmp_.data(), n, a.dtype, MPI_ANY_SOURCE, data_tag(g), l.comms().all.get(),
                         MPI_STATUS_IGNORE),
                "MPI_Recv");
      buffer().contribute(tmp_.data(), a.op);
    }
    int to = MPI_PROC_NULL;  // the root keeps the result
    if (l.rank() != a.root) {
      to = l.tree().parent(l.node()) == l.root_node() ? a.root : mailbox().take(g);
    }
    deliver_node_result(buffer(), a, static_cast<int>(children.size()), l.node_size(), to,
                        l.comms().all.get(), data_tag(g));
  }

  bool cancel_;
  std::size_t count_ = 0;
  Scratch tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_dynleader(const AlgOptions& options) {
  const auto kdeg = option_number(options, "kdeg");
  return std::make_unique<ReduceDynleader>(static_cast<int>(kdeg.value_or(0)),
                                           option_text(options, "cleanup") == "cancel");
}

}  // namespace papbench
