// The gather rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order, with the options that only gather algorithms declare.

#include <string_view>
#include <vector>

#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/gather/gather.hpp"

namespace papbench {
namespace {

constexpr std::string_view kFirstSegmentSamples[] = {"1", "4Ki"};
constexpr AlgOptionSpec kLinearSyncOptions[] = {
    {.name = "first-segment",
     .type = OptionType::kBytes,
     .default_value = "auto",
     .help = "bytes of the first of the two parts each leaf sends; auto is Open MPI's rule: "
             "32768 when the block exceeds 92160 bytes, else 1024",
     .min = 1,
     .words = kAutoWord,
     .flag = "--ls-first-segment",
     .samples = kFirstSegmentSamples},
};

std::uint64_t gather_bnom_scratch(const ScratchShape& s) {
  return binomial_tree_staging(s, TreeStaging::kRotatedLowbit);
}
std::uint64_t gather_sbn_scratch(const ScratchShape& s) {
  return binomial_tree_staging(s, TreeStaging::kAnyHighbit);
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// samples are names of Open MPI 4.1 and MPICH 4.0 that tests/mpi/collectives_native tries.
constexpr std::string_view kGatherNativeForceSamples[] = {"binomial"};
constexpr AlgOptionSpec kGatherNativeOptions[] = {
    native_force_option<forced::forced_index("gather")>(kGatherNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> gather_algorithms() {
  return {
      {.collective = "gather",
       .name = "native",
       .summary = "the MPI library's MPI_Gather, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_gather_native,
       .options = kGatherNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("gather", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("gather")>,
       // the library's own: as MPICH's binomial gather's staging, up to all P blocks
       .scratch_bytes = library_scratch},
      {.collective = "gather",
       .name = "lin",
       .summary = "linear: root receives in rank order (Open MPI basic_linear, LIN)",
       .source = "[Proficz2020] §2.1 LIN; [OpenMPI] basic_linear",
       .make = make_gather_lin,
       // receives into the receive buffer (gather/lin.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "gather",
       .name = "ls",
       .summary = "linear synchronized, two segments per leaf (LS)",
       .source = "[Proficz2020] §2.1 LS; [OpenMPI] linear_sync",
       .make = make_gather_ls,
       .options = kLinearSyncOptions,
       // receives into the receive buffer (linear_sync.cpp): only an order of P ints
       .scratch_bytes = no_scratch},
      {.collective = "gather",
       .name = "bnom",
       .summary = "binomial on Open MPI's in-order tree, smallest subtree first (BNOM)",
       .source = "[Proficz2020] §2.1 BNOM; [OpenMPI] binomial",
       .make = make_gather_bnom,
       // block_tree.cpp staging_for: this rank's subtree, the root's P blocks
       .scratch_bytes = gather_bnom_scratch},
      {.collective = "gather",
       .name = "sls",
       .summary = "LS with the root syncing leaves by predicted arrival (SLS)",
       .source = "[Proficz2020] §4.2, Fig. 9",
       .make = make_gather_sls,
       .needs_pat = true,
       .options = kLinearSyncOptions,
       // receives into the receive buffer (linear_sync.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "gather",
       .name = "bsls",
       .summary = "SLS with the root's receive loop in the PAT background thread (BSLS)",
       .source = "[Proficz2020] §4.2, Fig. 10",
       .make = make_gather_bsls,
       .needs_pat = true,
       .options = kLinearSyncOptions,
       // receives into the receive buffer (linear_sync.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "gather",
       .name = "sbn",
       .summary = "highbit binomial, slots filled latest first (SBN)",
       .source = "[Proficz2020] §4.2, Fig. 11; docs/ALGORITHMS.md, Errata: SBN gather",
       .make = make_gather_sbn,
       .needs_pat = true,
       // block_tree.cpp staging_for: the largest subtree any slot gets
       .scratch_bytes = gather_sbn_scratch},
      {.collective = "gather",
       .name = "bsbn",
       .summary = "SBN with every receive phase in the PAT background thread (BSBN)",
       .source = "[Proficz2020] §4.2, Fig. 12; docs/ALGORITHMS.md, Errata: BSBN gather",
       .make = make_gather_bsbn,
       .needs_pat = true,
       // block_tree.cpp staging_for: the largest subtree any slot gets
       .scratch_bytes = gather_sbn_scratch},
  };
}

}  // namespace papbench
