// allgather/uha: [Parsons2015] §2.3.1 "Allgather". CopyIn puts each rank's block at its local
// rank's place in the node's shared send block; the leaders allgather the node blocks into the
// shared receive buffer (node m's block at m); CopyOut copies the whole buffer, by runs of
// consecutive ranks, into every rank's private receive buffer, or (copyout=shared|cow) hands
// the shared buffer itself back, which needs it in the receive buffer's layout.
//
// Uneven nodes (a shorter last node) are padded: every node block has room for the largest
// node's ranks, so the leaders' allgather sees equal blocks and any allgather algorithm can run
// it. With equal nodes there is no padding, as in the thesis.
#include "collectives/core/buffers.hpp"
#include "collectives/uha/copy_out.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"
#include "common/errors.hpp"

namespace papbench {
namespace {

class AllgatherPieces final : public uha::Pieces {
 public:
  explicit AllgatherPieces(const AlgOptions& options) : copy_out_method_(options) {}

  void prepare(const uha::NodeContext& node, const Args& a) override {
    node_ = &node;
    const uha::NodeMap& m = node.map;
    if (copy_out_method_.outside_recv() && !in_rank_order(m)) {
      // Every rank sees the same placement, so all refuse together.
      throw UsageError(
          "allgather/uha: option copyout: shared and cow need every node's ranks consecutive "
          "and every node but the last of the largest size (the shared buffer is then the "
          "receive buffer's layout); accepted with this placement: memcpy, bcast, numa");
    }
    ext_ = extent_of(a.dtype);
    node_block_ = static_cast<std::size_t>(m.max_node_size()) * a.count;  // elements
    send_ = uha::SharedSlots(node.node_comm, node_block_ * ext_);
    recv_ = copy_out_method_.prepare(node, node_block_ * ext_ * std::size_t(m.node_count()));
    inter_.comm = node.leaders;
    inter_.dtype = MPI_BYTE;
    inter_.count = node_block_ * ext_;
    inter_.op = a.op;
    setup_inter(a, 0);
  }

  void copy_in(const Args& a, int parity) override {
    local_copy(a.send, at(send_.slot(parity), rank_offset(node_->map.local_rank(), a), ext_),
               a.count, ext_);
  }

  void setup_inter(const Args& /*a*/, int parity) override {
    inter_.send = send_.slot(parity);
    inter_.recv = recv_.slot(parity);
  }

  void copy_out(const Args& a, int parity) override {
    copy_out_method_.run(
        *node_, recv_, parity, [&] { copy_all(a, parity); }, a.recv,
        std::size_t(node_->map.rank_count()) * a.count * ext_);
  }

  const void* result_view(const Args& a) const override {
    return copy_out_method_.result_view(a.recv);
  }

 private:
  // Whether rank r sits at node_of(r) * max_node_size() + local_of(r), so that the padded shared
  // buffer starts with the receive buffer's layout: consecutive placement with equal nodes, a
  // shorter last node allowed ([Parsons2015] §2.0 assumes both).
  static bool in_rank_order(const uha::NodeMap& m) {
    for (int r = 0; r < m.rank_count(); ++r) {
      if (m.node_of(r) * m.max_node_size() + m.local_of(r) != r) return false;
    }
    return true;
  }

  void copy_all(const Args& a, int parity) const {
    const uha::NodeMap& m = node_->map;
    const std::byte* shared = recv_.slot(parity);
    for (int n = 0; n < m.node_count(); ++n) {
      for (const uha::RankRun& run : m.runs(n)) {
        local_copy(at(shared, std::size_t(n) * node_block_ + rank_offset(run.first_local, a), ext_),
                   at(a.recv, std::size_t(run.first_rank) * a.count, ext_),
                   std::size_t(run.length) * a.count, ext_);
      }
    }
  }

  static std::size_t rank_offset(int local, const Args& a) { return std::size_t(local) * a.count; }

  const uha::NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, node_block_ = 0;
  uha::SharedSlots send_, recv_;
  uha::CopyOutMethod copy_out_method_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgather_uha(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("allgather", options.at("inter"),
                                       std::make_unique<AllgatherPieces>(options));
}

}  // namespace papbench
