#pragma once
// The interface every collective algorithm implements, and the arguments of one call.

#include <mpi.h>

#include <cstddef>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace papbench {

class PatRuntime;  // collectives/pat (later issues)

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
  // group, so the own block is not among them); allgatherv: counts[rank], repeated for symmetry.
  std::size_t send_count = 0;
  PatRuntime* pat = nullptr;  // null unless the algorithm needs arrival times
};

class Algorithm {
 public:
  virtual ~Algorithm() = default;
  virtual void prepare(const Args&) {}  // outside the timed region
  virtual void run(const Args&) = 0;    // the timed region
};

// Algorithm parameters from the command line (e.g. radix=4), by name.
using AlgOptions = std::map<std::string, std::string>;

// MPI takes element counts as int: a larger value is refused with std::overflow_error naming
// `what`, never truncated into a wrong but plausible count.
int count_as_int(std::size_t n, std::string_view what);

// For algorithms without parameters: an option given to one of them (a typo, or radix=4 meant for
// another algorithm) is refused with UsageError rather than ignored.
void expect_no_options(const AlgOptions& options, std::string_view algorithm);

}  // namespace papbench
