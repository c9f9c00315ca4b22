// allgather/uha-ms: [Parsons2015] §2.3.2, the multi-sender allgather, Bruck's algorithm in its
// k-ary form: "each round each of the senders transmits the buffer to a different node", so
// there are fewer rounds and the message grows by a factor k + 1 per round. The thesis also
// names a two-way ring, which "works only with two senders"; papbench builds the k-port Bruck,
// which takes any number of senders (senders=all, the thesis' choice for its results).
// Inferred where the thesis gives only those sentences (docs/ALGORITHMS.md, UHA):
//   - before round r node i holds the h = (k+1)^r node blocks i, i+1, ..., i+h-1 (mod N) in its
//     shared receive buffer, at their own places (no final rotation); in round r port j
//     (j = 1..k, while j*h < N) sends those blocks, at most N - j*h of them, to node i - j*h
//     and receives the blocks of node i + j*h, so that node i holds (k+1)*h blocks after it;
//   - port j is served on every node by local rank (j-1) mod the node size, which sends from
//     and receives into the shared buffer; a node barrier ends each round;
//   - a run of blocks that wraps past node N-1 goes as two messages.
// Node blocks are padded to the largest node, as in allgather/uha.
#include <algorithm>
#include <optional>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/mpich_p2p.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

using mpich::at;
using mpich::extent_of;
using mpich::local_copy;

constexpr int kTag = 74;

class AllgatherMsPieces final : public uha::Pieces {
 public:
  explicit AllgatherMsPieces(const AlgOptions& options)
      : senders_(option_number(options, "senders")) {}

  bool own_inter_phase() const override { return true; }

  void prepare(const uha::NodeContext& node, const Args& a) override {
    node_ = &node;
    const uha::NodeMap& m = node.map;
    ext_ = extent_of(a.dtype);
    block_ = std::size_t(m.max_node_size()) * a.count * ext_;  // bytes per node
    ports_ = std::max(1, static_cast<int>(senders_.value_or(m.max_node_size())));
    recv_ = uha::SharedSlots(node.node_comm, block_ * std::size_t(m.node_count()));
    requests_.reserve(4 * std::size_t(ports_));
  }

  // Each rank's block goes straight to its place in its node's block of the result.
  void copy_in(const Args& a, int parity) override {
    const uha::NodeMap& m = node_->map;
    local_copy(a.send,
               recv_.slot(parity) + std::size_t(m.node()) * block_ +
                   std::size_t(m.local_rank()) * a.count * ext_,
               a.count, ext_);
  }

  void setup_inter(const Args& /*a*/, int /*parity*/) override {}

  bool inter(int parity) override {
    const uha::NodeMap& m = node_->map;
    const int n = m.node_count(), me = m.node(), local = m.local_rank(), ns = m.my_node_size();
    std::byte* shared = recv_.slot(parity);
    bool took_part = false;
    int round = 0;
    for (int have = 1; have < n; have *= ports_ + 1, ++round) {
      if (round > 0) node_->barrier->wait();  // the last round's blocks have arrived
      requests_.clear();
      for (int j = local + 1; j <= ports_ && j * have < n; j += ns) {
        const int blocks = std::min(have, n - j * have);
        transfer(shared, me, blocks, (me - j * have + n) % n, j, round, false);
        transfer(shared, (me + j * have) % n, blocks, (me + j * have) % n, j, round, true);
        took_part = true;
      }
      mpi_check(
          MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE),
          "MPI_Waitall");
    }
    return took_part;
  }

  void copy_out(const Args& a, int parity) override {
    const uha::NodeMap& m = node_->map;
    const std::byte* shared = recv_.slot(parity);
    for (int n = 0; n < m.node_count(); ++n) {
      for (const uha::RankRun& run : m.runs(n)) {
        local_copy(shared + std::size_t(n) * block_ + std::size_t(run.first_local) * a.count * ext_,
                   at(a.recv, std::size_t(run.first_rank) * a.count, ext_),
                   std::size_t(run.length) * a.count, ext_);
      }
    }
  }

 private:
  // Sends (or receives) node blocks [first, first + blocks) mod N to (from) port j's rank of
  // node `peer`: one message per contiguous run.
  void transfer(std::byte* shared, int first, int blocks, int peer, int j, int round,
                bool receive) {
    const uha::NodeMap& m = node_->map;
    const int n = m.node_count();
    const int port_rank = m.rank_of(peer, (j - 1) % m.size_of(peer));
    const int head = std::min(blocks, n - first);
    const int runs[2][2] = {{first, head}, {0, blocks - head}};
    for (int piece = 0; piece < 2; ++piece) {
      const int start = runs[piece][0], length = runs[piece][1];
      if (length == 0 || block_ == 0) continue;
      std::byte* data = shared + std::size_t(start) * block_;
      const int bytes = count_as_int(std::size_t(length) * block_, "allgather/uha-ms message");
      const int tag = kTag + 2 * round + piece;
      requests_.emplace_back();
      if (receive) {
        mpi_check(MPI_Irecv(data, bytes, MPI_BYTE, port_rank, tag, node_->all, &requests_.back()),
                  "MPI_Irecv");
      } else {
        mpi_check(MPI_Isend(data, bytes, MPI_BYTE, port_rank, tag, node_->all, &requests_.back()),
                  "MPI_Isend");
      }
    }
  }

  std::optional<std::int64_t> senders_;
  const uha::NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, block_ = 0;
  int ports_ = 1;
  uha::SharedSlots recv_;
  std::vector<MPI_Request> requests_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgather_uha_ms(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("allgather", "",
                                       std::make_unique<AllgatherMsPieces>(options));
}

}  // namespace papbench
