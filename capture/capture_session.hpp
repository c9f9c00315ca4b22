#pragma once
// The capture of one process: started by the MPI_Init wrappers after PMPI_Init (clock sync over
// MPI_COMM_WORLD), fed by the collective wrappers, finished by the MPI_Finalize wrapper before
// PMPI_Finalize (resync, gather to world rank 0, write the result set). Any internal error
// disables it with one line on stderr; the application runs on unchanged.

#include <mpi.h>

#include <cstdint>

#include "capture/call_log.hpp"

namespace papbench::capture {

// What a wrapper knows before the call; recorded with the two clock reads around it.
struct CallShape {
  Collective collective;
  MPI_Comm comm;
  int root;
  std::uint64_t count;
  MPI_Datatype dtype;
  MPI_Op op;
  const void* site;
};

// Set while the library itself calls MPI (clock sync, gathers): those calls reach the wrappers
// too, through the same symbols, and must not be recorded.
class InternalCalls {
 public:
  InternalCalls() : was_(active_) { active_ = true; }
  ~InternalCalls() { active_ = was_; }
  InternalCalls(const InternalCalls&) = delete;
  InternalCalls& operator=(const InternalCalls&) = delete;
  static bool active() { return active_; }

 private:
  bool was_;
  static thread_local bool active_;
};

// Whether calls are being recorded now (started, not disabled, not inside our own MPI calls).
bool recording();
void start_capture();
void finish_capture();
void record_call(const CallShape& shape, std::int64_t arrival_raw, std::int64_t exit_raw);
// A freed communicator's handle may later name another one: forget the handle, keep its calls.
void forget_comm(MPI_Comm comm);

}  // namespace papbench::capture
