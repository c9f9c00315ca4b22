#include "collectives/core/registry.hpp"

#include <vector>

#include "collectives/allgather/allgather.hpp"
#include "collectives/allgatherv/allgatherv.hpp"
#include "collectives/allreduce/allreduce.hpp"
#include "collectives/alltoall/alltoall.hpp"
#include "collectives/alltoallv/alltoallv.hpp"
#include "collectives/barrier/barrier.hpp"
#include "collectives/bcast/bcast.hpp"
#include "collectives/gather/gather.hpp"
#include "collectives/pingpong/pingpong.hpp"
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce_scatter/reduce_scatter.hpp"
#include "collectives/scatter/scatter.hpp"

namespace papbench {
namespace {

constexpr std::string_view kLibrary = "MPI standard; library default algorithm";

}  // namespace

std::span<const AlgorithmInfo> algorithm_registry() {
  // One row per algorithm, grouped by collective in collective_table() order. A new algorithm is
  // one new row here; `papbench list` and the MPI tests pick it up from this table.
  static const std::vector<AlgorithmInfo> table = {
      // collective, name, summary, source, factory[, needs_pat]
      {"reduce", "native", "the MPI library's MPI_Reduce", kLibrary, make_reduce_native},
      {"reduce", "binomial", "binomial tree, whole vector per message (BNOM)",
       "seed 003 §10.3 baseline BNOM", make_reduce_binomial},
      {"reduce", "clairvoyant",
       "segmented schedule from predicted arrivals, segtree scheduler; options segments=N, "
       "segsize=BYTES, round-time=auto|DURATION (CLV)",
       "seed 003 Listing 2/8, §7", make_reduce_clairvoyant, true},
      {"reduce", "rabenseifner",
       "reduce-scatter by recursive halving + binomial gather; extra ranks fold first (RAB)",
       "seed 003 §10.3 baseline RAB; Thakur, Rabenseifner & Gropp 2005", make_reduce_rabenseifner},
      {"reduce", "radixk",
       "radix-k reduce-scatter + k-nomial gather; option radix=K, default 4 (RXX)",
       "seed 003 §10.3 baseline RXX; Peterka et al. SC'09", make_reduce_radixk},
      {"reduce", "ring", "ring reduce-scatter + direct gather to the root (RING)",
       "seed 003 §10.3 baseline RING; Chan et al. 2007", make_reduce_ring},
      {"allreduce", "native", "the MPI library's MPI_Allreduce", kLibrary, make_allreduce_native},
      {"bcast", "native", "the MPI library's MPI_Bcast", kLibrary, make_bcast_native},
      {"scatter", "native", "the MPI library's MPI_Scatter", kLibrary, make_scatter_native},
      {"scatter", "lin", "linear: root sends in rank order (Open MPI basic_linear, LIN)",
       "seed 000 §2.1; Open MPI basic_linear", make_scatter_lin},
      {"scatter", "bnom", "binomial on Open MPI's in-order tree, smallest subtree first (BNOM)",
       "seed 000 §2.1; Open MPI binomial", make_scatter_bnom},
      {"scatter", "slin", "linear, root serves ranks by predicted arrival (SLIN)",
       "seed 000 §4.1 Fig. 5", make_scatter_slin, true},
      {"scatter", "sbn", "binomial, slots filled by arrival in bit-reversed order (SBN)",
       "seed 000 §4.1 Fig. 7 (spec §5.5 fixes)", make_scatter_sbn, true},
      {"scatter", "bsln", "SLIN with leaves receiving in the PAT background thread (BSLN)",
       "seed 000 §4.1 Fig. 6", make_scatter_bsln, true},
      {"scatter", "bsbn", "SBN with non-roots receiving and forwarding in the background (BSBN)",
       "seed 000 §4.1 Fig. 8 (spec §5.6 fixes)", make_scatter_bsbn, true},
      {"gather", "native", "the MPI library's MPI_Gather", kLibrary, make_gather_native},
      {"gather", "lin", "linear: root receives in rank order (Open MPI basic_linear, LIN)",
       "seed 000 §2.1; Open MPI basic_linear", make_gather_lin},
      {"gather", "ls",
       "linear synchronized, two segments per leaf; option first-segment=auto|BYTES (LS)",
       "seed 000 §2.1; Open MPI linear_sync", make_gather_ls},
      {"gather", "bnom", "binomial on Open MPI's in-order tree, smallest subtree first (BNOM)",
       "seed 000 §2.1; Open MPI binomial", make_gather_bnom},
      {"gather", "sls", "LS with the root syncing leaves by predicted arrival (SLS)",
       "seed 000 §4.2 Fig. 9", make_gather_sls, true},
      {"gather", "bsls", "SLS with the root's receive loop in the PAT background thread (BSLS)",
       "seed 000 §4.2 Fig. 10", make_gather_bsls, true},
      {"gather", "sbn", "highbit binomial, slots filled latest first (SBN)",
       "seed 000 §4.2 Fig. 11 (spec §5.9 fixes)", make_gather_sbn, true},
      {"gather", "bsbn", "SBN with every receive phase in the PAT background thread (BSBN)",
       "seed 000 §4.2 Fig. 12 (spec §5.10 fixes)", make_gather_bsbn, true},
      {"allgather", "native", "the MPI library's MPI_Allgather", kLibrary, make_allgather_native},
      {"allgatherv", "native", "the MPI library's MPI_Allgatherv", kLibrary,
       make_allgatherv_native},
      {"alltoall", "native", "the MPI library's MPI_Alltoall", kLibrary, make_alltoall_native},
      {"alltoallv", "native", "the MPI library's MPI_Alltoallv", kLibrary, make_alltoallv_native},
      {"reduce_scatter", "native", "the MPI library's MPI_Reduce_scatter", kLibrary,
       make_reduce_scatter_native},
      {"barrier", "native", "the MPI library's MPI_Barrier", kLibrary, make_barrier_native},
      {"intergroup_allgather", "native",
       "the MPI library's MPI_Allgather on the intercommunicator (root gathering)", kLibrary,
       make_intergroup_allgather_native},
      {"intergroup_allgatherv", "native",
       "the MPI library's MPI_Allgatherv on the intercommunicator (root gathering)", kLibrary,
       make_intergroup_allgatherv_native},
      {"pingpong", "native",
       "rank 0 -> rank 1 -> rank 0 with blocking MPI_Send/MPI_Recv; one-way = round trip / 2",
       "seed 000 §2.3 (Hockney alpha, beta for Eqs. 3-24)", make_pingpong_native},
  };
  return table;
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

}  // namespace papbench
