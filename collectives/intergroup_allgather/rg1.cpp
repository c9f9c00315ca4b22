// intergroup_allgather/rg1: root gathering in its best form ([Kang2019] §3.1 after Silva and
// Silva, Eq. 1): each group gathers its blocks at its rank 0, the two roots swap the gathered
// data, and each root broadcasts in its group. Nothing orders one group's stages after the
// other's, so the gathers run concurrently, and so do the broadcasts. The intragroup gather and
// broadcast are the library's.
//
// Cost (Eq. 1): (1 + 2 log p) t_s + max((3p - 1) k_A, (3q - 1) k_B) t_w with an optimal bcast.
#include <vector>

#include "collectives/core/intergroup_parts.hpp"
#include "collectives/intergroup_allgather/intergroup_allgather.hpp"

namespace papbench {
namespace {

using namespace intergroup;

class IntergroupAllgatherRg1 final : public Algorithm {
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
    if (c_.rank == 0) {
      mpi_check(MPI_Sendrecv(gathered_.data(), as_count(std::int64_t(c_.local_size) * n), a.dtype,
                             0, 0, a.recv, as_count(std::int64_t(c_.remote_size) * m), a.dtype, 0,
                             0, c_.inter.get(), MPI_STATUS_IGNORE),
                "MPI_Sendrecv (roots)");
    }
    mpi_check(
        MPI_Bcast(a.recv, as_count(std::int64_t(c_.remote_size) * m), a.dtype, 0, c_.local.get()),
        "MPI_Bcast (local group)");
  }

 private:
  Comms c_;
  std::vector<char> gathered_;  // rank 0: the own group's blocks
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgather_rg1(const AlgOptions& /*options*/) {
  return std::make_unique<IntergroupAllgatherRg1>();
}

}  // namespace papbench
