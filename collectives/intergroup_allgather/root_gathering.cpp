// intergroup_allgather/rg1 and rg2: root gathering ([Kang2019] §3.1): each group gathers its
// blocks at its rank 0, the two roots exchange the gathered data, and each root broadcasts it in
// its group. impl=p2p (default): binomial gather and broadcast on point-to-point, the trees the
// equations' log p startups count (collectives/core/intergroup_root_p2p.hpp); impl=library: the
// library's MPI_Gather and MPI_Bcast, whatever algorithms it picks. The two differ only in how
// the roots exchange (intergroup::swap_and_broadcast):
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

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/intergroup_parts.hpp"
#include "collectives/core/intergroup_root_p2p.hpp"
#include "collectives/intergroup_allgather/intergroup_allgather.hpp"

namespace papbench {
namespace {

using namespace intergroup;

class IntergroupAllgatherRootGathering final : public Algorithm {
 public:
  IntergroupAllgatherRootGathering(RootExchange how, bool p2p) : how_(how), p2p_(p2p) {}

  void prepare(const Args& a) override {
    c_ = Comms::make(a.comm);
    // Sized anew for every case: the previous one may have had another split. The binomial
    // gather passes subtrees through every rank, so each has room for the group's blocks.
    const bool room = c_.rank == 0 || p2p_;
    gathered_.assign(room ? std::size_t(c_.local_size) * a.send_count * extent_of(a.dtype) : 0, 0);
  }

  void run(const Args& a) override {
    const int n = as_count(static_cast<std::int64_t>(a.send_count));  // own blocks
    const int m = as_count(static_cast<std::int64_t>(a.count));       // remote blocks
    if (p2p_) {
      binomial_gather(c_.local.get(), a.send, n, gathered_.data(), a.dtype);
    } else {
      mpi_check(MPI_Gather(a.send, n, a.dtype, gathered_.data(), n, a.dtype, 0, c_.local.get()),
                "MPI_Gather (local group)");
    }
    swap_and_broadcast(c_, how_, gathered_.data(), as_count(std::int64_t(c_.local_size) * n),
                       a.recv, as_count(std::int64_t(c_.remote_size) * m), a.dtype, p2p_);
  }

 private:
  RootExchange how_;
  bool p2p_;
  Comms c_;
  std::vector<char> gathered_;  // rank 0: the own group's blocks
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgather_rg1(const AlgOptions& options) {
  return std::make_unique<IntergroupAllgatherRootGathering>(RootExchange::kConcurrent,
                                                            option_text(options, "impl") == "p2p");
}

std::unique_ptr<Algorithm> make_intergroup_allgather_rg2(const AlgOptions& options) {
  return std::make_unique<IntergroupAllgatherRootGathering>(RootExchange::kSequential,
                                                            option_text(options, "impl") == "p2p");
}

}  // namespace papbench
