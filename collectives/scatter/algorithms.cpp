// The scatter rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <span>
#include <string_view>
#include <vector>

#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/scatter/scatter.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr std::string_view kUhaScatterInter[] = {"native", "mpich-binomial"};
constexpr AlgOptionSpec kUhaScatterOptions[] = {
    uha_inter_option(kUhaScatterInter, std::span(kUhaScatterInter).subspan(1))};

// scatter/uha (uha/scatter.cpp prepare): local rank 0 holds two copies of the node blocks of
// every node (send_) and of its own (recv_); the leaders' scatter runs on node blocks.
std::uint64_t scatter_uha_scratch(const ScratchShape& s) {
  if (!s.node_holder()) return 0;
  const std::uint64_t block = uha_node_block_bytes(s), nodes = std::uint64_t(s.nodes);
  return 2 * (block * nodes + block) + leaders_scratch("scatter", option_text(*s.options, "inter"),
                                                       s, block, block * nodes, block);
}

// scatter/uha-ms (uha/scatter_ms.cpp prepare): local rank 0 holds two copies of every node's
// block (buffer_); the tree of nodes sends from it.
std::uint64_t scatter_uha_ms_scratch(const ScratchShape& s) {
  return s.node_holder() ? 2 * uha_node_block_bytes(s) * std::uint64_t(s.nodes) : 0;
}
std::uint64_t scatter_bnom_scratch(const ScratchShape& s) {
  return binomial_tree_staging(s, TreeStaging::kRotatedLowbit);
}
std::uint64_t scatter_sbn_scratch(const ScratchShape& s) {
  return binomial_tree_staging(s, TreeStaging::kAnyLowbit);
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// samples are names of Open MPI 4.1 and MPICH 4.0 that tests/mpi/collectives_native tries.
constexpr std::string_view kScatterNativeForceSamples[] = {"binomial"};
constexpr AlgOptionSpec kScatterNativeOptions[] = {
    native_force_option<forced::forced_index("scatter")>(kScatterNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> scatter_algorithms() {
  return {
      {.collective = "scatter",
       .name = "native",
       .summary = "the MPI library's MPI_Scatter, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_scatter_native,
       .options = kScatterNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("scatter", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("scatter")>,
       // the library's own: as MPICH's binomial scatter's staging, up to all P blocks
       .scratch_bytes = library_scratch},
      {.collective = "scatter",
       .name = "lin",
       .summary = "linear: root sends in rank order (Open MPI basic_linear, LIN)",
       .source = "[Proficz2020] §2.1 LIN; [OpenMPI] basic_linear",
       .make = make_scatter_lin,
       // sends from the send buffer (scatter/lin.cpp): only an order of P ints
       .scratch_bytes = no_scratch},
      {.collective = "scatter",
       .name = "bnom",
       .summary = "binomial on Open MPI's in-order tree, smallest subtree first (BNOM)",
       .source = "[Proficz2020] §2.1 BNOM; [OpenMPI] binomial",
       .make = make_scatter_bnom,
       // block_tree.cpp staging_for: this rank's subtree, the root's P blocks
       .scratch_bytes = scatter_bnom_scratch},
      {.collective = "scatter",
       .name = "slin",
       .summary = "linear, root serves ranks by predicted arrival (SLIN)",
       .source = "[Proficz2020] §4.1, Fig. 5",
       .make = make_scatter_slin,
       .needs_pat = true,
       // sends from the send buffer (linear_scatter.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "scatter",
       .name = "sbn",
       .summary = "binomial, slots filled by arrival in bit-reversed order (SBN)",
       .source = "[Proficz2020] §4.1, Fig. 7; docs/ALGORITHMS.md, Errata: SBN scatter",
       .make = make_scatter_sbn,
       .needs_pat = true,
       // block_tree.cpp staging_for: the largest subtree any slot gets
       .scratch_bytes = scatter_sbn_scratch},
      {.collective = "scatter",
       .name = "bsln",
       .summary = "SLIN with leaves receiving in the PAT background thread (BSLN)",
       .source = "[Proficz2020] §4.1, Fig. 6",
       .make = make_scatter_bsln,
       .needs_pat = true,
       // sends from the send buffer (linear_scatter.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "scatter",
       .name = "bsbn",
       .summary = "SBN with non-roots receiving and forwarding in the background (BSBN)",
       .source = "[Proficz2020] §4.1, Fig. 8; docs/ALGORITHMS.md, Errata: BSBN scatter",
       .make = make_scatter_bsbn,
       .needs_pat = true,
       // block_tree.cpp staging_for, in staging_ (root) or background_staging_
       .scratch_bytes = scatter_sbn_scratch},
      {.collective = "scatter",
       .name = "mpich-binomial",
       .summary = "MPICH 3.0.4 binomial, largest subtree first; a root other than 0 sends from a "
                  "rotated copy",
       .source = "[Parsons2015] §2.3.1; [MPICH] v3.0.4 scatter.c MPIR_Scatter_intra",
       .make = make_scatter_mpich_binomial,
       // scatter/mpich_binomial.cpp prepare: tmp_ of P blocks on every rank
       .scratch_bytes = all_blocks_scratch},
      {.collective = "scatter",
       .name = "uha",
       .summary = "universal hierarchical: root lays blocks out by node in shared memory, leaders "
                  "scatter node blocks (inter=NAME), every rank copies its block",
       .source = kUhaSource,
       .make = make_scatter_uha,
       .options = kUhaScatterOptions,
       // uha/scatter.cpp prepare: send_ and recv_ slots, and the leaders'
       .scratch_bytes = scatter_uha_scratch},
      {.collective = "scatter",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: node blocks down a K-ary tree of nodes, "
                  "sender j of a node sending child j's subtree from shared memory",
       .source = "[Parsons2015] §2.3.2 (parallel funneled scatter), Figs. 2.5, 2.10; "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_scatter_uha_ms,
       .options = kUhaMsOptions,
       // uha/scatter_ms.cpp prepare: buffer_ slots
       .scratch_bytes = scatter_uha_ms_scratch},
  };
}

}  // namespace papbench
