// intergroup_allgather/rg1 and rg2: root gathering ([Kang2019] §3.1): each group gathers its
// blocks at its rank 0 with the library's MPI_Gather, the two roots exchange the gathered data,
// and each root broadcasts it in its group with the library's MPI_Bcast. The two differ only in
// how the roots exchange (intergroup::swap_and_broadcast):
//   rg1, the best form (after Silva and Silva, Eq. 1): nothing orders one group's stages after
//     the other's, so the gathers run concurrently, and so do the broadcasts;
//   rg2, as production libraries do it (Eq. 2; MPICH's
//     MPIR_Allgather_inter_local_gather_remote_bcast): two intercommunicator broadcasts one
//     after the other, group A's data first.
//
// Cost (Eq. 1): (1 + 2 log p) t_s + max((3p - 1) k_A, (3q - 1) k_B) t_w with an optimal bcast.
// Cost (Eq. 2): (2 + 2 log p + log q) t_s + (max((p-1) k_A, (q-1) k_B) + 3 p k_A + 3 q k_B) t_w
// with a bcast that is a factor 2 off the optimum.
#include <vector>

#include "collectives/core/buffers.hpp"
#include "collectives/core/intergroup_parts.hpp"
#include "collectives/intergroup_allgather/intergroup_allgather.hpp"

namespace papbench {
namespace {

using namespace intergroup;

class IntergroupAllgatherRootGathering final : public Algorithm {
 public:
  explicit IntergroupAllgatherRootGathering(RootExchange how) : how_(how) {}

  void prepare(const Args& a) override {
    c_ = Comms::make(a.comm);
    // Sized anew for every case: the previous one may have had another split.
    gathered_.assign(
        c_.rank == 0 ? std::size_t(c_.local_size) * a.send_count * extent_of(a.dtype) : 0, 0);
  }

  void run(const Args& a) override {
    const int n = as_count(static_cast<std::int64_t>(a.send_count));  // own blocks
    const int m = as_count(static_cast<std::int64_t>(a.count));       // remote blocks
    mpi_check(MPI_Gather(a.send, n, a.dtype, gathered_.data(), n, a.dtype, 0, c_.local.get()),
              "MPI_Gather (local group)");
    swap_and_broadcast(c_, how_, gathered_.data(), as_count(std::int64_t(c_.local_size) * n),
                       a.recv, as_count(std::int64_t(c_.remote_size) * m), a.dtype);
  }

 private:
  RootExchange how_;
  Comms c_;
  std::vector<char> gathered_;  // rank 0: the own group's blocks
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgather_rg1(const AlgOptions& /*options*/) {
  return std::make_unique<IntergroupAllgatherRootGathering>(RootExchange::kConcurrent);
}

std::unique_ptr<Algorithm> make_intergroup_allgather_rg2(const AlgOptions& /*options*/) {
  return std::make_unique<IntergroupAllgatherRootGathering>(RootExchange::kSequential);
}

}  // namespace papbench
