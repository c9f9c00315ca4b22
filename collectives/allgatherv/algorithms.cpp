// The allgatherv rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order, with the options that only allgatherv algorithms declare.

#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "collectives/allgatherv/allgatherv.hpp"
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

}  // namespace

std::vector<AlgorithmInfo> allgatherv_algorithms() {
  return {
      {"allgatherv", "native", "the MPI library's MPI_Allgatherv", kLibrary,
       make_allgatherv_native},
      {.collective = "allgatherv",
       .name = "mpich-ring",
       .summary = "MPICH 3.0.4 pipelined ring: blocks travel right in chunks of the pipeline size",
       .source = "[Parsons2015] §2.3.1; [MPICH] v3.0.4 allgatherv.c MPIR_Allgatherv_intra (long "
                 "messages)",
       .make = make_allgatherv_mpich_ring,
       .options = kMpichPipelineOptions},
      {.collective = "allgatherv",
       .name = "uha",
       .summary = "universal hierarchical: copy-in to node-shared memory, leaders allgatherv node "
                  "blocks in bytes (inter=NAME), copy-out to each displacement",
       .source = kUhaSource,
       .make = make_allgatherv_uha,
       .options = kUhaAllgathervOptions},
  };
}

}  // namespace papbench
