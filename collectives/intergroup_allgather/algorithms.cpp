// The intergroup_allgather rows of the algorithm registry (collectives/core/registry_tables.hpp),
// in `papbench list` order, with their options.

#include <string_view>
#include <vector>

#include "collectives/allgather/allgather.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/intergroup_allgather/intergroup_allgather.hpp"

namespace papbench {
namespace {

// [Kang2019] Algorithm 1: how it exchanges and finishes; [Kang2018] Algorithm 2: when it makes
// its communicators.
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

// The library's intercommunicator allgather: as MPICH's, the own group's blocks
// gathered at a root, then the remote ones.
std::uint64_t intergroup_allgather_native_scratch(const ScratchShape& s) {
  return s.group_bytes() + s.recv_bytes();
}
// intergroup_allgather/rg1, rg2 (root_gathering.cpp prepare): gathered_ of the own group's
// blocks, at the root or, with the binomial gather, on every rank.
std::uint64_t intergroup_allgather_rg_scratch(const ScratchShape& s) {
  return s.group_bytes();
}
// intergroup_allgather/alg1 (alg1.cpp prepare): padded_buf_ of L slots of the largest share; a
// share is a piece of one remote block (L > R, subgroups of at least L / (2 R) ranks) or a
// subgroup's ceil(R / L) blocks (L <= R), so L slots are at most twice the receive vector and one
// element per rank. Counted whether or not final=padded pads.
std::uint64_t intergroup_allgather_alg1_scratch(const ScratchShape& s) {
  return 2 * s.recv_bytes() + static_cast<std::uint64_t>(s.ranks) * s.elem_size;
}

}  // namespace

std::vector<AlgorithmInfo> intergroup_allgather_algorithms() {
  return {
      {.collective = "intergroup_allgather",
       .name = "native",
       .summary = "the MPI library's MPI_Allgather on the intercommunicator (root gathering)",
       .source = kLibrary,
       .make = make_intergroup_allgather_native,
       // the library's own: the group's blocks and the remote ones
       .scratch_bytes = intergroup_allgather_native_scratch},
      {.collective = "intergroup_allgather",
       .name = "alg1",
       .summary = "segmented full-duplex exchange between each rank of the smaller group and a "
                  "contiguous subgroup of the larger, then one intragroup allgather per group; "
                  "legend \"Algorithm1\" of Figs. 4 and 6 (settings 1-4)",
       .source = "[Kang2019] Algorithm 1, Figs. 1-2, Theorem 1",
       .make = make_intergroup_allgather_alg1,
       .options = kIntergroupAlg1Options,
       // intergroup_allgather/alg1.cpp prepare: padded_buf_
       .scratch_bytes = intergroup_allgather_alg1_scratch},
      {.collective = "intergroup_allgather",
       .name = "euro1",
       .summary = "full-duplex exchange without segmentation (whole blocks to every partner), "
                  "then intragroup allgathers; ablation, in no figure",
       .source = "[Kang2018] Algorithm 1; [Kang2019] Section 4",
       .make = make_intergroup_allgather_euro1,
       // intergroup_allgather/euro1.cpp moves blocks in the caller's buffers
       .scratch_bytes = no_scratch},
      {.collective = "intergroup_allgather",
       .name = "euro2",
       .summary = "segmented full-duplex exchange, then a two-step intragroup allgather in the "
                  "larger group; legend \"EuroMPI\" of Fig. 4",
       .source = "[Kang2018] Algorithm 2; [Kang2019] Section 4",
       .make = make_intergroup_allgather_euro2,
       .options = kIntergroupEuro2Options,
       // intergroup_allgather/euro2.cpp moves blocks in the caller's buffers
       .scratch_bytes = no_scratch},
      {.collective = "intergroup_allgather",
       .name = "rg1",
       .summary = "root gathering, best version: binomial gather at each group's rank 0, roots "
                  "swap, binomial bcast in each group, the groups' stages concurrent; in no "
                  "figure (Eq. 1)",
       .source = "[Kang2019] Section 3.1, Eq. 1",
       .make = make_intergroup_allgather_rg1,
       .options = kRootGatheringOptions,
       // intergroup_allgather/root_gathering.cpp prepare: gathered_
       .scratch_bytes = intergroup_allgather_rg_scratch},
      {.collective = "intergroup_allgather",
       .name = "rg2",
       .summary = "root gathering as MPICH does it: binomial gather at each rank 0, then A's data "
                  "to B and bcast in B, only then B's to A and bcast in A; the \"Root "
                  "Gathering\" of Fig. 4 emulated on point-to-point (Eq. 2)",
       .source = "[Kang2019] Section 3.1, Eq. 2",
       .make = make_intergroup_allgather_rg2,
       .options = kRootGatheringOptions,
       // intergroup_allgather/root_gathering.cpp prepare: gathered_
       .scratch_bytes = intergroup_allgather_rg_scratch},
  };
}

}  // namespace papbench
