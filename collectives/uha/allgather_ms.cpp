// allgather/uha-ms: [Parsons2015] §2.3.2, the multi-sender allgather. exchange=bruck (the
// default) is Bruck's algorithm in its k-ary form: "each round each of the senders transmits the
// buffer to a different node", so there are fewer rounds and the message grows by a factor
// k + 1 per round; it takes any number of senders (senders=all, the thesis' choice for its
// results). exchange=two-way-ring, the thesis' ring for two senders, is allgather_ring2.cpp.
// Inferred where the thesis gives only those sentences (docs/ALGORITHMS.md, UHA):
//   - before round r node i holds the h = (k+1)^r node blocks i, i+1, ..., i+h-1 (mod N) in its
//     shared receive buffer, at their own places (no final rotation); in round r port j
//     (j = 1..k, while j*h < N) sends those blocks, at most N - j*h of them, to node i - j*h
//     and receives the blocks of node i + j*h, so that node i holds (k+1)*h blocks after it;
//   - port j is served on every node by local rank (j-1) mod the node size, which sends from
//     and receives into the shared buffer; a node barrier ends each round;
//   - a run of blocks that wraps past node N-1 goes as two messages.
#include "collectives/uha/allgather_ms.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/uha/uha.hpp"
#include "common/errors.hpp"

namespace papbench {
namespace uha {

void NodeBlockAllgather::prepare(const NodeContext& node, const Args& a) {
  node_ = &node;
  const NodeMap& m = node.map;
  ext_ = extent_of(a.dtype);
  count_ = a.count;
  block_ = std::size_t(m.max_node_size()) * a.count * ext_;
  senders_k_ = std::max(1, static_cast<int>(senders_.value_or(m.max_node_size())));
  if (copy_out_method_.outside_recv()) {
    // shared, cow: the shared buffer is the result, so it must be the receive buffer's layout,
    // rank r at node_of(r) * max_node_size() + local_of(r) (as allgather/uha; every rank sees the
    // same placement, so all refuse together).
    for (int r = 0; r < m.rank_count(); ++r) {
      if (m.node_of(r) * m.max_node_size() + m.local_of(r) == r) continue;
      throw UsageError(
          "allgather/uha-ms: option copyout: shared and cow need every node's ranks consecutive "
          "and every node but the last of the largest size; accepted with this placement: "
          "memcpy, bcast, numa");
    }
  }
  recv_ = copy_out_method_.prepare(node, block_ * std::size_t(m.node_count()));
  prepare_exchange();
}

std::size_t NodeBlockAllgather::filled_bytes(int n) const {
  return std::size_t(node_->map.size_of(n)) * count_ * ext_;
}

// Each rank's block goes straight to its place in its node's block of the result.
void NodeBlockAllgather::copy_in(const Args& a, int parity) {
  const NodeMap& m = node_->map;
  local_copy(a.send,
             recv_.slot(parity) + std::size_t(m.node()) * block_ +
                 std::size_t(m.local_rank()) * a.count * ext_,
             a.count, ext_);
}

void NodeBlockAllgather::copy_out(const Args& a, int parity) {
  const NodeMap& m = node_->map;
  const std::byte* shared = recv_.slot(parity);
  const auto copy_all = [&] {
    for (int n = 0; n < m.node_count(); ++n) {
      for (const RankRun& run : m.runs(n)) {
        local_copy(shared + std::size_t(n) * block_ + std::size_t(run.first_local) * a.count * ext_,
                   at(a.recv, std::size_t(run.first_rank) * a.count, ext_),
                   std::size_t(run.length) * a.count, ext_);
      }
    }
  };
  copy_out_method_.run(*node_, recv_, parity, copy_all, a.recv,
                       std::size_t(m.rank_count()) * a.count * ext_);
}

}  // namespace uha

namespace {

constexpr int kUhaAllgatherMsTag = 74;

class BruckPortsPieces final : public uha::NodeBlockAllgather {
 public:
  using NodeBlockAllgather::NodeBlockAllgather;

  bool inter(int parity) override {
    const uha::NodeMap& m = node().map;
    const int n = m.node_count(), me = m.node(), local = m.local_rank(), ns = m.my_node_size();
    const int ports = senders();
    std::byte* buffer = shared(parity);
    bool took_part = false;
    int round = 0;
    for (int have = 1; have < n; have *= ports + 1, ++round) {
      if (round > 0) node().barrier->wait();  // the last round's blocks have arrived
      requests_.clear();
      for (int j = local + 1; j <= ports && j * have < n; j += ns) {
        const int blocks = std::min(have, n - j * have);
        transfer(buffer, me, blocks, (me - j * have + n) % n, j, round, false);
        transfer(buffer, (me + j * have) % n, blocks, (me + j * have) % n, j, round, true);
        took_part = true;
      }
      mpi_check(
          MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE),
          "MPI_Waitall");
    }
    return took_part;
  }

 private:
  void prepare_exchange() override { requests_.reserve(4 * std::size_t(senders())); }

  // Sends (or receives) node blocks [first, first + blocks) mod N to (from) port j's rank of
  // node `peer`: one message per contiguous run.
  void transfer(std::byte* buffer, int first, int blocks, int peer, int j, int round,
                bool receive) {
    const uha::NodeMap& m = node().map;
    const int n = m.node_count();
    const std::size_t block = block_bytes();
    const int port_rank = m.rank_of(peer, (j - 1) % m.size_of(peer));
    const int head = std::min(blocks, n - first);
    const int runs[2][2] = {{first, head}, {0, blocks - head}};
    for (int piece = 0; piece < 2; ++piece) {
      const int start = runs[piece][0], length = runs[piece][1];
      if (length == 0 || block == 0) continue;
      std::byte* data = buffer + std::size_t(start) * block;
      const int bytes = count_as_int(std::size_t(length) * block, "allgather/uha-ms message");
      const int tag = kUhaAllgatherMsTag + 2 * round + piece;
      requests_.emplace_back();
      if (receive) {
        mpi_check(MPI_Irecv(data, bytes, MPI_BYTE, port_rank, tag, node().all, &requests_.back()),
                  "MPI_Irecv");
      } else {
        mpi_check(MPI_Isend(data, bytes, MPI_BYTE, port_rank, tag, node().all, &requests_.back()),
                  "MPI_Isend");
      }
    }
  }

  std::vector<MPI_Request> requests_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgather_uha_ms(const AlgOptions& options) {
  const std::optional<std::int64_t> senders = option_number(options, "senders");
  std::unique_ptr<uha::Pieces> pieces;
  if (option_text(options, "exchange") == "two-way-ring") {
    pieces = uha::make_two_way_ring_pieces(senders, options);
  } else {
    pieces = std::make_unique<BruckPortsPieces>(senders, options);
  }
  return std::make_unique<uha::Driver>("allgather", "", std::move(pieces));
}

}  // namespace papbench
