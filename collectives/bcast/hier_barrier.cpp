// bcast/hier-barrier: the naive hierarchical broadcast of [Parsons2015] §3.7 ("MPICH Bi. Hier."),
// the universal hierarchical algorithm's shape (§2.1, Fig. 2.1) for bcast: the root copies its
// message into its node's shared buffer, the node meets in a barrier, static leaders (the root on
// its node, local rank 0 elsewhere) run MPICH's binomial broadcast between nodes on the shared
// buffers, a second barrier, and every process copies the message out.
//
// Cost, balanced: 2 barriers + lgN.(alpha + n.beta) between N nodes + a copy per process; every
// process waits for its node's last one twice.
#include <cstring>

#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/shared_bcast.hpp"
#include "collectives/core/hier_layout.hpp"
#include "collectives/reduce/reduce_common.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using reduce_detail::extent_of;

constexpr int kTag = 53;

class BcastHierBarrier final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    const std::size_t bytes = a.count * extent_of(a.dtype);
    if (refresh_layout(layout_, a, 0) || !buffer_.fits(bytes)) {
      buffer_ = SharedBcastBuffer(layout_->comms().node.get(), bytes);
    }
    buffer_.reshape(bytes);
  }

  void run(const Args& a) override {
    layout_->expect_root(a.root, "bcast/hier-barrier");
    if (a.count == 0) return;
    const HierLayout& l = *layout_;
    const MPI_Comm node = l.comms().node.get();
    buffer_.begin_call();
    if (l.rank() == a.root) std::memcpy(buffer_.data(), a.recv, a.count * extent_of(a.dtype));
    mpi_check(MPI_Barrier(node), "MPI_Barrier");
    if (l.is_static_leader()) {
      const int n = count_as_int(a.count, "bcast count");
      if (l.rank() != a.root) recv_from_parent_leader(l, buffer_.data(), n, a.dtype, kTag);
      send_to_child_leaders(l, buffer_.data(), n, a.dtype, kTag);
      buffer_.publish();
    }
    mpi_check(MPI_Barrier(node), "MPI_Barrier");
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

std::unique_ptr<Algorithm> make_bcast_hier_barrier(const AlgOptions& /*options*/) {
  return std::make_unique<BcastHierBarrier>();
}

}  // namespace papbench
