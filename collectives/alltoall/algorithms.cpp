// The alltoall rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order, with the options that only alltoall algorithms declare.

#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "collectives/alltoall/alltoall.hpp"
#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

// [Parsons2015] §3.7.3: "Parameters can also limit the minimum message sizes"; no value given.
constexpr std::string_view kMinFragSamples[] = {"0", "24", "1Ki"};
constexpr AlgOptionSpec kA2aAwareOptions[] = {
    {.name = "min-frag",
     .type = OptionType::kBytes,
     .default_value = "0",
     .help = "fewest bytes a sender sends as a piece of a destination node's buffer before the "
             "piece's gap is complete (a whole gap between sent pieces always goes); 0: any "
             "ready piece",
     .min = 0,
     .max = std::numeric_limits<int>::max(),
     .samples = kMinFragSamples},
};

constexpr std::string_view kUhaAlltoallInter[] = {"native", "mpich-isend", "mpich-pairwise",
                                                  "mpich-bruck"};
constexpr AlgOptionSpec kUhaAlltoallOptions[] = {
    uha_inter_option(kUhaAlltoallInter, std::span(kUhaAlltoallInter).subspan(1))};

// alltoall/uha (uha/alltoall.cpp prepare): local rank 0 holds two copies each of the send and
// receive node-pair blocks, ns * ns * count per pair of nodes; the leaders' alltoall runs on them.
std::uint64_t alltoall_uha_scratch(const ScratchShape& s) {
  if (!s.node_holder()) return 0;
  const auto ns = static_cast<std::uint64_t>(s.max_node_ranks);
  const std::uint64_t pair = ns * ns * s.vector_bytes(), nodes = std::uint64_t(s.nodes);
  return 2 * 2 * pair * nodes + leaders_scratch("alltoall", option_text(*s.options, "inter"), s,
                                                pair, pair * nodes, pair * nodes);
}

// alltoall/a2a-aware and a2a-aware-barrier (alltoall/a2a_aware.cpp prepare): local rank 0 holds
// two parities of a send and a receive area of node size * P blocks each.
std::uint64_t alltoall_aware_scratch(const ScratchShape& s) {
  if (!s.node_holder()) return 0;
  return 2 * 2 * static_cast<std::uint64_t>(s.max_node_ranks) * s.all_blocks_bytes();
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// samples are names of Open MPI 4.1 and MPICH 4.0 that tests/mpi/collectives_native tries.
constexpr std::string_view kAlltoallNativeForceSamples[] = {"pairwise"};
constexpr AlgOptionSpec kAlltoallNativeOptions[] = {
    native_force_option<forced::forced_index("alltoall")>(kAlltoallNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> alltoall_algorithms() {
  return {
      {.collective = "alltoall",
       .name = "native",
       .summary = "the MPI library's MPI_Alltoall, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_alltoall_native,
       .options = kAlltoallNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("alltoall", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("alltoall")>,
       // the library's own: as MPICH's Bruck alltoall's copy of the P blocks
       .scratch_bytes = library_scratch},
      {.collective = "alltoall",
       .name = "mpich-isend",
       .summary = "MPICH 3.0.4 Isend/Irecv in rounds of `throttle` partners (recv from rank+i, "
                  "send to rank-i), Waitall per round",
       .source = "[Parsons2015] §3.7.3 \"MPICH Isend\"; [MPICH] v3.0.4 alltoall.c "
                 "MPIR_Alltoall_intra (medium messages)",
       .make = make_alltoall_mpich_isend,
       .options = kMpichThrottleOptions,
       // posts from and into the caller's buffers (alltoall/mpich_isend.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "alltoall",
       .name = "mpich-pairwise",
       .summary = "MPICH 3.0.4 pairwise exchange: rank XOR i for powers of two, else to rank+i, "
                  "from rank-i",
       .source =
           "[Parsons2015] §3.7.3 \"MPICH Pair\"; [MPICH] v3.0.4 alltoall.c MPIR_Alltoall_intra "
           "(long messages)",
       .make = make_alltoall_mpich_pairwise,
       // Sendrecv from and into the caller's buffers (alltoall/mpich_pairwise.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "alltoall",
       .name = "mpich-bruck",
       .summary = "MPICH 3.0.4 Bruck: rotate, ceil(log2 P) packed exchanges to rank+2^k, rotate "
                  "and reverse",
       .source =
           "[Parsons2015] §3.7.3 \"MPICH Bruck\"; [MPICH] v3.0.4 alltoall.c MPIR_Alltoall_intra "
           "(short messages, P >= 8; here any P); docs/ALGORITHMS.md, Deviations: MPICH 3.0.4 "
           "re-implementations",
       .make = make_alltoall_mpich_bruck,
       // alltoall/mpich_bruck.cpp prepare: tmp_ of P blocks
       .scratch_bytes = all_blocks_scratch},
      {.collective = "alltoall",
       .name = "uha",
       .summary = "universal hierarchical: blocks grouped by destination node in shared memory, "
                  "leaders alltoall node-pair blocks (inter=NAME), copy-out",
       .source = kUhaSource,
       .make = make_alltoall_uha,
       .options = kUhaAlltoallOptions,
       // uha/alltoall.cpp prepare: send_ and recv_ slots, and the leaders'
       .scratch_bytes = alltoall_uha_scratch},
      {.collective = "alltoall",
       .name = "a2a-aware",
       .summary = "node-shared buffers, one sender and one receiver rank per node pair, senders "
                  "pre-send the ready pieces of a node's data (opportunistic fragmentation)",
       .source = "[Parsons2015] §3.7.3, Fig. 3.18, §3.9.3 \"Hier. aware\"; docs/ALGORITHMS.md, "
                 "Inferred: alltoall/a2a-aware",
       .make = make_alltoall_aware,
       .options = kA2aAwareOptions,
       .arrival_dependent = true,
       // alltoall/a2a_aware.cpp prepare: shared_
       .scratch_bytes = alltoall_aware_scratch},
      {.collective = "alltoall",
       .name = "a2a-aware-barrier",
       .summary = "a2a-aware after an intra-node barrier: multiple senders, nothing pre-sent",
       .source = "[Parsons2015] §3.9.3, Fig. 3.26 \"aware with barrier\"; docs/ALGORITHMS.md, "
                 "Inferred: alltoall/a2a-aware",
       .make = make_alltoall_aware_barrier,
       // alltoall/a2a_aware.cpp prepare: shared_
       .scratch_bytes = alltoall_aware_scratch},
  };
}

}  // namespace papbench
