// alltoallv/mpich-isend: MPICH 3.0.4's alltoallv ([MPICH] alltoallv.c, MPIR_Alltoallv_intra;
// [Parsons2015] §2.3.1, the UHA's inter-node alltoallv). As alltoall/mpich-isend: rounds of at most
// `throttle` partners (MPIR_PARAM_ALLTOALL_THROTTLE; 0: all P at once), receives from rank + i
// posted before sends to rank - i, a Waitall per round; empty blocks post nothing.
//
// Cost = ceil(p/t).alpha + n.beta, rounds serialised (t = throttle, n = this rank's bytes).
#include <algorithm>
#include <vector>

#include "collectives/alltoallv/alltoallv.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kAlltoallvMpichIsendTag = 47;

class AlltoallvMpichIsend final : public Algorithm {
 public:
  explicit AlltoallvMpichIsend(int throttle) : throttle_(throttle) {}

  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    block_ = throttle_ == 0 ? comm_.size() : throttle_;
    requests_.assign(2 * static_cast<std::size_t>(block_), MPI_REQUEST_NULL);
  }

  void run(const Args& a) override {
    const int size = comm_.size(), rank = comm_.rank();
    const std::size_t ext = extent_of(a.dtype);
    for (int first = 0; first < size; first += block_) {
      const int in_round = std::min(block_, size - first);
      int posted = 0;
      for (int i = 0; i < in_round; ++i) {
        const int src = (rank + first + i) % size;
        if (a.recv_counts[src] == 0) continue;
        mpi_check(
            MPI_Irecv(at(a.recv, std::size_t(a.recv_displs[src]), ext), a.recv_counts[src], a.dtype,
                      src, kAlltoallvMpichIsendTag, comm_.get(), &requests_[posted++]),
            "MPI_Irecv");
      }
      for (int i = 0; i < in_round; ++i) {
        const int dst = ((rank - first - i) % size + size) % size;
        if (a.counts[dst] == 0) continue;
        mpi_check(MPI_Isend(at(a.send, std::size_t(a.displs[dst]), ext), a.counts[dst], a.dtype,
                            dst, kAlltoallvMpichIsendTag, comm_.get(), &requests_[posted++]),
                  "MPI_Isend");
      }
      mpi_check(MPI_Waitall(posted, requests_.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    }
  }

 private:
  int throttle_;
  int block_ = 1;
  Comm comm_;
  std::vector<MPI_Request> requests_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoallv_mpich_isend(const AlgOptions& options) {
  return std::make_unique<AlltoallvMpichIsend>(
      static_cast<int>(option_integer(options, "throttle")));
}

}  // namespace papbench
