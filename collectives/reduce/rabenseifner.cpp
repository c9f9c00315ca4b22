// reduce/rabenseifner (RAB, a baseline of [ProficzOcetkiewicz2021] §6): reduce-scatter by recursive
// halving, then a binomial gather of the reduced blocks to the root ([Rabenseifner2004];
// [ThakurRabenseifnerGropp2005]).
//
// Cost = 2.lgq.alpha + 2.n.((q-1)/q).beta + n.((q-1)/q).gamma, q = 2^floor(log2 p), lgq = log2 q,
// n = the vector in bytes; when q < p the fold adds alpha + n.beta + n.gamma.
//
// Non-powers of two: with P = 2^k + rem, the first 2*rem relative ranks fold pairwise first
// (odd ones ship their vector to the even neighbour and sit out), leaving 2^k participants. The
// root is relative rank 0, which always participates, so the gather ends at the real root with
// no extra hop (MPICH instead may send the result on to an excluded root).
//
// Participant n owns block n of the 2^k blocks after the halving: at distance 2^j (largest first)
// the partner is n ^ 2^j, the lower one keeps the lower half of the current range. The gather
// walks the same distances back, smallest first, so ranges double until rank 0 holds them all.
#include <cstring>

#include "collectives/core/buffers.hpp"
#include "collectives/core/relative_rank.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kFoldTag = 32, kHalvingTag = 33, kGatherTag = 34;

class ReduceRabenseifner final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/rabenseifner");
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    const std::size_t bytes = a.count * extent_of(a.dtype);
    acc_.reserve(bytes);
    tmp_.reserve(bytes);  // the fold receives a whole vector; halving at most half of one
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/rabenseifner");
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const int v = relative(rank, a.root, size);
    const std::size_t ext = extent_of(a.dtype);
    const int n_all = count_as_int(a.count, "reduce count");
    std::byte* acc = rank == a.root ? static_cast<std::byte*>(a.recv) : acc_.data();
    copy_bytes(acc, a.send, a.count * ext);

    int pof2 = 1;
    while (pof2 * 2 <= size) pof2 *= 2;
    const int rem = size - pof2;
    auto rank_of = [&](int newrank) {
      const int rel = newrank < rem ? 2 * newrank : newrank + rem;
      return absolute(rel, a.root, size);
    };

    int me = 0;  // participant number, or -1 when folded away
    if (v < 2 * rem) {
      if (v % 2 == 1) {
        mpi_check(
            MPI_Send(acc, n_all, a.dtype, absolute(v - 1, a.root, size), kFoldTag, comm_.get()),
            "MPI_Send");
        return;
      }
      mpi_check(MPI_Recv(tmp_.data(), n_all, a.dtype, absolute(v + 1, a.root, size), kFoldTag,
                         comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Recv");
      combine(tmp_.data(), acc, a.count, a.dtype, a.op);
      me = v / 2;
    } else {
      me = v - rem;
    }

    const EvenBlocks blocks(a.count, static_cast<std::size_t>(pof2));
    auto at = [&](std::byte* base, int block) {
      return base + blocks.begin(static_cast<std::size_t>(block)) * ext;
    };
    auto elems = [&](int b0, int b1) {
      return count_as_int(
          blocks.elements(static_cast<std::size_t>(b0), static_cast<std::size_t>(b1)),
          "reduce block");
    };

    // Reduce-scatter: the current range [lo, hi) halves every step.
    int lo = 0, hi = pof2;
    for (int mask = pof2 / 2; mask >= 1; mask /= 2) {
      const int partner = me ^ mask;
      const int mid = lo + (hi - lo) / 2;
      const bool lower = (me & mask) == 0;
      const int keep_lo = lower ? lo : mid, keep_hi = lower ? mid : hi;
      const int give_lo = lower ? mid : lo, give_hi = lower ? hi : mid;
      mpi_check(
          MPI_Sendrecv(at(acc, give_lo), elems(give_lo, give_hi), a.dtype, rank_of(partner),
                       kHalvingTag, at(tmp_.data(), keep_lo), elems(keep_lo, keep_hi), a.dtype,
                       rank_of(partner), kHalvingTag, comm_.get(), MPI_STATUS_IGNORE),
          "MPI_Sendrecv");
      combine(at(tmp_.data(), keep_lo), at(acc, keep_lo),
              blocks.elements(static_cast<std::size_t>(keep_lo), static_cast<std::size_t>(keep_hi)),
              a.dtype, a.op);
      lo = keep_lo;
      hi = keep_hi;
    }

    // Gather: participant me owns [me, me + mask) before the step at distance mask.
    for (int mask = 1; mask < pof2; mask *= 2) {
      if (me & mask) {
        mpi_check(MPI_Send(at(acc, me), elems(me, me + mask), a.dtype, rank_of(me - mask),
                           kGatherTag, comm_.get()),
                  "MPI_Send");
        return;
      }
      mpi_check(MPI_Recv(at(acc, me + mask), elems(me + mask, me + 2 * mask), a.dtype,
                         rank_of(me + mask), kGatherTag, comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Recv");
    }
  }

 private:
  Comm comm_;
  std::size_t count_ = 0;
  Scratch acc_, tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_rabenseifner(const AlgOptions& /*options*/) {
  return std::make_unique<ReduceRabenseifner>();
}

}  // namespace papbench
