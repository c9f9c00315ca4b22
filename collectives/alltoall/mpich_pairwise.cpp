// alltoall/mpich-pairwise: MPICH 3.0.4's long-message alltoall ([MPICH] alltoall.c,
// MPIR_Alltoall_intra, pairwise exchange; [Parsons2015] §3.7.3, "MPICH Pair"). After copying its
// own block, a rank runs P - 1 blocking exchanges: with P a power of two it swaps blocks with
// rank XOR i in step i; otherwise it sends to rank + i and receives from rank - i.
//
// Cost = (p-1).alpha + n.beta (n = p blocks, bytes).
#include "collectives/alltoall/alltoall.hpp"
#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kAlltoallMpichPairwiseTag = 48;

class AlltoallMpichPairwise final : public Algorithm {
 public:
  void prepare(const Args& a) override { comm_ = Comm::dup(a.comm); }

  void run(const Args& a) override {
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const std::size_t ext = extent_of(a.dtype);
    const int n = count_as_int(a.count, "alltoall count");
    auto block = [&](auto* base, int j) { return at(base, std::size_t(j) * a.count, ext); };
    local_copy(block(a.send, rank), block(a.recv, rank), a.count, ext);
    const bool power_of_two = (size & (size - 1)) == 0;
    for (int i = 1; i < size; ++i) {
      const int dst = power_of_two ? rank ^ i : (rank + i) % size;
      const int src = power_of_two ? rank ^ i : (rank - i + size) % size;
      mpi_check(MPI_Sendrecv(block(a.send, dst), n, a.dtype, dst, kAlltoallMpichPairwiseTag,
                             block(a.recv, src), n, a.dtype, src, kAlltoallMpichPairwiseTag,
                             comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Sendrecv");
    }
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoall_mpich_pairwise(const AlgOptions& /*options*/) {
  return std::make_unique<AlltoallMpichPairwise>();
}

}  // namespace papbench
