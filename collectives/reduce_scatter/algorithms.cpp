// The reduce_scatter rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <span>
#include <string_view>
#include <vector>

#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/reduce_scatter/reduce_scatter.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr std::string_view kUhaReduceScatterInter[] = {"native", "mpich-pairwise"};
constexpr AlgOptionSpec kUhaReduceScatterOptions[] = {
    uha_inter_option(kUhaReduceScatterInter, std::span(kUhaReduceScatterInter).subspan(1))};

}  // namespace

std::vector<AlgorithmInfo> reduce_scatter_algorithms() {
  return {
      {"reduce_scatter", "native", "the MPI library's MPI_Reduce_scatter", kLibrary,
       make_reduce_scatter_native},
      {.collective = "reduce_scatter",
       .name = "mpich-pairwise",
       .summary = "MPICH 3.0.4 pairwise exchange: P-1 Sendrecv steps, block to rank+i, combine "
                  "from rank-i",
       .source = "[Parsons2015] §2.3.1; [MPICH] v3.0.4 red_scat.c MPIR_Reduce_scatter_intra "
                 "(commutative, long messages)",
       .make = make_reduce_scatter_mpich_pairwise,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce_scatter",
       .name = "uha",
       .summary = "universal hierarchical: parallel intra-node reduction by slices in shared "
                  "memory, leaders reduce-scatter node blocks (inter=NAME), copy-out",
       .source = kUhaSource,
       .make = make_reduce_scatter_uha,
       .options = kUhaReduceScatterOptions,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce_scatter",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: pairwise exchange of node sums, steps "
                  "spread over K senders per node, a dedicated reducer combining as they land",
       .source = "[Parsons2015] §2.3.2 (parallel pairwise reduce-scatter), Fig. 2.7, Table 2.2; "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_reduce_scatter_uha_ms,
       .options = kUhaMsOptions,
       .restrictions = {.commutative_only = true}},
  };
}

}  // namespace papbench
