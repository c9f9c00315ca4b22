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
      // collective, name, summary, source, factory
      {"reduce", "native", "the MPI library's MPI_Reduce", kLibrary, make_reduce_native},
      {"allreduce", "native", "the MPI library's MPI_Allreduce", kLibrary, make_allreduce_native},
      {"bcast", "native", "the MPI library's MPI_Bcast", kLibrary, make_bcast_native},
      {"scatter", "native", "the MPI library's MPI_Scatter", kLibrary, make_scatter_native},
      {"gather", "native", "the MPI library's MPI_Gather", kLibrary, make_gather_native},
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
