// gather/native: the MPI library's own MPI_Gather, the baseline the other gather algorithms are
// measured against. Without options the library picks the
// algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/core/native_algorithm.hpp"
#include "collectives/gather/gather.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_gather_native(const AlgOptions& options) {
  return make_native<blocks_call<MPI_Gather, "MPI_Gather", "gather count">>("gather", options);
}

}  // namespace papbench
