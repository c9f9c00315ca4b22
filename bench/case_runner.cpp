#include "bench/case_runner.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <vector>

#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"
#include "counters/counter_set.hpp"
#include "imbalance/arrival_pattern.hpp"
#include "imbalance/deadline_wait.hpp"
#include "imbalance/xtime_loop.hpp"

namespace papbench {
namespace {

constexpr std::int64_t kMaxMarginNs = 1'000'000'000;
// After this many iterations in which every rank made the agreed start, the margin halves again.
constexpr int kShrinkAfter = 16;

// Gathers one int64 per timed iteration from every rank into an [iteration][rank] matrix.
results::Matrix gather_matrix(const std::vector<std::int64_t>& mine, int iters, int size,
                              MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<std::int64_t> all(rank == 0 ? static_cast<std::size_t>(iters) * size : 0);
  mpi_check(MPI_Gather(mine.data(), iters, MPI_INT64_T, all.data(), iters, MPI_INT64_T, 0, comm),
            "MPI_Gather");
  results::Matrix m;
  if (rank != 0) return m;
  m = results::Matrix(iters, size);
  for (int r = 0; r < size; ++r)
    for (int it = 0; it < iters; ++it) m.at(it, r) = all[static_cast<std::size_t>(r) * iters + it];
  return m;
}

// Whether an algorithm without needs_pat runs with the monitoring-only PAT runtime (--bg-thread).
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

}  // namespace

results::CaseRecord describe_case(const Case& c, const RunOptions& opts, int ranks) {
  results::CaseRecord rec;
  rec.collective = std::string(c.collective->name);
  rec.algorithm = std::string(c.algorithm->name);
  rec.count = c.count;
  rec.dtype = std::string(c.dtype->name);
  rec.op = c.op ? std::string(c.op->name) : "";
  rec.root = c.root;
  rec.pattern = c.pattern;
  rec.sync_mode = opts.sync == StartSync::kWindow ? "window" : "barrier";
  rec.compute_ns = c.compute_ns;
  rec.maxdelay_ns = c.maxdelay_ns;
  rec.seed = opts.seed;
  rec.warmup = opts.warmup;
  rec.iterations = opts.iters;
  rec.ranks = ranks;
  // Everything that shapes the case beyond the record's own attributes, with the defaults spelt
  // out, so that params alone tell two cases apart.
  std::vector<std::string> params;
  if (c.collective->intergroup) {
    const int p = opts.groups_p > 0 ? opts.groups_p : default_groups(ranks).p;
    params.push_back(fmt::format("groups={}:{}", p, ranks - p));
  }
  if (c.algorithm->needs_pat) {
    params.push_back(fmt::format("pat-source={}", pat_source_name(opts.pat_source)));
  } else if (monitors_baseline(c, opts)) {
    // Only the exception is spelt out: a baseline without the thread is measured as it always
    // was (and as OSU or IMB measure it), so its params, and its match key, stay as before.
    params.push_back("bg-thread=on");
  }
  for (std::string& p : effective_params(*c.algorithm, resolve_options(*c.algorithm, c.alg_options),
                                         c.count, c.dtype->size, ranks)) {
    params.push_back(std::move(p));
  }
  rec.params = fmt::format("{}", fmt::join(params, ","));
  return rec;
}

CaseRunner::CaseRunner(const RunOptions& opts, clocksync::GlobalClock& clock, MPI_Comm world)
    : opts_(opts), clock_(clock), world_(world), margin_ns_(opts.margin_ns) {
  MPI_Comm_rank(world_, &rank_);
  MPI_Comm_size(world_, &size_);
}

void CaseRunner::update_margin(bool any_late) {
  // Every rank sees the same any_late (it comes out of an allreduce), so margins stay identical.
  if (any_late) {
    margin_ns_ = std::min(kMaxMarginNs, std::max<std::int64_t>(2 * margin_ns_, 100'000));
    on_time_streak_ = 0;
  } else if (++on_time_streak_ >= kShrinkAfter) {
    margin_ns_ = std::max(opts_.margin_ns, margin_ns_ / 2);
    on_time_streak_ = 0;
  }
}

std::int64_t CaseRunner::agree_start(bool any_late) {
  // The agreement is an allreduce of "now" outside any timing: the start lies `margin` after the
  // latest rank's now, so every rank can reach it; a resync (collective, identical decision from
  // the reduced time) happens here and is followed by a fresh agreement.
  bool resynced = false;
  while (true) {
    std::int64_t buf[2] = {clock_.now(), any_late ? 1 : 0};
    mpi_check(MPI_Allreduce(MPI_IN_PLACE, buf, 2, MPI_INT64_T, MPI_MAX, world_), "MPI_Allreduce");
    if (!resynced) update_margin(buf[1] != 0);
    if (!resynced && clock_.resync_if_due(buf[0])) {
      resynced = true;
      any_late = false;
      continue;
    }
    if (opts_.sync == StartSync::kBarrier) {
      // The papers' protocol: two barriers, then every rank starts its compute phase at once.
      mpi_check(MPI_Barrier(world_), "MPI_Barrier");
      mpi_check(MPI_Barrier(world_), "MPI_Barrier");
      return clock_.now();
    }
    return buf[0] + margin_ns_;
  }
}

results::CaseRecord CaseRunner::run(const Case& c, const Tick& tick) {
  failure_.clear();
  Comm intercomm;
  MPI_Comm alg_comm = world_;
  if (c.collective->intergroup) {
    const int p = opts_.groups_p > 0 ? opts_.groups_p : default_groups(size_).p;
    intercomm = make_intergroup(world_, p, size_ - p);
    alg_comm = intercomm.get();
  }
  const OpInfo& op = c.op ? *c.op : op_table().front();
  Workload workload(*c.collective, alg_comm, c.root, *c.dtype, op, c.count);
  std::unique_ptr<Algorithm> alg = make_algorithm(*c.algorithm, c.alg_options);
  // One PAT runtime (thread + communicator) per case, declared after the algorithm so that it
  // stops before the algorithm it calls back into is destroyed. Algorithms without needs_pat get
  // one too with --bg-thread on, for prediction and the allgather only (no background work and
  // no Args::pat), so that every algorithm carries the same monitoring overhead.
  std::unique_ptr<PatRuntime> pat;
  Args args = workload.args();
  if (c.algorithm->needs_pat) {
    pat = std::make_unique<PatRuntime>(
        alg_comm, [this] { return clock_.now(); }, opts_.pat_source);
    args.pat = pat.get();
  } else if (monitors_baseline(c, opts_)) {
    // Intergroup algorithms run on an intercommunicator, whose allgather means something else;
    // the monitor exchanges over all ranks instead.
    try {
      pat = std::make_unique<PatRuntime>(
          c.collective->intergroup ? world_ : alg_comm, [this] { return clock_.now(); },
          opts_.pat_source);
    } catch (const UsageError& e) {
      throw UsageError(fmt::format(
          "--bg-thread: this run gives the baselines the PAT monitoring thread (on, or auto with "
          "a PAT algorithm in the run), and {}; pass --bg-thread off",
          e.what()));
    }
  }
  alg->prepare(args);

  const std::unique_ptr<ArrivalPattern> pattern =
      make_pattern(c.pattern, PatternContext{size_, c.root, c.maxdelay_ns, opts_.seed});
  CounterSet counters(opts_.counters, opts_.counters_domain);
  const std::size_t n_events = counters.available().size();
  const bool count_compute = opts_.counters_scope != CounterScope::kCall;
  const bool count_call = opts_.counters_scope != CounterScope::kCompute;
  const std::int64_t xtime = pattern->xtime();
  XtimeLoop loop;
  // Where the loop's checksum goes, so the loop is observably used.
  volatile std::uint64_t loop_sink = 0;

  const int iters = opts_.iters;
  std::vector<std::int64_t> arrival(iters), exit(iters), planned_delay(iters),
      planned_arrival(iters), late(iters), predicted(iters);
  std::vector<std::vector<std::int64_t>> counter_values(n_events, std::vector<std::int64_t>(iters));
  std::vector<std::vector<std::int64_t>> compute_values(count_compute ? n_events : 0,
                                                        std::vector<std::int64_t>(iters));
  std::vector<std::int64_t> scratch(n_events), compute_scratch(n_events);
  // Algorithm-specific values (Algorithm::iteration_metrics), by name, per timed iteration.
  std::vector<std::string> metric_names;
  std::vector<std::vector<std::int64_t>> metric_values;
  int failures = 0;
  bool prev_late = false;

  const int total = opts_.warmup + iters;
  for (int step = 0; step < total; ++step) {
    const int it = step - opts_.warmup;  // negative: warm-up
    const bool validate = step == 0 || it == 0 ||
                          (opts_.validate_every > 0 && it > 0 && it % opts_.validate_every == 0);
    if (validate) workload.reset();

    const std::int64_t t0 = agree_start(prev_late);
    const std::int64_t delay = pattern->delay_ns(it, rank_);
    const std::int64_t planned = t0 + c.compute_ns + delay;
    // A rank with a later deadline and nothing to do at T0 sleeps straight through it: were
    // every rank to spin at T0, an oversubscribed machine would hand the cores to ranks not yet
    // due and make the ranks due at T0 arrive late (a replayed spread then shrinks).
    const bool busy_at_t0 = xtime > 0 || count_compute || planned <= t0 || pat != nullptr;
    const std::int64_t entry = clock_.now();
    const WaitResult start =
        busy_at_t0 ? wait_until(clock_, t0) : WaitResult{std::max<std::int64_t>(0, entry - t0), 0};
    if (count_compute) counters.start();
    // compute:XTIME: every rank runs the same loop from the agreed start; whatever spread the
    // machine adds to it is the arrival pattern (Parsons Listing 3.2). Its delay is 0, so the
    // wait below has normally passed already (unless --compute asks for a longer phase).
    if (pat) {
      // The design's PAT protocol: processing starts at T0, the edge is half the compute phase
      // (half the loop, or T0 + c_i/2), processing ends at the planned arrival.
      pat->processing_start();
      pat->set_oracle_arrival(planned);
      if (xtime > 0) loop_sink = loop_sink + loop.run(xtime / 2);
      wait_until(clock_, t0 + (planned - t0) / 2);
      pat->edge(0.5);
      if (xtime > 0) loop_sink = loop_sink + loop.run(xtime - xtime / 2);
    } else if (xtime > 0) {
      loop_sink = loop_sink + loop.run(xtime);
    }
    wait_until(clock_, planned);
    if (pat) pat->processing_end();
    if (count_compute) counters.stop(compute_scratch);

    if (count_call) counters.start();
    const std::int64_t a = clock_.now();
    alg->run(args);
    const std::int64_t f = clock_.now();
    if (count_call) counters.stop(scratch);

    const bool was_late = opts_.sync == StartSync::kWindow && start.late_at_entry_ns > 0;
    prev_late = was_late;
    if (validate) {
      std::string why;
      if (!workload.check(&why)) {
        ++failures;
        if (failure_.empty()) failure_ = fmt::format("iteration {}: {}", it, why);
      }
    }
    if (it >= 0) {
      arrival[it] = a;
      exit[it] = f;
      planned_delay[it] = delay;
      planned_arrival[it] = planned;
      late[it] = was_late ? 1 : 0;
      if (pat) predicted[it] = pat->own_prediction();
      for (AlgMetric& m : alg->iteration_metrics()) {
        auto at = std::find(metric_names.begin(), metric_names.end(), m.name);
        if (at == metric_names.end()) {
          metric_names.push_back(std::move(m.name));
          metric_values.emplace_back(iters, 0);
          at = metric_names.end() - 1;
        }
        metric_values[static_cast<std::size_t>(at - metric_names.begin())][it] = m.value;
      }
      if (count_call) {
        for (std::size_t e = 0; e < n_events; ++e) counter_values[e][it] = scratch[e];
      }
      for (std::size_t e = 0; e < compute_values.size(); ++e) {
        compute_values[e][it] = compute_scratch[e];
      }
    }
    if (rank_ == 0 && tick) tick(step + 1, total);
  }

  int total_failures = 0;
  mpi_check(MPI_Allreduce(&failures, &total_failures, 1, MPI_INT, MPI_SUM, world_),
            "MPI_Allreduce");
  // Ranks of one job normally see the same events; if not, none are kept rather than misalign.
  int ev[2] = {static_cast<int>(n_events), -static_cast<int>(n_events)};
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, ev, 2, MPI_INT, MPI_MAX, world_), "MPI_Allreduce");
  const bool counters_agree = ev[0] == -ev[1];
  // Every rank runs the same algorithm, so the names agree; the check only keeps a broken
  // algorithm from misaligning the gathers.
  int nm[2] = {static_cast<int>(metric_names.size()), -static_cast<int>(metric_names.size())};
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, nm, 2, MPI_INT, MPI_MAX, world_), "MPI_Allreduce");
  const bool metrics_agree = nm[0] == -nm[1];

  results::CaseRecord rec = describe_case(c, opts_, size_);
  rec.validated = total_failures == 0 ? "pass" : "fail";
  rec.arrival_ns = gather_matrix(arrival, iters, size_, world_);
  rec.exit_ns = gather_matrix(exit, iters, size_, world_);
  rec.planned_delay_ns = gather_matrix(planned_delay, iters, size_, world_);
  rec.planned_arrival_ns = gather_matrix(planned_arrival, iters, size_, world_);
  results::Matrix late_m = gather_matrix(late, iters, size_, world_);
  if (pat) rec.predicted_arrival_ns = gather_matrix(predicted, iters, size_, world_);
  for (std::size_t i = 0; metrics_agree && i < metric_names.size(); ++i) {
    results::Matrix m = gather_matrix(metric_values[i], iters, size_, world_);
    if (rank_ == 0) rec.metrics.emplace(metric_names[i], std::move(m));
  }
  if (counters_agree) {
    for (std::size_t e = 0; e < n_events && count_call; ++e) {
      results::Matrix m = gather_matrix(counter_values[e], iters, size_, world_);
      if (rank_ == 0) rec.counters.emplace(counters.available()[e], std::move(m));
    }
    for (std::size_t e = 0; e < compute_values.size(); ++e) {
      results::Matrix m = gather_matrix(compute_values[e], iters, size_, world_);
      if (rank_ == 0) {
        rec.counters.emplace(counters.available()[e] + std::string(kComputeScopeSuffix),
                             std::move(m));
      }
    }
    rec.counters_unavailable = counters.unavailable();
  } else {
    for (const auto& name : opts_.counters) {
      rec.counters_unavailable.push_back(name + ": not available on every rank");
    }
  }
  if (rank_ == 0) {
    rec.late.resize(static_cast<std::size_t>(iters));
    for (int it = 0; it < iters; ++it) {
      bool any = false;
      for (int r = 0; r < size_; ++r) any |= late_m.at(it, r) != 0;
      rec.late[static_cast<std::size_t>(it)] = any ? 1 : 0;
    }
    rec.complete = true;
  }
  return rec;
}

}  // namespace papbench
