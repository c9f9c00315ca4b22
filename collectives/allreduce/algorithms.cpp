// The allreduce rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <vector>

#include "collectives/allreduce/allreduce.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"

namespace papbench {

std::vector<AlgorithmInfo> allreduce_algorithms() {
  return {
      {.collective = "allreduce",
       .name = "native",
       .summary = "the MPI library's MPI_Allreduce",
       .source = kLibrary,
       .make = make_allreduce_native,
       // the library's own: one vector for the incoming operand, as MPICH's
       .scratch_bytes = library_scratch},
  };
}

}  // namespace papbench
