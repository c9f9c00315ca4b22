#pragma once
// The capture of one process: started by the MPI_Init wrappers after PMPI_Init (clock sync over
// MPI_COMM_WORLD), fed by the collective wrappers, finished by the MPI_Finalize wrapper before
// PMPI_Finalize (resync, gather to world rank 0, write the result set). Any internal error
// disables it with one line on stderr; the application runs on unchanged.

#include <mpi.h>

#include <cstdint>
#include <span>

#include "capture/call_log.hpp"
#include "capture/internal_calls.hpp"

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

// Whether calls are being recorded now (started, not disabled, not inside our own MPI calls).
bool recording();
void start_capture();
void finish_capture();
void record_call(const CallShape& shape, std::int64_t arrival_raw, std::int64_t exit_raw);

// Nonblocking collectives: the post (MPI_I...) is remembered under its request, with the
// communicator's next seq; a wait or test that completes the request records the call
// (RawCall's compute_ns, test_ns, wait_ns). Completion is seen as the handle turning
// MPI_REQUEST_NULL, which MPI does to every completed request that is not persistent (a
// persistent collective's completion: persistent_requests.hpp).
void post_call(const CallShape& shape, std::int64_t arrival_raw, std::int64_t post_return_raw,
               MPI_Request request);
// Whether some posted collective is not complete yet: the waits and tests do nothing more
// when none is (point-to-point requests are not looked at).
bool requests_pending();
// After a wait or test that ran from t0 to t1 (raw clock) on `before` (the handles as passed
// in) and left `after`: completes the posted collectives among them and charges the call's time
// to the others. A handle the call left as it was is still running unless `completed_in_place`
// says it completed keeping its handle (a persistent collective: the wrappers pass
// persistent_requests.hpp's persistent_completed, which stands above this file).
void requests_waited(std::span<const MPI_Request> before, std::span<const MPI_Request> after,
                     std::int64_t t0_raw, std::int64_t t1_raw, bool is_test,
                     bool (*completed_in_place)(MPI_Request));
// MPI_Request_free on a posted collective: it completes unseen and is not recorded.
void forget_request(MPI_Request request);
// A freed communicator's handle may later name another one: forget the handle, keep its calls.
void forget_comm(MPI_Comm comm);

}  // namespace papbench::capture
