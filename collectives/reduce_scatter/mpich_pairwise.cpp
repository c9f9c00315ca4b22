// reduce_scatter/mpich-pairwise: MPICH 3.0.4's pairwise-exchange reduce-scatter ([MPICH]
// red_scat.c, MPIR_Reduce_scatter_intra, the commutative long-message path; [Parsons2015] §2.3.1,
// the UHA's inter-node reduce-scatter). A rank copies its own block of its input, then in step i
// (1 <= i < P) sends rank + i's block of its input to rank + i, receives rank - i's contribution
// to its own block, and combines it in. Block offsets are the prefix sums of the counts, as
// MPI_Reduce_scatter defines them. Commutative ops only, as in MPICH.
//
// Cost = (p-1).alpha + n.((p-1)/p).beta + n.((p-1)/p).gamma (n = the whole vector, bytes).
#include <algorithm>
#include <vector>

#include "collectives/core/buffers.hpp"
#include "collectives/reduce_scatter/reduce_scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kReduceScatterMpichPairwiseTag = 52;

class ReduceScatterMpichPairwise final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce_scatter/mpich-pairwise");
    comm_ = Comm::dup(a.comm);
    const int mine = a.recv_counts[std::size_t(comm_.rank())];
    // At least one byte: some MPI libraries reject a null buffer even for zero elements.
    tmp_.reserve(std::max<std::size_t>(1, std::size_t(mine) * extent_of(a.dtype)));
    displs_.assign(a.recv_counts.size(), 0);
  }

  void run(const Args& a) override {
    const int size = comm_.size(), rank = comm_.rank();
    std::size_t total = 0;
    for (std::size_t i = 0; i < a.recv_counts.size(); ++i) {
      displs_[i] = total;
      total += std::size_t(a.recv_counts[i]);
    }
    if (total == 0) return;
    const std::size_t ext = extent_of(a.dtype);
    const int mine = a.recv_counts[std::size_t(rank)];
    local_copy(at(a.send, displs_[std::size_t(rank)], ext), a.recv, std::size_t(mine), ext);
    for (int i = 1; i < size; ++i) {
      const auto src = std::size_t((rank - i + size) % size), dst = std::size_t((rank + i) % size);
      mpi_check(MPI_Sendrecv(at(a.send, displs_[dst], ext), a.recv_counts[dst], a.dtype,
                             static_cast<int>(dst), kReduceScatterMpichPairwiseTag, tmp_.data(),
                             mine, a.dtype, static_cast<int>(src), kReduceScatterMpichPairwiseTag,
                             comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Sendrecv");
      if (mine > 0) {
        combine(tmp_.data(), static_cast<std::byte*>(a.recv), std::size_t(mine), a.dtype, a.op);
      }
    }
  }

 private:
  Comm comm_;
  Scratch tmp_;
  std::vector<std::size_t> displs_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_scatter_mpich_pairwise(const AlgOptions& /*options*/) {
  return std::make_unique<ReduceScatterMpichPairwise>();
}

}  // namespace papbench
