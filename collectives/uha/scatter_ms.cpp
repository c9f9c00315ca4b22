// scatter/uha-ms: [Parsons2015] §2.3.2, the multi-sender ("parallel funneled") scatter: the UHA
// with line 12 of Fig. 2.1 changed so that every rank of a node may send from the node's shared
// buffer, the binomial tree between nodes "modified into a k-ary tree" with k = senders=K.
// Inferred where the thesis gives only that sentence (docs/ALGORITHMS.md, UHA):
//   - nodes are numbered relative to the root's node; node lo owning the range [lo, hi) splits
//     (lo, hi) into at most K contiguous chunks of nearly equal size, the first node of each
//     chunk being a child that owns the chunk; so every subtree's node blocks are contiguous;
//   - local rank 0 receives its node's range from the parent into the shared buffer; after a
//     node barrier, sender j (local rank j mod the node size) sends child j its range;
//   - K = all (default) is the largest node's size; K is clamped to each node's size by letting
//     a sender serve several children in turn.
// Node blocks are padded to the largest node, as in scatter/uha.
#include <algorithm>
#include <optional>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr int kUhaScatterMsTag = 72;

// A node's place in the k-ary tree, by relative node id.
struct TreeNode {
  int parent = -1, end = 0;  // owns [self, end)
  std::vector<int> children;
};

class ScatterMsPieces final : public uha::Pieces {
 public:
  explicit ScatterMsPieces(const AlgOptions& options)
      : senders_(option_number(options, "senders")) {}

  bool own_inter_phase() const override { return true; }

  void prepare(const uha::NodeContext& node, const Args& a) override {
    node_ = &node;
    const uha::NodeMap& m = node.map;
    ext_ = extent_of(a.dtype);
    nodes_ = m.node_count();
    block_ = std::size_t(m.max_node_size()) * a.count * ext_;  // bytes per node
    root_node_ = m.node_of(a.root);
    const int k = std::max(1, static_cast<int>(senders_.value_or(m.max_node_size())));
    tree_.assign(std::size_t(nodes_), {});
    build(0, nodes_, k);
    buffer_ = uha::SharedSlots(node.node_comm, block_ * std::size_t(nodes_));
  }

  void copy_in(const Args& a, int parity) override {
    const uha::NodeMap& m = node_->map;
    root_node_ = m.node_of(a.root);  // the tree is relative to it: a moved root needs no rebuild
    if (m.rank() != a.root) return;
    std::byte* shared = buffer_.slot(parity);
    for (int n = 0; n < nodes_; ++n) {
      for (const uha::RankRun& run : m.runs(n)) {
        local_copy(at(a.send, std::size_t(run.first_rank) * a.count, ext_),
                   shared + std::size_t(relative(n)) * block_ +
                       std::size_t(run.first_local) * a.count * ext_,
                   std::size_t(run.length) * a.count, ext_);
      }
    }
  }

  void setup_inter(const Args& /*a*/, int /*parity*/) override {}

  bool inter(int parity) override {
    const uha::NodeMap& m = node_->map;
    const int me = relative(m.node()), local = m.local_rank(), ns = m.my_node_size();
    const TreeNode& t = tree_[std::size_t(me)];
    std::byte* shared = buffer_.slot(parity);
    bool took_part = false;
    if (t.parent >= 0 && local == 0) {
      const int parent_node = absolute(t.parent);
      const int from = m.rank_of(parent_node, sender_of(parent_node, child_index(t.parent, me)));
      mpi_check(MPI_Recv(shared + std::size_t(me) * block_, bytes(me, t.end), MPI_BYTE, from,
                         kUhaScatterMsTag, node_->all, MPI_STATUS_IGNORE),
                "MPI_Recv");
      took_part = true;
    }
    if (t.children.empty()) return took_part;
    node_->barrier->wait();  // the node's range has arrived
    for (std::size_t j = static_cast<std::size_t>(local); j < t.children.size();
         j += std::size_t(ns)) {
      const int c = t.children[j];
      mpi_check(MPI_Send(shared + std::size_t(c) * block_, bytes(c, tree_[std::size_t(c)].end),
                         MPI_BYTE, m.rank_of(absolute(c), 0), kUhaScatterMsTag, node_->all),
                "MPI_Send");
      took_part = true;
    }
    return took_part;
  }

  void copy_out(const Args& a, int parity) override {
    const uha::NodeMap& m = node_->map;
    local_copy(buffer_.slot(parity) + std::size_t(relative(m.node())) * block_ +
                   std::size_t(m.local_rank()) * a.count * ext_,
               a.recv, a.count, ext_);
  }

 private:
  // Node lo owns [lo, hi): its children own contiguous chunks of (lo, hi), at most k of them.
  void build(int lo, int hi, int k) {
    TreeNode& t = tree_[std::size_t(lo)];
    t.end = hi;
    const int rest = hi - lo - 1, chunks = std::min(k, rest);
    for (int c = 0, at_node = lo + 1; c < chunks; ++c) {
      const int len = rest / chunks + (c < rest % chunks ? 1 : 0);
      t.children.push_back(at_node);
      tree_[std::size_t(at_node)].parent = lo;
      build(at_node, at_node + len, k);
      at_node += len;
    }
  }
  int relative(int n) const { return (n - root_node_ + nodes_) % nodes_; }
  int absolute(int r) const { return (r + root_node_) % nodes_; }
  int child_index(int parent, int child) const {
    const auto& ch = tree_[std::size_t(parent)].children;
    return static_cast<int>(std::find(ch.begin(), ch.end(), child) - ch.begin());
  }
  // The local rank of `node` that sends to its child number j.
  int sender_of(int node, int j) const { return j % node_->map.size_of(node); }
  int bytes(int lo, int hi) const {
    return count_as_int(std::size_t(hi - lo) * block_, "scatter/uha-ms message");
  }

  std::optional<std::int64_t> senders_;
  const uha::NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, block_ = 0;
  int nodes_ = 0, root_node_ = 0;
  std::vector<TreeNode> tree_;
  uha::SharedSlots buffer_;
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_uha_ms(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("scatter", "", std::make_unique<ScatterMsPieces>(options));
}

}  // namespace papbench
