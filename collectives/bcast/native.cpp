// bcast/native: the MPI library's own MPI_Bcast, the baseline the other bcast algorithms are
// measured against. Without options the library picks the algorithm; with force=NAME the library
// is made to run its algorithm NAME through MPI_T control variables (collectives/core/
// forced_native.hpp), set before the case's communicator is created and read back.
//
// Cost: the library's choice.
#include "collectives/bcast/bcast.hpp"
#include "collectives/core/native_algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

void bcast_native_call(const Args& a, MPI_Comm comm) {
  // The root's data is already in recv (the one buffer of a broadcast).
  mpi_check(MPI_Bcast(a.recv, count_as_int(a.count, "bcast count"), a.dtype, a.root, comm),
            "MPI_Bcast");
}

}  // namespace

std::unique_ptr<Algorithm> make_bcast_native(const AlgOptions& options) {
  return make_native<bcast_native_call>("bcast", options);
}

}  // namespace papbench
