// allgather/uha-ms:exchange=two-way-ring: [Parsons2015] §2.3.2's multi-sender ring allgather.
// The ring keeps "nearest neighbor communication, but with a two-way ring", which "only works
// with two senders per node". The thesis says no more; inferred (docs/ALGORITHMS.md, UHA):
//   - sender R (local rank 0) runs the ring to the right: in step s it sends node block
//     me - s to node me + 1 and receives block me - 1 - s from node me - 1, as MPICH's ring;
//     sender L (local rank 1) runs it to the left: it sends block me + s to node me - 1 and
//     receives block me + 1 + s from node me + 1;
//   - R carries the ceil((N-1)/2) blocks behind each node, L the floor((N-1)/2) ahead of it, so
//     the exchange takes ceil((N-1)/2) steps instead of the ring's N-1;
//   - each sender forwards only blocks it received itself in the step before, so no node
//     barrier is needed between steps; the driver's barrier after the phase publishes them;
//   - senders=1, or a node of one rank, has one rank run both directions, step by step
//     together; senders beyond two are not used;
//   - messages carry a node's ranks only, not the padding of a shorter node's block.
#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "collectives/uha/allgather_ms.hpp"

namespace papbench::uha {
namespace {

constexpr int kUhaAllgatherRing2Tag = 90;

// One direction of the ring: whose blocks go where in step s.
struct Direction {
  int sign;   // +1: to the right (node me + 1), -1: to the left
  int local;  // the local rank that serves it on a node of enough ranks
  int steps;  // blocks it carries to each node
  int tag;
};

class TwoWayRingPieces final : public NodeBlockAllgather {
 public:
  using NodeBlockAllgather::NodeBlockAllgather;

  bool inter(int parity) override {
    const NodeMap& m = node().map;
    const int n = m.node_count();
    const std::array<Direction, 2> directions = {
        Direction{+1, 0, n / 2, kUhaAllgatherRing2Tag},
        Direction{-1, std::min(senders(), 2) - 1, (n - 1) / 2, kUhaAllgatherRing2Tag + 1}};
    bool took_part = false;
    for (int step = 0; step < n / 2; ++step) {
      requests_.clear();
      for (const Direction& d : directions) {
        if (step >= d.steps || server(m.node(), d) != m.rank()) continue;
        took_part = true;
        move(parity, d, step);
      }
      mpi_check(
          MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE),
          "MPI_Waitall");
    }
    return took_part;
  }

 private:
  void prepare_exchange() override { requests_.reserve(4); }

  // The rank of node `n` that serves direction d: its own local rank, or local rank 0 on a
  // node too small for it.
  int server(int n, const Direction& d) const {
    const NodeMap& m = node().map;
    return m.rank_of(n, d.local % m.size_of(n));
  }

  // Step `step` of direction d on this node: send block me - sign*step onward, receive block
  // me - sign*(step+1) from behind.
  void move(int parity, const Direction& d, int step) {
    const NodeMap& m = node().map;
    const int n = m.node_count(), me = m.node();
    const auto wrap = [n](int node) { return ((node % n) + n) % n; };
    const int ahead = wrap(me + d.sign), behind = wrap(me - d.sign);
    const int sent = wrap(me - d.sign * step), received = wrap(me - d.sign * (step + 1));
    post(parity, sent, server(ahead, d), d.tag, false);
    post(parity, received, server(behind, d), d.tag, true);
  }

  void post(int parity, int block, int peer, int tag, bool receive) {
    const std::size_t bytes = filled_bytes(block);
    if (bytes == 0) return;
    std::byte* data = shared(parity) + std::size_t(block) * block_bytes();
    const int count = count_as_int(bytes, "allgather/uha-ms two-way ring message");
    requests_.emplace_back();
    if (receive) {
      mpi_check(MPI_Irecv(data, count, MPI_BYTE, peer, tag, node().all, &requests_.back()),
                "MPI_Irecv");
    } else {
      mpi_check(MPI_Isend(data, count, MPI_BYTE, peer, tag, node().all, &requests_.back()),
                "MPI_Isend");
    }
  }

  std::vector<MPI_Request> requests_;
};

}  // namespace

std::unique_ptr<Pieces> make_two_way_ring_pieces(std::optional<std::int64_t> senders,
                                                 const AlgOptions& options) {
  return std::make_unique<TwoWayRingPieces>(senders, options);
}

}  // namespace papbench::uha
