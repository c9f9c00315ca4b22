// reduce/mpich-rsg: MPICH 3.0.4's reduce-scatter + gather reduce ([MPICH] reduce.c,
// MPIR_Reduce_redscat_gather; [Parsons2015] §3.7.1, §3.7.4, "MPICH RSG" of Appendix A, 8192 cores).
// With pof2 = 2^floor(log2 P) and rem = P - pof2, the odd real ranks below 2.rem fold their vector
// into rank - 1 and sit out. The pof2 participants (newrank = rank/2 below 2.rem, else rank - rem)
// run a recursive-halving reduce-scatter over pof2 blocks of count/pof2 elements, the last block
// taking the rest: distance 1 first, the lower partner keeping the lower half. A binomial gather
// walks the distances back, largest first, towards the root's newrank; an odd root below 2.rem
// first receives newrank 0's block and takes its place. Unlike reduce/rabenseifner, ranks are real,
// not relative to the root, exactly as MPICH lays them out.
//
// MPICH calls this only when count >= pof2 (besides its message-size threshold); with fewer
// elements some blocks would be empty, and MPICH uses MPIR_Reduce_binomial instead. So does
// this algorithm (reduce/mpich-binomial; see docs/ALGORITHMS.md, Deviation: mpich-rsg below
// pof2 elements).
//
// Cost = 2.lgq.alpha + 2.n.((q-1)/q).beta + n.((q-1)/q).gamma (q = pof2, lgq = log2 q,
// n = vector bytes); when q < p the fold adds alpha + n.beta + n.gamma.
#include <vector>

#include "collectives/core/buffers.hpp"
#include "collectives/core/mpich_p2p.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using namespace mpich;

constexpr int kReduceMpichRsgTag = 50;

class ReduceMpichRsg final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/mpich-rsg");
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    pof2_ = pof2_floor(comm_.size());
    ext_ = extent_of(a.dtype);
    dtype_ = a.dtype;
    fallback_.reset();
    if (a.count < static_cast<std::size_t>(pof2_)) {
      fallback_ = make_reduce_mpich_binomial({});
      fallback_->prepare(a);
      return;
    }
    const std::size_t bytes = a.count * extent_of(a.dtype);
    acc_.reserve(bytes);
    tmp_.reserve(bytes);
    int steps = 0;
    while ((1 << steps) < pof2_) ++steps;
    lo_.assign(static_cast<std::size_t>(steps) + 1, 0);
    hi_.assign(static_cast<std::size_t>(steps) + 1, 0);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/mpich-rsg");
    if (a.count == 0) return;
    if (fallback_) {
      fallback_->run(a);
      return;
    }
    const int size = comm_.size(), rank = comm_.rank();
    const int rem = size - pof2_;
    const std::size_t ext = extent_of(a.dtype);
    std::byte* acc = rank == a.root ? static_cast<std::byte*>(a.recv) : acc_.data();
    std::byte* tmp = tmp_.data();
    local_copy(a.send, acc, a.count, ext);
    auto real = [&](int newrank) { return newrank < rem ? 2 * newrank : newrank + rem; };

    int newrank = -1;
    if (rank < 2 * rem) {
      if (rank % 2 != 0) {
        send(acc, 0, pof2_, rank - 1);
      } else {
        recv_elems(tmp, a.count, rank + 1);
        combine(tmp, acc, a.count, a.dtype, a.op);
        newrank = rank / 2;
      }
    } else {
      newrank = rank - rem;
    }

    // Reduce-scatter by recursive halving: before step s (distance 2^s) this rank holds blocks
    // [lo_[s], hi_[s]) and keeps one half of them.
    if (newrank != -1) {
      halving_ranges(newrank);
      for (std::size_t s = 0; s + 1 < lo_.size(); ++s) {
        const int partner = newrank ^ (1 << s);
        const int keep_lo = lo_[s + 1], keep_hi = hi_[s + 1];
        const bool keeps_lower = keep_lo == lo_[s];
        const int give_lo = keeps_lower ? keep_hi : lo_[s],
                  give_hi = keeps_lower ? hi_[s] : keep_lo;
        mpi_check(MPI_Sendrecv(at(acc, disp(give_lo), ext), elems(give_lo, give_hi), a.dtype,
                               real(partner), kReduceMpichRsgTag, at(tmp, disp(keep_lo), ext),
                               elems(keep_lo, keep_hi), a.dtype, real(partner), kReduceMpichRsgTag,
                               comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Sendrecv");
        combine(at(tmp, disp(keep_lo), ext), at(acc, disp(keep_lo), ext),
                disp(keep_hi) - disp(keep_lo), a.dtype, a.op);
      }
    }

    // An excluded root takes newrank 0's place, starting from its (reduced) block 0.
    const bool root_excluded = a.root < 2 * rem && a.root % 2 != 0;
    int newroot = a.root < 2 * rem ? a.root / 2 : a.root - rem;
    if (root_excluded) {
      newroot = 0;
      if (rank == a.root) {
        recv_elems(acc, disp(1), 0);
        newrank = 0;
        halving_ranges(0);
      } else if (newrank == 0) {
        send(acc, 0, 1, a.root);
        newrank = -1;
      }
    }
    if (newrank == -1) return;

    // Binomial gather: at distance 2^s the rank whose half holds newroot receives the other half.
    for (int s = static_cast<int>(lo_.size()) - 2; s >= 0; --s) {
      const auto su = static_cast<std::size_t>(s);
      const int partner = newrank ^ (1 << s);
      const int dst = partner == 0 && root_excluded ? a.root : real(partner);
      const int mine_lo = lo_[su + 1], mine_hi = hi_[su + 1];
      if ((partner >> s) == (newroot >> s)) {
        send(acc, mine_lo, mine_hi, dst);
        return;
      }
      const int other_lo = mine_lo == lo_[su] ? mine_hi : lo_[su];
      const int other_hi = mine_lo == lo_[su] ? hi_[su] : mine_lo;
      mpi_check(MPI_Recv(at(acc, disp(other_lo), ext), elems(other_lo, other_hi), a.dtype, dst,
                         kReduceMpichRsgTag, comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Recv");
    }
  }

 private:
  // First element of block b of pof2: MPICH gives every block count/pof2 elements and the last
  // one the rest.
  std::size_t disp(int b) const {
    return b == pof2_ ? count_ : static_cast<std::size_t>(b) * (count_ / std::size_t(pof2_));
  }
  int elems(int b0, int b1) const { return count_as_int(disp(b1) - disp(b0), "reduce block"); }

  // lo_/hi_[s]: the blocks newrank holds before halving step s; the last entry, after all.
  void halving_ranges(int newrank) {
    int lo = 0, hi = pof2_;
    for (std::size_t s = 0; s < lo_.size(); ++s) {
      lo_[s] = lo;
      hi_[s] = hi;
      const int mid = lo + (hi - lo) / 2;
      if ((newrank & (1 << s)) == 0) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
  }

  void send(const std::byte* acc, int b0, int b1, int dst) {
    mpi_check(MPI_Send(at(acc, disp(b0), ext_), elems(b0, b1), dtype_, dst, kReduceMpichRsgTag,
                       comm_.get()),
              "MPI_Send");
  }
  void recv_elems(std::byte* buf, std::size_t n, int src) {
    mpi_check(MPI_Recv(buf, count_as_int(n, "reduce count"), dtype_, src, kReduceMpichRsgTag,
                       comm_.get(), MPI_STATUS_IGNORE),
              "MPI_Recv");
  }

  Comm comm_;
  std::size_t count_ = 0;
  int pof2_ = 1;
  Scratch acc_, tmp_;
  std::vector<int> lo_, hi_;
  std::unique_ptr<Algorithm> fallback_;
  std::size_t ext_ = 0;
  MPI_Datatype dtype_ = MPI_DATATYPE_NULL;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_mpich_rsg(const AlgOptions& /*options*/) {
  return std::make_unique<ReduceMpichRsg>();
}

}  // namespace papbench
