// allgatherv/uha: [Parsons2015] §2.3.1. allgatherv is the one vector collective whose ranks all
// know every count, so Fig. 2.1 takes its known-pattern branch: CopyIn puts each rank's block
// after those of the lower local ranks in the node's shared send buffer; the leaders allgatherv
// the node blocks (byte counts: the sums of their ranks' counts) into the shared receive buffer,
// ordered by node and local rank; CopyOut copies every rank's block to its displacement. Since
// each rank copies with its own displacements, the leaders' buffers are contiguous whatever the
// displacements are.
#include "collectives/core/buffers.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

class AllgathervPieces final : public uha::Pieces {
 public:
  void prepare(const uha::NodeContext& node, const Args& a) override {
    node_ = &node;
    const uha::NodeMap& m = node.map;
    ext_ = extent_of(a.dtype);
    position_.assign(a.counts.size(), 0);
    node_bytes_.assign(std::size_t(m.node_count()), 0);
    node_displs_.assign(std::size_t(m.node_count()), 0);
    std::size_t at_elem = 0;
    for (int n = 0; n < m.node_count(); ++n) {
      node_displs_[std::size_t(n)] = count_as_int(at_elem * ext_, "allgatherv/uha node offset");
      const std::size_t first = at_elem;
      if (n == m.node()) node_start_ = first;
      for (int l = 0; l < m.size_of(n); ++l) {
        const auto r = std::size_t(m.rank_of(n, l));
        position_[r] = at_elem;
        at_elem += std::size_t(a.counts[r]);
      }
      node_bytes_[std::size_t(n)] =
          count_as_int((at_elem - first) * ext_, "allgatherv/uha node block");
    }
    const auto mine = std::size_t(m.node());
    send_ = uha::SharedSlots(node.node_comm, std::size_t(node_bytes_[mine]));
    recv_ = uha::SharedSlots(node.node_comm, at_elem * ext_);
    inter_.comm = node.leaders;
    inter_.dtype = MPI_BYTE;
    inter_.send_count = std::size_t(node_bytes_[mine]);
    inter_.counts = node_bytes_;
    inter_.displs = node_displs_;
    setup_inter(a, 0);
  }

  void copy_in(const Args& a, int parity) override {
    const auto r = std::size_t(node_->map.rank());
    local_copy(a.send, at(send_.slot(parity), position_[r] - node_start_, ext_), a.send_count,
               ext_);
  }

  void setup_inter(const Args& /*a*/, int parity) override {
    inter_.send = send_.slot(parity);
    inter_.recv = recv_.slot(parity);
  }

  void copy_out(const Args& a, int parity) override {
    const std::byte* shared = recv_.slot(parity);
    for (std::size_t r = 0; r < a.counts.size(); ++r) {
      local_copy(at(shared, position_[r], ext_), at(a.recv, std::size_t(a.displs[r]), ext_),
                 std::size_t(a.counts[r]), ext_);
    }
  }

 private:
  const uha::NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, node_start_ = 0;
  std::vector<std::size_t> position_;  // [rank]: first element of its block, node-ordered
  std::vector<int> node_bytes_, node_displs_;
  uha::SharedSlots send_, recv_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgatherv_uha(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("allgatherv", options.at("inter"),
                                       std::make_unique<AllgathervPieces>());
}

}  // namespace papbench
