// The barrier rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <vector>

#include "collectives/barrier/barrier.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"

namespace papbench {

std::vector<AlgorithmInfo> barrier_algorithms() {
  return {
      {.collective = "barrier",
       .name = "native",
       .summary = "the MPI library's MPI_Barrier",
       .source = kLibrary,
       .make = make_barrier_native,
       // MPI_Barrier moves no data
       .scratch_bytes = no_scratch},
  };
}

}  // namespace papbench
