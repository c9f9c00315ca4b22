// reduce_scatter/uha-ms: [Parsons2015] §2.3.2, the multi-sender reduce-scatter: "the pairwise
// exchange is performed in parallel by multiple senders", which "place received data in a
// temporary buffer and set a flag"; one reducer "consumes it and reduces into the final receive
// buffer", so all ranks of a node but one send. CopyIn (the parallel intra-node reduction) and
// CopyOut are reduce_scatter/uha's. Inferred where the thesis gives only those sentences
// (docs/ALGORITHMS.md, UHA):
//   - MPICH's pairwise exchange between the N nodes: in step i = 1..N-1 node m sends its node
//     sums of node (m+i) mod N's ranks to that node and receives node (m-i) mod N's sums of its
//     own ranks, into temporary slot i of node-shared memory;
//   - step i is carried on every node by sender 1 + (i-1) mod S (local ranks 1..S, S = senders
//     clamped to ns-1; all, the default, is ns-1), in step order; a one-rank node's rank sends
//     and then reduces;
//   - the reducer, local rank 0, starts from its node's own sums and combines the slots in step
//     order as their flags (a per-slot call generation) show them complete.
#include <algorithm>
#include <atomic>
#include <optional>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/uha/reduce_scatter.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr int kUhaReduceScatterMsTag = 75;

class ReduceScatterMsPieces final : public uha::ReduceScatterPieces {
 public:
  explicit ReduceScatterMsPieces(const AlgOptions& options)
      : senders_(option_number(options, "senders")) {}

  bool own_inter_phase() const override { return true; }

  void prepare(const uha::NodeContext& node, const Args& a) override {
    ReduceScatterPieces::prepare(node, a);
    const uha::NodeMap& m = node.map;
    const int n = m.node_count();
    mine_count_ = std::size_t(inter_counts_[std::size_t(m.node())]);
    node_start_.assign(std::size_t(n) + 1, 0);
    for (int x = 0; x < n; ++x) {
      node_start_[std::size_t(x) + 1] =
          node_start_[std::size_t(x)] + std::size_t(inter_counts_[std::size_t(x)]);
    }
    received_ = uha::SharedSlots(node.node_comm, std::size_t(n) * mine_count_ * ext_);
    flags_ = NodeControl(node.node_comm, n);
    dtype_ = a.dtype;
    op_ = a.op;
  }

  bool inter(int parity) override {
    const uha::NodeMap& m = node_->map;
    const int n = m.node_count();
    const std::uint64_t generation = flags_.begin_call();
    if (n == 1) {
      if (m.local_rank() == 0) reduce(parity, generation);
      return m.local_rank() == 0;
    }
    bool took_part = false;
    for (int i = 1; i < n; ++i) {
      if (carrier(m.node(), i) != m.local_rank()) continue;
      exchange(i, parity);
      flags_.node_word(i).store(generation, std::memory_order_release);
      took_part = true;
    }
    if (m.local_rank() == 0) {
      reduce(parity, generation);
      took_part = true;
    }
    return took_part;
  }

 private:
  // The local rank of `node` that carries step i.
  int carrier(int node, int i) const {
    const int ns = node_->map.size_of(node);
    if (ns == 1) return 0;
    const int s = static_cast<int>(std::min<std::int64_t>(senders_.value_or(ns - 1), ns - 1));
    return 1 + (i - 1) % s;
  }

  void exchange(int i, int parity) {
    const uha::NodeMap& m = node_->map;
    const int n = m.node_count(), me = m.node();
    const int to = (me + i) % n, from = (me - i + n) % n;
    const std::size_t to_count = node_start_[std::size_t(to) + 1] - node_start_[std::size_t(to)];
    mpi_check(MPI_Sendrecv(at(sums_.slot(parity), node_start_[std::size_t(to)], ext_),
                           count_as_int(to_count, "reduce_scatter/uha-ms message"), dtype_,
                           m.rank_of(to, carrier(to, i)), kUhaReduceScatterMsTag,
                           at(received_.slot(parity), std::size_t(i) * mine_count_, ext_),
                           count_as_int(mine_count_, "reduce_scatter/uha-ms message"), dtype_,
                           m.rank_of(from, carrier(from, i)), kUhaReduceScatterMsTag, node_->all,
                           MPI_STATUS_IGNORE),
              "MPI_Sendrecv");
  }

  // The dedicated reducer: the node's own sums, then every step's slot once its flag is set.
  void reduce(int parity, std::uint64_t generation) {
    std::byte* out = mine_out_.slot(parity);
    local_copy(at(sums_.slot(parity), node_start_[std::size_t(node_->map.node())], ext_), out,
               mine_count_, ext_);
    for (int i = 1; i < node_->map.node_count(); ++i) {
      wait_at_least(flags_.node_word(i), generation);
      combine(at(received_.slot(parity), std::size_t(i) * mine_count_, ext_), out, mine_count_,
              dtype_, op_);
    }
  }

  std::optional<std::int64_t> senders_;
  std::size_t mine_count_ = 0;
  std::vector<std::size_t> node_start_;
  uha::SharedSlots received_;
  NodeControl flags_;
  MPI_Datatype dtype_ = MPI_DATATYPE_NULL;
  MPI_Op op_ = MPI_OP_NULL;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_scatter_uha_ms(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("reduce_scatter", "",
                                       std::make_unique<ReduceScatterMsPieces>(options));
}

}  // namespace papbench
