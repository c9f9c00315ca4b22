// intergroup_allgather/rg2: root gathering as production libraries do it ([Kang2019] §3.1, Eq. 2;
// MPICH's MPIR_Allgather_inter_local_gather_remote_bcast): each group gathers at its rank 0, then
// two intercommunicator broadcasts run one after the other, group A's data first: A's root sends
// to B's root, which broadcasts in B; only then does B's root send to A's root, which broadcasts
// in A. The intragroup gather and broadcast are the library's.
//
// Cost (Eq. 2): (2 + 2 log p + log q) t_s + (max((p-1) k_A, (q-1) k_B) + 3 p k_A + 3 q k_B) t_w
// with a bcast that is a factor 2 off the optimum.
#include <vector>

#include "collectives/core/intergroup_parts.hpp"
#include "collectives/intergroup_allgather/intergroup_allgather.hpp"

namespace papbench {
namespace {

using namespace intergroup;

class IntergroupAllgatherRg2 final : public Algorithm {
 public:
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
    const int out = as_count(std::int64_t(c_.local_size) * n);
    const int in = as_count(std::int64_t(c_.remote_size) * m);
    if (c_.in_a) {
      if (c_.rank == 0) {
        mpi_check(MPI_Send(gathered_.data(), out, a.dtype, 0, 0, c_.inter.get()), "MPI_Send");
        mpi_check(MPI_Recv(a.recv, in, a.dtype, 0, 0, c_.inter.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
      }
      mpi_check(MPI_Bcast(a.recv, in, a.dtype, 0, c_.local.get()), "MPI_Bcast (local group)");
    } else {
      if (c_.rank == 0) {
        mpi_check(MPI_Recv(a.recv, in, a.dtype, 0, 0, c_.inter.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
      }
      mpi_check(MPI_Bcast(a.recv, in, a.dtype, 0, c_.local.get()), "MPI_Bcast (local group)");
      // B's data goes out only when A's broadcast in B has finished at B's root.
      if (c_.rank == 0) {
        mpi_check(MPI_Send(gathered_.data(), out, a.dtype, 0, 0, c_.inter.get()), "MPI_Send");
      }
    }
  }

 private:
  Comms c_;
  std::vector<char> gathered_;  // rank 0: the own group's blocks
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgather_rg2(const AlgOptions& /*options*/) {
  return std::make_unique<IntergroupAllgatherRg2>();
}

}  // namespace papbench
