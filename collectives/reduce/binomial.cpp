// reduce/binomial (BNOM, a baseline of [ProficzOcetkiewicz2021] §6): a binomial tree without
// segmentation. In step k a rank whose relative rank has bit k as its lowest set bit ships its
// whole partial vector to relative rank - 2^k and leaves; the others combine what they receive.
// ceil(log2 P) steps, the full vector every time.
//
// Cost = lgp.alpha + n.lgp.beta + n.lgp.gamma (lgp = ceil(log2 p), n = vector bytes).
#include <cstring>

#include "collectives/core/buffers.hpp"
#include "collectives/core/relative_rank.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kReduceBinomialTag = 31;

class ReduceBinomial final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/binomial");
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    const std::size_t bytes = a.count * extent_of(a.dtype);
    acc_.reserve(bytes);
    tmp_.reserve(bytes);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/binomial");
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const int v = relative(rank, a.root, size);
    const int n = count_as_int(a.count, "reduce count");
    // The root accumulates straight into its output; the others into scratch.
    std::byte* acc = rank == a.root ? static_cast<std::byte*>(a.recv) : acc_.data();
    std::memcpy(acc, a.send, a.count * extent_of(a.dtype));
    for (int mask = 1; mask < size; mask <<= 1) {
      if (v & mask) {
        mpi_check(MPI_Send(acc, n, a.dtype, absolute(v - mask, a.root, size), kReduceBinomialTag,
                           comm_.get()),
                  "MPI_Send");
        return;
      }
      if (v + mask < size) {
        mpi_check(MPI_Recv(tmp_.data(), n, a.dtype, absolute(v + mask, a.root, size),
                           kReduceBinomialTag, comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
        combine(tmp_.data(), acc, a.count, a.dtype, a.op);
      }
    }
  }

 private:
  Comm comm_;
  std::size_t count_ = 0;
  Scratch acc_, tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_binomial(const AlgOptions& /*options*/) {
  return std::make_unique<ReduceBinomial>();
}

}  // namespace papbench
