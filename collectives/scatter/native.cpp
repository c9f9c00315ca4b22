// scatter/native: the MPI library's own MPI_Scatter, the baseline the other scatter algorithms are
// measured against. Without options the library picks the
// algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/core/native_algorithm.hpp"
#include "collectives/scatter/scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void scatter_native_call(const Args& a, MPI_Comm comm) {
  const int n = count_as_int(a.count, "scatter count");
  mpi_check(MPI_Scatter(a.send, n, a.dtype, a.recv, n, a.dtype, a.root, comm), "MPI_Scatter");
}

}  // namespace

std::unique_ptr<Algorithm> make_scatter_native(const AlgOptions& options) {
  return make_native<scatter_native_call>("scatter", options);
}

}  // namespace papbench
