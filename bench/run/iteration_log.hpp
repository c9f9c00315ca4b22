#pragma once
// What each rank records of a case's timed iterations, and the gathers that turn it into the
// [iteration][rank] matrices of a results::CaseRecord on rank 0.

#include <mpi.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/algorithm.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "counters/counter_set.hpp"
#include "results/result_set.hpp"

namespace papbench {

// Counter values of the compute phase (--counters-scope compute|both) are stored under the
// event name with this suffix; the call's values keep the bare name.
inline constexpr std::string_view kComputeScopeSuffix = "@compute";

// Collective over comm: one int64 per row (iteration) from every rank into a [row][rank] matrix
// on rank 0 (empty elsewhere); every rank passes the same number of rows.
results::Matrix gather_matrix(std::span<const std::int64_t> mine, MPI_Comm comm);

// One rank's timestamps of one timed iteration.
struct IterationTimes {
  std::int64_t arrival_ns;          // a_i: entry into the timed call
  std::int64_t exit_ns;             // f_i: return from it
  std::int64_t planned_delay_ns;    // the pattern's delay
  std::int64_t planned_arrival_ns;  // T0 + compute + delay
  std::int64_t arrival_error_ns;    // a_i - planned arrival (compute:XTIME: loop start - T0)
  bool off_plan;                    // |arrival error| beyond the case's tolerance
  std::int64_t predicted_ns;        // the PAT runtime's prediction of this rank's arrival
  std::int64_t clock_bound_ns;      // how far this rank's global clock may be from rank 0's at a_i
  std::int64_t clock_slew_ns;       // the resync correction still being slewed in at a_i
  std::int64_t clock_elapsed_bound_ns;  // how far f_i - a_i may be off (drift and slew)
  PatRuntime::BusyTimes pat;            // when the PAT thread finished its exchange and work
};

class IterationLog {
 public:
  // n_events: the counters this rank counts; predicts: a PAT runtime predicts arrivals.
  IterationLog(int iters, std::size_t n_events, bool count_call, bool count_compute, bool predicts);

  // This iteration's counter readings, written by CounterSet::stop before record().
  std::span<std::int64_t> call_counts() { return call_scratch_; }
  std::span<std::int64_t> compute_counts() { return compute_scratch_; }

  void record(int it, const IterationTimes& t, std::vector<AlgMetric> metrics);
  // The verdict of a validated iteration (it < 0: a warm-up one, counted in the case's verdict
  // but not stored).
  void record_check(int it, bool ok);
  // Keeps the first `n` timed iterations only (a case --reps-until-ci stopped early).
  void truncate(int n);

  // Collective over `comm`: fills rec's validation verdict, timestamps, metrics, counters and
  // arrival errors and late flags (some rank off plan); the matrices are complete on rank 0 only.
  // `requested`: the --counters names, reported unavailable when the ranks do not count the same
  // events.
  void gather_into(results::CaseRecord& rec, const CounterSet& counters,
                   std::span<const std::string> requested, MPI_Comm comm) const;

 private:
  void gather_counters(results::CaseRecord& rec, const CounterSet& counters, MPI_Comm comm) const;

  int iters_;
  bool count_call_;
  bool predicts_;
  int failures_ = 0;
  std::vector<std::uint8_t> validation_;  // results::IterationCheck per timed iteration
  std::vector<std::int64_t> arrival_, exit_, planned_delay_, planned_arrival_, arrival_error_,
      late_, predicted_;
  std::vector<std::int64_t> exchange_done_, work_done_;  // PAT runtimes only
  std::vector<std::int64_t> clock_bound_, clock_slew_, clock_elapsed_bound_;
  std::vector<std::int64_t> call_scratch_, compute_scratch_;
  std::vector<std::vector<std::int64_t>> call_values_, compute_values_;  // [event][iteration]
  // Algorithm-specific values (Algorithm::iteration_metrics), by name, per timed iteration.
  std::vector<std::string> metric_names_;
  std::vector<std::vector<std::int64_t>> metric_values_;
};

}  // namespace papbench
