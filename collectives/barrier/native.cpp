// barrier/native: the MPI library's own MPI_Barrier, the baseline the other barrier algorithms are
// measured against. Without options the library picks the
// algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/barrier/barrier.hpp"
#include "collectives/core/native_algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void barrier_native_call(const Args& /*args*/, MPI_Comm comm) {
  mpi_check(MPI_Barrier(comm), "MPI_Barrier");
}

}  // namespace

std::unique_ptr<Algorithm> make_barrier_native(const AlgOptions& options) {
  return make_native<barrier_native_call>("barrier", options);
}

}  // namespace papbench
