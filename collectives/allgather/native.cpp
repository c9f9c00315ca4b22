// allgather/native: the MPI library's own MPI_Allgather, the baseline the other allgather
// algorithms are measured against. Without options the library picks
// the algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/allgather/allgather.hpp"
#include "collectives/core/native_algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void allgather_native_call(const Args& a, MPI_Comm comm) {
  const int n = count_as_int(a.count, "allgather count");
  mpi_check(MPI_Allgather(a.send, n, a.dtype, a.recv, n, a.dtype, comm), "MPI_Allgather");
}

}  // namespace

std::unique_ptr<Algorithm> make_allgather_native(const AlgOptions& options) {
  return make_native<allgather_native_call>("allgather", options);
}

}  // namespace papbench
