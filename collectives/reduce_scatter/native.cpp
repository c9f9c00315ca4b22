// reduce_scatter/native: the MPI library's own MPI_Reduce_scatter, the baseline the other
// reduce_scatter algorithms are measured against. Without options the library picks the algorithm;
// with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/core/native_algorithm.hpp"
#include "collectives/reduce_scatter/reduce_scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void reduce_scatter_native_call(const Args& a, MPI_Comm comm) {
  mpi_check(MPI_Reduce_scatter(a.send, a.recv, a.recv_counts.data(), a.dtype, a.op, comm),
            "MPI_Reduce_scatter");
}

}  // namespace

std::unique_ptr<Algorithm> make_reduce_scatter_native(const AlgOptions& options) {
  return make_native<reduce_scatter_native_call>("reduce_scatter", options);
}

}  // namespace papbench
