// bcast/mpich-binomial: MPICH 3.0.4's binomial broadcast ([MPICH] bcast.c, MPIR_Bcast_binomial;
// [Parsons2015] §3.7.4, "MPICH Bi."), unsegmented. Relative to the root, a rank receives the
// whole buffer from relative rank - 2^k (2^k its lowest set bit), then sends it to relative
// rank + 2^j for every 2^j below 2^k, largest first, so the largest subtree is served first.
// With root 0 and power-of-two nodes of consecutive ranks the tree is "SMP friendly" ([Parsons2015]
// §2.3.1): the steps at distances of a node size or more run between node leaders only, the
// others stay inside nodes.
//
// Cost = lgp.(alpha + n.beta) (lgp = ceil(log2 p), n = message bytes).
#include "collectives/bcast/bcast.hpp"
#include "collectives/core/relative_rank.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kBcastMpichBinomialTag = 42;

class BcastMpichBinomial final : public Algorithm {
 public:
  void prepare(const Args& a) override { comm_ = Comm::dup(a.comm); }

  void run(const Args& a) override {
    const int size = comm_.size(), rank = comm_.rank();
    if (size == 1 || a.count == 0) return;
    const int n = count_as_int(a.count, "bcast count");
    const int v = relative(rank, a.root, size);
    int mask = 1;
    for (; mask < size; mask <<= 1) {
      if (v & mask) {
        mpi_check(MPI_Recv(a.recv, n, a.dtype, absolute(v - mask, a.root, size),
                           kBcastMpichBinomialTag, comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
        break;
      }
    }
    // This rank serves the relative ranks whose bits below `mask` differ from its own.
    for (mask >>= 1; mask > 0; mask >>= 1) {
      if (v + mask < size) {
        mpi_check(MPI_Send(a.recv, n, a.dtype, absolute(v + mask, a.root, size),
                           kBcastMpichBinomialTag, comm_.get()),
                  "MPI_Send");
      }
    }
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_mpich_binomial(const AlgOptions& /*options*/) {
  return std::make_unique<BcastMpichBinomial>();
}

}  // namespace papbench
