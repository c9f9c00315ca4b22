#pragma once
// Everything one case builds before its first iteration, outside any timing (the untimed set-up
// of docs/ARCHITECTURE.md's timed iteration): the algorithm's communicator, the workload's
// buffers, the algorithm, the PAT runtime, the arrival pattern and the counters.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <span>

#include "bench/run/case_matrix.hpp"
#include "bench/run/run_options.hpp"
#include "clocksync/global_clock.hpp"
#include "collectives/core/algorithm.hpp"
#include "collectives/core/workload.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "common/mpi_env.hpp"
#include "counters/counter_set.hpp"
#include "imbalance/arrival_pattern.hpp"
#include "imbalance/xtime_loop.hpp"
#include "topology/node_topology.hpp"

namespace papbench {

// Whether an algorithm without needs_pat runs with the monitoring-only PAT runtime (--bg-thread).
bool monitors_baseline(const Case& c, const RunOptions& opts);

// Collective over `world`: refuses, with a UsageError on every rank, a run with a case whose
// buffers would not fit MPI's int counts, or whose buffers and algorithm's scratch would not fit
// the memory of a node (bench/run/buffer_memory.hpp), before anything is allocated, measured or
// written. Sets each case's node_fill_bytes.
void check_counts_fit(std::span<Case> cases, const RunOptions& opts, MPI_Comm world);

// Collective over `world`. Throws UsageError, on every rank alike, for a case that cannot run as
// asked (a count whose buffers do not fit an MPI int, a PAT thread the MPI library cannot host).
class CaseSetup {
 public:
  CaseSetup(const Case& c, const RunOptions& opts, clocksync::GlobalClock& clock, MPI_Comm world);
  CaseSetup(const CaseSetup&) = delete;
  CaseSetup& operator=(const CaseSetup&) = delete;

  // Members in construction order; destroyed in reverse, so the PAT runtime stops before the
  // algorithm it calls back into is destroyed, and the communicator outlives both.
  Comm intercomm;  // intergroup collectives only
  MPI_Comm alg_comm;
  // alg_comm's real or --virtual-ppn nodes (Args::nodes); intracommunicator cases only.
  std::unique_ptr<topology::NodeTopology> nodes;
  std::unique_ptr<Workload> workload;
  std::unique_ptr<Algorithm> alg;
  std::unique_ptr<PatRuntime> pat;  // null unless the algorithm needs it or monitors baselines
  Args args;
  std::unique_ptr<ArrivalPattern> pattern;
  std::unique_ptr<CounterSet> counters;
  bool count_compute = false;   // counters around the compute phase (--counters-scope)
  bool count_call = false;      // counters around the timed call
  std::int64_t compute_ns = 0;  // base compute phase before every call (--compute)
  std::int64_t xtime = 0;       // compute:XTIME loop repetitions, 0 for planned patterns
  XtimeLoop loop;

 private:
  void make_communicator(const Case& c);
  void make_workload(const Case& c);
  void make_pat_runtime(const Case& c);

  const RunOptions& opts_;
  clocksync::GlobalClock& clock_;
  MPI_Comm world_;
  int size_;
};

}  // namespace papbench
