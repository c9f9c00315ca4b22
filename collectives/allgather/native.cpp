// allgather/native: the MPI library's own MPI_Allgather, the baseline the other allgather
// algorithms are measured against. Without options the library picks
// the algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/allgather/allgather.hpp"
#include "collectives/core/native_algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_allgather_native(const AlgOptions& options) {
  return make_native<blocks_call<MPI_Allgather, "MPI_Allgather", "allgather count">>("allgather",
                                                                                     options);
}

}  // namespace papbench
