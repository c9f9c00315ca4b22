// The allgather rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order, with the options that only allgather algorithms declare.

#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "collectives/allgather/allgather.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

constexpr std::string_view kUhaAllgatherInter[] = {"native", "mpich-bruck", "mpich-ring"};
constexpr AlgOptionSpec kUhaAllgatherOptions[] = {
    uha_inter_option(kUhaAllgatherInter, std::span(kUhaAllgatherInter).subspan(1)),
    kUhaCopyOutOption, kUhaRegionsOption};
constexpr std::string_view kMultileaderSamples[] = {"1", "3"};
// The thesis' scheme and papbench's earlier reading of it (collectives/uha/multileader.hpp).
constexpr std::string_view kMultileaderSchemeWords[] = {"p2p", "shared"};
constexpr std::string_view kMultileaderSchemeSamples[] = {"shared"};
constexpr AlgOptionSpec kMultileaderOptions[] = {
    {.name = "leaders",
     .type = OptionType::kInteger,
     .default_value = "2",
     .help = "leaders L per node, each funnelling ceil(ns/L) ranks; clamped to each node's size",
     .min = 1,
     .max = std::numeric_limits<int>::max(),
     .samples = kMultileaderSamples},
    uha_inter_option(kUhaAllgatherInter, std::span(kUhaAllgatherInter).subspan(1)),
    {.name = "scheme",
     .type = OptionType::kChoice,
     .default_value = "p2p",
     .help = "p2p: each group shares memory only within itself and the leaders of a node exchange "
             "the groups' results point to point ([Parsons2015] §2.3.2, Kandalla et al.); shared: "
             "all groups meet in one node-shared buffer that every rank copies out of, the leaders "
             "never exchanging (papbench's earlier reading, for comparison)",
     .words = kMultileaderSchemeWords,
     .samples = kMultileaderSchemeSamples}};
// allgather/uha-ms's exchange between nodes: the k-ary Bruck or the two-way ring of §2.3.2.
constexpr std::string_view kUhaAllgatherExchangeWords[] = {"bruck", "two-way-ring"};
constexpr std::string_view kUhaAllgatherExchangeSamples[] = {"two-way-ring"};
constexpr AlgOptionSpec kUhaAllgatherMsOptions[] = {
    kUhaMsOptions[0],
    {.name = "exchange",
     .type = OptionType::kChoice,
     .default_value = "bruck",
     .help = "the multi-sender exchange between nodes ([Parsons2015] §2.3.2): bruck, k-port "
             "Bruck with K senders; two-way-ring, a ring each way, ceil((N-1)/2) steps, with "
             "two senders (one if senders=1 or the node has one rank)",
     .words = kUhaAllgatherExchangeWords,
     .samples = kUhaAllgatherExchangeSamples},
    // Fig. 2.9: the shared and copy-on-write copy-outs with the multi-sender ring (§2.5.3).
    kUhaCopyOutOption,
    kUhaRegionsOption};

}  // namespace

std::vector<AlgorithmInfo> allgather_algorithms() {
  return {
      {"allgather", "native", "the MPI library's MPI_Allgather", kLibrary, make_allgather_native},
      {"allgather", "mpich-bruck",
       "MPICH 3.0.4 Bruck: ceil(log2 P) steps, one extra for non-powers of two, local rotation",
       "[Parsons2015] §2.3.1; [MPICH] v3.0.4 allgather.c MPIR_Allgather_intra (short messages)",
       make_allgather_mpich_bruck},
      {"allgather", "mpich-ring", "MPICH 3.0.4 ring: P-1 Sendrecv steps, block i from the left",
       "[Parsons2015] §2.3.1; [MPICH] v3.0.4 allgather.c MPIR_Allgather_intra (long messages)",
       make_allgather_mpich_ring},
      {.collective = "allgather",
       .name = "uha",
       .summary = "universal hierarchical: copy-in to node-shared memory, leaders allgather node "
                  "blocks (inter=NAME), copy-out",
       .source = kUhaSource,
       .make = make_allgather_uha,
       .options = kUhaAllgatherOptions,
       .result_outside_recv = uha_result_outside_recv},
      {.collective = "allgather",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: k-port Bruck between nodes, each of "
                  "K senders per node sending the node's blocks to a different node per round; "
                  "or a two-way ring, one sender each way; copy-out as uha's (copyout=NAME)",
       .source = "[Parsons2015] §2.3.2 (k-ary Bruck and two-way ring allgather), Table 2.2; "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_allgather_uha_ms,
       .options = kUhaAllgatherMsOptions,
       .result_outside_recv = uha_result_outside_recv},
      {.collective = "allgather",
       .name = "multileader",
       .summary = "L leaders per node, each funnelling a group of ranks through the group's own "
                  "shared memory; group g's leaders allgather (inter=NAME) in parallel with the "
                  "other groups', then a node's leaders exchange point to point (scheme=NAME)",
       .source = "[Parsons2015] §2.2.2, §2.3.2, Fig. 2.3 (its ref. [7], Kandalla et al.); "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_allgather_multileader,
       .options = kMultileaderOptions},
  };
}

}  // namespace papbench
