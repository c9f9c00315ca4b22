// The alltoall rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order, with the options that only alltoall algorithms declare.

#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "collectives/alltoall/alltoall.hpp"
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

}  // namespace

std::vector<AlgorithmInfo> alltoall_algorithms() {
  return {
      {"alltoall", "native", "the MPI library's MPI_Alltoall", kLibrary, make_alltoall_native},
      {.collective = "alltoall",
       .name = "mpich-isend",
       .summary = "MPICH 3.0.4 Isend/Irecv in rounds of `throttle` partners (recv from rank+i, "
                  "send to rank-i), Waitall per round",
       .source = "[Parsons2015] §3.7.3 \"MPICH Isend\"; [MPICH] v3.0.4 alltoall.c "
                 "MPIR_Alltoall_intra (medium messages)",
       .make = make_alltoall_mpich_isend,
       .options = kMpichThrottleOptions},
      {"alltoall", "mpich-pairwise",
       "MPICH 3.0.4 pairwise exchange: rank XOR i for powers of two, else to rank+i, from rank-i",
       "[Parsons2015] §3.7.3 \"MPICH Pair\"; [MPICH] v3.0.4 alltoall.c MPIR_Alltoall_intra "
       "(long messages)",
       make_alltoall_mpich_pairwise},
      {"alltoall", "mpich-bruck",
       "MPICH 3.0.4 Bruck: rotate, ceil(log2 P) packed exchanges to rank+2^k, rotate and reverse",
       "[Parsons2015] §3.7.3 \"MPICH Bruck\"; [MPICH] v3.0.4 alltoall.c MPIR_Alltoall_intra "
       "(short messages, P >= 8; here any P); docs/ALGORITHMS.md, Deviations: MPICH 3.0.4 "
       "re-implementations",
       make_alltoall_mpich_bruck},
      {.collective = "alltoall",
       .name = "uha",
       .summary = "universal hierarchical: blocks grouped by destination node in shared memory, "
                  "leaders alltoall node-pair blocks (inter=NAME), copy-out",
       .source = kUhaSource,
       .make = make_alltoall_uha,
       .options = kUhaAlltoallOptions},
      {.collective = "alltoall",
       .name = "a2a-aware",
       .summary = "node-shared buffers, one sender and one receiver rank per node pair, senders "
                  "pre-send the ready pieces of a node's data (opportunistic fragmentation)",
       .source = "[Parsons2015] §3.7.3, Fig. 3.18, §3.9.3 \"Hier. aware\"; docs/ALGORITHMS.md, "
                 "Inferred: alltoall/a2a-aware",
       .make = make_alltoall_aware,
       .options = kA2aAwareOptions,
       .arrival_dependent = true},
      {.collective = "alltoall",
       .name = "a2a-aware-barrier",
       .summary = "a2a-aware after an intra-node barrier: multiple senders, nothing pre-sent",
       .source = "[Parsons2015] §3.9.3, Fig. 3.26 \"aware with barrier\"; docs/ALGORITHMS.md, "
                 "Inferred: alltoall/a2a-aware",
       .make = make_alltoall_aware_barrier},
  };
}

}  // namespace papbench
