// The intergroup_allgatherv rows of the algorithm registry
// (collectives/core/registry_tables.hpp), in `papbench list` order, with their options.

#include <string_view>
#include <vector>

#include "collectives/allgatherv/allgatherv.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/intergroup_allgatherv/intergroup_allgatherv.hpp"

namespace papbench {
namespace {

// [Kang2019] Algorithm 2: how it orders its exchange and how it finishes. The default is the form
// the paper measured (Fig. 5): non-blocking sends and receives (§2), the final exact-size step.
constexpr std::string_view kOrderWords[] = {"nonblocking", "ordered"};
constexpr std::string_view kOrderSamples[] = {"ordered"};
constexpr std::string_view kIntergroupAlg2FinalWords[] = {"allgatherv", "padded"};
constexpr std::string_view kIntergroupAlg2FinalSamples[] = {"padded"};
constexpr AlgOptionSpec kIntergroupAlg2Options[] = {
    {.name = "order",
     .type = OptionType::kChoice,
     .default_value = "nonblocking",
     .help = "nonblocking: every Isend/Irecv posted at once, as the paper's implementation and "
             "the authors' code (Fig. 5); ordered: one send and one receive at a time, receives "
             "in the order of Section 4.1 (Theorem 3's schedule)",
     .words = kOrderWords,
     .samples = kOrderSamples},
    {.name = "final",
     .type = OptionType::kChoice,
     .default_value = "allgatherv",
     .help = "the intragroup step: allgatherv with the exact piece sizes, or padded: "
             "MPI_Allgather of the largest piece (Line 25's same-size Allgather, Section 4.1), "
             "then compaction",
     .words = kIntergroupAlg2FinalWords,
     .samples = kIntergroupAlg2FinalSamples},
};

// The library's intercommunicator allgatherv: as MPICH's, the own group's blocks
// gathered at a root, then the remote ones.
std::uint64_t intergroup_allgatherv_native_scratch(const ScratchShape& s) {
  return s.group_bytes() + s.recv_bytes();
}
// intergroup_allgatherv/alg2 (alg2.cpp prepare): contig_ of the remote blocks where they are not
// back to back, and padded_buf_ of L slots of ceil(total / L).
std::uint64_t intergroup_allgatherv_alg2_scratch(const ScratchShape& s) {
  return s.recv_bytes() + s.recv_bytes() + static_cast<std::uint64_t>(s.ranks) * s.elem_size;
}
// intergroup_allgatherv/rg1, rg2 (root_gathering.cpp prepare): gathered_ of the own group's
// blocks (on every rank: the ring's forwarders too), and contig_ of the remote ones.
std::uint64_t intergroup_allgatherv_rg_scratch(const ScratchShape& s) {
  return s.group_bytes() + s.recv_bytes();
}

}  // namespace

std::vector<AlgorithmInfo> intergroup_allgatherv_algorithms() {
  return {
      {.collective = "intergroup_allgatherv",
       .name = "native",
       .summary = "the MPI library's MPI_Allgatherv on the intercommunicator (root gathering)",
       .source = kLibrary,
       .make = make_intergroup_allgatherv_native,
       // the library's own: the group's blocks and the remote ones
       .scratch_bytes = intergroup_allgatherv_native_scratch},
      {.collective = "intergroup_allgatherv",
       .name = "alg2",
       .summary = "each group's blocks as one string cut into one balanced piece per remote "
                  "rank (sizes found by Exscan + Allreduce, timed), non-blocking full-duplex "
                  "exchange, one intragroup allgatherv per group; \"Algorithm 2\" of Figs. 5 and 6 "
                  "(settings 5-8)",
       .source = "[Kang2019] Algorithm 2, Fig. 3, Theorem 3",
       .make = make_intergroup_allgatherv_alg2,
       .options = kIntergroupAlg2Options,
       // intergroup_allgatherv/alg2.cpp prepare: contig_, padded_buf_
       .scratch_bytes = intergroup_allgatherv_alg2_scratch},
      {.collective = "intergroup_allgatherv",
       .name = "rg1",
       .summary = "root gathering, best version: ring gather at each group's rank 0, roots swap, "
                  "binomial bcast in each group, the groups' stages concurrent; in no figure "
                  "(Eq. 1)",
       .source = "[Kang2019] Section 3.1, Eq. 1",
       .make = make_intergroup_allgatherv_rg1,
       .options = kRootGatheringOptions,
       // intergroup_allgatherv/root_gathering.cpp prepare: gathered_, contig_
       .scratch_bytes = intergroup_allgatherv_rg_scratch},
      {.collective = "intergroup_allgatherv",
       .name = "rg2",
       .summary = "root gathering as MPICH does it: ring gather at each rank 0, then A's data to "
                  "B and bcast in B, only then B's to A and bcast in A; the \"Root Gathering\" "
                  "of Fig. 5 emulated on point-to-point (Eq. 2, Section 5)",
       .source = "[Kang2019] Section 3.1, Eq. 2",
       .make = make_intergroup_allgatherv_rg2,
       .options = kRootGatheringOptions,
       // intergroup_allgatherv/root_gathering.cpp prepare: gathered_, contig_
       .scratch_bytes = intergroup_allgatherv_rg_scratch},
  };
}

}  // namespace papbench
