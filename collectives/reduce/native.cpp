// reduce/native: the MPI library's own MPI_Reduce, the baseline the other reduce algorithms are
// measured against. Without options the library picks the
// algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/core/native_algorithm.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void reduce_native_call(const Args& a, MPI_Comm comm) {
  mpi_check(MPI_Reduce(a.send, a.recv, count_as_int(a.count, "reduce count"), a.dtype, a.op, a.root,
                       comm),
            "MPI_Reduce");
}

}  // namespace

std::unique_ptr<Algorithm> make_reduce_native(const AlgOptions& options) {
  return make_native<reduce_native_call>("reduce", options);
}

}  // namespace papbench
