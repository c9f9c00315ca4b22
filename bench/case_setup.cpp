#include "bench/case_setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>

#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "common/units.hpp"

namespace papbench {

bool monitors_baseline(const Case& c, const RunOptions& opts) {
  switch (opts.bg_thread) {
    case BgThread::kOn:
      return true;
    case BgThread::kOff:
      return false;
    case BgThread::kAuto:
      break;
  }
  return std::any_of(opts.algorithms.begin(), opts.algorithms.end(), [&](const AlgVariant& a) {
    const AlgorithmInfo* info = find_algorithm(c.collective->name, a.name);
    return info != nullptr && info->needs_pat;
  });
}

namespace {

// Empty start/stop pairs per case for CounterSet::calibrate: enough for a stable median, and at
// some microseconds each negligible beside a case.
constexpr int kCounterCalibrationReps = 31;

// The intercommunicator of the --groups split, for the intergroup collectives.
Comm make_case_intercomm(const RunOptions& opts, MPI_Comm world) {
  const int size = comm_size(world);
  const int p = opts.groups_p > 0 ? opts.groups_p : default_groups(size).p;
  return make_intergroup(world, p, size - p);
}

UsageError count_error(std::uint64_t count, const std::overflow_error& e) {
  return UsageError(fmt::format("--count {}: {}", format_count(count), e.what()));
}

}  // namespace

void check_counts_fit(std::span<const Case> cases, const RunOptions& opts, MPI_Comm world) {
  Comm inter;  // made for the first intergroup case
  std::set<std::tuple<std::string_view, std::uint64_t, int>> seen;
  for (const Case& c : cases) {
    if (!seen.insert({c.collective->name, c.count, c.root}).second) continue;
    if (c.collective->intergroup && !inter) inter = make_case_intercomm(opts, world);
    const MPI_Comm comm = c.collective->intergroup ? inter.get() : world;
    if (c.collective->rooted && (c.root < 0 || c.root >= comm_size(comm))) continue;
    try {
      check_workload_counts(*c.collective, comm, c.root, c.count);
    } catch (const std::overflow_error& e) {
      // Every rank computes the whole layout from the shared inputs, so all refuse alike.
      throw count_error(c.count, e);
    }
  }
}

CaseSetup::CaseSetup(const Case& c, const RunOptions& opts, clocksync::GlobalClock& clock,
                     MPI_Comm world)
    : alg_comm(world), opts_(opts), clock_(clock), world_(world), size_(comm_size(world)) {
  make_communicator(c);
  make_workload(c);
  alg = make_algorithm(*c.algorithm, c.alg_options);
  args = workload->args();
  make_pat_runtime(c);
  alg->prepare(args);

  pattern = make_pattern(c.pattern, PatternContext{size_, c.root, c.maxdelay_ns, opts_.seed});
  counters = std::make_unique<CounterSet>(opts_.counters, opts_.counters_domain);
  // What starting and stopping an empty set costs, stored with the case so a reader can tell
  // the counters' own share of a call's counts and of the gap between planned and real arrival.
  counters->calibrate(kCounterCalibrationReps);
  count_compute = opts_.counters_scope != CounterScope::kCall;
  count_call = opts_.counters_scope != CounterScope::kCompute;
  compute_ns = c.compute_ns;
  xtime = pattern->xtime();
}

void CaseSetup::make_communicator(const Case& c) {
  if (!c.collective->intergroup) return;
  intercomm = make_case_intercomm(opts_, world_);
  alg_comm = intercomm.get();
}

void CaseSetup::make_workload(const Case& c) {
  const OpInfo& op = c.op ? *c.op : op_table().front();
  try {
    workload = std::make_unique<Workload>(*c.collective, alg_comm, c.root, *c.dtype, op, c.count);
  } catch (const std::overflow_error& e) {
    throw count_error(c.count, e);  // check_counts_fit has normally refused it already
  }
}

void CaseSetup::make_pat_runtime(const Case& c) {
  // One PAT runtime (thread + communicator) per case. Algorithms without needs_pat get one too
  // with --bg-thread on, for prediction and the allgather only (no background work and no
  // Args::pat), so that every algorithm carries the same monitoring overhead.
  auto now = [this] { return clock_.now(); };
  if (c.algorithm->needs_pat) {
    pat = std::make_unique<PatRuntime>(alg_comm, now, opts_.pat_source);
    args.pat = pat.get();
    return;
  }
  if (!monitors_baseline(c, opts_)) return;
  // Intergroup algorithms run on an intercommunicator, whose allgather means something else;
  // the monitor exchanges over all ranks instead.
  try {
    pat = std::make_unique<PatRuntime>(c.collective->intergroup ? world_ : alg_comm, now,
                                       opts_.pat_source);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format(
        "--bg-thread: this run gives the baselines the PAT monitoring thread (on, or auto with "
        "a PAT algorithm in the run), and {}; pass --bg-thread off",
        e.what()));
  }
}

}  // namespace papbench
