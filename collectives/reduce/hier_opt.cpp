// reduce/hier-opt: the intra-node optimized hierarchical reduce of [Parsons2015] §3.7.1 ("MPICH
// Bi. Hier. Opt.", "Intra-Opt. H. MPICH"): static leaders as in hier-barrier, but no barrier.
// Every process reduces its vector into the node's shared buffer under a lock and leaves; only
// the leader waits, for the node's contributions and its child nodes' vectors, before it sends
// the node's result up MPICH's binomial tree between nodes. lock=serial takes one lock for the
// whole buffer, lock=parallel one per segment (several processes combine at once), falling back
// to serial below a cache line (collectives/reduce/shared_reduce.hpp).
//
// Cost, balanced: as hier-barrier without the barrier; under imbalance a non-leader never waits,
// but the static leader still waits for its node's last process.
#include "collectives/core/alg_option.hpp"
#include "collectives/core/hier_layout.hpp"
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce/reduce_common.hpp"
#include "collectives/reduce/shared_reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using namespace reduce_detail;

constexpr int kTag = 52;

class ReduceHierOpt final : public Algorithm {
 public:
  explicit ReduceHierOpt(ReduceLock lock) : lock_(lock) {}

  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/hier-opt");
    const std::size_t bytes = a.count * extent_of(a.dtype);
    if (refresh_layout(layout_, a, 0) || !buffer_.fits(bytes)) {
      buffer_ = SharedReduceBuffer(layout_->comms().node.get(), bytes);
    }
    buffer_.reshape(a.count, a.dtype, lock_);
    count_ = a.count;
    tmp_.reserve(bytes);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/hier-opt");
    layout_->expect_root(a.root, "reduce/hier-opt");
    if (a.count == 0) return;
    const HierLayout& l = *layout_;
    buffer_.begin_call();
    buffer_.contribute(a.send, a.op);
    if (l.is_static_leader()) reduce_between_static_leaders(l, buffer_, a, tmp_.data(), kTag);
  }

 private:
  ReduceLock lock_;
  std::unique_ptr<HierLayout> layout_;
  SharedReduceBuffer buffer_;
  std::size_t count_ = 0;
  Scratch tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_hier_opt(const AlgOptions& options) {
  return std::make_unique<ReduceHierOpt>(
      option_text(options, "lock") == "serial" ? ReduceLock::kSerial : ReduceLock::kParallel);
}

}  // namespace papbench
