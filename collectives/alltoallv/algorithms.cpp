// The alltoallv rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <span>
#include <string_view>
#include <vector>

#include "collectives/alltoallv/alltoallv.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr std::string_view kUhaAlltoallvInter[] = {"native", "mpich-isend"};
constexpr AlgOptionSpec kUhaAlltoallvOptions[] = {
    uha_inter_option(kUhaAlltoallvInter, std::span(kUhaAlltoallvInter).subspan(1))};

}  // namespace

std::vector<AlgorithmInfo> alltoallv_algorithms() {
  return {
      {"alltoallv", "native", "the MPI library's MPI_Alltoallv", kLibrary, make_alltoallv_native},
      {.collective = "alltoallv",
       .name = "mpich-isend",
       .summary = "MPICH 3.0.4 Isend/Irecv in rounds of `throttle` partners, empty blocks skipped",
       .source = "[Parsons2015] §2.3.1; [MPICH] v3.0.4 alltoallv.c MPIR_Alltoallv_intra",
       .make = make_alltoallv_mpich_isend,
       .options = kMpichThrottleOptions},
      {.collective = "alltoallv",
       .name = "uha",
       .summary = "universal hierarchical: counts shared within the node only, blocks grouped by "
                  "destination node, leaders alltoallv in bytes (inter=NAME), copy-out",
       .source = kUhaSource,
       .make = make_alltoallv_uha,
       .options = kUhaAlltoallvOptions},
      {.collective = "alltoallv",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: each node pair's block carried by one "
                  "of K senders per node, Isend/Irecv from and into the shared layouts",
       .source = "[Parsons2015] §2.3.2, Table 2.2 (multi-sender alltoallv, not described there); "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_alltoallv_uha_ms,
       .options = kUhaMsOptions},
  };
}

}  // namespace papbench
