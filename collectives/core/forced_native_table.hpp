#pragma once
// Which MPI_T control variable forces which collective's algorithm in Open MPI's tuned component
// and in MPICH, and the algorithm names each library gives them: the one table that
// <collective>/native:force=NAME, `papbench list` and the forcing (forced_native.hpp) read.
//
// Open MPI 4.1.4: coll_tuned_<collective>_algorithm, an MPI_T enum whose item names are these
// (ompi/mca/coll/tuned/coll_tuned_<collective>_decision.c, the *_algorithms[] tables; printed by
// `ompi_info --param coll tuned --level 9`). MPICH 4.0.2: MPIR_CVAR_<COLLECTIVE>_INTRA_ALGORITHM,
// a plain int whose choices its description lists (src/mpi/coll/mpir_coll.c cvar block, "auto"
// first), and MPIR_CVAR_<COLLECTIVE>_DEVICE_COLLECTIVE, which lets the device (ch4) run its own
// instead. A name one library lacks is refused there with the names it has.

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string_view>

namespace papbench::forced {

struct ForcedCollective {
  std::string_view collective;      // papbench's name: "reduce_scatter"
  std::string_view ompi_variable;   // "coll_tuned_reduce_scatter_algorithm"
  std::string_view ompi_segsize;    // its segment size variable where papbench sets one, else ""
  std::string_view ompi_fanout;     // its chain fanout variable where papbench sets one, else ""
  std::string_view mpich_variable;  // "MPIR_CVAR_REDUCE_SCATTER_INTRA_ALGORITHM"
  std::string_view mpich_device;    // "MPIR_CVAR_REDUCE_SCATTER_DEVICE_COLLECTIVE"
  // Every name force accepts: Open MPI's, then MPICH's that Open MPI lacks. The library in use
  // supports a subset (forceable_names).
  std::span<const std::string_view> names;
  std::string_view help;  // the force option's line in `papbench list` and --help
};

namespace names {
inline constexpr std::string_view kAllreduce[] = {
    "basic_linear", "nonoverlapping",           "recursive_doubling",
    "ring",         "segmented_ring",           "rabenseifner",
    "nb",           "reduce_scatter_allgather", "smp"};
inline constexpr std::string_view kReduce[] = {
    "linear",          "chain",        "pipeline", "binary", "binomial",
    "in-order_binary", "rabenseifner", "nb",       "smp",    "reduce_scatter_gather"};
inline constexpr std::string_view kAllgather[] = {
    "linear", "bruck", "recursive_doubling", "ring", "neighbor", "two_proc", "brucks", "nb"};
inline constexpr std::string_view kAllgatherv[] = {
    "default", "bruck", "ring", "neighbor", "two_proc", "brucks", "recursive_doubling", "nb"};
inline constexpr std::string_view kAlltoall[] = {"linear",
                                                 "pairwise",
                                                 "modified_bruck",
                                                 "linear_sync",
                                                 "two_proc",
                                                 "brucks",
                                                 "nb",
                                                 "pairwise_sendrecv_replace",
                                                 "scattered"};
inline constexpr std::string_view kAlltoallv[] = {"basic_linear", "pairwise", "nb",
                                                  "pairwise_sendrecv_replace", "scattered"};
inline constexpr std::string_view kGather[] = {"basic_linear", "binomial", "linear_sync", "nb"};
inline constexpr std::string_view kScatter[] = {"basic_linear", "binomial", "linear_nb", "nb"};
inline constexpr std::string_view kReduceScatter[] = {
    "non-overlapping", "recursive_halving", "ring", "butterfly", "nb", "noncommutative",
    "pairwise",        "recursive_doubling"};
inline constexpr std::string_view kBarrier[] = {"linear", "double_ring", "recursive_doubling",
                                                "bruck",  "two_proc",    "tree",
                                                "nb",     "smp",         "dissemination"};
// Open MPI 3.1/4.x, then MPICH 4.x.
inline constexpr std::string_view kBcast[] = {"basic_linear",
                                              "chain",
                                              "pipeline",
                                              "split_binary_tree",
                                              "binary_tree",
                                              "binomial",
                                              "knomial",
                                              "scatter_allgather",
                                              "scatter_allgather_ring",
                                              "scatter_recursive_doubling_allgather",
                                              "scatter_ring_allgather",
                                              "smp",
                                              "pipelined_tree",
                                              "tree",
                                              "nb"};
}  // namespace names

// Row order is papbench's collective order; the rows name their variables in full so that a
// search for a variable finds it here.
inline constexpr ForcedCollective kForcedCollectives[] = {
    {"allreduce", "coll_tuned_allreduce_algorithm", "", "", "MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM",
     "MPIR_CVAR_ALLREDUCE_DEVICE_COLLECTIVE", names::kAllreduce,
     "force the library's allreduce algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_allreduce_algorithm; MPICH: MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM); `papbench "
     "list` shows the names this library has"},
    {"reduce", "coll_tuned_reduce_algorithm", "", "", "MPIR_CVAR_REDUCE_INTRA_ALGORITHM",
     "MPIR_CVAR_REDUCE_DEVICE_COLLECTIVE", names::kReduce,
     "force the library's reduce algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_reduce_algorithm; MPICH: MPIR_CVAR_REDUCE_INTRA_ALGORITHM); `papbench list` "
     "shows the names this library has"},
    {"allgather", "coll_tuned_allgather_algorithm", "", "", "MPIR_CVAR_ALLGATHER_INTRA_ALGORITHM",
     "MPIR_CVAR_ALLGATHER_DEVICE_COLLECTIVE", names::kAllgather,
     "force the library's allgather algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_allgather_algorithm; MPICH: MPIR_CVAR_ALLGATHER_INTRA_ALGORITHM); `papbench "
     "list` shows the names this library has"},
    {"allgatherv", "coll_tuned_allgatherv_algorithm", "", "",
     "MPIR_CVAR_ALLGATHERV_INTRA_ALGORITHM", "MPIR_CVAR_ALLGATHERV_DEVICE_COLLECTIVE",
     names::kAllgatherv,
     "force the library's allgatherv algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_allgatherv_algorithm; MPICH: MPIR_CVAR_ALLGATHERV_INTRA_ALGORITHM); `papbench "
     "list` shows the names this library has"},
    {"alltoall", "coll_tuned_alltoall_algorithm", "", "", "MPIR_CVAR_ALLTOALL_INTRA_ALGORITHM",
     "MPIR_CVAR_ALLTOALL_DEVICE_COLLECTIVE", names::kAlltoall,
     "force the library's alltoall algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_alltoall_algorithm; MPICH: MPIR_CVAR_ALLTOALL_INTRA_ALGORITHM); `papbench "
     "list` shows the names this library has"},
    {"alltoallv", "coll_tuned_alltoallv_algorithm", "", "", "MPIR_CVAR_ALLTOALLV_INTRA_ALGORITHM",
     "MPIR_CVAR_ALLTOALLV_DEVICE_COLLECTIVE", names::kAlltoallv,
     "force the library's alltoallv algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_alltoallv_algorithm; MPICH: MPIR_CVAR_ALLTOALLV_INTRA_ALGORITHM); `papbench "
     "list` shows the names this library has"},
    {"gather", "coll_tuned_gather_algorithm", "", "", "MPIR_CVAR_GATHER_INTRA_ALGORITHM",
     "MPIR_CVAR_GATHER_DEVICE_COLLECTIVE", names::kGather,
     "force the library's gather algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_gather_algorithm; MPICH: MPIR_CVAR_GATHER_INTRA_ALGORITHM); `papbench list` "
     "shows the names this library has"},
    {"scatter", "coll_tuned_scatter_algorithm", "", "", "MPIR_CVAR_SCATTER_INTRA_ALGORITHM",
     "MPIR_CVAR_SCATTER_DEVICE_COLLECTIVE", names::kScatter,
     "force the library's scatter algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_scatter_algorithm; MPICH: MPIR_CVAR_SCATTER_INTRA_ALGORITHM); `papbench list` "
     "shows the names this library has"},
    {"reduce_scatter", "coll_tuned_reduce_scatter_algorithm", "", "",
     "MPIR_CVAR_REDUCE_SCATTER_INTRA_ALGORITHM", "MPIR_CVAR_REDUCE_SCATTER_DEVICE_COLLECTIVE",
     names::kReduceScatter,
     "force the library's reduce_scatter algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_reduce_scatter_algorithm; MPICH: MPIR_CVAR_REDUCE_SCATTER_INTRA_ALGORITHM); "
     "`papbench list` shows the names this library has"},
    {"barrier", "coll_tuned_barrier_algorithm", "", "", "MPIR_CVAR_BARRIER_INTRA_ALGORITHM",
     "MPIR_CVAR_BARRIER_DEVICE_COLLECTIVE", names::kBarrier,
     "force the library's barrier algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_barrier_algorithm; MPICH: MPIR_CVAR_BARRIER_INTRA_ALGORITHM); `papbench list` "
     "shows the names this library has"},
    {"bcast", "coll_tuned_bcast_algorithm", "coll_tuned_bcast_algorithm_segmentsize",
     "coll_tuned_bcast_algorithm_chain_fanout", "MPIR_CVAR_BCAST_INTRA_ALGORITHM",
     "MPIR_CVAR_BCAST_DEVICE_COLLECTIVE", names::kBcast,
     "force the library's bcast algorithm NAME through MPI_T (Open MPI: "
     "coll_tuned_bcast_algorithm; MPICH: MPIR_CVAR_BCAST_INTRA_ALGORITHM); `papbench list` "
     "shows the names this library has"},
};

// Names a library offers that papbench's workloads can never run, with why: left out of the
// forceable names and refused with the reason (exit 2) rather than met as a crash or an error in
// the middle of a run.
struct Unrunnable {
  std::string_view collective, name, why;
};
inline constexpr Unrunnable kUnrunnable[] = {
    {"reduce_scatter", "noncommutative",
     "MPICH 4.0.2 asserts that every block has the same size "
     "(reduce_scatter_intra_noncommutative.c) and aborts, and papbench's reduce_scatter blocks "
     "differ (docs/ALGORITHMS.md, vblock)"},
    {"alltoall", "pairwise_sendrecv_replace",
     "MPICH runs it only in place (MPI_IN_PLACE), and papbench's alltoall has separate buffers"},
    {"alltoallv", "pairwise_sendrecv_replace",
     "MPICH runs it only in place (MPI_IN_PLACE), and papbench's alltoallv has separate buffers"},
};
constexpr const Unrunnable* unrunnable(std::string_view collective, std::string_view name) {
  for (const Unrunnable& u : kUnrunnable) {
    if (u.collective == collective && u.name == name) return &u;
  }
  return nullptr;
}

// The row of `collective`; a collective with no row is a programming error.
constexpr std::size_t forced_index(std::string_view collective) {
  for (std::size_t i = 0; i < std::size(kForcedCollectives); ++i) {
    if (kForcedCollectives[i].collective == collective) return i;
  }
  throw std::logic_error("no forcing row for this collective");
}
constexpr const ForcedCollective& forced_row(std::string_view collective) {
  return kForcedCollectives[forced_index(collective)];
}

}  // namespace papbench::forced
