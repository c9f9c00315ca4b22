// intergroup_allgatherv/rg2: root gathering as production libraries do it ([Kang2019] §3.1, Eq. 2,
// for uneven blocks): each group's rank 0 learns its group's block sizes (MPI_Gather, timed, as
// the library must) and gathers the blocks; then A's data goes to B's root, which broadcasts in
// B, and only then B's data to A's root, which broadcasts in A (MPICH orders its two
// intercommunicator broadcasts so). Receive displacements that are not the
// prefix sums of the counts go through a contiguous buffer and a copy (timed).
//
// Cost (Eq. 2 with K_A, K_B): (2 + 2 log p + log q) t_s + (max(K_A, K_B) + 3 K_A + 3 K_B) t_w
// with a bcast that is a factor 2 off the optimum.
#include <vector>

#include "collectives/core/intergroup_parts.hpp"
#include "collectives/intergroup_allgatherv/intergroup_allgatherv.hpp"

namespace papbench {
namespace {

using namespace intergroup;

class IntergroupAllgathervRg2 final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    c_ = Comms::make(a.comm);
    const std::size_t ext = extent_of(a.dtype);
    // The gather buffer's size is the group's total, known only by communicating: done here,
    // untimed; run() learns the counts again, timed.
    const auto mine = static_cast<std::int64_t>(a.send_count);
    std::int64_t own_total = 0;
    mpi_check(MPI_Allreduce(&mine, &own_total, 1, MPI_INT64_T, MPI_SUM, c_.local.get()),
              "MPI_Allreduce");
    remote_total_ = 0;
    for (const int n : a.counts) remote_total_ += n;
    // Sized anew for every case: the previous one may have had another split or layout.
    const bool root = c_.rank == 0;
    gathered_.assign(root ? std::size_t(own_total) * ext : 0, 0);
    own_counts_.assign(root ? std::size_t(c_.local_size) : 0, 0);
    own_displs_.assign(root ? std::size_t(c_.local_size) : 0, 0);
    const bool packed = back_to_back(a.counts, a.displs);
    contig_.assign(packed ? 0 : std::size_t(remote_total_) * ext, 0);
  }

  void run(const Args& a) override {
    const std::size_t ext = extent_of(a.dtype);
    const int mine = as_count(static_cast<std::int64_t>(a.send_count));
    mpi_check(MPI_Gather(&mine, 1, MPI_INT, own_counts_.data(), 1, MPI_INT, 0, c_.local.get()),
              "MPI_Gather (block sizes)");
    std::int64_t own_total = 0;
    for (std::size_t x = 0; x < own_counts_.size(); ++x) {
      own_displs_[x] = as_count(own_total);
      own_total += own_counts_[x];
    }
    mpi_check(MPI_Gatherv(a.send, mine, a.dtype, gathered_.data(), own_counts_.data(),
                          own_displs_.data(), a.dtype, 0, c_.local.get()),
              "MPI_Gatherv (local group)");
    void* contig = contig_.empty() ? a.recv : static_cast<void*>(contig_.data());
    const int out = as_count(own_total), in = as_count(remote_total_);
    if (c_.in_a) {
      if (c_.rank == 0) {
        mpi_check(MPI_Send(gathered_.data(), out, a.dtype, 0, 0, c_.inter.get()), "MPI_Send");
        mpi_check(MPI_Recv(contig, in, a.dtype, 0, 0, c_.inter.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
      }
      mpi_check(MPI_Bcast(contig, in, a.dtype, 0, c_.local.get()), "MPI_Bcast (local group)");
    } else {
      if (c_.rank == 0) {
        mpi_check(MPI_Recv(contig, in, a.dtype, 0, 0, c_.inter.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
      }
      mpi_check(MPI_Bcast(contig, in, a.dtype, 0, c_.local.get()), "MPI_Bcast (local group)");
      // B's data goes out only when A's broadcast in B has finished at B's root.
      if (c_.rank == 0) {
        mpi_check(MPI_Send(gathered_.data(), out, a.dtype, 0, 0, c_.inter.get()), "MPI_Send");
      }
    }
    if (!contig_.empty()) scatter_blocks(contig_.data(), a.recv, a.counts, a.displs, ext);
  }

 private:
  Comms c_;
  std::int64_t remote_total_ = 0;
  std::vector<char> gathered_, contig_;
  std::vector<int> own_counts_, own_displs_;  // rank 0
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgatherv_rg2(const AlgOptions& /*options*/) {
  return std::make_unique<IntergroupAllgathervRg2>();
}

}  // namespace papbench
