#pragma once
// Declarations that the algorithm tables of several collectives share (collectives/<collective>/
// algorithms.cpp): the library rows' source, the dynamic leaders' tree between nodes (reduce and
// bcast), MPICH's throttle (alltoall and alltoallv) and the UHA family's options (one uha row per
// collective). Declared once here so that each option keeps one default, one help line and one
// set of test samples wherever it appears. An option only one collective uses stays in its table.

#include <cstddef>
#include <limits>
#include <span>
#include <string_view>

#include "collectives/core/alg_option.hpp"

namespace papbench {

// The source of every `native` row.
inline constexpr std::string_view kLibrary = "MPI standard; library default algorithm";

inline constexpr std::string_view kAutoWord[] = {"auto"};

// Dynamic leaders' tree between nodes, reduce and bcast alike ([Parsons2015] §3.7.1, §3.7.2).
inline constexpr std::string_view kBinomialWord[] = {"binomial"};
inline constexpr std::string_view kKdegSamples[] = {"2", "3"};
inline constexpr AlgOptionSpec kKdegOption = {
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

// MPICH 3.0.4 re-implementations ([MPICH] src/mpi/coll/*.c at v3.0.4): the library's tuning
// variables, with 3.0.4's defaults, as options.
inline constexpr std::string_view kThrottleSamples[] = {"0", "1", "3"};
inline constexpr AlgOptionSpec kMpichThrottleOptions[] = {
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

// [Kang2019] root gathering (intergroup rg1, rg2): the intragroup steps on point-to-point as the
// equations and §5 assume them, or the library's collectives.
inline constexpr std::string_view kRootGatheringImplWords[] = {"p2p", "library"};
inline constexpr std::string_view kRootGatheringImplSamples[] = {"library"};
inline constexpr AlgOptionSpec kRootGatheringOptions[] = {
    {.name = "impl",
     .type = OptionType::kChoice,
     .default_value = "p2p",
     .help = "p2p: the gather (Allgather: binomial; Allgatherv: MPICH's ring, Section 5) and a "
             "binomial broadcast on point-to-point, as Eqs. (1) and (2) count them; library: "
             "MPI_Gather(v) and MPI_Bcast, whatever algorithms the library picks",
     .words = kRootGatheringImplWords,
     .samples = kRootGatheringImplSamples},
};

// uha: the leaders' algorithm of [Parsons2015] Fig. 2.1 line 13, any registry row of the same
// collective but uha itself ("native" stands in for the thesis' Cray MPT rows). Each collective
// lists its own words.
inline constexpr std::string_view kUhaInterHelp =
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
inline constexpr std::string_view kUhaCopyOutWords[] = {"memcpy", "bcast", "numa", "shared", "cow"};
inline constexpr std::string_view kUhaCopyOutSamples[] = {"numa", "bcast", "shared", "cow"};
inline constexpr std::string_view kUhaRegionsSamples[] = {"1", "3"};
inline constexpr AlgOptionSpec kUhaCopyOutOption = {
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
inline constexpr AlgOptionSpec kUhaRegionsOption = {
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
inline constexpr std::string_view kAllWord[] = {"all"};
inline constexpr std::string_view kSendersSamples[] = {"1", "2", "3"};
inline constexpr AlgOptionSpec kUhaMsOptions[] = {
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
     .words = kAllWord,
     .samples = kSendersSamples}};
inline constexpr std::string_view kUhaSource =
    "[Parsons2015] §2.3.1, Fig. 2.1; docs/ALGORITHMS.md, UHA";

}  // namespace papbench
