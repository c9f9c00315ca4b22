#pragma once
// reduce_scatter/uha: [Parsons2015] §2.3.1 "Reduce-scatter". CopyIn is the intra-node reduction,
// done in parallel: "each process reduces a n/ns sized portion of the buffer, taking ns steps".
// The leaders reduce-scatter the node sums, node m keeping its ranks' blocks; CopyOut is that of
// scatter. Only commutative ops: the slices combine the node's vectors in local-rank order and
// the leaders' algorithm in its own order (registry restriction, as for the reduce rows).
//
// Deviation: the thesis' ranks read each other's private buffers through XPMEM. Without it,
// CopyIn has two halves: every rank first copies its vector into its own part of a node-shared
// segment, and after a node barrier reduces its slice across those parts.
//
// The node sums are laid out by node, then local rank, so that node m's blocks are block m of
// the leaders' reduce-scatter whatever the rank placement; with consecutive ranks this is the
// vector's own order.
//
// The pieces are shared with reduce_scatter/uha-ms (reduce_scatter_ms.cpp), which keeps CopyIn
// and CopyOut and replaces the leaders' reduce-scatter.
#include <algorithm>
#include <vector>

#include "collectives/core/buffers.hpp"
#include "collectives/core/node_shared.hpp"
#include "collectives/uha/driver.hpp"

namespace papbench::uha {

// A rank's block: where it starts in every rank's input vector and in the node-ordered sums.
struct Block {
  std::size_t src, dst, len;
};

class ReduceScatterPieces : public Pieces {
 public:
  void prepare(const NodeContext& node, const Args& a) override {
    require_commutative(a.op, "reduce_scatter/uha");
    node_ = &node;
    const NodeMap& m = node.map;
    ext_ = extent_of(a.dtype);
    std::vector<std::size_t> displs(a.recv_counts.size());
    total_ = 0;
    for (std::size_t r = 0; r < a.recv_counts.size(); ++r) {
      displs[r] = total_;
      total_ += std::size_t(a.recv_counts[r]);
    }
    blocks_.clear();
    inter_counts_.assign(std::size_t(m.node_count()), 0);
    std::size_t dst = 0;
    for (int n = 0; n < m.node_count(); ++n) {
      for (int l = 0; l < m.size_of(n); ++l) {
        const auto r = std::size_t(m.rank_of(n, l));
        if (n == m.node() && l == m.local_rank()) mine_ = dst;
        blocks_.push_back({displs[r], dst, std::size_t(a.recv_counts[r])});
        dst += std::size_t(a.recv_counts[r]);
        inter_counts_[std::size_t(n)] += a.recv_counts[r];
      }
    }
    node_offset_ = 0;
    for (int n = 0; n < m.node(); ++n) node_offset_ += std::size_t(inter_counts_[std::size_t(n)]);
    inputs_ = NodeSharedSegment(node.node_comm, total_ * ext_);
    sums_ = SharedSlots(node.node_comm, total_ * ext_);
    mine_out_ =
        SharedSlots(node.node_comm, std::size_t(inter_counts_[std::size_t(m.node())]) * ext_);
    inter_.comm = node.leaders;
    inter_.dtype = a.dtype;
    inter_.op = a.op;
    inter_.recv_counts = inter_counts_;
    setup_inter(a, 0);
  }

  void copy_in(const Args& a, int parity) override {
    local_copy(a.send, inputs_.mine().data(), total_, ext_);
    node_->barrier->wait();
    const int ns = node_->map.my_node_size();
    const EvenBlocks slices(total_, std::size_t(ns));
    const auto me = std::size_t(node_->map.local_rank());
    reduce_slice(slices.begin(me), slices.begin(me + 1), sums_.slot(parity), a);
  }

  void setup_inter(const Args& /*a*/, int parity) override {
    inter_.send = sums_.slot(parity);
    inter_.recv = mine_out_.slot(parity);
  }

  void copy_out(const Args& a, int parity) override {
    const std::size_t mine = std::size_t(a.recv_counts[std::size_t(node_->map.rank())]);
    local_copy(at(mine_out_.slot(parity), mine_ - node_offset_, ext_), a.recv, mine, ext_);
  }

 protected:
  // Elements [s0, s1) of the node-ordered sums: the first local rank's input, combined with
  // every other local rank's.
  void reduce_slice(std::size_t s0, std::size_t s1, std::byte* sums, const Args& a) const {
    const int ns = node_->map.my_node_size();
    for (const Block& b : blocks_) {
      const std::size_t lo = std::max(s0, b.dst), hi = std::min(s1, b.dst + b.len);
      if (lo >= hi) continue;
      const std::size_t src = b.src + (lo - b.dst);
      std::byte* out = at(sums, lo, ext_);
      local_copy(at(inputs_.part(0).data(), src, ext_), out, hi - lo, ext_);
      for (int l = 1; l < ns; ++l) {
        combine(at(inputs_.part(l).data(), src, ext_), out, hi - lo, a.dtype, a.op);
      }
    }
  }

  const NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, total_ = 0, mine_ = 0, node_offset_ = 0;
  std::vector<Block> blocks_;
  std::vector<int> inter_counts_;
  NodeSharedSegment inputs_;
  SharedSlots sums_, mine_out_;
};

}  // namespace papbench::uha
