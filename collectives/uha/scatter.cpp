// scatter/uha: [Parsons2015] §2.3.1 "Scatter / Broadcast". CopyIn: the root lays its send buffer
// out by node in its node's shared send buffer; the leaders scatter one node block each from the
// root's node; CopyOut: every rank copies its block from its node's shared receive buffer.
// Uneven nodes are padded to the largest node's block, as in allgather/uha, so the leaders'
// scatter sees equal blocks.
#include "collectives/core/buffers.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

class ScatterPieces final : public uha::Pieces {
 public:
  void prepare(const uha::NodeContext& node, const Args& a) override {
    node_ = &node;
    const uha::NodeMap& m = node.map;
    ext_ = extent_of(a.dtype);
    node_block_ = std::size_t(m.max_node_size()) * a.count;
    // On every node, not only the root's: one instance serves every root (Algorithm::run).
    send_ = uha::SharedSlots(node.node_comm, node_block_ * ext_ * std::size_t(m.node_count()));
    recv_ = uha::SharedSlots(node.node_comm, node_block_ * ext_);
    inter_.comm = node.leaders;
    inter_.dtype = MPI_BYTE;
    inter_.count = node_block_ * ext_;
    setup_inter(a, 0);
  }

  void copy_in(const Args& a, int parity) override {
    const uha::NodeMap& m = node_->map;
    if (m.rank() != a.root) return;
    std::byte* shared = send_.slot(parity);
    for (int n = 0; n < m.node_count(); ++n) {
      for (const uha::RankRun& run : m.runs(n)) {
        local_copy(
            at(a.send, std::size_t(run.first_rank) * a.count, ext_),
            at(shared, std::size_t(n) * node_block_ + std::size_t(run.first_local) * a.count, ext_),
            std::size_t(run.length) * a.count, ext_);
      }
    }
  }

  void setup_inter(const Args& a, int parity) override {
    inter_.root = node_->map.node_of(a.root);  // the leaders' communicator is ordered by node
    inter_.send = send_.slot(parity);
    inter_.recv = recv_.slot(parity);
  }

  void copy_out(const Args& a, int parity) override {
    local_copy(at(recv_.slot(parity), std::size_t(node_->map.local_rank()) * a.count, ext_), a.recv,
               a.count, ext_);
  }

 private:
  const uha::NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, node_block_ = 0;
  uha::SharedSlots send_, recv_;
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_uha(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("scatter", options.at("inter"),
                                       std::make_unique<ScatterPieces>());
}

}  // namespace papbench
