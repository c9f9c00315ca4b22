// allgatherv/native: the MPI library's own MPI_Allgatherv, the baseline the other allgatherv
// algorithms are measured against. Without options the library picks
// the algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/allgatherv/allgatherv.hpp"
#include "collectives/core/native_algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void allgatherv_native_call(const Args& a, MPI_Comm comm) {
  mpi_check(MPI_Allgatherv(a.send, count_as_int(a.send_count, "allgatherv send count"), a.dtype,
                           a.recv, a.counts.data(), a.displs.data(), a.dtype, comm),
            "MPI_Allgatherv");
}

}  // namespace

std::unique_ptr<Algorithm> make_allgatherv_native(const AlgOptions& options) {
  return make_native<allgatherv_native_call>("allgatherv", options);
}

}  // namespace papbench
