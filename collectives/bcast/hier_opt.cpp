// bcast/hier-opt: the intra-node optimized hierarchical broadcast of [Parsons2015] §3.7 ("MPICH
// Bi. Hier. Opt."): static leaders (the root on its node, local rank 0 elsewhere) run MPICH's
// binomial broadcast between nodes into their node's shared buffer and mark it valid; every other
// process copies the message out as soon as it is valid and leaves, without a barrier.
//
// Cost, balanced: lgN.(alpha + n.beta) between N nodes + a copy per process; a process waits only
// for the message, but the message waits for each node's static leader to arrive.
#include <cstring>

#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/shared_bcast.hpp"
#include "collectives/core/hier_layout.hpp"
#include "collectives/reduce/reduce_common.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using reduce_detail::extent_of;

constexpr int kTag = 54;

class BcastHierOpt final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    const std::size_t bytes = a.count * extent_of(a.dtype);
    if (refresh_layout(layout_, a, 0) || !buffer_.fits(bytes)) {
      buffer_ = SharedBcastBuffer(layout_->comms().node.get(), bytes);
    }
    buffer_.reshape(bytes);
  }

  void run(const Args& a) override {
    layout_->expect_root(a.root, "bcast/hier-opt");
    if (a.count == 0) return;
    const HierLayout& l = *layout_;
    buffer_.begin_call();
    if (!l.is_static_leader()) {
      buffer_.copy_out(a.recv);
      return;
    }
    const int n = count_as_int(a.count, "bcast count");
    if (l.rank() == a.root) {
      std::memcpy(buffer_.data(), a.recv, a.count * extent_of(a.dtype));
    } else {
      recv_from_parent_leader(l, buffer_.data(), n, a.dtype, kTag);
    }
    buffer_.publish();
    send_to_child_leaders(l, buffer_.data(), n, a.dtype, kTag);
    if (l.rank() == a.root) {
      buffer_.done();
    } else {
      buffer_.copy_out(a.recv);
    }
  }

 private:
  std::unique_ptr<HierLayout> layout_;
  SharedBcastBuffer buffer_;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_hier_opt(const AlgOptions& /*options*/) {
  return std::make_unique<BcastHierOpt>();
}

}  // namespace papbench
