// intergroup_allgatherv/rg1 and rg2: root gathering for uneven blocks ([Kang2019] §3.1): each
// group's rank 0 gathers the blocks and learns their sizes, timed, as the library must, the two
// roots exchange the gathered data, and each root broadcasts it in its group. impl=p2p
// (default): MPICH's ring gather (the paper's explanation of Fig. 5 at 256 nodes, §5; the sizes
// come with the blocks) and a binomial broadcast on point-to-point
// (collectives/core/intergroup_root_p2p.hpp); impl=library: MPI_Gather of the sizes, MPI_Gatherv
// and MPI_Bcast, whatever algorithms the library picks. Receive displacements that are not the
// prefix sums of the counts go through a contiguous buffer and a copy (timed). The two differ only
// in how the roots exchange (intergroup::swap_and_broadcast):
//   rg1, the best form (Eq. 1): the groups' stages are concurrent;
//   rg2, as production libraries do it (Eq. 2): A's data goes to B's root, which broadcasts in
//     B, and only then B's data to A's root, which broadcasts in A (MPICH orders its two
//     intercommunicator broadcasts so).
//
// Cost (Eq. 1 with K_A, K_B): (1 + 2 log p) t_s + max(3 K_A - k_A, 3 K_B - k_B) t_w with an
// optimal bcast.
// Cost (Eq. 2 with K_A, K_B): (2 + 2 log p + log q) t_s + (max(K_A, K_B) + 3 K_A + 3 K_B) t_w
// with a bcast that is a factor 2 off the optimum.
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/intergroup_parts.hpp"
#include "collectives/core/intergroup_root_p2p.hpp"
#include "collectives/intergroup_allgatherv/intergroup_allgatherv.hpp"

namespace papbench {
namespace {

using namespace intergroup;

class IntergroupAllgathervRootGathering final : public Algorithm {
 public:
  IntergroupAllgathervRootGathering(RootExchange how, bool p2p) : how_(how), p2p_(p2p) {}

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
    // The ring's forwarders hold one block at a time; the group's total bounds it.
    gathered_.assign(root || p2p_ ? std::size_t(own_total) * ext : 0, 0);
    own_counts_.assign(root ? std::size_t(c_.local_size) : 0, 0);
    own_displs_.assign(root ? std::size_t(c_.local_size) : 0, 0);
    const bool packed = back_to_back(a.counts, a.displs);
    contig_.assign(packed ? 0 : std::size_t(remote_total_) * ext, 0);
  }

  void run(const Args& a) override {
    const std::size_t ext = extent_of(a.dtype);
    const int mine = as_count(static_cast<std::int64_t>(a.send_count));
    void* contig = contig_.empty() ? a.recv : static_cast<void*>(contig_.data());
    if (p2p_) {
      const std::int64_t own_total =
          ring_gatherv(c_.local.get(), a.send, mine, gathered_.data(), gathered_.data(), a.dtype);
      swap_and_broadcast(c_, how_, gathered_.data(), as_count(own_total), contig,
                         as_count(remote_total_), a.dtype, true);
      if (!contig_.empty()) scatter_blocks(contig_.data(), a.recv, a.counts, a.displs, ext);
      return;
    }
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
    swap_and_broadcast(c_, how_, gathered_.data(), as_count(own_total), contig,
                       as_count(remote_total_), a.dtype, false);
    if (!contig_.empty()) scatter_blocks(contig_.data(), a.recv, a.counts, a.displs, ext);
  }

 private:
  RootExchange how_;
  bool p2p_;
  Comms c_;
  std::int64_t remote_total_ = 0;
  std::vector<char> gathered_, contig_;
  std::vector<int> own_counts_, own_displs_;  // rank 0
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgatherv_rg1(const AlgOptions& options) {
  return std::make_unique<IntergroupAllgathervRootGathering>(RootExchange::kConcurrent,
                                                             option_text(options, "impl") == "p2p");
}

std::unique_ptr<Algorithm> make_intergroup_allgatherv_rg2(const AlgOptions& options) {
  return std::make_unique<IntergroupAllgathervRootGathering>(RootExchange::kSequential,
                                                             option_text(options, "impl") == "p2p");
}

}  // namespace papbench
