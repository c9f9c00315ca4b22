// The gather rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order, with the options that only gather algorithms declare.

#include <string_view>
#include <vector>

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

}  // namespace

std::vector<AlgorithmInfo> gather_algorithms() {
  return {
      {"gather", "native", "the MPI library's MPI_Gather", kLibrary, make_gather_native},
      {"gather", "lin", "linear: root receives in rank order (Open MPI basic_linear, LIN)",
       "[Proficz2020] §2.1 LIN; [OpenMPI] basic_linear", make_gather_lin},
      {.collective = "gather",
       .name = "ls",
       .summary = "linear synchronized, two segments per leaf (LS)",
       .source = "[Proficz2020] §2.1 LS; [OpenMPI] linear_sync",
       .make = make_gather_ls,
       .options = kLinearSyncOptions},
      {"gather", "bnom", "binomial on Open MPI's in-order tree, smallest subtree first (BNOM)",
       "[Proficz2020] §2.1 BNOM; [OpenMPI] binomial", make_gather_bnom},
      {.collective = "gather",
       .name = "sls",
       .summary = "LS with the root syncing leaves by predicted arrival (SLS)",
       .source = "[Proficz2020] §4.2, Fig. 9",
       .make = make_gather_sls,
       .needs_pat = true,
       .options = kLinearSyncOptions},
      {.collective = "gather",
       .name = "bsls",
       .summary = "SLS with the root's receive loop in the PAT background thread (BSLS)",
       .source = "[Proficz2020] §4.2, Fig. 10",
       .make = make_gather_bsls,
       .needs_pat = true,
       .options = kLinearSyncOptions},
      {"gather", "sbn", "highbit binomial, slots filled latest first (SBN)",
       "[Proficz2020] §4.2, Fig. 11; docs/ALGORITHMS.md, Errata: SBN gather", make_gather_sbn,
       true},
      {"gather", "bsbn", "SBN with every receive phase in the PAT background thread (BSBN)",
       "[Proficz2020] §4.2, Fig. 12; docs/ALGORITHMS.md, Errata: BSBN gather", make_gather_bsbn,
       true},
  };
}

}  // namespace papbench
