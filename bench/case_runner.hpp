#pragma once
// Runs one case with the timed-iteration protocol of docs/ARCHITECTURE.md and returns its raw
// record.

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "bench/case_matrix.hpp"
#include "bench/run_options.hpp"
#include "clocksync/global_clock.hpp"
#include "imbalance/deadline_wait.hpp"
#include "results/result_set.hpp"

namespace papbench {

class CallWatchdog;
class CaseSetup;
class IterationLog;

class CaseRunner {
 public:
  // Called on rank 0 after each iteration (iteration counts warm-up too, from 0).
  using Tick = std::function<void(int iteration, int total)>;

  // `watchdog`: null when --call-timeout is 0; otherwise armed around every timed call and every
  // collective the runner makes itself (setup, start agreement, resync, stop vote, gather).
  CaseRunner(const RunOptions& opts, clocksync::GlobalClock& clock, MPI_Comm world,
             CallWatchdog* watchdog = nullptr);

  // Collective over `world`. The returned record is complete on rank 0 only.
  results::CaseRecord run(const Case& c, const Tick& tick);
  // First reason a validation failed on this rank in the last run(), empty when none did.
  const std::string& failure() const { return failure_; }
  // The last run()'s watchdog timeout (case_call_timeout_ns), for what follows it on the
  // harness's side (the write of its record).
  std::int64_t call_timeout_ns() const { return call_timeout_ns_; }

 private:
  // What every rank knows of an iteration once all have left the call.
  struct Settled {
    bool own_late;               // this rank missed the agreed start (the margin grows)
    bool any_off_plan;           // some rank's arrival error broke the tolerance (not kept)
    std::int64_t after_last_ns;  // max f - max a
    std::int64_t run_time_ns;    // max f - min a
  };
  Settled iteration(CaseSetup& s, int it, bool validate, bool prev_late, IterationLog& log);
  Settled settle(int it, std::int64_t a, std::int64_t f, bool late, bool off_plan);
  bool precise_enough(const std::vector<double>& kept, int it);
  WaitResult compute_phase(CaseSetup& s, std::int64_t t0, std::int64_t planned,
                           std::span<std::int64_t> compute_counts);
  void check_output(const CaseSetup& s, int it, IterationLog& log);
  std::int64_t agree_start(int it, bool any_late);
  void update_margin(bool any_late);

  const RunOptions& opts_;
  clocksync::GlobalClock& clock_;
  MPI_Comm world_;
  CallWatchdog* watchdog_;
  std::int64_t call_timeout_ns_ = 0;  // this case's (case_call_timeout_ns)
  int rank_ = 0;
  int size_ = 1;
  std::int64_t margin_ns_;
  std::int64_t arrival_tolerance_ns_ = 0;  // this case's (results/arrival_error.hpp)
  int on_time_streak_ = 0;
  std::string failure_;
  // Where the compute loop's checksum goes, so the loop is observably used.
  volatile std::uint64_t loop_sink_ = 0;
};

// The record's parameter attributes for a case (shared with tests).
results::CaseRecord describe_case(const Case& c, const RunOptions& opts, int ranks);

}  // namespace papbench
