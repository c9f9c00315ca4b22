// The allreduce rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <vector>

#include "collectives/allreduce/allreduce.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"

namespace papbench {

std::vector<AlgorithmInfo> allreduce_algorithms() {
  return {
      {"allreduce", "native", "the MPI library's MPI_Allreduce", kLibrary, make_allreduce_native},
  };
}

}  // namespace papbench
