// The alltoallv rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <span>
#include <string_view>
#include <vector>

#include "collectives/alltoallv/alltoallv.hpp"
#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr std::string_view kUhaAlltoallvInter[] = {"native", "mpich-isend"};
constexpr AlgOptionSpec kUhaAlltoallvOptions[] = {
    uha_inter_option(kUhaAlltoallvInter, std::span(kUhaAlltoallvInter).subspan(1))};

// alltoallv/uha and uha-ms (uha/alltoallv.hpp AlltoallvPieces::prepare): local rank 0 holds two
// copies each of its node's send and receive totals; a rank's blocks are at most count + 1
// (alltoallv_block_count), so a node's totals at most ns * P * (count + 1). uha's leaders run
// their alltoallv on them; uha-ms's senders post from them.
std::uint64_t alltoallv_node_total_bytes(const ScratchShape& s) {
  return static_cast<std::uint64_t>(s.max_node_ranks) * static_cast<std::uint64_t>(s.ranks) *
         (s.count + 1) * s.elem_size;
}
std::uint64_t alltoallv_uha_scratch(const ScratchShape& s) {
  if (!s.node_holder()) return 0;
  const std::uint64_t total = alltoallv_node_total_bytes(s);
  return 2 * 2 * total +
         leaders_scratch("alltoallv", option_text(*s.options, "inter"), s, total, total, total);
}
std::uint64_t alltoallv_uha_ms_scratch(const ScratchShape& s) {
  return s.node_holder() ? 2 * 2 * alltoallv_node_total_bytes(s) : 0;
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// samples are names of Open MPI 4.1 and MPICH 4.0 that tests/mpi/collectives_native tries.
constexpr std::string_view kAlltoallvNativeForceSamples[] = {"pairwise", "scattered"};
constexpr AlgOptionSpec kAlltoallvNativeOptions[] = {
    native_force_option<forced::forced_index("alltoallv")>(kAlltoallvNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> alltoallv_algorithms() {
  return {
      {.collective = "alltoallv",
       .name = "native",
       .summary = "the MPI library's MPI_Alltoallv, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_alltoallv_native,
       .options = kAlltoallvNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("alltoallv", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("alltoallv")>,
       // the library's own: as much as a copy of the larger buffer
       .scratch_bytes = library_scratch},
      {.collective = "alltoallv",
       .name = "mpich-isend",
       .summary = "MPICH 3.0.4 Isend/Irecv in rounds of `throttle` partners, empty blocks skipped",
       .source = "[Parsons2015] §2.3.1; [MPICH] v3.0.4 alltoallv.c MPIR_Alltoallv_intra",
       .make = make_alltoallv_mpich_isend,
       .options = kMpichThrottleOptions,
       // posts from and into the caller's buffers (alltoallv/mpich_isend.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "alltoallv",
       .name = "uha",
       .summary = "universal hierarchical: counts shared within the node only, blocks grouped by "
                  "destination node, leaders alltoallv in bytes (inter=NAME), copy-out",
       .source = kUhaSource,
       .make = make_alltoallv_uha,
       .options = kUhaAlltoallvOptions,
       // uha/alltoallv.hpp prepare: send_ and recv_ slots, and the leaders'
       .scratch_bytes = alltoallv_uha_scratch},
      {.collective = "alltoallv",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: each node pair's block carried by one "
                  "of K senders per node, Isend/Irecv from and into the shared layouts",
       .source = "[Parsons2015] §2.3.2, Table 2.2 (multi-sender alltoallv, not described there); "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_alltoallv_uha_ms,
       .options = kUhaMsOptions,
       // uha/alltoallv.hpp prepare: send_ and recv_ slots
       .scratch_bytes = alltoallv_uha_ms_scratch},
  };
}

}  // namespace papbench
