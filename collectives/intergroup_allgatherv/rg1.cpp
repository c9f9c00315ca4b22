// intergroup_allgatherv/rg1: root gathering in its best form ([Kang2019] §3.1, Eq. 1, for uneven
// blocks): each group's rank 0 learns its group's block sizes (MPI_Gather, timed, as the library
// must) and gathers the blocks, the two roots swap the gathered data, and each root broadcasts
// in its group; the groups' stages are concurrent. Receive displacements that are not the
// prefix sums of the counts go through a contiguous buffer and a copy (timed).
//
// Cost (Eq. 1 with K_A, K_B): (1 + 2 log p) t_s + max(3 K_A - k_A, 3 K_B - k_B) t_w with an
// optimal bcast.
#include <vector>

#include "collectives/core/intergroup_parts.hpp"
#include "collectives/intergroup_allgatherv/intergroup_allgatherv.hpp"

namespace papbench {
namespace {

using namespace intergroup;

class IntergroupAllgathervRg1 final : public Algorithm {
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
    if (c_.rank == 0) {
      mpi_check(
          MPI_Sendrecv(gathered_.data(), as_count(own_total), a.dtype, 0, 0, contig,
                       as_count(remote_total_), a.dtype, 0, 0, c_.inter.get(), MPI_STATUS_IGNORE),
          "MPI_Sendrecv (roots)");
    }
    mpi_check(MPI_Bcast(contig, as_count(remote_total_), a.dtype, 0, c_.local.get()),
              "MPI_Bcast (local group)");
    if (!contig_.empty()) scatter_blocks(contig_.data(), a.recv, a.counts, a.displs, ext);
  }

 private:
  Comms c_;
  std::int64_t remote_total_ = 0;
  std::vector<char> gathered_, contig_;
  std::vector<int> own_counts_, own_displs_;  // rank 0
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgatherv_rg1(const AlgOptions& /*options*/) {
  return std::make_unique<IntergroupAllgathervRg1>();
}

}  // namespace papbench
