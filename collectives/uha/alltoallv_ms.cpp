// alltoallv/uha-ms: [Parsons2015] §2.3.2's multi-sender alltoallv, which the thesis measures
// (Table 2.2) but does not describe. CopyIn, SetupInter and CopyOut are alltoallv/uha's
// (shared SEND/RECV layouts grouped by node pair); only line 12 of Fig. 2.1 changes. Inferred
// (docs/ALGORITHMS.md, UHA): the block for node d is carried on node m by local rank d mod S_m,
// S_m = senders clamped to node m's size (all, the default: every rank), which Isends it from
// SEND and Irecvs node d's block for m into RECV, so every node pair is served by one rank on
// each side and a node's pairs are spread over its senders; the node's own block is a copy from
// SEND to RECV by its carrier.
#include <cstring>
#include <optional>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/uha/alltoallv.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr int kUhaAlltoallvMsTag = 76;

class AlltoallvMsPieces final : public uha::AlltoallvPieces {
 public:
  explicit AlltoallvMsPieces(const AlgOptions& options)
      : senders_(option_number(options, "senders")) {}

  bool own_inter_phase() const override { return true; }

  void prepare(const uha::NodeContext& node, const Args& a) override {
    AlltoallvPieces::prepare(node, a);
    requests_.reserve(2 * std::size_t(node.map.node_count()));
  }

  bool inter(int parity) override {
    const uha::NodeMap& m = node_->map;
    const int me = m.node();
    std::byte* send = send_.slot(parity);
    std::byte* recv = recv_.slot(parity);
    requests_.clear();
    bool took_part = false;
    for (int d = 0; d < m.node_count(); ++d) {
      if (carrier(me, d) != m.local_rank()) continue;
      took_part = true;
      const auto dd = std::size_t(d);
      if (d == me) {
        copy_bytes(recv + recv_displs_[dd], send + send_displs_[dd], std::size_t(send_counts_[dd]));
        continue;
      }
      requests_.emplace_back();
      mpi_check(MPI_Irecv(recv + recv_displs_[dd], recv_counts_[dd], MPI_BYTE,
                          m.rank_of(d, carrier(d, me)), kUhaAlltoallvMsTag, node_->all,
                          &requests_.back()),
                "MPI_Irecv");
      requests_.emplace_back();
      mpi_check(MPI_Isend(send + send_displs_[dd], send_counts_[dd], MPI_BYTE,
                          m.rank_of(d, carrier(d, me)), kUhaAlltoallvMsTag, node_->all,
                          &requests_.back()),
                "MPI_Isend");
    }
    mpi_check(
        MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE),
        "MPI_Waitall");
    return took_part;
  }

 private:
  // The local rank of `node` that carries its pair with node `peer`.
  int carrier(int node, int peer) const {
    const int ns = node_->map.size_of(node);
    return peer % static_cast<int>(std::min<std::int64_t>(senders_.value_or(ns), ns));
  }

  std::optional<std::int64_t> senders_;
  std::vector<MPI_Request> requests_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoallv_uha_ms(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("alltoallv", "",
                                       std::make_unique<AlltoallvMsPieces>(options));
}

}  // namespace papbench
