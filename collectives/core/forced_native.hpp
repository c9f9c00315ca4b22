#pragma once
// Forcing the MPI library's own algorithm of a collective through MPI_T control variables, for
// <collective>/native:force=NAME (the variables: forced_native_table.hpp). Open MPI's tuned
// component copies coll_tuned_<collective>_algorithm (and, for bcast, its segment size and chain
// fanout) into a communicator when the communicator is created, and only when
// coll_tuned_use_dynamic_rules is true, a variable Open MPI lets no one write through MPI_T: it is
// read from the environment at MPI_Init (request_forcing_environment). MPICH reads
// MPIR_CVAR_<COLLECTIVE>_INTRA_ALGORITHM at every call, its internal ones too (MPI_Comm_dup runs an
// allreduce), so a forced case holds it only around its own call (NativeComm::ForcedCall). Every
// write is read back; a variable that is missing, not writable or reads back otherwise is a
// UsageError naming it.

#include <mpi.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/mpi_env.hpp"

namespace papbench::forced {

// The names the linked library's algorithm variable for `collective` offers (initializes MPI_T
// only, so it works before MPI_Init); empty when the library exposes no such variable.
std::vector<std::string> forceable_names(std::string_view collective);
// "coll_tuned_<collective>_algorithm" or "MPIR_CVAR_<COLLECTIVE>_INTRA_ALGORITHM"; empty when
// neither exists.
std::string forcing_variable(std::string_view collective);
// Whether the library in use is Open MPI's tuned component (its variables exist).
bool forcing_is_open_mpi();

struct ForcedNative {
  std::string algorithm;               // an enum name of the library's variable
  std::optional<std::size_t> segsize;  // bcast, Open MPI: bytes; 8192 here when absent
  std::optional<int> fanout;           // bcast, Open MPI: chains of "chain"; 4 when absent
};

// Writes the variables while it lives and restores their previous values when it goes (or at
// restore()). Construct after MPI_Init, on every rank alike.
class NativeForcing {
 public:
  // An int variable held at a forced value around each call, its original value otherwise
  // (MPICH): its MPI_T handle and the two values, defined beside MPI_T in forced_native.cpp, so
  // this header compiles where no MPI_T exists (SimGrid's SMPI: forced_native_smpi.cpp).
  struct CallToggle;

  NativeForcing(std::string_view collective, const ForcedNative& want);
  ~NativeForcing();
  NativeForcing(const NativeForcing&) = delete;
  NativeForcing& operator=(const NativeForcing&) = delete;

  // Open MPI reads the variables when a communicator is created, so they can be restored as soon
  // as the case's communicator exists; MPICH reads them at every call.
  bool per_communicator() const { return per_communicator_; }
  // MPICH: the algorithm and device variables forced (activate) and put back (deactivate), by a
  // store each through handles allocated beforehand. Nothing on Open MPI.
  void activate();
  void deactivate();
  void restore();

 private:
  struct Saved {
    int index;
    long long value;
  };
  std::vector<Saved> saved_;
  std::vector<CallToggle> toggles_;
  bool per_communicator_ = true;
};

// A native case's communicator: the private duplicate its call runs on, made under the forcing
// when force was asked for (Open MPI), or with the forcing held around each call (MPICH), so that
// between calls the library runs its own choice for everyone else (the harness, unforced cases).
class NativeComm {
 public:
  NativeComm(std::string_view collective, std::optional<ForcedNative> want);
  void prepare(MPI_Comm parent);
  MPI_Comm get() const { return comm_.get(); }

  // Around the case's call (`const auto forced = comm_.forced_call();`), inside the timed region:
  // on MPICH two stores each way (algorithm and device variables) through handles allocated in
  // prepare; nothing on Open MPI, whose choice lives in the communicator.
  class [[nodiscard]] ForcedCall {
   public:
    explicit ForcedCall(NativeForcing* f) : forcing_(f) {
      if (forcing_ != nullptr) forcing_->activate();
    }
    ~ForcedCall() {
      if (forcing_ != nullptr) forcing_->deactivate();
    }
    ForcedCall(const ForcedCall&) = delete;
    ForcedCall& operator=(const ForcedCall&) = delete;

   private:
    NativeForcing* forcing_;
  };
  ForcedCall forced_call() { return ForcedCall(forcing_ ? &*forcing_ : nullptr); }

 private:
  std::string collective_;
  std::optional<ForcedNative> want_;
  std::optional<NativeForcing> forcing_;  // MPICH: held while the case lives
  Comm comm_;
};

// Before MPI_Init: asks Open MPI for coll_tuned_use_dynamic_rules=1 through the environment
// (OMPI_MCA_coll_tuned_use_dynamic_rules) unless the user has set it; without it Open MPI ignores
// forced algorithms. Harmless elsewhere: with no algorithm forced, dynamic rules fall back to the
// fixed decision.
void request_forcing_environment();
// The same, and for a collective whose Open MPI variable can be set only at MPI_Init
// (coll_tuned_allgatherv_algorithm in Open MPI 4.1.4), OMPI_MCA_<variable>=algorithm unless set.
void request_forcing_environment(std::string_view collective, const std::string& algorithm);

}  // namespace papbench::forced
