// alltoall/uha: [Parsons2015] §2.3.1 "Alltoall / Alltoallv", Fig. 2.2. CopyIn: "each rank places
// messages destined for the same node in contiguous memory locations": the shared send buffer is
// SEND[m][l][l'], the block local rank l sends to local rank l' of node m. The leaders' alltoall
// exchanges one [l][l'] matrix per node pair; the shared receive buffer is RECV[m][l][l'], the
// block rank l of node m sent to local rank l' here; CopyOut moves every block to its place.
// Uneven nodes are padded to the largest node's matrix, so the leaders' alltoall sees equal
// blocks and any alltoall algorithm can run it.
#include "collectives/core/buffers.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

class AlltoallPieces final : public uha::Pieces {
 public:
  void prepare(const uha::NodeContext& node, const Args& a) override {
    node_ = &node;
    const uha::NodeMap& m = node.map;
    ext_ = extent_of(a.dtype);
    ns_ = std::size_t(m.max_node_size());
    const std::size_t pair_block = ns_ * ns_ * a.count;  // elements
    send_ = uha::SharedSlots(node.node_comm, pair_block * ext_ * std::size_t(m.node_count()));
    recv_ = uha::SharedSlots(node.node_comm, pair_block * ext_ * std::size_t(m.node_count()));
    inter_.comm = node.leaders;
    inter_.dtype = MPI_BYTE;
    inter_.count = pair_block * ext_;
    setup_inter(a, 0);
  }

  void copy_in(const Args& a, int parity) override {
    const uha::NodeMap& m = node_->map;
    std::byte* shared = send_.slot(parity);
    const int l = m.local_rank();
    for (int n = 0; n < m.node_count(); ++n) {
      for (const uha::RankRun& run : m.runs(n)) {
        local_copy(at(a.send, std::size_t(run.first_rank) * a.count, ext_),
                   at(shared, block(n, l, run.first_local, a), ext_),
                   std::size_t(run.length) * a.count, ext_);
      }
    }
  }

  void setup_inter(const Args& /*a*/, int parity) override {
    inter_.send = send_.slot(parity);
    inter_.recv = recv_.slot(parity);
  }

  void copy_out(const Args& a, int parity) override {
    const uha::NodeMap& m = node_->map;
    const std::byte* shared = recv_.slot(parity);
    const int me = m.local_rank();
    for (int n = 0; n < m.node_count(); ++n) {
      for (int l = 0; l < m.size_of(n); ++l) {
        local_copy(at(shared, block(n, l, me, a), ext_),
                   at(a.recv, std::size_t(m.rank_of(n, l)) * a.count, ext_), a.count, ext_);
      }
    }
  }

 private:
  // First element of block [node][l][l2] of a padded shared buffer.
  std::size_t block(int node, int l, int l2, const Args& a) const {
    return ((std::size_t(node) * ns_ + std::size_t(l)) * ns_ + std::size_t(l2)) * a.count;
  }

  const uha::NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, ns_ = 0;
  uha::SharedSlots send_, recv_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoall_uha(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("alltoall", options.at("inter"),
                                       std::make_unique<AlltoallPieces>());
}

}  // namespace papbench
