// alltoallv/native: the MPI library's own MPI_Alltoallv, the baseline the other alltoallv
// algorithms are measured against. Without options the library picks
// the algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/alltoallv/alltoallv.hpp"
#include "collectives/core/native_algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void alltoallv_native_call(const Args& a, MPI_Comm comm) {
  mpi_check(MPI_Alltoallv(a.send, a.counts.data(), a.displs.data(), a.dtype, a.recv,
                          a.recv_counts.data(), a.recv_displs.data(), a.dtype, comm),
            "MPI_Alltoallv");
}

}  // namespace

std::unique_ptr<Algorithm> make_alltoallv_native(const AlgOptions& options) {
  return make_native<alltoallv_native_call>("alltoallv", options);
}

}  // namespace papbench
