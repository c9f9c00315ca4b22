// The barrier rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <string_view>
#include <vector>

#include "collectives/barrier/barrier.hpp"
#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"

namespace papbench {
namespace {

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// samples are names of Open MPI 4.1 and MPICH 4.0 that tests/mpi/collectives_native tries.
constexpr std::string_view kBarrierNativeForceSamples[] = {"recursive_doubling", "dissemination"};
constexpr AlgOptionSpec kBarrierNativeOptions[] = {
    native_force_option<forced::forced_index("barrier")>(kBarrierNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> barrier_algorithms() {
  return {
      {.collective = "barrier",
       .name = "native",
       .summary = "the MPI library's MPI_Barrier, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_barrier_native,
       .options = kBarrierNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("barrier", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("barrier")>,
       // MPI_Barrier moves no data
       .scratch_bytes = no_scratch},
  };
}

}  // namespace papbench
