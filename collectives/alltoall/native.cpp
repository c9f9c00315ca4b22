// alltoall/native: the MPI library's own MPI_Alltoall, the baseline the other alltoall algorithms
// are measured against. Without options the library picks the algorithm; with force=NAME it runs
// its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/alltoall/alltoall.hpp"
#include "collectives/core/native_algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void alltoall_native_call(const Args& a, MPI_Comm comm) {
  const int n = count_as_int(a.count, "alltoall count");
  mpi_check(MPI_Alltoall(a.send, n, a.dtype, a.recv, n, a.dtype, comm), "MPI_Alltoall");
}

}  // namespace

std::unique_ptr<Algorithm> make_alltoall_native(const AlgOptions& options) {
  return make_native<alltoall_native_call>("alltoall", options);
}

}  // namespace papbench
