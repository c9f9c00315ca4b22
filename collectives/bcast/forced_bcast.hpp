#pragma once
// Forcing the MPI library's own MPI_Bcast algorithm through MPI_T control variables, for
// bcast/native:force=NAME. Open MPI's tuned component: coll_tuned_bcast_algorithm (by its enum
// name), coll_tuned_bcast_algorithm_segmentsize and coll_tuned_bcast_algorithm_chain_fanout, which
// it copies into a communicator when the communicator is created, and only when
// coll_tuned_use_dynamic_rules is true, a variable Open MPI lets no one write through MPI_T: it is
// read from the environment at MPI_Init (request_forcing_environment). MPICH:
// MPIR_CVAR_BCAST_INTRA_ALGORITHM, read at every call. Every write is read back; a variable that is
// missing, not writable or reads back otherwise is a UsageError naming it.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace papbench::bcast {

// Every name bcast/native:force accepts: Open MPI 3.1/4.x coll_tuned_bcast_algorithm, then MPICH
// 4.x MPIR_CVAR_BCAST_INTRA_ALGORITHM, as their enums spell them. The library in use supports a
// subset, forceable_bcast_names().
inline constexpr std::string_view kKnownForcedNames[] = {"basic_linear",
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

// The names the linked library's algorithm variable offers (initializes MPI_T only, so it works
// before MPI_Init); empty when the library exposes no such variable.
std::vector<std::string> forceable_bcast_names();
// "coll_tuned_bcast_algorithm" or "MPIR_CVAR_BCAST_INTRA_ALGORITHM"; empty when neither exists.
std::string forcing_variable();

struct ForcedBcast {
  std::string algorithm;               // an enum name of the library's variable
  std::optional<std::size_t> segsize;  // bytes; Open MPI's default when absent: 8192 here
  std::optional<int> fanout;           // chains of Open MPI's "chain"
};

// Writes the variables while it lives and restores their previous values when it goes (or at
// restore()). Construct after MPI_Init, on every rank alike.
class BcastForcing {
 public:
  explicit BcastForcing(const ForcedBcast& want);
  ~BcastForcing();
  BcastForcing(const BcastForcing&) = delete;
  BcastForcing& operator=(const BcastForcing&) = delete;

  // Open MPI reads the variables when a communicator is created, so they can be restored as soon
  // as the case's communicator exists; MPICH reads them at every call.
  bool per_communicator() const { return per_communicator_; }
  void restore();

 private:
  struct Saved {
    int index;
    long long value;
  };
  std::vector<Saved> saved_;
  bool per_communicator_ = true;
};

// Before MPI_Init: asks Open MPI for coll_tuned_use_dynamic_rules=1 through the environment
// (OMPI_MCA_coll_tuned_use_dynamic_rules) unless the user has set it; without it Open MPI ignores
// forced algorithms. Harmless elsewhere: with no algorithm forced, dynamic rules fall back to the
// fixed decision.
void request_forcing_environment();

}  // namespace papbench::bcast
