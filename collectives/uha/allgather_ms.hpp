#pragma once
// The multi-sender allgathers of [Parsons2015] §2.3.2 (allgather/uha-ms, option exchange=): the
// node blocks are gathered in one node-shared buffer and several local ranks move them between
// nodes straight from and into it. The exchanges differ only in who sends which node blocks
// where (collectives/uha/allgather_ms.cpp: k-port Bruck; allgather_ring2.cpp: two-way ring);
// the shared layout, CopyIn and CopyOut are this class, once. CopyOut takes allgather/uha's
// copyout=NAME methods (copy_out.hpp): Fig. 2.9 pairs the shared and copy-on-write copy-outs with
// the multi-sender ring ([Parsons2015] §2.5.3).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "collectives/core/algorithm.hpp"
#include "collectives/uha/copy_out.hpp"
#include "collectives/uha/driver.hpp"

namespace papbench::uha {

// Node n's block starts at n * block_bytes() in the shared buffer and holds its ranks' blocks
// by local rank; it is padded to the largest node, as in allgather/uha.
class NodeBlockAllgather : public Pieces {
 public:
  // `senders`: the option senders=K, std::nullopt for all (the largest node's size); `options`
  // the resolved ones, of which copyout and regions choose the copy-out.
  NodeBlockAllgather(std::optional<std::int64_t> senders, const AlgOptions& options)
      : senders_(senders), copy_out_method_(options) {}

  bool own_inter_phase() const final { return true; }
  void prepare(const NodeContext& node, const Args& a) final;
  void copy_in(const Args& a, int parity) final;
  void setup_inter(const Args& /*a*/, int /*parity*/) final {}
  void copy_out(const Args& a, int parity) final;
  const void* result_view(const Args& a) const final {
    return copy_out_method_.result_view(a.recv);
  }

 protected:
  // Called once prepare() has set the layout: the exchange sizes its own state.
  virtual void prepare_exchange() {}

  const NodeContext& node() const { return *node_; }
  std::byte* shared(int parity) const { return recv_.slot(parity); }
  std::size_t block_bytes() const { return block_; }
  // Bytes of node n's ranks in its (padded) block.
  std::size_t filled_bytes(int n) const;
  // K: the option's value, or the largest node's size for senders=all.
  int senders() const { return senders_k_; }

 private:
  std::optional<std::int64_t> senders_;
  const NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, count_ = 0, block_ = 0;
  int senders_k_ = 1;
  SharedSlots recv_;
  CopyOutMethod copy_out_method_;
};

// exchange=two-way-ring (collectives/uha/allgather_ring2.cpp).
std::unique_ptr<Pieces> make_two_way_ring_pieces(std::optional<std::int64_t> senders,
                                                 const AlgOptions& options);

}  // namespace papbench::uha
