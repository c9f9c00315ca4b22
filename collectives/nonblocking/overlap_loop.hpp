#pragma once
// What a rank does between posting a nonblocking collective and waiting for it (issue 46 item 2):
// compute for a stated time, calling MPI_Test at a stated interval of that compute, then
// MPI_Wait. IMB-NBC's loop ([IMB] IMB_ibcast and friends) computes for t_CPU without progress
// calls and then waits; a test interval adds the MPI_Test calls that real codes make so that a
// library without an asynchronous progress thread can move the collective on.

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "collectives/core/algorithm.hpp"

namespace papbench {

struct OverlapPlan {
  std::int64_t compute_ns = 0;        // 0: wait at once (IMB-NBC's t_pure loop)
  std::int64_t test_interval_ns = 0;  // 0: no MPI_Test during the compute (IMB-NBC's t_ovrl loop)
};

// What one rank's call spent where, each measured around its own part.
struct OverlapTimes {
  std::int64_t compute_ns = 0;    // the compute itself (t_CPU), the MPI_Test calls left out
  std::int64_t test_ns = 0;       // in MPI_Test
  std::int64_t wait_ns = 0;       // in the final MPI_Wait
  std::int64_t tests = 0;         // MPI_Test calls made
  bool done_before_wait = false;  // a test saw the collective complete before the wait
};

// A posted collective the loop tests and waits for: the library's request (RequestInFlight) or
// one of papbench's own schedules (schedule.hpp), which only these calls move on.
class NbcInFlight {
 public:
  virtual bool test() = 0;  // MPI_Test: true once complete
  virtual void wait() = 0;  // MPI_Wait

 protected:
  ~NbcInFlight() = default;
};

class RequestInFlight final : public NbcInFlight {
 public:
  MPI_Request* request() { return &request_; }
  bool test() override;
  void wait() override;

 private:
  MPI_Request request_ = MPI_REQUEST_NULL;
};

// Computes as `plan` says, testing `pending` every test interval until a test sees it complete
// (the compute goes on for its full time either way), then waits for it.
OverlapTimes compute_then_wait(NbcInFlight& pending, const OverlapPlan& plan);

// The metrics of the last call, as Algorithm::iteration_metrics reports them (always the same
// names, in the same order): nbc_compute_ns, nbc_test_ns, nbc_wait_ns, nbc_tests,
// nbc_done_before_wait.
std::vector<AlgMetric> overlap_metrics(const OverlapTimes& t);

}  // namespace papbench
