// bcast/flat: Open MPI 3.1's "basic_linear" ([OpenMPI] bcast_intra_basic_linear, algorithm 1),
// the paper's flat tree / BFT ([Nuriyev2022] §3, Fig. 3a, §4.1): the root isends the whole
// message to every other rank in increasing rank order and waits for all; the others receive it
// with a blocking receive. No segmentation.
//
// Cost (Eq. 1): sum over the P-1 children of T_p2p(m) on each child's channel.
#include <vector>

#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/segmented_tree.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class BcastFlat final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    rank_ = comm_.rank();
    size_ = comm_.size();
    sends_.resize(static_cast<std::size_t>(size_));
  }

  void run(const Args& a) override {
    if (size_ == 1 || a.count == 0) return;  // as Open MPI's MPI_Bcast
    const int count = count_as_int(a.count, "bcast count");
    if (rank_ != a.root) {
      mpi_check(MPI_Recv(a.recv, count, a.dtype, a.root, bcast::kBcastTag, comm_.get(),
                         MPI_STATUS_IGNORE),
                "MPI_Recv");
      return;
    }
    int n = 0;
    for (int r = 0; r < size_; ++r) {
      if (r == rank_) continue;
      mpi_check(MPI_Isend(a.recv, count, a.dtype, r, bcast::kBcastTag, comm_.get(),
                          &sends_[static_cast<std::size_t>(n++)]),
                "MPI_Isend");
    }
    mpi_check(MPI_Waitall(n, sends_.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
  }

 private:
  Comm comm_;
  int rank_ = 0, size_ = 1;
  std::vector<MPI_Request> sends_;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_flat(const AlgOptions& /*options*/) {
  return std::make_unique<BcastFlat>();
}

}  // namespace papbench
