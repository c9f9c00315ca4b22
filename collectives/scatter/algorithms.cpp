// The scatter rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <span>
#include <string_view>
#include <vector>

#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/scatter/scatter.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr std::string_view kUhaScatterInter[] = {"native", "mpich-binomial"};
constexpr AlgOptionSpec kUhaScatterOptions[] = {
    uha_inter_option(kUhaScatterInter, std::span(kUhaScatterInter).subspan(1))};

}  // namespace

std::vector<AlgorithmInfo> scatter_algorithms() {
  return {
      {"scatter", "native", "the MPI library's MPI_Scatter", kLibrary, make_scatter_native},
      {"scatter", "lin", "linear: root sends in rank order (Open MPI basic_linear, LIN)",
       "[Proficz2020] §2.1 LIN; [OpenMPI] basic_linear", make_scatter_lin},
      {"scatter", "bnom", "binomial on Open MPI's in-order tree, smallest subtree first (BNOM)",
       "[Proficz2020] §2.1 BNOM; [OpenMPI] binomial", make_scatter_bnom},
      {"scatter", "slin", "linear, root serves ranks by predicted arrival (SLIN)",
       "[Proficz2020] §4.1, Fig. 5", make_scatter_slin, true},
      {"scatter", "sbn", "binomial, slots filled by arrival in bit-reversed order (SBN)",
       "[Proficz2020] §4.1, Fig. 7; docs/ALGORITHMS.md, Errata: SBN scatter", make_scatter_sbn,
       true},
      {"scatter", "bsln", "SLIN with leaves receiving in the PAT background thread (BSLN)",
       "[Proficz2020] §4.1, Fig. 6", make_scatter_bsln, true},
      {"scatter", "bsbn", "SBN with non-roots receiving and forwarding in the background (BSBN)",
       "[Proficz2020] §4.1, Fig. 8; docs/ALGORITHMS.md, Errata: BSBN scatter", make_scatter_bsbn,
       true},
      {"scatter", "mpich-binomial",
       "MPICH 3.0.4 binomial, largest subtree first; a root other than 0 sends from a rotated copy",
       "[Parsons2015] §2.3.1; [MPICH] v3.0.4 scatter.c MPIR_Scatter_intra",
       make_scatter_mpich_binomial},
      {.collective = "scatter",
       .name = "uha",
       .summary = "universal hierarchical: root lays blocks out by node in shared memory, leaders "
                  "scatter node blocks (inter=NAME), every rank copies its block",
       .source = kUhaSource,
       .make = make_scatter_uha,
       .options = kUhaScatterOptions},
      {.collective = "scatter",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: node blocks down a K-ary tree of nodes, "
                  "sender j of a node sending child j's subtree from shared memory",
       .source = "[Parsons2015] §2.3.2 (parallel funneled scatter), Figs. 2.5, 2.10; "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_scatter_uha_ms,
       .options = kUhaMsOptions},
  };
}

}  // namespace papbench
