// The allgatherv rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order, with the options that only allgatherv algorithms declare.

#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "collectives/allgatherv/allgatherv.hpp"
#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr std::string_view kPipelineSamples[] = {"4", "1Ki"};
constexpr AlgOptionSpec kMpichPipelineOptions[] = {
    {.name = "pipeline",
     .type = OptionType::kBytes,
     .default_value = "32768",
     .help = "ring chunk: max(smallest count, BYTES / extent) elements, at least 1 (MPICH 3.0.4's "
             "MPIR_PARAM_ALLGATHERV_PIPELINE_MSG_SIZE, default 32768)",
     .min = 0,
     .max = std::numeric_limits<int>::max(),
     .samples = kPipelineSamples},
};

constexpr std::string_view kUhaAllgathervInter[] = {"native", "mpich-ring"};
constexpr AlgOptionSpec kUhaAllgathervOptions[] = {
    uha_inter_option(kUhaAllgathervInter, std::span(kUhaAllgathervInter).subspan(1))};

// allgatherv/uha (uha/allgatherv.cpp prepare): local rank 0 holds two copies of its node's
// blocks (send_) and of every block (recv_, the receive vector's length); the node's blocks are
// at most all of them. The leaders' allgatherv runs on node blocks.
std::uint64_t allgatherv_uha_scratch(const ScratchShape& s) {
  if (!s.node_holder()) return 0;
  const std::uint64_t all = s.recv_bytes();
  return 2 * (all + all) +
         leaders_scratch("allgatherv", option_text(*s.options, "inter"), s, all, all, all);
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// sample, which tests/mpi/collectives_native tries, is MPICH's: Open MPI 4.1.4 sets its allgatherv
// variable only at MPI_Init (one name a run), which a test of every row in one process cannot
// vary (tests/mpi/forced_native_signature runs each Open MPI name on its own).
constexpr std::string_view kAllgathervNativeForceSamples[] = {"brucks"};
constexpr AlgOptionSpec kAllgathervNativeOptions[] = {
    native_force_option<forced::forced_index("allgatherv")>(kAllgathervNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> allgatherv_algorithms() {
  return {
      {.collective = "allgatherv",
       .name = "native",
       .summary = "the MPI library's MPI_Allgatherv, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_allgatherv_native,
       .options = kAllgathervNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("allgatherv", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("allgatherv")>,
       // the library's own: as much as a copy of the receive vector
       .scratch_bytes = library_scratch},
      {.collective = "allgatherv",
       .name = "mpich-ring",
       .summary = "MPICH 3.0.4 pipelined ring: blocks travel right in chunks of the pipeline size",
       .source = "[Parsons2015] §2.3.1; [MPICH] v3.0.4 allgatherv.c MPIR_Allgatherv_intra (long "
                 "messages)",
       .make = make_allgatherv_mpich_ring,
       .options = kMpichPipelineOptions,
       // sends and receives in the receive buffer (allgatherv/mpich_ring.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "allgatherv",
       .name = "uha",
       .summary = "universal hierarchical: copy-in to node-shared memory, leaders allgatherv node "
                  "blocks in bytes (inter=NAME), copy-out to each displacement",
       .source = kUhaSource,
       .make = make_allgatherv_uha,
       .options = kUhaAllgathervOptions,
       // uha/allgatherv.cpp prepare: send_ and recv_ slots, and the leaders'
       .scratch_bytes = allgatherv_uha_scratch},
  };
}

}  // namespace papbench
