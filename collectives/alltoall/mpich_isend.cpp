// alltoall/mpich-isend: MPICH 3.0.4's medium-message alltoall ([MPICH] alltoall.c,
// MPIR_Alltoall_intra, with Tony Ladd's throttle; [Parsons2015] §3.7.3, "MPICH Isend"). In rounds
// of at most `throttle` partners (MPIR_PARAM_ALLTOALL_THROTTLE; 0: all P at once), a rank posts
// receives from rank + i and then sends to rank - i, i = round start .. round end, and waits for
// the round to finish before the next. Its own block goes through the same Isend/Irecv.
//
// Cost = ceil(p/t).alpha + n.beta, rounds serialised (t = throttle, n = p blocks, bytes).
#include <algorithm>
#include <vector>

#include "collectives/alltoall/alltoall.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kAlltoallMpichIsendTag = 46;

class AlltoallMpichIsend final : public Algorithm {
 public:
  explicit AlltoallMpichIsend(int throttle) : throttle_(throttle) {}

  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    block_ = throttle_ == 0 ? comm_.size() : throttle_;
    requests_.assign(2 * static_cast<std::size_t>(block_), MPI_REQUEST_NULL);
  }

  void run(const Args& a) override {
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const std::size_t ext = extent_of(a.dtype);
    const int n = count_as_int(a.count, "alltoall count");
    auto block = [&](auto* base, int j) { return at(base, std::size_t(j) * a.count, ext); };
    for (int first = 0; first < size; first += block_) {
      const int in_round = std::min(block_, size - first);
      for (int i = 0; i < in_round; ++i) {
        const int src = (rank + first + i) % size;
        mpi_check(MPI_Irecv(block(a.recv, src), n, a.dtype, src, kAlltoallMpichIsendTag,
                            comm_.get(), &requests_[i]),
                  "MPI_Irecv");
      }
      for (int i = 0; i < in_round; ++i) {
        const int dst = ((rank - first - i) % size + size) % size;
        mpi_check(MPI_Isend(block(a.send, dst), n, a.dtype, dst, kAlltoallMpichIsendTag,
                            comm_.get(), &requests_[in_round + i]),
                  "MPI_Isend");
      }
      mpi_check(MPI_Waitall(2 * in_round, requests_.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    }
  }

 private:
  int throttle_;
  int block_ = 1;
  Comm comm_;
  std::vector<MPI_Request> requests_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoall_mpich_isend(const AlgOptions& options) {
  return std::make_unique<AlltoallMpichIsend>(
      static_cast<int>(option_integer(options, "throttle")));
}

}  // namespace papbench
