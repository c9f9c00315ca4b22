#include "collectives/bcast/segmented_tree.hpp"

#include <cstddef>

#include "collectives/bcast/segmentation.hpp"

namespace papbench::bcast {
namespace {

void send_to_children(const std::byte* at, int n, MPI_Datatype dtype, const TreeNode& node,
                      MPI_Comm comm, std::vector<MPI_Request>& sends) {
  for (std::size_t i = 0; i < node.children.size(); ++i) {
    mpi_check(MPI_Isend(at, n, dtype, node.children[i], kBcastTag, comm, &sends[i]), "MPI_Isend");
  }
  // The segment's sends complete before the next segment starts, as in Open MPI.
  mpi_check(MPI_Waitall(static_cast<int>(node.children.size()), sends.data(), MPI_STATUSES_IGNORE),
            "MPI_Waitall");
}

void post_receive(std::byte* at, int n, MPI_Datatype dtype, int parent, MPI_Comm comm,
                  MPI_Request* req) {
  mpi_check(MPI_Irecv(at, n, dtype, parent, kBcastTag, comm, req), "MPI_Irecv");
}

void wait(MPI_Request* req) {
  mpi_check(MPI_Wait(req, MPI_STATUS_IGNORE), "MPI_Wait");
}

}  // namespace

void segmented_tree_bcast(void* buf, int count, MPI_Datatype dtype, int segcount,
                          const TreeNode& node, bool is_root, MPI_Comm comm,
                          std::vector<MPI_Request>& sends) {
  if (count == 0) return;
  MPI_Aint lb = 0, extent = 0;
  mpi_check(MPI_Type_get_extent(dtype, &lb, &extent), "MPI_Type_get_extent");
  const int segments = static_cast<int>(
      segment_total(static_cast<std::size_t>(count), static_cast<std::size_t>(segcount)));
  const auto stride = static_cast<std::ptrdiff_t>(segcount) * extent;
  const int last = count - (segments - 1) * segcount;  // elements of the last segment
  auto length = [&](int seg) { return seg == segments - 1 ? last : segcount; };
  sends.resize(node.children.size());
  auto* at = static_cast<std::byte*>(buf);

  if (is_root) {
    for (int seg = 0; seg < segments; ++seg, at += stride) {
      send_to_children(at, length(seg), dtype, node, comm, sends);
    }
    return;
  }
  // Non-roots: receive i+1 is posted before receive i is awaited, so the parent's next segment
  // always finds a receive waiting. Open MPI posts a full segment for the last one too; the exact
  // length here moves the same messages without a receive reaching past the buffer.
  MPI_Request recvs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  int cur = 0;
  post_receive(at, length(0), dtype, node.parent, comm, &recvs[cur]);
  for (int seg = 1; seg < segments; ++seg, at += stride) {
    cur ^= 1;
    post_receive(at + stride, length(seg), dtype, node.parent, comm, &recvs[cur]);
    wait(&recvs[cur ^ 1]);
    if (!node.children.empty()) send_to_children(at, segcount, dtype, node, comm, sends);
  }
  wait(&recvs[cur]);
  if (!node.children.empty()) send_to_children(at, last, dtype, node, comm, sends);
}

void SegmentedTreeBcast::prepare(const Args& a) {
  comm_ = Comm::dup(a.comm);
  build(a.root);
}

void SegmentedTreeBcast::build(int root) {
  node_ = tree_node(shape_, comm_.size(), root, fanout_, comm_.rank());
  root_ = root;
}

void SegmentedTreeBcast::run(const Args& a) {
  // Open MPI's MPI_Bcast returns before the algorithm for one rank or no data.
  if (comm_.size() == 1 || a.count == 0) return;
  if (a.root != root_) build(a.root);
  const int count = count_as_int(a.count, "bcast count");
  int type_size = 0;
  mpi_check(MPI_Type_size(a.dtype, &type_size), "MPI_Type_size");
  const auto segcount = static_cast<int>(segment_elements(
      segsize_, static_cast<std::size_t>(type_size), static_cast<std::size_t>(count)));
  segmented_tree_bcast(a.recv, count, a.dtype, segcount, node_, comm_.rank() == a.root, comm_.get(),
                       sends_);
}

}  // namespace papbench::bcast
