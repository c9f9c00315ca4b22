// The reduce_scatter rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order.

#include <span>
#include <string_view>
#include <vector>

#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/reduce_scatter/reduce_scatter.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr std::string_view kUhaReduceScatterInter[] = {"native", "mpich-pairwise"};
constexpr AlgOptionSpec kUhaReduceScatterOptions[] = {
    uha_inter_option(kUhaReduceScatterInter, std::span(kUhaReduceScatterInter).subspan(1))};

// reduce_scatter/mpich-pairwise (reduce_scatter/mpich_pairwise.cpp prepare): tmp_ of this
// rank's block, at least one byte.
std::uint64_t reduce_scatter_pairwise_scratch(const ScratchShape& s) {
  return std::max<std::uint64_t>(1, s.recv_bytes());
}

// reduce_scatter/uha (uha/reduce_scatter.hpp prepare): every rank's part of inputs_, the whole
// vector (send buffer's length); local rank 0 also holds two copies of the node sums (sums_) and
// of its node's blocks (mine_out_, at most the vector). The leaders reduce-scatter node sums.
std::uint64_t reduce_scatter_uha_scratch(const ScratchShape& s) {
  const std::uint64_t total = s.send_bytes();
  if (!s.node_holder()) return total;
  return total + 2 * (total + total) +
         leaders_scratch("reduce_scatter", option_text(*s.options, "inter"), s, total, total,
                         total);
}

// reduce_scatter/uha-ms (uha/reduce_scatter_ms.cpp prepare): uha's buffers but the leaders', and
// two copies of one node block (at most ns * (count + 1)) from each of the N nodes (received_).
std::uint64_t reduce_scatter_uha_ms_scratch(const ScratchShape& s) {
  const std::uint64_t total = s.send_bytes();
  if (!s.node_holder()) return total;
  const std::uint64_t node_block =
      static_cast<std::uint64_t>(s.max_node_ranks) * (s.count + 1) * s.elem_size;
  return total + 2 * (total + total) + 2 * static_cast<std::uint64_t>(s.nodes) * node_block;
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// samples are names of Open MPI 4.1 and MPICH 4.0 that tests/mpi/collectives_native tries.
constexpr std::string_view kReduceScatterNativeForceSamples[] = {"recursive_halving"};
constexpr AlgOptionSpec kReduceScatterNativeOptions[] = {
    native_force_option<forced::forced_index("reduce_scatter")>(kReduceScatterNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> reduce_scatter_algorithms() {
  return {
      {.collective = "reduce_scatter",
       .name = "native",
       .summary = "the MPI library's MPI_Reduce_scatter, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_reduce_scatter_native,
       .options = kReduceScatterNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("reduce_scatter", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("reduce_scatter")>,
       // the library's own: one vector for the incoming operand, as MPICH's
       .scratch_bytes = library_scratch},
      {.collective = "reduce_scatter",
       .name = "mpich-pairwise",
       .summary = "MPICH 3.0.4 pairwise exchange: P-1 Sendrecv steps, block to rank+i, combine "
                  "from rank-i",
       .source = "[Parsons2015] §2.3.1; [MPICH] v3.0.4 red_scat.c MPIR_Reduce_scatter_intra "
                 "(commutative, long messages)",
       .make = make_reduce_scatter_mpich_pairwise,
       .restrictions = {.commutative_only = true},
       // reduce_scatter/mpich_pairwise.cpp prepare: tmp_
       .scratch_bytes = reduce_scatter_pairwise_scratch},
      {.collective = "reduce_scatter",
       .name = "uha",
       .summary = "universal hierarchical: parallel intra-node reduction by slices in shared "
                  "memory, leaders reduce-scatter node blocks (inter=NAME), copy-out",
       .source = kUhaSource,
       .make = make_reduce_scatter_uha,
       .options = kUhaReduceScatterOptions,
       .restrictions = {.commutative_only = true},
       // uha/reduce_scatter.hpp prepare: inputs_, sums_, mine_out_, and the leaders'
       .scratch_bytes = reduce_scatter_uha_scratch},
      {.collective = "reduce_scatter",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: pairwise exchange of node sums, steps "
                  "spread over K senders per node, a dedicated reducer combining as they land",
       .source = "[Parsons2015] §2.3.2 (parallel pairwise reduce-scatter), Fig. 2.7, Table 2.2; "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_reduce_scatter_uha_ms,
       .options = kUhaMsOptions,
       .restrictions = {.commutative_only = true},
       // uha/reduce_scatter_ms.cpp prepare: uha's and received_
       .scratch_bytes = reduce_scatter_uha_ms_scratch},
  };
}

}  // namespace papbench
