// The bcast rows of the algorithm registry (collectives/core/registry_tables.hpp), in `papbench
// list` order, with the options that only bcast algorithms declare.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/gather_after.hpp"
#include "collectives/bcast/ompi_trees.hpp"
#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

// Dynamic-leader bcast ([Parsons2015] §3.7.2).
constexpr AlgOptionSpec kDynleaderBcastOptions[] = {kKdegOption};

// Open MPI 3.1's segmented broadcasts ([OpenMPI] coll_base_bcast.c; [Nuriyev2022] §6.1: 8 KiB).
constexpr std::string_view kBcastSegsizeSamples[] = {"0", "100", "1Ki"};
constexpr AlgOptionSpec kBcastSegsizeOption = {
    .name = "segsize",
    .type = OptionType::kBytes,
    .default_value = "8192",
    .help =
        "segment size in bytes; elements per segment = segsize / type size, plus one when the "
        "rest exceeds half an element (Open MPI's rule); 0: one segment",
    .min = 0,
    .max = std::numeric_limits<int>::max(),
    .flag = "--bcast-segsize",
    .samples = kBcastSegsizeSamples};
// [Nuriyev2022] §5.2: the communication experiment the tau-Lop parameters are fitted to.
constexpr std::string_view kGatherAfterSamples[] = {"8Ki"};
constexpr AlgOptionSpec kGatherAfterOption = {
    .name = "gather-after",
    .type = OptionType::kBytes,
    .default_value = "0",
    .help =
        "[Nuriyev2022] §5.2 communication experiment: after the broadcast, inside the timed "
        "call, a barrier and a flat gather of this many bytes from every rank to the root "
        "(the paper: the segment size, 8Ki); the root's elapsed time is Eq. (16). 0: off",
    .min = 0,
    .max = std::numeric_limits<int>::max(),
    .samples = kGatherAfterSamples,
    .effective = gather_after_effective};
constexpr AlgOptionSpec kBcastSegmentedOptions[] = {kBcastSegsizeOption, kGatherAfterOption};
constexpr AlgOptionSpec kBcastFlatOptions[] = {kGatherAfterOption};

// [Parsons2015] §3.9.2: "the group size limited"; the limit is not given.
constexpr std::string_view kPatYuanGroupSamples[] = {"1", "2", "8"};
constexpr AlgOptionSpec kPatYuanOptions[] = {
    {.name = "group",
     .type = OptionType::kInteger,
     .default_value = "4",
     .help = "most ranks the root serves with one reply: the first arrival gets the data and "
             "forwards it to the others that arrived with it, one after the other; 1: the root "
             "sends to every rank itself",
     .min = 1,
     .max = std::numeric_limits<int>::max(),
     .samples = kPatYuanGroupSamples},
};

// Segment size and fanout are Open MPI's variables; MPICH forces the algorithm alone.
bool forces_open_mpi_variables(const AlgOptions& resolved) {
  return resolved.contains("force") && forced::forcing_is_open_mpi();
}
std::string native_segsize_effective(const AlgOptions& resolved, std::uint64_t, std::size_t, int) {
  if (!forces_open_mpi_variables(resolved)) return "";
  const auto it = resolved.find("segsize");
  return it == resolved.end() ? "8192" : it->second;
}
std::string native_fanout_effective(const AlgOptions& resolved, std::uint64_t, std::size_t, int) {
  if (!forces_open_mpi_variables(resolved)) return "";
  const auto it = resolved.find("fanout");
  return it == resolved.end() ? "4" : it->second;
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp).
SupportedValues open_mpi_segsize() {
  return {forced::forcing_is_open_mpi() ? "coll_tuned_bcast_algorithm_segmentsize" : "", {}};
}
SupportedValues open_mpi_fanout() {
  return {forced::forcing_is_open_mpi() ? "coll_tuned_bcast_algorithm_chain_fanout" : "", {}};
}
constexpr std::string_view kNativeSegsizeSamples[] = {"1Ki"};
constexpr std::string_view kNativeFanoutSamples[] = {"2"};
constexpr AlgOptionSpec kBcastNativeOptions[] = {
    native_force_option<forced::forced_index("bcast")>(kNativeForceSamples),
    {.name = "segsize",
     .type = OptionType::kBytes,
     .help = "with force: coll_tuned_bcast_algorithm_segmentsize (Open MPI); papbench's default "
             "8192 is [Nuriyev2022]'s m_s, not Open MPI's (3.1.6: 0, no segmentation)",
     .min = 0,
     .max = std::numeric_limits<int>::max(),
     .needs_option = "force",
     .samples = kNativeSegsizeSamples,
     .effective = native_segsize_effective,
     .supported = open_mpi_segsize},
    {.name = "fanout",
     .type = OptionType::kInteger,
     .help = "with force: coll_tuned_bcast_algorithm_chain_fanout (Open MPI; default 4)",
     .min = 1,
     .max = bcast::kMaxTreeFanout,
     .needs_option = "force",
     .samples = kNativeFanoutSamples,
     .effective = native_fanout_effective,
     .supported = open_mpi_fanout},
    kGatherAfterOption,
};

constexpr std::string_view kKchainFanoutSamples[] = {"1", "2", "32"};
constexpr AlgOptionSpec kBcastKchainOptions[] = {
    {.name = "fanout",
     .type = OptionType::kInteger,
     .default_value = "4",
     .help =
         "number K of chains under the root (Open MPI's coll_tuned_bcast_algorithm_chain_fanout; "
         "K = P-1 when P-1 < K)",
     .min = 1,
     .max = bcast::kMaxTreeFanout,
     .flag = "--kchain-fanout",
     .samples = kKchainFanoutSamples},
    kBcastSegsizeOption,
    kGatherAfterOption,
};

constexpr std::string_view kUhaBcastInter[] = {"native", "mpich-binomial"};
constexpr AlgOptionSpec kUhaBcastOptions[] = {
    uha_inter_option(kUhaBcastInter, std::span(kUhaBcastInter).subspan(1)), kUhaCopyOutOption,
    kUhaRegionsOption};

// gather-after=G (gather_after.cpp prepare): block_ of G bytes and gathered_ of G from every rank,
// on every rank, beside the broadcast's own.
std::uint64_t bcast_gather_after_bytes(const ScratchShape& s) {
  const auto g = static_cast<std::uint64_t>(option_integer(*s.options, "gather-after"));
  return g * (1 + static_cast<std::uint64_t>(s.ranks));
}
// The trees of flat, chain, kchain, binary, split_binary and binomial forward from the caller's
// buffer (segmented_tree.cpp, flat.cpp: requests only).
std::uint64_t bcast_tree_scratch(const ScratchShape& s) {
  return bcast_gather_after_bytes(s);
}
std::uint64_t bcast_native_scratch(const ScratchShape& s) {
  return library_scratch(s) + bcast_gather_after_bytes(s);
}
// hier-barrier, hier-opt, dynleader and patyuan-hier, -opt, -dl (hier_driver.cpp, dynleader.cpp
// prepare): local rank 0 holds the SharedBcastBuffer's two slots of the vector, each rounded to a
// cache line.
std::uint64_t bcast_shared_scratch(const ScratchShape& s) {
  return s.node_holder() ? 2 * round_to_line(s.vector_bytes()) : 0;
}
// dynleader-os (dynleader_os.cpp prepare): dynleader's, and the landing rank (local rank 0) holds
// a LandingWindow of kDepth (2) slots, each a cache line and the vector rounded to one.
std::uint64_t bcast_dynleader_os_scratch(const ScratchShape& s) {
  if (!s.node_holder()) return 0;
  return bcast_shared_scratch(s) + 2 * (kCacheLine + round_to_line(s.vector_bytes()));
}
// uha (uha/bcast.cpp prepare): local rank 0 holds two copies of the vector (a memory file with
// copyout=cow); the leaders broadcast it as bytes.
std::uint64_t bcast_uha_scratch(const ScratchShape& s) {
  if (!s.node_holder()) return 0;
  const std::uint64_t v = s.vector_bytes();
  return uha_result_slots_bytes(s, v) +
         leaders_scratch("bcast", option_text(*s.options, "inter"), s, v, v, v);
}
// uha-ms (uha/bcast_ms.cpp prepare): two copies of the vector at local rank 0.
std::uint64_t bcast_uha_ms_scratch(const ScratchShape& s) {
  return s.node_holder() ? 2 * s.vector_bytes() : 0;
}

}  // namespace

std::vector<AlgorithmInfo> bcast_algorithms() {
  return {
      {.collective = "bcast",
       .name = "native",
       .summary = "the MPI library's MPI_Bcast, or its algorithm force=NAME",
       .source = kLibrary,
       .make = with_gather_after(make_bcast_native),
       .options = kBcastNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("bcast", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("bcast")>,
       // the library's own (a vector, as MPICH's scatter-allgather), and gather-after's
       .scratch_bytes = bcast_native_scratch},
      {.collective = "bcast",
       .name = "flat",
       .summary =
           "root isends the whole message to each rank in rank order (Open MPI basic_linear)",
       .source = "[Nuriyev2022] §3, §4.1 flat tree; [OpenMPI] basic_linear",
       .make = with_gather_after(make_bcast_flat),
       .options = kBcastFlatOptions,
       // bcast/flat.cpp sends from the buffer; gather-after's
       .scratch_bytes = bcast_tree_scratch},
      {.collective = "bcast",
       .name = "chain",
       .summary = "segments pipelined along one chain of shifted ranks (Open MPI pipeline)",
       .source = "[Nuriyev2022] §3, §4.3 chain tree; [OpenMPI] pipeline",
       .make = with_gather_after(make_bcast_chain),
       .options = kBcastSegmentedOptions,
       // bcast/segmented_tree.cpp forwards from the buffer; gather-after's
       .scratch_bytes = bcast_tree_scratch},
      {.collective = "bcast",
       .name = "kchain",
       .summary = "segments pipelined along K chains under the root (Open MPI chain)",
       .source = "[Nuriyev2022] §3, §4.5 K-chain tree; [OpenMPI] chain",
       .make = with_gather_after(make_bcast_kchain),
       .options = kBcastKchainOptions,
       // bcast/segmented_tree.cpp forwards from the buffer; gather-after's
       .scratch_bytes = bcast_tree_scratch},
      {.collective = "bcast",
       .name = "binary",
       .summary = "segments down the level-order binary tree (Open MPI binary_tree)",
       .source = "[Nuriyev2022] §3, §4.4 binary tree; [OpenMPI] bintree",
       .make = with_gather_after(make_bcast_binary),
       .options = kBcastSegmentedOptions,
       // bcast/segmented_tree.cpp forwards from the buffer; gather-after's
       .scratch_bytes = bcast_tree_scratch},
      {.collective = "bcast",
       .name = "split_binary",
       .summary = "halves down the binary tree's two subtrees, then swapped in pairs (Open MPI "
                  "split_binary_tree)",
       .source = "[Nuriyev2022] §3, §4.6 split-binary tree; [OpenMPI] split_bintree",
       .make = with_gather_after(make_bcast_split_binary),
       .options = kBcastSegmentedOptions,
       // bcast/split_binary.cpp forwards from the buffer; gather-after's
       .scratch_bytes = bcast_tree_scratch},
      {.collective = "bcast",
       .name = "binomial",
       .summary = "segments down the binomial tree, largest subtree first (Open MPI binomial)",
       .source = "[Nuriyev2022] §3, §4.2 binomial tree; [OpenMPI] binomial",
       .make = with_gather_after(make_bcast_binomial),
       .options = kBcastSegmentedOptions,
       // bcast/segmented_tree.cpp forwards from the buffer; gather-after's
       .scratch_bytes = bcast_tree_scratch},
      {.collective = "bcast",
       .name = "hier-barrier",
       .summary = "root's copy into node-shared memory, barrier, static leaders' MPICH binomial "
                  "between nodes, barrier, copy out",
       .source = "[Parsons2015] §2.1 Fig. 2.1, §3.7 \"MPICH Bi. Hier.\"",
       .make = make_bcast_hier_barrier,
       // bcast/hier_driver.cpp prepare: the node's SharedBcastBuffer
       .scratch_bytes = bcast_shared_scratch},
      {.collective = "bcast",
       .name = "hier-opt",
       .summary = "static leaders' MPICH binomial between nodes into node-shared memory; each "
                  "process copies out once valid, no barrier",
       .source = "[Parsons2015] §3.7 \"MPICH Bi. Hier. Opt.\"",
       .make = make_bcast_hier_opt,
       // bcast/hier_driver.cpp prepare: the node's SharedBcastBuffer
       .scratch_bytes = bcast_shared_scratch},
      {.collective = "bcast",
       .name = "dynleader",
       .summary = "each node's first arrival leads it: identification messages to the parent "
                  "node, data from MPI_ANY_SOURCE into node-shared memory",
       .source = "[Parsons2015] §3.7.2, Figs. 3.16, 3.17; Appendix B \"Dynamic Leader K\"; "
                 "docs/ALGORITHMS.md, Decision: dynamic leaders",
       .make = make_bcast_dynleader,
       .options = kDynleaderBcastOptions,
       .arrival_dependent = true,
       // bcast/dynleader.cpp prepare: the node's SharedBcastBuffer
       .scratch_bytes = bcast_shared_scratch},
      {.collective = "bcast",
       .name = "dynleader-os",
       .summary = "dynleader without identification messages: a leader puts the message into a "
                  "slot at each child node's local rank 0 (MPI_Win_allocate), flag by "
                  "MPI_Accumulate",
       .source = "[Parsons2015] §3.7.2, Fig. B.8 \"Dynamic Leader OS\"; "
                 "docs/ALGORITHMS.md, Decision: one-sided dynamic leaders",
       .make = make_bcast_dynleader_os,
       .arrival_dependent = true,
       // bcast/dynleader_os.cpp prepare: buffer_ and window_
       .scratch_bytes = bcast_dynleader_os_scratch},
      {.collective = "bcast",
       .name = "mpich-binomial",
       .summary = "MPICH 3.0.4 binomial tree, unsegmented, largest subtree first",
       .source = "[Parsons2015] §3.7.4 \"MPICH Bi.\"; [MPICH] v3.0.4 bcast.c MPIR_Bcast_binomial",
       .make = make_bcast_mpich_binomial,
       // bcast/mpich_binomial.cpp receives and forwards in the buffer
       .scratch_bytes = no_scratch},
      {.collective = "bcast",
       .name = "uha",
       .summary = "universal hierarchical: root copies into node-shared memory, leaders "
                  "broadcast it (inter=NAME), every rank copies out",
       .source = kUhaSource,
       .make = make_bcast_uha,
       .options = kUhaBcastOptions,
       .result_outside_recv = uha_result_outside_recv,
       // uha/bcast.cpp prepare: buffer_ slots, and the leaders'
       .scratch_bytes = bcast_uha_scratch},
      {.collective = "bcast",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: K byte segments, each down its own "
                  "binomial tree of nodes, sender s of every node carrying segment s in parallel",
       .source = "[Parsons2015] §2.3.2 (pipelined multi-sender broadcast), Table 2.2; "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_bcast_uha_ms,
       .options = kUhaMsOptions,
       // uha/bcast_ms.cpp prepare: buffer_ slots
       .scratch_bytes = bcast_uha_ms_scratch},
      {.collective = "bcast",
       .name = "patyuan",
       .summary = "Patarasuk-Yuan: arrivals announce themselves to the root, which sends to the "
                  "first of each group of up to `group` queued arrivals; it forwards to the rest",
       .source = "[PatarasukYuan2008]; [Parsons2015] §3.2, §3.9.2, Fig. 3.23 \"Pat. Original\"; "
                 "docs/ALGORITHMS.md, Inferred: bcast/patyuan",
       .make = make_bcast_patyuan,
       .options = kPatYuanOptions,
       .arrival_dependent = true,
       // bcast/patyuan.cpp forwards in the buffer: only P ints
       .scratch_bytes = no_scratch},
      {.collective = "bcast",
       .name = "patyuan-hier",
       .summary = "patyuan between static node leaders after a node barrier, into node-shared "
                  "memory; a second barrier, copy out",
       .source = "[Parsons2015] §3.9.2, Fig. 3.23, Tables B.5-B.9 \"Pat. Hier.\"; "
                 "docs/ALGORITHMS.md, Inferred: bcast/patyuan variants",
       .make = make_bcast_patyuan_hier,
       .options = kPatYuanOptions,
       .arrival_dependent = true,
       // bcast/hier_driver.cpp prepare: the node's SharedBcastBuffer
       .scratch_bytes = bcast_shared_scratch},
      {.collective = "bcast",
       .name = "patyuan-opt",
       .summary = "patyuan between static node leaders into node-shared memory; each process "
                  "copies out once valid, no barrier",
       .source = "[Parsons2015] §3.9.2, Fig. 3.23, Tables B.5-B.9 \"Pat. OL\"; "
                 "docs/ALGORITHMS.md, Inferred: bcast/patyuan variants",
       .make = make_bcast_patyuan_opt,
       .options = kPatYuanOptions,
       .arrival_dependent = true,
       // bcast/hier_driver.cpp prepare: the node's SharedBcastBuffer
       .scratch_bytes = bcast_shared_scratch},
      {.collective = "bcast",
       .name = "patyuan-dl",
       .summary = "patyuan between dynamic leaders (the root, each other node's first arrival) "
                  "into node-shared memory; each process copies out once valid",
       .source = "[Parsons2015] §3.9.2, Fig. 3.23, Tables B.5-B.9 \"Pat. DL\"; "
                 "docs/ALGORITHMS.md, Inferred: bcast/patyuan variants",
       .make = make_bcast_patyuan_dl,
       .options = kPatYuanOptions,
       .arrival_dependent = true,
       // bcast/hier_driver.cpp prepare: the node's SharedBcastBuffer
       .scratch_bytes = bcast_shared_scratch},
  };
}

}  // namespace papbench
