// gather/native: the MPI library's own MPI_Gather, the baseline the other gather algorithms are
// measured against. Without options the library picks the
// algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/core/native_algorithm.hpp"
#include "collectives/gather/gather.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void gather_native_call(const Args& a, MPI_Comm comm) {
  const int n = count_as_int(a.count, "gather count");
  mpi_check(MPI_Gather(a.send, n, a.dtype, a.recv, n, a.dtype, a.root, comm), "MPI_Gather");
}

}  // namespace

std::unique_ptr<Algorithm> make_gather_native(const AlgOptions& options) {
  return make_native<gather_native_call>("gather", options);
}

}  // namespace papbench
