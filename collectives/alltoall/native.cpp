// alltoall/native: the MPI library's own MPI_Alltoall, the baseline the other alltoall algorithms
// are measured against. Without options the library picks the algorithm; with force=NAME it runs
// its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/alltoall/alltoall.hpp"
#include "collectives/core/native_algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_alltoall_native(const AlgOptions& options) {
  return make_native<blocks_call<MPI_Alltoall, "MPI_Alltoall", "alltoall count">>("alltoall",
                                                                                  options);
}

}  // namespace papbench
