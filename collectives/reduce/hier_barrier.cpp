// reduce/hier-barrier: the naive hierarchical reduce of [Parsons2015] §3.7 ("MPICH Bi. Hier.",
// "Hier. MPICH"): every process reduces its vector into its node's shared buffer, the node meets
// in a barrier (MPI_Barrier on the node), and a static leader per node (the root on its node,
// local rank 0 elsewhere) runs MPICH's binomial reduce between the leaders on the shared buffers.
// The barrier makes every process wait for its node's last one, the all-to-all dependency within
// a node that the thesis shows to hurt under imbalance (§3.7.1).
//
// Cost, balanced: the intra-node reduction (ns contributions under one lock) + a barrier +
// lgN.(alpha + n.beta + n.gamma) between N nodes.
#include "collectives/core/hier_layout.hpp"
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce/reduce_common.hpp"
#include "collectives/reduce/shared_reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using namespace reduce_detail;

constexpr int kTag = 51;

class ReduceHierBarrier final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/hier-barrier");
    const std::size_t bytes = a.count * extent_of(a.dtype);
    if (refresh_layout(layout_, a, 0) || !buffer_.fits(bytes)) {
      buffer_ = SharedReduceBuffer(layout_->comms().node.get(), bytes);
    }
    buffer_.reshape(a.count, a.dtype, ReduceLock::kSerial);
    count_ = a.count;
    tmp_.reserve(bytes);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/hier-barrier");
    layout_->expect_root(a.root, "reduce/hier-barrier");
    if (a.count == 0) return;
    const HierLayout& l = *layout_;
    buffer_.begin_call();
    buffer_.contribute(a.send, a.op);
    mpi_check(MPI_Barrier(l.comms().node.get()), "MPI_Barrier");
    if (l.is_static_leader()) reduce_between_static_leaders(l, buffer_, a, tmp_.data(), kTag);
  }

 private:
  std::unique_ptr<HierLayout> layout_;
  SharedReduceBuffer buffer_;
  std::size_t count_ = 0;
  Scratch tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_hier_barrier(const AlgOptions& /*options*/) {
  return std::make_unique<ReduceHierBarrier>();
}

}  // namespace papbench
