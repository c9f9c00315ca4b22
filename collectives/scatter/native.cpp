// scatter/native: the MPI library's own MPI_Scatter, the baseline the other scatter algorithms are
// measured against. Without options the library picks the
// algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/core/native_algorithm.hpp"
#include "collectives/scatter/scatter.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_scatter_native(const AlgOptions& options) {
  return make_native<blocks_call<MPI_Scatter, "MPI_Scatter", "scatter count">>("scatter", options);
}

}  // namespace papbench
