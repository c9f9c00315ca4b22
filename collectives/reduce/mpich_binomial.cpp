// reduce/mpich-binomial: MPICH 3.0.4's binomial reduce ([MPICH] reduce.c, MPIR_Reduce_binomial;
// [Parsons2015] §3.7.4, "MPICH Bi."). Relative to the root, a rank whose lowest set bit is 2^k
// ships its partial vector to relative rank - 2^k in step k and leaves; the others combine what
// they receive from relative rank + 2^k, in that fixed order, so results never depend on timing.
// Non-commutative ops take MPICH's other path: the same tree rooted at rank 0, where a lower rank
// always holds the left operand, and rank 0 forwards the result to the root.
//
// Cost = lgp.alpha + n.lgp.beta + n.lgp.gamma (lgp = ceil(log2 p), n = vector bytes); a
// non-commutative op with root != 0 adds alpha + n.beta and an n-byte copy per combine.

#include "collectives/core/buffers.hpp"
#include "collectives/core/relative_rank.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kReduceMpichBinomialTag = 41;

class ReduceMpichBinomial final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    int commute = 0;
    mpi_check(MPI_Op_commutative(a.op, &commute), "MPI_Op_commutative");
    commutative_ = commute != 0;
    count_ = a.count;
    const std::size_t bytes = a.count * extent_of(a.dtype);
    acc_.reserve(bytes);
    tmp_.reserve(bytes);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/mpich-binomial");
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const int n = count_as_int(a.count, "reduce count");
    const std::size_t ext = extent_of(a.dtype);
    // MPICH reduces towards rank 0 for a non-commutative op: relative ranks then equal real ones,
    // and the receiver's own (lower) data is the left operand.
    const int tree_root = commutative_ ? a.root : 0;
    const int v = relative(rank, tree_root, size);
    std::byte* acc = rank == a.root ? static_cast<std::byte*>(a.recv) : acc_.data();
    std::byte* tmp = tmp_.data();
    local_copy(a.send, acc, a.count, ext);
    for (int mask = 1; mask < size; mask <<= 1) {
      if ((v & mask) == 0) {
        const int source = v | mask;
        if (source >= size) continue;
        mpi_check(MPI_Recv(tmp, n, a.dtype, absolute(source, tree_root, size),
                           kReduceMpichBinomialTag, comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
        if (commutative_) {
          combine(tmp, acc, a.count, a.dtype, a.op);
        } else {
          // acc op tmp, stored in acc: MPI_Reduce_local computes inout = in op inout.
          combine(acc, tmp, a.count, a.dtype, a.op);
          local_copy(tmp, acc, a.count, ext);
        }
      } else {
        mpi_check(MPI_Send(acc, n, a.dtype, absolute(v & ~mask, tree_root, size),
                           kReduceMpichBinomialTag, comm_.get()),
                  "MPI_Send");
        break;
      }
    }
    if (tree_root != a.root) {
      if (rank == tree_root) {
        mpi_check(MPI_Send(acc, n, a.dtype, a.root, kReduceMpichBinomialTag, comm_.get()),
                  "MPI_Send");
      } else if (rank == a.root) {
        mpi_check(MPI_Recv(a.recv, n, a.dtype, tree_root, kReduceMpichBinomialTag, comm_.get(),
                           MPI_STATUS_IGNORE),
                  "MPI_Recv");
      }
    }
  }

 private:
  Comm comm_;
  bool commutative_ = true;
  std::size_t count_ = 0;
  Scratch acc_, tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_mpich_binomial(const AlgOptions& /*options*/) {
  return std::make_unique<ReduceMpichBinomial>();
}

}  // namespace papbench
