#pragma once
// alltoallv/uha: [Parsons2015] §2.3.1 "Alltoall / Alltoallv" with Fig. 2.1's unknown-pattern
// branch: no rank knows the others' counts, so ExchangeCntData publishes each rank's send and
// receive counts in node-shared memory (SharedCnts; never made global), a node barrier follows,
// and every rank derives the node's layouts from them:
//   SEND[m][l][l']  the block local rank l sends to local rank l' of node m (node m's part
//                   contiguous: the leaders' send block m);
//   RECV[m][l][l']  the block rank l of node m sent to local rank l' here, in the order node m
//                   packed it (its SEND[this node][l][l']).
// SetupInter turns the node sums into byte counts and displacements for the leaders' alltoallv.
// Each rank copies with its own displacements, so displacements are never exchanged.
//
// The pieces are shared with alltoallv/uha-ms (alltoallv_ms.cpp), which keeps them all and
// replaces the leaders' alltoallv.
#include <algorithm>
#include <stdexcept>
#include <vector>

#include "collectives/core/buffers.hpp"
#include "collectives/core/node_shared.hpp"
#include "collectives/uha/driver.hpp"

namespace papbench::uha {

class AlltoallvPieces : public Pieces {
 public:
  bool unknown_global_pattern() const override { return true; }

  void prepare(const NodeContext& node, const Args& a) override {
    node_ = &node;
    const NodeMap& m = node.map;
    ext_ = extent_of(a.dtype);
    p_ = a.counts.size();
    const auto nodes = std::size_t(m.node_count());
    counts_ = NodeSharedSegment(node.node_comm, 2 * 2 * p_ * sizeof(int));
    send_counts_.assign(nodes, 0);
    send_displs_.assign(nodes, 0);
    recv_counts_.assign(nodes, 0);
    recv_displs_.assign(nodes, 0);
    send_row_.assign(nodes, 0);
    recv_at_.assign(p_, 0);
    // The counts are the case's: one exchange here sizes the shared buffers for every call.
    exchange_cnt_data(a, 0);
    node.barrier->wait();
    layout(0);
    send_ = SharedSlots(node.node_comm, send_total_ * ext_);
    recv_ = SharedSlots(node.node_comm, recv_total_ * ext_);
    node.barrier->wait();  // everyone has read copy 0 of SharedCnts before a call rewrites it
    inter_.comm = node.leaders;
    inter_.dtype = MPI_BYTE;
    setup_inter(a, 0);
  }

  void exchange_cnt_data(const Args& a, int parity) override {
    int* mine = shared_counts(node_->map.local_rank(), parity);
    std::copy(a.counts.begin(), a.counts.end(), mine);
    std::copy(a.recv_counts.begin(), a.recv_counts.end(), mine + p_);
  }

  void copy_in(const Args& a, int parity) override {
    layout(parity);
    if (send_total_ * ext_ > send_.bytes() || recv_total_ * ext_ > recv_.bytes()) {
      throw std::logic_error("alltoallv/uha: counts grew after prepare()");
    }
    const NodeMap& m = node_->map;
    std::byte* shared = send_.slot(parity);
    for (int n = 0; n < m.node_count(); ++n) {
      std::size_t pos = send_row_[std::size_t(n)];
      for (int l2 = 0; l2 < m.size_of(n); ++l2) {
        const auto r = std::size_t(m.rank_of(n, l2));
        local_copy(at(a.send, std::size_t(a.displs[r]), ext_), at(shared, pos, ext_),
                   std::size_t(a.counts[r]), ext_);
        pos += std::size_t(a.counts[r]);
      }
    }
  }

  void setup_inter(const Args& /*a*/, int parity) override {
    inter_.send = send_.slot(parity);
    inter_.recv = recv_.slot(parity);
    inter_.counts = send_counts_;
    inter_.displs = send_displs_;
    inter_.recv_counts = recv_counts_;
    inter_.recv_displs = recv_displs_;
  }

  void copy_out(const Args& a, int parity) override {
    const std::byte* shared = recv_.slot(parity);
    for (std::size_t r = 0; r < p_; ++r) {
      local_copy(at(shared, recv_at_[r], ext_), at(a.recv, std::size_t(a.recv_displs[r]), ext_),
                 std::size_t(a.recv_counts[r]), ext_);
    }
  }

 protected:
  // SharedCnts of local rank l: its P send counts, then its P receive counts.
  int* shared_counts(int l, int parity) const {
    return reinterpret_cast<int*>(counts_.part(l).data()) + std::size_t(parity) * 2 * p_;
  }

  // From SharedCnts: the leaders' byte counts and displacements, where this rank's rows start in
  // SEND (send_row_[m]) and where each source's block for this rank lies in RECV (recv_at_).
  void layout(int parity) {
    const NodeMap& m = node_->map;
    const int me = m.local_rank(), ns = m.my_node_size();
    std::size_t send_at = 0, recv_at = 0;
    for (int n = 0; n < m.node_count(); ++n) {
      const auto nn = std::size_t(n);
      const std::size_t send_start = send_at, recv_start = recv_at;
      for (int l = 0; l < ns; ++l) {  // SEND[n][l][*]: local rank l's blocks for node n
        const int* sc = shared_counts(l, parity);
        if (l == me) send_row_[nn] = send_at;
        for (int l2 = 0; l2 < m.size_of(n); ++l2) send_at += std::size_t(sc[m.rank_of(n, l2)]);
      }
      for (int l = 0; l < m.size_of(n); ++l) {  // RECV[n][l][*]: what rank (n, l) sent here
        const auto src = std::size_t(m.rank_of(n, l));
        for (int l2 = 0; l2 < ns; ++l2) {
          if (l2 == me) recv_at_[src] = recv_at;
          recv_at += std::size_t(shared_counts(l2, parity)[p_ + src]);
        }
      }
      send_displs_[nn] = count_as_int(send_start * ext_, "alltoallv/uha displacement");
      send_counts_[nn] = count_as_int((send_at - send_start) * ext_, "alltoallv/uha block");
      recv_displs_[nn] = count_as_int(recv_start * ext_, "alltoallv/uha displacement");
      recv_counts_[nn] = count_as_int((recv_at - recv_start) * ext_, "alltoallv/uha block");
    }
    send_total_ = send_at;
    recv_total_ = recv_at;
  }

  const NodeContext* node_ = nullptr;
  std::size_t ext_ = 0, p_ = 0, send_total_ = 0, recv_total_ = 0;
  NodeSharedSegment counts_;
  std::vector<int> send_counts_, send_displs_, recv_counts_, recv_displs_;
  std::vector<std::size_t> send_row_, recv_at_;
  SharedSlots send_, recv_;
};

}  // namespace papbench::uha
