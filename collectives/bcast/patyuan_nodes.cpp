#include "collectives/bcast/patyuan_nodes.hpp"

#include <cstring>

#include "collectives/reduce/reduce_common.hpp"
#include "common/mpi_env.hpp"
#include "topology/node_topology.hpp"

namespace papbench {

using reduce_detail::extent_of;

void PatYuanBetweenNodes::prepare(const Args& a) {
  const std::size_t bytes = a.count * extent_of(a.dtype);
  if (refresh_layout(layout_, a, 0) || !buffer_.fits(bytes)) {
    buffer_ = SharedBcastBuffer(layout_->comms().node.get(), bytes);
  }
  buffer_.reshape(bytes);
}

std::uint64_t PatYuanBetweenNodes::begin_call() {
  ++calls_;
  return buffer_.begin_call();
}

void PatYuanBetweenNodes::lead(const Args& a) {
  const HierLayout& l = *layout_;
  const MPI_Comm all = l.comms().all.get();
  const int n = count_as_int(a.count, "bcast count");
  if (l.rank() == a.root) {
    std::memcpy(buffer_.data(), a.recv, a.count * extent_of(a.dtype));
    buffer_.publish();
    exchange_.serve(all, calls_, buffer_.data(), n, a.dtype, l.comms().nodes->node_count() - 1);
    buffer_.done();
    return;
  }
  exchange_.receive(all, calls_, buffer_.data(), n, a.dtype, a.root);
  buffer_.publish();
  exchange_.forward(all, buffer_.data(), n, a.dtype);
  buffer_.copy_out(a.recv);
}

}  // namespace papbench
