// The allgather rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order, with the options that only allgather algorithms declare.

#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "collectives/allgather/allgather.hpp"
#include "collectives/core/native_force_option.hpp"
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

// allgather/uha (uha/allgather.cpp prepare): local rank 0 holds two copies of its node block
// (send_) and of every node's (recv_, a memory file with copyout=cow); the leaders' allgather runs
// on node blocks.
std::uint64_t allgather_uha_scratch(const ScratchShape& s) {
  if (!s.node_holder()) return 0;
  const std::uint64_t block = uha_node_block_bytes(s), nodes = std::uint64_t(s.nodes);
  return 2 * block + uha_result_slots_bytes(s, block * nodes) +
         leaders_scratch("allgather", option_text(*s.options, "inter"), s, block, block,
                         block * nodes);
}

// allgather/uha-ms (uha/allgather_ms.cpp NodeBlockAllgather::prepare): two copies of every
// node's block at local rank 0 (a memory file with copyout=cow); the senders send from them.
std::uint64_t allgather_uha_ms_scratch(const ScratchShape& s) {
  return s.node_holder()
             ? uha_result_slots_bytes(s, uha_node_block_bytes(s) * std::uint64_t(s.nodes))
             : 0;
}

// allgather/multileader (uha/multileader.hpp LeaderGroups): each node's ranks cut into groups
// of gs = ceil(ns / min(L, ns)) consecutive local ranks, at most G = min(L, largest node) groups
// of at most B = ceil(largest / min(L, largest)) * count elements (the padded shape). A group's
// first rank runs the allgathers (of B over the N nodes) of its group and of the groups it
// stands in for, ceil(G / groups here) at most. scheme=p2p (multileader.cpp prepare): it also
// holds its group's two slots of B (1 + G N); scheme=shared (multileader_shared.cpp prepare):
// local rank 0 holds two copies of the node's G blocks and of every node's.
std::uint64_t allgather_multileader_scratch(const ScratchShape& s) {
  const auto leaders = static_cast<std::uint64_t>(option_integer(*s.options, "leaders"));
  const auto ns = static_cast<std::uint64_t>(s.node_ranks);
  const auto largest = static_cast<std::uint64_t>(s.max_node_ranks);
  const std::uint64_t group_here = (ns + std::min(leaders, ns) - 1) / std::min(leaders, ns);
  const std::uint64_t groups_here = (ns + group_here - 1) / group_here;
  const std::uint64_t groups = std::min(leaders, largest);
  const std::uint64_t block =
      (largest + std::min(leaders, largest) - 1) / std::min(leaders, largest) * s.vector_bytes();
  const auto nodes = static_cast<std::uint64_t>(s.nodes);
  const bool group_leader = static_cast<std::uint64_t>(s.local_rank) % group_here == 0;
  std::uint64_t bytes = 0;
  if (group_leader) {
    const std::uint64_t owned = (groups + groups_here - 1) / groups_here;
    bytes += owned * leaders_scratch("allgather", option_text(*s.options, "inter"), s, block, block,
                                     block * nodes);
  }
  if (option_text(*s.options, "scheme") == "shared") {
    if (s.node_holder()) bytes += 2 * block * groups * (1 + nodes);
  } else if (group_leader) {
    bytes += 2 * block * (1 + groups * nodes);
  }
  return bytes;
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// samples are names of Open MPI 4.1 and MPICH 4.0 that tests/mpi/collectives_native tries.
constexpr std::string_view kAllgatherNativeForceSamples[] = {"ring"};
constexpr AlgOptionSpec kAllgatherNativeOptions[] = {
    native_force_option<forced::forced_index("allgather")>(kAllgatherNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> allgather_algorithms() {
  return {
      {.collective = "allgather",
       .name = "native",
       .summary = "the MPI library's MPI_Allgather, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_allgather_native,
       .options = kAllgatherNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("allgather", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("allgather")>,
       // the library's own: as MPICH's Bruck allgather's copy of the P blocks
       .scratch_bytes = library_scratch},
      {.collective = "allgather",
       .name = "mpich-bruck",
       .summary =
           "MPICH 3.0.4 Bruck: ceil(log2 P) steps, one extra for non-powers of two, local rotation",
       .source =
           "[Parsons2015] §2.3.1; [MPICH] v3.0.4 allgather.c MPIR_Allgather_intra (short messages)",
       .make = make_allgather_mpich_bruck,
       // allgather/mpich_bruck.cpp prepare: tmp_ of P blocks
       .scratch_bytes = all_blocks_scratch},
      {.collective = "allgather",
       .name = "mpich-ring",
       .summary = "MPICH 3.0.4 ring: P-1 Sendrecv steps, block i from the left",
       .source =
           "[Parsons2015] §2.3.1; [MPICH] v3.0.4 allgather.c MPIR_Allgather_intra (long messages)",
       .make = make_allgather_mpich_ring,
       // sends and receives in the receive buffer (allgather/mpich_ring.cpp)
       .scratch_bytes = no_scratch},
      {.collective = "allgather",
       .name = "uha",
       .summary = "universal hierarchical: copy-in to node-shared memory, leaders allgather node "
                  "blocks (inter=NAME), copy-out",
       .source = kUhaSource,
       .make = make_allgather_uha,
       .options = kUhaAllgatherOptions,
       .result_outside_recv = uha_result_outside_recv,
       // uha/allgather.cpp prepare: send_ and recv_ slots, and the leaders'
       .scratch_bytes = allgather_uha_scratch},
      {.collective = "allgather",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: k-port Bruck between nodes, each of "
                  "K senders per node sending the node's blocks to a different node per round; "
                  "or a two-way ring, one sender each way; copy-out as uha's (copyout=NAME)",
       .source = "[Parsons2015] §2.3.2 (k-ary Bruck and two-way ring allgather), Table 2.2; "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_allgather_uha_ms,
       .options = kUhaAllgatherMsOptions,
       .result_outside_recv = uha_result_outside_recv,
       // uha/allgather_ms.cpp prepare: recv_ slots
       .scratch_bytes = allgather_uha_ms_scratch},
      {.collective = "allgather",
       .name = "multileader",
       .summary = "L leaders per node, each funnelling a group of ranks through the group's own "
                  "shared memory; group g's leaders allgather (inter=NAME) in parallel with the "
                  "other groups', then a node's leaders exchange point to point (scheme=NAME)",
       .source = "[Parsons2015] §2.2.2, §2.3.2, Fig. 2.3 (its ref. [7], Kandalla et al.); "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_allgather_multileader,
       .options = kMultileaderOptions,
       // uha/multileader*.cpp prepare: the groups' slots and allgathers
       .scratch_bytes = allgather_multileader_scratch},
  };
}

}  // namespace papbench
