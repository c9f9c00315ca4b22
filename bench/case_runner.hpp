#pragma once
// Runs one case with the timed-iteration protocol of ARCHITECTURE.md and returns its raw record.

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <string_view>

#include "bench/case_matrix.hpp"
#include "bench/run_options.hpp"
#include "clocksync/global_clock.hpp"
#include "results/result_set.hpp"

namespace papbench {

class CaseRunner {
 public:
  // Called on rank 0 after each iteration (iteration counts warm-up too, from 0).
  using Tick = std::function<void(int iteration, int total)>;

  CaseRunner(const RunOptions& opts, clocksync::GlobalClock& clock, MPI_Comm world);

  // Collective over `world`. The returned record is complete on rank 0 only.
  results::CaseRecord run(const Case& c, const Tick& tick);
  // First reason a validation failed on this rank in the last run(), empty when none did.
  const std::string& failure() const { return failure_; }

 private:
  struct Timing;
  std::int64_t agree_start(bool any_late);
  void update_margin(bool any_late);

  const RunOptions& opts_;
  clocksync::GlobalClock& clock_;
  MPI_Comm world_;
  int rank_ = 0;
  int size_ = 1;
  std::int64_t margin_ns_;
  int on_time_streak_ = 0;
  std::string failure_;
};

// Counter values of the compute phase (--counters-scope compute|both) are stored under the
// event name with this suffix; the call's values keep the bare name.
inline constexpr std::string_view kComputeScopeSuffix = "@compute";

// The record's parameter attributes for a case (shared with tests).
results::CaseRecord describe_case(const Case& c, const RunOptions& opts, int ranks);

}  // namespace papbench
