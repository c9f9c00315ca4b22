// allreduce/rabenseifner: Rabenseifner's reduce-scatter + allgather as MPICH implements it
// ([Rabenseifner2004]; [ThakurRabenseifnerGropp2005]; [MPICH] v4.0.2
// src/mpi/coll/allreduce/allreduce_intra_reduce_scatter_allgather.c,
// MPIR_Allreduce_intra_reduce_scatter_allgather, the same schedule as v3.0.4 allreduce.c
// MPIR_Allreduce_intra's long-message path). A reduce-scatter by recursive halving, distance 1
// first (the lower partner keeps the lower half), leaves each of the pof2 participants one
// fully reduced block of count / pof2 elements (the first count % pof2 blocks one larger); an
// allgather by recursive doubling walks the distances back and hands every participant all blocks.
//
// Non-powers of two: MPICH's fold onto pof2 participants (pof2_fold.hpp), as in
// allreduce/recursive-doubling.
//
// Counts below pof2: MPICH asserts count >= pof2 and its selection sends such calls to recursive
// doubling (v4.0.2 maint/tuning/coll/mpir/generic.json, "count<pow2"). Here the schedule runs as
// written with the empty blocks (zero-element messages), so that the algorithm measured is the one
// named (docs/ALGORITHMS.md, Decision: allreduce counts below P).
//
// Commutative ops only, as MPICH ("Restrictions: Built-in ops only"): the halving combines the
// partner's half first whichever side it comes from.
//
// Cost = 2.lgp.alpha + 2.n.((p-1)/p).beta + n.((p-1)/p).gamma for p = pof2; otherwise
// (2.floor(lgp)+2).alpha + (2.((p-1)/p) + 2).n.beta + n.(1+(p-1)/p).gamma (MPICH's comment).
#include <vector>

#include "collectives/allreduce/allreduce.hpp"
#include "collectives/allreduce/pof2_fold.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/mpich_p2p.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kAllreduceRabenseifnerTag = 61;

class AllreduceRabenseifner final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "allreduce/rabenseifner");
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    tmp_.reserve(a.count * extent_of(a.dtype));  // MPICH's tmp_buf: one whole vector
    const int pof2 = mpich::pof2_floor(comm_.size());
    const EvenBlocks blocks(a.count, static_cast<std::size_t>(pof2));
    cnts_.assign(static_cast<std::size_t>(pof2), 0);
    disps_.assign(static_cast<std::size_t>(pof2), 0);
    for (std::size_t i = 0; i < cnts_.size(); ++i) {
      cnts_[i] = blocks.elements(i, i + 1);
      disps_[i] = blocks.begin(i);
    }
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "allreduce/rabenseifner");
    const std::size_t ext = extent_of(a.dtype);
    auto* acc = static_cast<std::byte*>(a.recv);
    local_copy(a.send, acc, a.count, ext);
    if (a.count == 0) return;
    const int pof2 = mpich::pof2_floor(comm_.size());
    std::byte* tmp = tmp_.data();

    const allreduce_fold::Pof2Group group = allreduce_fold::fold_in(
        comm_.get(), acc, tmp, a.count, a.dtype, a.op, kAllreduceRabenseifnerTag);
    const int newrank = group.newrank;
    if (newrank != -1) {
      // Elements of blocks [b0, b1) as an MPI count.
      auto elems = [&](int b0, int b1) {
        std::size_t sum = 0;
        for (int i = b0; i < b1; ++i) sum += cnts_[static_cast<std::size_t>(i)];
        return count_as_int(sum, "allreduce block");
      };
      auto block = [&](std::byte* base, int i) {
        return base + disps_[static_cast<std::size_t>(i)] * ext;
      };

      // Reduce-scatter by recursive halving; MPICH's send_idx/recv_idx/last_idx bookkeeping.
      int mask = 1, send_idx = 0, recv_idx = 0, last_idx = pof2;
      while (mask < pof2) {
        const int newdst = newrank ^ mask;
        const int dst = group.real(newdst);
        int send_cnt = 0, recv_cnt = 0;
        if (newrank < newdst) {
          send_idx = recv_idx + pof2 / (mask * 2);
          send_cnt = elems(send_idx, last_idx);
          recv_cnt = elems(recv_idx, send_idx);
        } else {
          recv_idx = send_idx + pof2 / (mask * 2);
          send_cnt = elems(send_idx, recv_idx);
          recv_cnt = elems(recv_idx, last_idx);
        }
        mpi_check(MPI_Sendrecv(block(acc, send_idx), send_cnt, a.dtype, dst,
                               kAllreduceRabenseifnerTag, block(tmp, recv_idx), recv_cnt, a.dtype,
                               dst, kAllreduceRabenseifnerTag, comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Sendrecv");
        combine(block(tmp, recv_idx), block(acc, recv_idx), static_cast<std::size_t>(recv_cnt),
                a.dtype, a.op);
        send_idx = recv_idx;
        mask <<= 1;
        // last_idx keeps its value after the last step: the allgather starts from it.
        if (mask < pof2) last_idx = recv_idx + pof2 / mask;
      }

      // Allgather by recursive doubling, largest distance first.
      mask >>= 1;
      while (mask > 0) {
        const int newdst = newrank ^ mask;
        const int dst = group.real(newdst);
        int send_cnt = 0, recv_cnt = 0;
        if (newrank < newdst) {
          if (mask != pof2 / 2) last_idx = last_idx + pof2 / (mask * 2);
          recv_idx = send_idx + pof2 / (mask * 2);
          send_cnt = elems(send_idx, recv_idx);
          recv_cnt = elems(recv_idx, last_idx);
        } else {
          recv_idx = send_idx - pof2 / (mask * 2);
          send_cnt = elems(send_idx, last_idx);
          recv_cnt = elems(recv_idx, send_idx);
        }
        mpi_check(MPI_Sendrecv(block(acc, send_idx), send_cnt, a.dtype, dst,
                               kAllreduceRabenseifnerTag, block(acc, recv_idx), recv_cnt, a.dtype,
                               dst, kAllreduceRabenseifnerTag, comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Sendrecv");
        if (newrank > newdst) send_idx = recv_idx;
        mask >>= 1;
      }
    }

    allreduce_fold::fold_out(comm_.get(), group, acc, a.count, a.dtype, kAllreduceRabenseifnerTag);
  }

 private:
  Comm comm_;
  std::size_t count_ = 0;
  Scratch tmp_;
  std::vector<std::size_t> cnts_, disps_;  // MPICH's cnts and disps, per block of pof2
};

}  // namespace

std::unique_ptr<Algorithm> make_allreduce_rabenseifner(const AlgOptions& /*options*/) {
  return std::make_unique<AllreduceRabenseifner>();
}

}  // namespace papbench
