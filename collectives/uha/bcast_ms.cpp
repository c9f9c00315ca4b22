// bcast/uha-ms: [Parsons2015] §2.3.2, the multi-sender broadcast: the UHA with line 12 of
// Fig. 2.1 changed so that every rank of a node sends from the node's shared buffer. The thesis
// found a k-ary tree ineffective (a node must hold its whole message before passing it on) and
// used instead "a pipelined binomial tree where each sender is responsible for a segment of the
// total buffer". Inferred where the thesis gives only that sentence (docs/ALGORITHMS.md, UHA):
//   - the buffer is cut into K = senders nearly equal byte segments; segment s travels down
//     MPICH's binomial tree of nodes (relative to the root's node), carried on every node by
//     local rank s mod the node size, which receives it into the node's shared buffer and
//     forwards it from there; the K trees run in parallel;
//   - K = all (default) is the largest node's size; a rank of a smaller node carries its
//     segments one after the other, in segment order on every node, so the trees cannot
//     wait on each other in a cycle.
#include <algorithm>
#include <optional>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr int kUhaBcastMsTag = 73;

class BcastMsPieces final : public uha::Pieces {
 public:
  explicit BcastMsPieces(const AlgOptions& options) : senders_(option_number(options, "senders")) {}

  bool own_inter_phase() const override { return true; }

  void prepare(const uha::NodeContext& node, const Args& a) override {
    node_ = &node;
    ext_ = extent_of(a.dtype);
    bytes_ = a.count * ext_;
    segments_ = std::max(1, static_cast<int>(senders_.value_or(node.map.max_node_size())));
    buffer_ = uha::SharedSlots(node.node_comm, bytes_);
  }

  void copy_in(const Args& a, int parity) override {
    if (node_->map.rank() == a.root) local_copy(a.recv, buffer_.slot(parity), a.count, ext_);
  }

  // inter() sees no arguments: the root is this call's.
  void setup_inter(const Args& a, int /*parity*/) override { root_ = a.root; }

  bool inter(int parity) override {
    const uha::NodeMap& m = node_->map;
    bool took_part = false;
    for (int s = m.local_rank(); s < segments_; s += m.my_node_size()) {
      took_part = segment_tree(s, buffer_.slot(parity)) || took_part;
    }
    return took_part;
  }

  void copy_out(const Args& a, int parity) override {
    if (node_->map.rank() != a.root) local_copy(buffer_.slot(parity), a.recv, a.count, ext_);
  }

 private:
  // MPICH 3.0.4's binomial broadcast (bcast.c MPIR_Bcast_binomial) over the nodes, for
  // segment s, between the ranks that carry s on each node.
  bool segment_tree(int s, std::byte* shared) {
    const uha::NodeMap& m = node_->map;
    const std::size_t first = bytes_ * std::size_t(s) / std::size_t(segments_);
    const std::size_t last = bytes_ * std::size_t(s + 1) / std::size_t(segments_);
    const int n = m.node_count(), root_node = m.node_of(root_);
    const int relative = (m.node() - root_node + n) % n;
    if (last == first || n == 1) return false;
    const int len = count_as_int(last - first, "bcast/uha-ms segment");
    const auto carrier = [&](int rel) {
      const int node = (rel + root_node) % n;
      return m.rank_of(node, s % m.size_of(node));
    };
    int mask = 1;
    for (; mask < n; mask <<= 1) {
      if ((relative & mask) != 0) {
        mpi_check(MPI_Recv(shared + first, len, MPI_BYTE, carrier(relative - mask), kUhaBcastMsTag,
                           node_->all, MPI_STATUS_IGNORE),
                  "MPI_Recv");
        break;
      }
    }
    for (mask >>= 1; mask > 0; mask >>= 1) {
      if (relative + mask < n) {
        mpi_check(MPI_Send(shared + first, len, MPI_BYTE, carrier(relative + mask), kUhaBcastMsTag,
                           node_->all),
                  "MPI_Send");
      }
    }
    return true;
  }

  std::optional<std::int64_t> senders_;
  const uha::NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, bytes_ = 0;
  int segments_ = 1, root_ = 0;
  uha::SharedSlots buffer_;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_uha_ms(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("bcast", "", std::make_unique<BcastMsPieces>(options));
}

}  // namespace papbench
