// allreduce/native: the MPI library's own MPI_Allreduce, the baseline the other allreduce
// algorithms are measured against. Without options the library picks
// the algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/allreduce/allreduce.hpp"
#include "collectives/core/native_algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void allreduce_native_call(const Args& a, MPI_Comm comm) {
  mpi_check(
      MPI_Allreduce(a.send, a.recv, count_as_int(a.count, "allreduce count"), a.dtype, a.op, comm),
      "MPI_Allreduce");
}

}  // namespace

std::unique_ptr<Algorithm> make_allreduce_native(const AlgOptions& options) {
  return make_native<allreduce_native_call>("allreduce", options);
}

}  // namespace papbench
