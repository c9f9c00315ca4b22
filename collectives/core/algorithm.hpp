#pragma once
// The interface every collective algorithm implements, and the arguments of one call.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace papbench {

class PatRuntime;  // collectives/pat (later issues)
namespace topology {
class NodeTopology;  // topology/node_topology.hpp
}

struct Args {
  MPI_Comm comm = MPI_COMM_NULL;  // intracommunicator, or the intercommunicator of intergroup ones
  int root = 0;
  MPI_Datatype dtype = MPI_INT;
  MPI_Op op = MPI_SUM;
  std::size_t count = 0;
  const void* send = nullptr;
  void* recv = nullptr;
  // v-variants: counts/displs of the receive side (allgatherv, gatherv-style) or the send side of
  // alltoallv; recv_counts/recv_displs are alltoallv's receive side and reduce_scatter's counts.
  std::span<const int> counts, displs;
  std::span<const int> recv_counts, recv_displs;
  // intergroup_allgatherv: the elements this rank contributes (counts/displs describe the remote
  // group, so the own block is not among them); allgatherv: counts[rank], repeated for symmetry;
  // intergroup_allgather: this group's block, while `count` is the remote group's.
  std::size_t send_count = 0;
  PatRuntime* pat = nullptr;  // null unless the algorithm needs arrival times
  // The (real or --virtual-ppn) nodes of `comm`'s ranks, for hierarchical algorithms; the
  // harness sets it for every intracommunicator case (collectives/core/node_shared.hpp).
  const topology::NodeTopology* nodes = nullptr;
  // The compute between post and wait that a replayed capture of a nonblocking site recorded
  // for this rank and call (ArrivalPattern::overlap_compute_ns), set by the harness before each
  // call and before prepare (the first call's); -1 where the pattern has none. The nonblocking
  // rows run it with `overlap-compute=captured`.
  std::int64_t replayed_compute_ns = -1;
};

struct AlgMetric {
  std::string name;  // e.g. clv_schedule_ns; a "_ns" suffix marks a duration
  std::int64_t value = 0;
};

class Algorithm {
 public:
  virtual ~Algorithm() = default;
  virtual void prepare(const Args&) {}  // outside the timed region
  // The timed region. Args are those prepare() saw, except that a rooted collective's root may
  // differ from call to call: the algorithm re-roots itself (relative ranks, its tree) without
  // new communicators or windows, so one instance serves every root (bench/app/app_kernel.hpp;
  // tests/mpi/collectives_native.cpp checks it). Algorithms that need PAT arrival times are
  // exempt: they only run with the root they were prepared for.
  virtual void run(const Args&) = 0;
  // Algorithm-specific values of the last run() (schedule time, ...). The runner reads them
  // after every timed iteration and stores them per iteration and rank as the case's
  // metrics/<name> (docs/RESULTS_FORMAT.md). Every rank must report the same names, in the same
  // order, on every call; most algorithms have none.
  virtual std::vector<AlgMetric> iteration_metrics() const { return {}; }
  // Where the last run()'s result lies, laid out as Args::recv would hold it. MPI semantics put
  // it in the caller's receive buffer, and so does every algorithm but the non-standard
  // extensions of [Parsons2015] §2.3.3 (uha copyout=shared|cow), which hand back memory of
  // their own instead and leave Args::recv untouched. The validator and the tests read the
  // result through this; its extent is the receive buffer's, which the caller knows.
  virtual const void* result_view(const Args& a) const { return a.recv; }
};

// Algorithm parameters from the command line (e.g. radix=4), by name.
using AlgOptions = std::map<std::string, std::string>;

// What makes an algorithm from its options: the type of every make_<collective>_<name>, declared
// in collectives/<collective>/<collective>.hpp and listed in its algorithms.cpp.
using AlgFactory = std::unique_ptr<Algorithm>(const AlgOptions& options);

// MPI takes element counts as int: a larger value is refused with std::overflow_error naming
// `what`, never truncated into a wrong but plausible count.
int count_as_int(std::size_t n, std::string_view what);

// Algorithms that combine partial results in an order of their own (relative ranks, halving
// partners, ring position) would give a non-commutative op a different answer than the MPI
// library: they refuse it with std::invalid_argument naming the algorithm.
void require_commutative(MPI_Op op, std::string_view algorithm);

// The shapes prepare() saw; run() with another count than prepared for is a harness bug
// (std::logic_error).
void expect_prepared(std::size_t prepared_count, std::size_t count, std::string_view algorithm);

}  // namespace papbench
