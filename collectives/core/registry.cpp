#include "collectives/core/registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "collectives/allgather/allgather.hpp"
#include "collectives/allgatherv/allgatherv.hpp"
#include "collectives/allreduce/allreduce.hpp"
#include "collectives/alltoall/alltoall.hpp"
#include "collectives/alltoallv/alltoallv.hpp"
#include "collectives/barrier/barrier.hpp"
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/forced_bcast.hpp"
#include "collectives/bcast/gather_after.hpp"
#include "collectives/bcast/ompi_trees.hpp"
#include "collectives/gather/gather.hpp"
#include "collectives/intergroup_allgather/intergroup_allgather.hpp"
#include "collectives/intergroup_allgatherv/intergroup_allgatherv.hpp"
#include "collectives/pingpong/pingpong.hpp"
#include "collectives/reduce/clairvoyant_options.hpp"
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce_scatter/reduce_scatter.hpp"
#include "collectives/scatter/scatter.hpp"
#include "collectives/uha/uha.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

constexpr std::string_view kLibrary = "MPI standard; library default algorithm";

// --- option declarations, referenced by the rows below --------------------------------------

constexpr std::string_view kAuto[] = {"auto"};

constexpr std::string_view kRadixSamples[] = {"2", "3", "8"};
constexpr AlgOptionSpec kRadixkOptions[] = {
    {.name = "radix",
     .type = OptionType::kInteger,
     .default_value = "4",
     .help = "group size k of each radix-k round (P is factored into rounds of at most k)",
     .min = 2,
     .max = std::numeric_limits<int>::max(),
     .flag = "--radix",
     .samples = kRadixSamples},
};

constexpr std::string_view kFirstSegmentSamples[] = {"1", "4Ki"};
constexpr AlgOptionSpec kLinearSyncOptions[] = {
    {.name = "first-segment",
     .type = OptionType::kBytes,
     .default_value = "auto",
     .help = "bytes of the first of the two parts each leaf sends; auto is Open MPI's rule: "
             "32768 when the block exceeds 92160 bytes, else 1024",
     .min = 1,
     .words = kAuto,
     .flag = "--ls-first-segment",
     .samples = kFirstSegmentSamples},
};

std::string clv_segments_effective(const AlgOptions& resolved, std::uint64_t count,
                                   std::size_t extent, int ranks) {
  return std::to_string(clv_segment_count(parse_clv_options(resolved), count, extent, ranks));
}

constexpr std::string_view kClvSegmentsSamples[] = {"1", "5", "1001"};
constexpr std::string_view kClvSegsizeSamples[] = {"300", "1Ki"};
constexpr std::string_view kClvRoundTimeSamples[] = {"20us", "1ms"};
constexpr AlgOptionSpec kClairvoyantOptions[] = {
    {.name = "segments",
     .type = OptionType::kInteger,
     .help = "number of segments N, clamped to count (default min(count, ranks))",
     .min = 1,
     .flag = "--clv-segments",
     .excludes = "segsize",
     .samples = kClvSegmentsSamples,
     .effective = clv_segments_effective},
    {.name = "segsize",
     .type = OptionType::kBytes,
     .help = "segment size in bytes instead of segments: N = ceil(count * extent / BYTES), at "
             "most count",
     .min = 1,
     .flag = "--clv-segsize",
     .excludes = "segments",
     .samples = kClvSegsizeSamples},
    {.name = "round-time",
     .type = OptionType::kDuration,
     .default_value = "auto",
     .help = "round time d of the schedule; auto calibrates one segment's transfer + combine "
             "time before each case",
     .min = 1,
     .words = kAuto,
     .flag = "--clv-round-time",
     .samples = kClvRoundTimeSamples},
};

// Hierarchical and dynamic-leader reduce and bcast ([Parsons2015] §3.7.1, §3.7.2).
constexpr std::string_view kLockWords[] = {"serial", "parallel"};
constexpr std::string_view kLockSamples[] = {"serial"};
constexpr AlgOptionSpec kHierOptReduceOptions[] = {
    {.name = "lock",
     .type = OptionType::kChoice,
     .default_value = "parallel",
     .help = "serial: one lock for the node's shared buffer; parallel: a lock per segment of at "
             "least a cache line, so several processes combine at once (serial below a line)",
     .words = kLockWords,
     .samples = kLockSamples},
};
constexpr std::string_view kBinomialWord[] = {"binomial"};
constexpr std::string_view kKdegSamples[] = {"2", "3"};
constexpr AlgOptionSpec kKdegOption = {
    .name = "kdeg",
    .type = OptionType::kInteger,
    .default_value = "binomial",
    .help =
        "tree between nodes: binomial (as MPICH's), or k-ary with K children per node (the "
        "thesis' Dynamic-K)",
    .min = 2,
    .max = std::numeric_limits<int>::max(),
    .words = kBinomialWord,
    .samples = kKdegSamples};
constexpr std::string_view kCleanupWords[] = {"cancel", "deferred"};
constexpr std::string_view kCleanupSamples[] = {"deferred"};
constexpr AlgOptionSpec kDynleaderReduceOptions[] = {
    kKdegOption,
    {.name = "cleanup",
     .type = OptionType::kChoice,
     .default_value = "cancel",
     .help = "identification messages no leader took: cancel (MPI_Cancel after the call, as the "
             "thesis) or deferred (discarded at the next entry); both drained at the end",
     .words = kCleanupWords,
     .samples = kCleanupSamples},
};
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
  return resolved.contains("force") && bcast::forcing_variable() == "coll_tuned_bcast_algorithm";
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

// The library's own algorithm forced through MPI_T (collectives/bcast/forced_bcast.hpp).
constexpr std::string_view kForceSamples[] = {"binomial"};
SupportedValues forceable_bcast() {
  return {bcast::forcing_variable(), bcast::forceable_bcast_names()};
}
SupportedValues open_mpi_segsize() {
  return {bcast::forcing_variable() == "coll_tuned_bcast_algorithm"
              ? "coll_tuned_bcast_algorithm_segmentsize"
              : "",
          {}};
}
SupportedValues open_mpi_fanout() {
  return {bcast::forcing_variable() == "coll_tuned_bcast_algorithm"
              ? "coll_tuned_bcast_algorithm_chain_fanout"
              : "",
          {}};
}
constexpr std::string_view kNativeSegsizeSamples[] = {"1Ki"};
constexpr std::string_view kNativeFanoutSamples[] = {"2"};
constexpr AlgOptionSpec kBcastNativeOptions[] = {
    {.name = "force",
     .type = OptionType::kChoice,
     .help = "force the library's bcast algorithm NAME through MPI_T (Open MPI: "
             "coll_tuned_bcast_algorithm; MPICH: MPIR_CVAR_BCAST_INTRA_ALGORITHM); `papbench list` "
             "shows the names this library has",
     .words = bcast::kKnownForcedNames,
     .samples = kForceSamples,
     .supported = forceable_bcast},
    {.name = "segsize",
     .type = OptionType::kBytes,
     .help = "with force: coll_tuned_bcast_algorithm_segmentsize (Open MPI; default 8192)",
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
// MPICH 3.0.4 re-implementations ([MPICH] src/mpi/coll/*.c at v3.0.4): the library's tuning
// variables, with 3.0.4's defaults, as options.
constexpr std::string_view kThrottleSamples[] = {"0", "1", "3"};
constexpr AlgOptionSpec kMpichThrottleOptions[] = {
    {.name = "throttle",
     .type = OptionType::kInteger,
     .default_value = "4",
     .help = "partners per round of Isend/Irecv before a Waitall (MPICH 3.0.4's "
             "MPIR_PARAM_ALLTOALL_THROTTLE, default 4; MPICH >= 3.1's MPIR_CVAR_ALLTOALL_THROTTLE "
             "defaults to 32); 0: all at once",
     .min = 0,
     .max = std::numeric_limits<int>::max(),
     .flag = "--throttle",
     .samples = kThrottleSamples},
};
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
constexpr std::string_view kPipelineSamples[] = {"4", "1Ki"};
constexpr AlgOptionSpec kMpichPipelineOptions[] = {
    {.name = "pipeline",
     .type = OptionType::kBytes,
     .default_value = "32768",
     .help = "ring chunk: max(smallest count, BYTES / extent) elements, at least 1 (MPICH 3.0.4's "
             "MPIR_PARAM_ALLGATHERV_PIPELINE_MSG_SIZE, default 32768)",
     .min = 0,
     .max = std::numeric_limits<int>::max(),
     .samples = kPipelineSamples},
};

// uha: the leaders' algorithm of [Parsons2015] Fig. 2.1 line 13, any registry row of the same
// collective but uha itself ("native" stands in for the thesis' Cray MPT rows).
constexpr std::string_view kUhaInterHelp =
    "the algorithm the node leaders run on the node-shared buffers ([Parsons2015] Fig. 2.1 line "
    "13), with its default options";
template <std::size_t N>
constexpr AlgOptionSpec uha_inter_option(const std::string_view (&words)[N],
                                         std::span<const std::string_view> samples) {
  return {.name = "inter",
          .type = OptionType::kChoice,
          .default_value = "native",
          .help = kUhaInterHelp,
          .words = words,
          .samples = samples};
}
constexpr std::string_view kUhaAllgatherInter[] = {"native", "mpich-bruck", "mpich-ring"};
constexpr std::string_view kUhaAllgathervInter[] = {"native", "mpich-ring"};
constexpr std::string_view kUhaAlltoallInter[] = {"native", "mpich-isend", "mpich-pairwise",
                                                  "mpich-bruck"};
constexpr std::string_view kUhaAlltoallvInter[] = {"native", "mpich-isend"};
constexpr std::string_view kUhaBcastInter[] = {"native", "mpich-binomial"};
constexpr std::string_view kUhaScatterInter[] = {"native", "mpich-binomial"};
constexpr std::string_view kUhaReduceScatterInter[] = {"native", "mpich-pairwise"};
constexpr std::string_view kUhaCopyOutWords[] = {"memcpy", "bcast", "numa", "shared", "cow"};
constexpr std::string_view kUhaCopyOutSamples[] = {"numa", "bcast", "shared", "cow"};
constexpr std::string_view kUhaRegionsSamples[] = {"1", "3"};
constexpr AlgOptionSpec kUhaCopyOutOption = {
    .name = "copyout",
    .type = OptionType::kChoice,
    .default_value = "memcpy",
    .help =
        "how ranks take the result out of node-shared memory ([Parsons2015] §2.3.3): memcpy "
        "all at once, bcast (MPI_Bcast on the node), numa (one copier per region Isends to "
        "its region); outside MPI semantics, the result not in the receive buffer: shared (a "
        "pointer to the shared buffer), cow (a private copy-on-write mapping of it)",
    .words = kUhaCopyOutWords,
    .samples = kUhaCopyOutSamples};
constexpr AlgOptionSpec kUhaRegionsOption = {
    .name = "regions",
    .type = OptionType::kInteger,
    .default_value = "4",
    .help =
        "copyout=numa: regions of consecutive local ranks per node, each with one copier "
        "(the thesis' generic four-region node); clamped to the node size",
    .min = 1,
    .max = std::numeric_limits<int>::max(),
    .needs_option = "copyout",
    .samples = kUhaRegionsSamples};
constexpr AlgOptionSpec kUhaAllgatherOptions[] = {
    uha_inter_option(kUhaAllgatherInter, std::span(kUhaAllgatherInter).subspan(1)),
    kUhaCopyOutOption, kUhaRegionsOption};
constexpr AlgOptionSpec kUhaAllgathervOptions[] = {
    uha_inter_option(kUhaAllgathervInter, std::span(kUhaAllgathervInter).subspan(1))};
constexpr AlgOptionSpec kUhaAlltoallOptions[] = {
    uha_inter_option(kUhaAlltoallInter, std::span(kUhaAlltoallInter).subspan(1))};
constexpr AlgOptionSpec kUhaAlltoallvOptions[] = {
    uha_inter_option(kUhaAlltoallvInter, std::span(kUhaAlltoallvInter).subspan(1))};
constexpr AlgOptionSpec kUhaBcastOptions[] = {
    uha_inter_option(kUhaBcastInter, std::span(kUhaBcastInter).subspan(1)), kUhaCopyOutOption,
    kUhaRegionsOption};
constexpr AlgOptionSpec kUhaScatterOptions[] = {
    uha_inter_option(kUhaScatterInter, std::span(kUhaScatterInter).subspan(1))};
constexpr AlgOptionSpec kUhaReduceScatterOptions[] = {
    uha_inter_option(kUhaReduceScatterInter, std::span(kUhaReduceScatterInter).subspan(1))};
constexpr std::string_view kMultileaderSamples[] = {"1", "3"};
constexpr AlgOptionSpec kMultileaderOptions[] = {
    {.name = "leaders",
     .type = OptionType::kInteger,
     .default_value = "2",
     .help = "leaders L per node, each funnelling ceil(ns/L) ranks; clamped to each node's size",
     .min = 1,
     .max = std::numeric_limits<int>::max(),
     .samples = kMultileaderSamples},
    uha_inter_option(kUhaAllgatherInter, std::span(kUhaAllgatherInter).subspan(1))};
constexpr std::string_view kAll[] = {"all"};
constexpr std::string_view kSendersSamples[] = {"1", "2", "3"};
constexpr AlgOptionSpec kUhaMsOptions[] = {
    {.name = "senders",
     .type = OptionType::kInteger,
     .default_value = "all",
     .help = "senders K per node, each sending from the node-shared buffer ([Parsons2015] "
             "§2.3.2): scatter's tree arity, bcast's segments, allgather's Bruck ports, "
             "reduce_scatter's senders beside its reducer, alltoallv's node-pair carriers; all: "
             "the largest node's size (reduce_scatter: all ranks but the reducer); a smaller "
             "node's ranks take several senders' parts in turn",
     .min = 1,
     .max = std::numeric_limits<int>::max(),
     .words = kAll,
     .samples = kSendersSamples}};
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
     .samples = kUhaAllgatherExchangeSamples}};
constexpr std::string_view kUhaSource = "[Parsons2015] §2.3.1, Fig. 2.1; docs/ALGORITHMS.md, UHA";

// Rows of add_test_algorithms, and whether the table has been built (after which none may come).
std::vector<AlgorithmInfo>& test_rows() {
  static std::vector<AlgorithmInfo> rows;
  return rows;
}
bool& table_built() {
  static bool built = false;
  return built;
}

std::vector<AlgorithmInfo> with_test_rows(std::vector<AlgorithmInfo> rows) {
  rows.insert(rows.end(), test_rows().begin(), test_rows().end());
  table_built() = true;
  return rows;
}

// Intergroup algorithms ([Kang2019]): how Algorithm 1 exchanges and finishes, how Algorithm 2
// orders its exchange.
constexpr std::string_view kExchangeWords[] = {"sendrecv", "nonblocking"};
constexpr std::string_view kExchangeSamples[] = {"nonblocking"};
constexpr std::string_view kFinalWords[] = {"allgatherv", "padded"};
constexpr std::string_view kFinalSamples[] = {"padded"};
constexpr AlgOptionSpec kIntergroupAlg1Options[] = {
    {.name = "exchange",
     .type = OptionType::kChoice,
     .default_value = "sendrecv",
     .help = "sendrecv: one blocking MPI_Sendrecv per round (the authors' code); nonblocking: "
             "every round posted at once, then MPI_Waitall",
     .words = kExchangeWords,
     .samples = kExchangeSamples},
    {.name = "final",
     .type = OptionType::kChoice,
     .default_value = "allgatherv",
     .help = "the intragroup step: allgatherv with the exact piece sizes, or padded: "
             "MPI_Allgather of the largest piece, then compaction",
     .words = kFinalWords,
     .samples = kFinalSamples},
};
constexpr std::string_view kCommsWords[] = {"prepare", "timed"};
constexpr std::string_view kCommsSamples[] = {"timed"};
constexpr AlgOptionSpec kIntergroupEuro2Options[] = {
    {.name = "comms",
     .type = OptionType::kChoice,
     .default_value = "prepare",
     .help = "prepare: the sub-communicators are made before the timed region; timed: made and "
             "freed inside it, as the authors' code does",
     .words = kCommsWords,
     .samples = kCommsSamples},
};
constexpr std::string_view kOrderWords[] = {"ordered", "nonblocking"};
constexpr std::string_view kOrderSamples[] = {"nonblocking"};
constexpr AlgOptionSpec kIntergroupAlg2Options[] = {
    {.name = "order",
     .type = OptionType::kChoice,
     .default_value = "ordered",
     .help = "ordered: one send and one receive at a time, receives in the paper's order "
             "(Section 4.1); nonblocking: every Isend/Irecv posted at once (the authors' code)",
     .words = kOrderWords,
     .samples = kOrderSamples},
};
}  // namespace

void add_test_algorithms(std::span<const AlgorithmInfo> rows) {
  if (table_built()) {
    throw std::logic_error("add_test_algorithms: called after the registry was first read");
  }
  test_rows().insert(test_rows().end(), rows.begin(), rows.end());
}

std::span<const AlgorithmInfo> algorithm_registry() {
  // One row per algorithm, grouped by collective in collective_table() order. A new algorithm is
  // one new row here; the command line, experiment files, `papbench list`, docs/ALGORITHMS.md's
  // tables and the tests all read this table.
  static const std::vector<AlgorithmInfo> table = with_test_rows({
      // collective, name, summary, source, factory[, needs_pat]; rows with options or
      // restrictions name their fields.
      {"reduce", "native", "the MPI library's MPI_Reduce", kLibrary, make_reduce_native},
      {.collective = "reduce",
       .name = "binomial",
       .summary = "binomial tree, whole vector per message (BNOM)",
       .source = "[ProficzOcetkiewicz2021] §6 baseline BNOM",
       .make = make_reduce_binomial,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce",
       .name = "clairvoyant",
       .summary = "segmented schedule from predicted arrivals, segment-tree scheduler (CLV)",
       .source = "[ProficzOcetkiewicz2021] Listings 2, 8 (§4.6, §5.6); docs/ALGORITHMS.md, Errata: "
                 "Clairvoyant Listing 2, Listing 8",
       .make = make_reduce_clairvoyant,
       .needs_pat = true,
       .options = kClairvoyantOptions,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce",
       .name = "rabenseifner",
       .summary =
           "reduce-scatter by recursive halving + binomial gather; extra ranks fold first (RAB)",
       .source = "[ProficzOcetkiewicz2021] §6 baseline RAB; [Rabenseifner2004]; "
                 "[ThakurRabenseifnerGropp2005]",
       .make = make_reduce_rabenseifner,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce",
       .name = "radixk",
       .summary = "radix-k reduce-scatter + k-nomial gather (RXX)",
       .source = "[ProficzOcetkiewicz2021] §6 baseline RXX; [Peterka2009]",
       .make = make_reduce_radixk,
       .options = kRadixkOptions,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce",
       .name = "ring",
       .summary = "ring reduce-scatter + direct gather to the root (RING)",
       .source = "[ProficzOcetkiewicz2021] §6 baseline RING; [Chan2007]",
       .make = make_reduce_ring,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce",
       .name = "mpich-binomial",
       .summary = "MPICH 3.0.4 binomial tree, whole vector per message; non-commutative ops "
                  "reduce to rank 0, which forwards to the root",
       .source = "[Parsons2015] §3.7.4 \"MPICH Bi.\"; [MPICH] v3.0.4 reduce.c MPIR_Reduce_binomial",
       .make = make_reduce_mpich_binomial},
      {.collective = "reduce",
       .name = "mpich-rsg",
       .summary = "MPICH 3.0.4 recursive-halving reduce-scatter + binomial gather on real ranks; "
                  "mpich-binomial when count < 2^floor(log2 P)",
       .source = "[Parsons2015] §3.7.1, §3.7.4, \"MPICH RSG\" (Appendix A, 8192 cores); [MPICH] "
                 "v3.0.4 reduce.c "
                 "MPIR_Reduce_redscat_gather; docs/ALGORITHMS.md, Deviation: mpich-rsg below pof2 "
                 "elements",
       .make = make_reduce_mpich_rsg,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce",
       .name = "hier-barrier",
       .summary = "node-shared reduction, node barrier, static leaders' MPICH binomial between "
                  "nodes",
       .source = "[Parsons2015] §3.7, §3.7.1 \"MPICH Bi. Hier.\"",
       .make = make_reduce_hier_barrier,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce",
       .name = "hier-opt",
       .summary = "node-shared reduction under locks without a barrier, static leaders' MPICH "
                  "binomial between nodes",
       .source = "[Parsons2015] §3.7.1 \"MPICH Bi. Hier. Opt.\"",
       .make = make_reduce_hier_opt,
       .options = kHierOptReduceOptions,
       .restrictions = {.commutative_only = true}},
      {.collective = "reduce",
       .name = "dynleader",
       .summary = "node-shared reduction; each node's last arrival leads it, identification "
                  "messages and MPI_ANY_SOURCE between nodes",
       .source = "[Parsons2015] §3.7.1, Figs. 3.14, 3.15; Appendix A \"Dynamic-K\"; "
                 "docs/ALGORITHMS.md, Decision: dynamic leaders",
       .make = make_reduce_dynleader,
       .options = kDynleaderReduceOptions,
       .restrictions = {.commutative_only = true},
       .arrival_dependent = true},
      {.collective = "reduce",
       .name = "dynleader-os",
       .summary = "dynleader without identification messages: a node's leader puts its result "
                  "into a slot at the parent node's local rank 0 (MPI_Win_allocate), flag by "
                  "MPI_Accumulate",
       .source = "[Parsons2015] §3.7.1 \"D.L. One-Sided\", Table 3.6, Fig. A.9; "
                 "docs/ALGORITHMS.md, Decision: one-sided dynamic leaders",
       .make = make_reduce_dynleader_os,
       .restrictions = {.commutative_only = true},
       .arrival_dependent = true},
      {"allreduce", "native", "the MPI library's MPI_Allreduce", kLibrary, make_allreduce_native},
      {.collective = "bcast",
       .name = "native",
       .summary = "the MPI library's MPI_Bcast, or its algorithm force=NAME",
       .source = kLibrary,
       .make = with_gather_after(make_bcast_native),
       .options = kBcastNativeOptions,
       .preflight = check_bcast_native_forcing},
      {.collective = "bcast",
       .name = "flat",
       .summary =
           "root isends the whole message to each rank in rank order (Open MPI basic_linear)",
       .source = "[Nuriyev2022] §3, §4.1 flat tree; [OpenMPI] basic_linear",
       .make = with_gather_after(make_bcast_flat),
       .options = kBcastFlatOptions},
      {.collective = "bcast",
       .name = "chain",
       .summary = "segments pipelined along one chain of shifted ranks (Open MPI pipeline)",
       .source = "[Nuriyev2022] §3, §4.3 chain tree; [OpenMPI] pipeline",
       .make = with_gather_after(make_bcast_chain),
       .options = kBcastSegmentedOptions},
      {.collective = "bcast",
       .name = "kchain",
       .summary = "segments pipelined along K chains under the root (Open MPI chain)",
       .source = "[Nuriyev2022] §3, §4.5 K-chain tree; [OpenMPI] chain",
       .make = with_gather_after(make_bcast_kchain),
       .options = kBcastKchainOptions},
      {.collective = "bcast",
       .name = "binary",
       .summary = "segments down the level-order binary tree (Open MPI binary_tree)",
       .source = "[Nuriyev2022] §3, §4.4 binary tree; [OpenMPI] bintree",
       .make = with_gather_after(make_bcast_binary),
       .options = kBcastSegmentedOptions},
      {.collective = "bcast",
       .name = "split_binary",
       .summary = "halves down the binary tree's two subtrees, then swapped in pairs (Open MPI "
                  "split_binary_tree)",
       .source = "[Nuriyev2022] §3, §4.6 split-binary tree; [OpenMPI] split_bintree",
       .make = with_gather_after(make_bcast_split_binary),
       .options = kBcastSegmentedOptions},
      {.collective = "bcast",
       .name = "binomial",
       .summary = "segments down the binomial tree, largest subtree first (Open MPI binomial)",
       .source = "[Nuriyev2022] §3, §4.2 binomial tree; [OpenMPI] binomial",
       .make = with_gather_after(make_bcast_binomial),
       .options = kBcastSegmentedOptions},
      {.collective = "bcast",
       .name = "hier-barrier",
       .summary = "root's copy into node-shared memory, barrier, static leaders' MPICH binomial "
                  "between nodes, barrier, copy out",
       .source = "[Parsons2015] §2.1 Fig. 2.1, §3.7 \"MPICH Bi. Hier.\"",
       .make = make_bcast_hier_barrier},
      {.collective = "bcast",
       .name = "hier-opt",
       .summary = "static leaders' MPICH binomial between nodes into node-shared memory; each "
                  "process copies out once valid, no barrier",
       .source = "[Parsons2015] §3.7 \"MPICH Bi. Hier. Opt.\"",
       .make = make_bcast_hier_opt},
      {.collective = "bcast",
       .name = "dynleader",
       .summary = "each node's first arrival leads it: identification messages to the parent "
                  "node, data from MPI_ANY_SOURCE into node-shared memory",
       .source = "[Parsons2015] §3.7.2, Figs. 3.16, 3.17; Appendix B \"Dynamic Leader K\"; "
                 "docs/ALGORITHMS.md, Decision: dynamic leaders",
       .make = make_bcast_dynleader,
       .options = kDynleaderBcastOptions,
       .arrival_dependent = true},
      {.collective = "bcast",
       .name = "dynleader-os",
       .summary = "dynleader without identification messages: a leader puts the message into a "
                  "slot at each child node's local rank 0 (MPI_Win_allocate), flag by "
                  "MPI_Accumulate",
       .source = "[Parsons2015] §3.7.2, Fig. B.8 \"Dynamic Leader OS\"; "
                 "docs/ALGORITHMS.md, Decision: one-sided dynamic leaders",
       .make = make_bcast_dynleader_os,
       .arrival_dependent = true},
      {"bcast", "mpich-binomial", "MPICH 3.0.4 binomial tree, unsegmented, largest subtree first",
       "[Parsons2015] §3.7.4 \"MPICH Bi.\"; [MPICH] v3.0.4 bcast.c MPIR_Bcast_binomial",
       make_bcast_mpich_binomial},
      {.collective = "bcast",
       .name = "uha",
       .summary = "universal hierarchical: root copies into node-shared memory, leaders "
                  "broadcast it (inter=NAME), every rank copies out",
       .source = kUhaSource,
       .make = make_bcast_uha,
       .options = kUhaBcastOptions,
       .result_outside_recv = uha_result_outside_recv},
      {.collective = "bcast",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: K byte segments, each down its own "
                  "binomial tree of nodes, sender s of every node carrying segment s in parallel",
       .source = "[Parsons2015] §2.3.2 (pipelined multi-sender broadcast), Table 2.2; "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_bcast_uha_ms,
       .options = kUhaMsOptions},
      {.collective = "bcast",
       .name = "patyuan",
       .summary = "Patarasuk-Yuan: arrivals announce themselves to the root, which sends to the "
                  "first of each group of up to `group` queued arrivals; it forwards to the rest",
       .source = "[PatarasukYuan2008]; [Parsons2015] §3.2, §3.9.2, Fig. 3.23 \"Pat. Original\"; "
                 "docs/ALGORITHMS.md, Inferred: bcast/patyuan",
       .make = make_bcast_patyuan,
       .options = kPatYuanOptions,
       .arrival_dependent = true},
      {.collective = "bcast",
       .name = "patyuan-hier",
       .summary = "patyuan between static node leaders after a node barrier, into node-shared "
                  "memory; a second barrier, copy out",
       .source = "[Parsons2015] §3.9.2, Fig. 3.23, Tables B.5-B.9 \"Pat. Hier.\"; "
                 "docs/ALGORITHMS.md, Inferred: bcast/patyuan variants",
       .make = make_bcast_patyuan_hier,
       .options = kPatYuanOptions,
       .arrival_dependent = true},
      {.collective = "bcast",
       .name = "patyuan-opt",
       .summary = "patyuan between static node leaders into node-shared memory; each process "
                  "copies out once valid, no barrier",
       .source = "[Parsons2015] §3.9.2, Fig. 3.23, Tables B.5-B.9 \"Pat. OL\"; "
                 "docs/ALGORITHMS.md, Inferred: bcast/patyuan variants",
       .make = make_bcast_patyuan_opt,
       .options = kPatYuanOptions,
       .arrival_dependent = true},
      {.collective = "bcast",
       .name = "patyuan-dl",
       .summary = "patyuan between dynamic leaders (the root, each other node's first arrival) "
                  "into node-shared memory; each process copies out once valid",
       .source = "[Parsons2015] §3.9.2, Fig. 3.23, Tables B.5-B.9 \"Pat. DL\"; "
                 "docs/ALGORITHMS.md, Inferred: bcast/patyuan variants",
       .make = make_bcast_patyuan_dl,
       .options = kPatYuanOptions,
       .arrival_dependent = true},
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
                  "or a two-way ring, one sender each way",
       .source = "[Parsons2015] §2.3.2 (k-ary Bruck and two-way ring allgather), Table 2.2; "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_allgather_uha_ms,
       .options = kUhaAllgatherMsOptions},
      {.collective = "allgather",
       .name = "multileader",
       .summary = "L leaders per node, each funnelling a group of ranks through shared memory; "
                  "group g's leaders allgather (inter=NAME) in parallel with the other groups'",
       .source = "[Parsons2015] §2.2.2, §2.3.2, Fig. 2.3 (its ref. [7], Kandalla et al.); "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_allgather_multileader,
       .options = kMultileaderOptions},
      {"allgatherv", "native", "the MPI library's MPI_Allgatherv", kLibrary,
       make_allgatherv_native},
      {.collective = "allgatherv",
       .name = "mpich-ring",
       .summary = "MPICH 3.0.4 pipelined ring: blocks travel right in chunks of the pipeline size",
       .source = "[Parsons2015] §2.3.1; [MPICH] v3.0.4 allgatherv.c MPIR_Allgatherv_intra (long "
                 "messages)",
       .make = make_allgatherv_mpich_ring,
       .options = kMpichPipelineOptions},
      {.collective = "allgatherv",
       .name = "uha",
       .summary = "universal hierarchical: copy-in to node-shared memory, leaders allgatherv node "
                  "blocks in bytes (inter=NAME), copy-out to each displacement",
       .source = kUhaSource,
       .make = make_allgatherv_uha,
       .options = kUhaAllgathervOptions},
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
      {"alltoallv", "native", "the MPI library's MPI_Alltoallv", kLibrary, make_alltoallv_native},
      {.collective = "alltoallv",
       .name = "mpich-isend",
       .summary = "MPICH 3.0.4 Isend/Irecv in rounds of `throttle` partners, empty blocks skipped",
       .source = "[Parsons2015] §2.3.1; [MPICH] v3.0.4 alltoallv.c MPIR_Alltoallv_intra",
       .make = make_alltoallv_mpich_isend,
       .options = kMpichThrottleOptions},
      {.collective = "alltoallv",
       .name = "uha",
       .summary = "universal hierarchical: counts shared within the node only, blocks grouped by "
                  "destination node, leaders alltoallv in bytes (inter=NAME), copy-out",
       .source = kUhaSource,
       .make = make_alltoallv_uha,
       .options = kUhaAlltoallvOptions},
      {.collective = "alltoallv",
       .name = "uha-ms",
       .summary = "UHA with multi-sender inter-node phase: each node pair's block carried by one "
                  "of K senders per node, Isend/Irecv from and into the shared layouts",
       .source = "[Parsons2015] §2.3.2, Table 2.2 (multi-sender alltoallv, not described there); "
                 "docs/ALGORITHMS.md, UHA",
       .make = make_alltoallv_uha_ms,
       .options = kUhaMsOptions},
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
      {"barrier", "native", "the MPI library's MPI_Barrier", kLibrary, make_barrier_native},
      {.collective = "intergroup_allgather",
       .name = "native",
       .summary = "the MPI library's MPI_Allgather on the intercommunicator (root gathering)",
       .source = kLibrary,
       .make = make_intergroup_allgather_native},
      {.collective = "intergroup_allgather",
       .name = "alg1",
       .summary = "segmented full-duplex exchange between each rank of the smaller group and a "
                  "contiguous subgroup of the larger, then one intragroup allgather per group; "
                  "legend \"Algorithm1\" of Figs. 4 and 6 (settings 1-4)",
       .source = "[Kang2019] Algorithm 1, Figs. 1-2, Theorem 1",
       .make = make_intergroup_allgather_alg1,
       .options = kIntergroupAlg1Options},
      {.collective = "intergroup_allgather",
       .name = "euro1",
       .summary = "full-duplex exchange without segmentation (whole blocks to every partner), "
                  "then intragroup allgathers; ablation, in no figure",
       .source = "[Kang2018] Algorithm 1; [Kang2019] Section 4",
       .make = make_intergroup_allgather_euro1},
      {.collective = "intergroup_allgather",
       .name = "euro2",
       .summary = "segmented full-duplex exchange, then a two-step intragroup allgather in the "
                  "larger group; legend \"EuroMPI\" of Fig. 4",
       .source = "[Kang2018] Algorithm 2; [Kang2019] Section 4",
       .make = make_intergroup_allgather_euro2,
       .options = kIntergroupEuro2Options},
      {.collective = "intergroup_allgather",
       .name = "rg1",
       .summary = "root gathering, best version: gather at each group's rank 0, roots swap, "
                  "bcast in each group, the groups' stages concurrent; in no figure (Eq. 1)",
       .source = "[Kang2019] Section 3.1, Eq. 1",
       .make = make_intergroup_allgather_rg1},
      {.collective = "intergroup_allgather",
       .name = "rg2",
       .summary = "root gathering as MPICH does it: gather at each rank 0, then A's data to B and "
                  "bcast in B, only then B's to A and bcast in A; the \"Root Gathering\" of "
                  "Fig. 4 emulated on point-to-point (Eq. 2)",
       .source = "[Kang2019] Section 3.1, Eq. 2",
       .make = make_intergroup_allgather_rg2},
      {.collective = "intergroup_allgatherv",
       .name = "native",
       .summary = "the MPI library's MPI_Allgatherv on the intercommunicator (root gathering)",
       .source = kLibrary,
       .make = make_intergroup_allgatherv_native},
      {.collective = "intergroup_allgatherv",
       .name = "alg2",
       .summary = "each group's blocks as one string cut into one balanced piece per remote "
                  "rank (sizes found by Exscan + Allreduce, timed), full-duplex exchange, one "
                  "intragroup allgatherv per group; \"Algorithm 2\" of Figs. 5 and 6 "
                  "(settings 5-8)",
       .source = "[Kang2019] Algorithm 2, Fig. 3, Theorem 3",
       .make = make_intergroup_allgatherv_alg2,
       .options = kIntergroupAlg2Options},
      {.collective = "intergroup_allgatherv",
       .name = "rg1",
       .summary = "root gathering, best version: gatherv at each group's rank 0, roots swap, "
                  "bcast in each group, the groups' stages concurrent; in no figure (Eq. 1)",
       .source = "[Kang2019] Section 3.1, Eq. 1",
       .make = make_intergroup_allgatherv_rg1},
      {.collective = "intergroup_allgatherv",
       .name = "rg2",
       .summary = "root gathering as MPICH does it: gatherv at each rank 0, then A's data to B "
                  "and bcast in B, only then B's to A and bcast in A; the \"Root Gathering\" "
                  "of Fig. 5 emulated on point-to-point (Eq. 2)",
       .source = "[Kang2019] Section 3.1, Eq. 2",
       .make = make_intergroup_allgatherv_rg2},
      {.collective = "pingpong",
       .name = "native",
       .summary =
           "rank 0 -> rank 1 -> rank 0 with blocking MPI_Send/MPI_Recv; one-way = round trip / 2",
       .source = "[Hockney1994] alpha, beta for [Proficz2020] Eqs. 3-24",
       .make = make_pingpong_native},
  });
  return table;
}

std::string AlgorithmInfo::full_name() const {
  return fmt::format("{}/{}", collective, name);
}

const AlgOptionSpec* AlgorithmInfo::find_option(std::string_view option) const {
  const auto it = std::find_if(options.begin(), options.end(),
                               [&](const AlgOptionSpec& o) { return o.name == option; });
  return it == options.end() ? nullptr : &*it;
}

const AlgorithmInfo* find_algorithm(std::string_view collective, std::string_view name) {
  for (const auto& a : algorithm_registry()) {
    if (a.collective == collective && a.name == name) return &a;
  }
  return nullptr;
}

std::vector<std::string_view> algorithms_of(std::string_view collective) {
  std::vector<std::string_view> out;
  for (const auto& a : algorithm_registry()) {
    if (a.collective == collective) out.push_back(a.name);
  }
  return out;
}

std::vector<const AlgOptionSpec*> option_shorthands() {
  std::vector<const AlgOptionSpec*> out;
  for (const AlgorithmInfo& a : algorithm_registry()) {
    for (const AlgOptionSpec& o : a.options) {
      const bool seen = std::any_of(out.begin(), out.end(),
                                    [&](const AlgOptionSpec* s) { return s->flag == o.flag; });
      if (!o.flag.empty() && !seen) out.push_back(&o);
    }
  }
  return out;
}

AlgOptions resolve_options(const AlgorithmInfo& alg, const AlgOptions& given) {
  AlgOptions out;
  for (const auto& [key, text] : given) {
    const AlgOptionSpec* spec = alg.find_option(key);
    if (spec == nullptr) {
      std::vector<std::string_view> names;
      for (const AlgOptionSpec& o : alg.options) names.push_back(o.name);
      throw UsageError(
          fmt::format("--alg: {} has no option '{}'; accepted: {}", alg.full_name(), key,
                      names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
    }
    if (!spec->excludes.empty() && given.contains(std::string(spec->excludes))) {
      throw UsageError(fmt::format("--alg: {}: give either {} or {}, not both", alg.full_name(),
                                   key, spec->excludes));
    }
    try {
      out[key] = canonical_value(*spec, text);
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("--alg: {} option {}: {}", alg.full_name(), key, e.what()));
    }
    if (!spec->needs_option.empty() && !given.contains(std::string(spec->needs_option))) {
      throw UsageError(fmt::format("--alg: {} option {} needs option {} too", alg.full_name(), key,
                                   spec->needs_option));
    }
  }
  for (const AlgOptionSpec& spec : alg.options) {
    if (!spec.default_value.empty()) out.try_emplace(std::string(spec.name), spec.default_value);
  }
  return out;
}

std::unique_ptr<Algorithm> make_algorithm(const AlgorithmInfo& alg, const AlgOptions& given) {
  return alg.make(resolve_options(alg, given));
}

std::vector<std::string> effective_params(const AlgorithmInfo& alg, const AlgOptions& resolved,
                                          std::uint64_t count, std::size_t extent, int ranks) {
  std::vector<std::string> out;
  for (const AlgOptionSpec& spec : alg.options) {
    // The effective value wins over the given one: it is what the algorithm really uses (a
    // segment count clamped to the vector, say), and so what tells two cases apart.
    std::string value;
    if (spec.effective != nullptr) {
      value = spec.effective(resolved, count, extent, ranks);
    } else if (const auto it = resolved.find(std::string(spec.name)); it != resolved.end()) {
      value = it->second;
    }
    if (!value.empty()) out.push_back(fmt::format("{}={}", spec.name, value));
  }
  return out;
}

}  // namespace papbench
