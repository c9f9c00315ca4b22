#include "bench/run/case_runner.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "bench/run/call_watchdog.hpp"
#include "bench/run/case_setup.hpp"
#include "bench/run/iteration_log.hpp"
#include "bench/run/output_reference.hpp"
#include "bench/run/warmup_settle.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "common/mpi_env.hpp"
#include "common/smpi_platform.hpp"
#include "common/units.hpp"
#include "imbalance/tick_grid.hpp"
#include "results/arrival_error.hpp"
#include "results/median_ci.hpp"

namespace papbench {
namespace {

constexpr std::int64_t kMaxMarginNs = 1'000'000'000;
// After this many iterations in which every rank made the agreed start, the margin halves again.
constexpr int kShrinkAfter = 16;

// Where every rank has a CPU of its own, the margin halves below --margin down to this: the
// agreement's allreduce leaves the ranks microseconds apart, and a rank that spins for a whole
// millisecond meets the call colder than one that spun briefly (2 ranks, 8 B reduce: root's
// elapsed 0.47 us after a 20 or 100 us spin, as after --sync barrier, 1.5 us after 1 ms).
constexpr std::int64_t kOwnCpuMarginFloorNs = 50'000;

// The tick grids are measured once per run by a spin this long (10 ticks at HZ=250, 5 at 100).
constexpr std::int64_t kTickCalibrationNs = 50'000'000;
// An agreed start is kept this far before a tick's stall begins (the arrival reading and a short
// call before it) and this far after (the stall: 16-30 us on the issue-30 VM, p5-p50).
constexpr std::int64_t kTickBeforeNs = 5'000;
constexpr std::int64_t kTickAfterNs = 50'000;
// The ranks' tick phases (on the global clock) must agree within this for the start to avoid
// them: the ranks of one host share one grid, up to the clock sync's error.
constexpr std::int64_t kTickPhaseSpreadNs = 10'000;

// One grid's fields of the reduced agreement (CaseRunner::fill_agreement: period, -period, then
// the phase and the phase turned half a period, each as x and -x): whether every rank has the grid
// and their phases agree, and if so where its stalls begin on the global clock.
struct AgreedGrid {
  enum class State { kNone, kSomeRanks, kApart, kShared };
  State state = State::kNone;
  std::int64_t period_ns = 0;
  std::int64_t phase_lo_ns = 0, phase_hi_ns = 0;  // kShared only
  std::int64_t spread_ns = 0;                     // of the ranks' phases (kApart, kShared)
};
AgreedGrid agreed_grid(const std::int64_t* f) {
  const std::int64_t period = f[0];
  if (period <= 0) return {};                                   // no rank has it
  if (-f[1] != period) return {AgreedGrid::State::kSomeRanks};  // some rank has none
  if (f[2] + f[3] <= kTickPhaseSpreadNs) {
    return {AgreedGrid::State::kShared, period, -f[3], f[2], f[2] + f[3]};
  }
  if (f[4] + f[5] <= kTickPhaseSpreadNs) {
    return {AgreedGrid::State::kShared, period, -f[5] - period / 2, f[4] - period / 2, f[4] + f[5]};
  }
  // Hosts with ticks apart: no single stretch to avoid.
  return {AgreedGrid::State::kApart, period, 0, 0, std::min(f[2] + f[3], f[4] + f[5])};
}

// How many ranks of `world` share this rank's host (collective).
int ranks_on_host(MPI_Comm world) {
  MPI_Comm host = MPI_COMM_NULL;
  mpi_check(MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host),
            "MPI_Comm_split_type");
  const Comm owned(host);
  return owned.size();
}

// Whether every rank of every host has a CPU of its own, the same on every rank (collective).
bool agreed_own_cpus(MPI_Comm world, int host_ranks, int cpus) {
  int own = start_spin_ns(host_ranks, cpus) == kSpinWholeWait ? 1 : 0;
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &own, 1, MPI_INT, MPI_MIN, world), "MPI_Allreduce");
  return own != 0;
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
  rec.sync_mode = std::string(start_sync_name(c.sync));
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
    // The setting first: it names the shape that the params after it spell out.
    if (c.setting != nullptr) params.push_back(fmt::format("setting={}", c.setting->name));
    const int p = case_groups_p(c, ranks);
    params.push_back(fmt::format("groups={}:{}", p, ranks - p));
    params.push_back(fmt::format("placement={}", placement_name(opts.placement)));
    params.push_back(fmt::format("ka-factor={:g}", c.shape.ka));
    params.push_back(fmt::format("kb-factor={:g}", c.shape.kb));
    if (c.collective->name == "intergroup_allgatherv") {
      params.push_back(fmt::format("dist={}", block_dist_name(c.shape.dist)));
    }
  }
  // [Parsons2015] §2.5's alltoallv blocks (--dist every-other); the tests' blocks say nothing.
  if (c.collective->name == "alltoallv" && c.shape.dist == BlockDist::kEveryOther) {
    params.push_back(fmt::format("dist={}", block_dist_name(c.shape.dist)));
  }
  if (c.algorithm->needs_pat) {
    params.push_back(fmt::format("pat-source={}", pat_source_name(opts.pat_source)));
  } else if (monitors_baseline(c, opts)) {
    // Only the exception is spelt out: a baseline without the thread is measured as it always
    // was (and as OSU or IMB measure it), so its params, and its match key, stay as before.
    params.push_back("bg-thread=on");
  }
  const AlgOptions resolved = resolve_options(*c.algorithm, c.alg_options);
  for (std::string& p : effective_params(*c.algorithm, resolved, c.count, c.dtype->size, ranks)) {
    params.push_back(std::move(p));
  }
  // So that nobody mistakes such a case for an MPI collective: its result is read through the
  // algorithm's own memory and the receive buffer stays poisoned (Algorithm::result_view).
  if (c.algorithm->result_outside_recv != nullptr && c.algorithm->result_outside_recv(resolved)) {
    params.push_back("mpi-semantics=no");
  }
  rec.params = fmt::format("{}", fmt::join(params, ","));
  return rec;
}

CaseRunner::CaseRunner(const RunOptions& opts, clocksync::GlobalClock& clock, MPI_Comm world,
                       CallWatchdog* watchdog)
    : opts_(opts),
      clock_(clock),
      world_(world),
      watchdog_(watchdog),
      rank_(comm_rank(world)),
      size_(comm_size(world)),
      margin_ns_(opts.margin_ns),
      host_ranks_(ranks_on_host(world)),
      cpus_(static_cast<int>(std::thread::hardware_concurrency())),
      // Simulated ranks (SMPI) never compete for a host CPU: their time is the simulation's.
      own_cpus_(smpi::kSimulated || agreed_own_cpus(world, host_ranks_, cpus_)),
      // kOwnCpuMarginFloorNs (or --margin if lower) only where every rank has a CPU of its own.
      margin_floor_ns_(own_cpus_ ? std::min(opts.margin_ns, kOwnCpuMarginFloorNs)
                                 : opts.margin_ns) {
  // Only where ranks spin through the wait on CPUs of their own: elsewhere the scheduler, not
  // the tick, decides when a rank runs. Every rank measures at once, on its own CPU.
  // Under SMPI no kernel ticks: the simulated clock has no stalls (and a spin on it never ends).
  if (opts.has_window_start() && own_cpus_ && !smpi::kSimulated) {
    ticks_ = measure_tick_grids(kTickCalibrationNs);
  }
}

// One case of a group in progress. Its setup lives until the group ends: all of a group's
// buffers exist at once (bench/run/run_order.hpp bounds a group to the cases of one workload).
struct CaseRunner::Member {
  const Case* c = nullptr;
  std::int64_t call_timeout_ns = 0;
  // results/arrival_error.hpp: --arrival-tolerance resolved for the case (off or a duration)
  results::ArrivalTolerance arrival_tolerance = results::ArrivalTolerance::off();
  // The start waits' spin (start_spin_ns): the whole wait where every rank of the host and its PAT
  // thread have a CPU of their own, else (or, for the rest of the case, once such a spin was
  // preempted: spin_after_wait) the last kDefaultSpinNs.
  std::int64_t start_spin_ns = kDefaultSpinNs;
  ArrivalAim aim;  // its exit path, learnt from its own iterations (warm-up too)
  std::optional<CaseSetup> setup;
  std::optional<IterationLog> log;
  // --buffers warm: the first verified output, against which later checks compare first.
  std::optional<OutputReference> reference;
  std::vector<double> warm;  // the --ci-metric of each warm-up iteration (--warmup-settle)
  std::vector<double> kept;  // ... of the timed iterations every rank arrived as planned in
  int timed = 0;
  std::string failure;
};

void CaseRunner::update_margin(bool any_late) {
  // Every rank sees the same any_late (it comes out of an allreduce), so margins stay identical.
  if (any_late) {
    margin_ns_ = std::min(kMaxMarginNs, std::max<std::int64_t>(2 * margin_ns_, 100'000));
    on_time_streak_ = 0;
  } else if (++on_time_streak_ >= kShrinkAfter) {
    margin_ns_ = std::max(margin_floor_ns_, margin_ns_ / 2);
    on_time_streak_ = 0;
  }
}

std::int64_t CaseRunner::agree_start(int it, bool any_late, const Member& m) {
  // The agreement is an allreduce of "now" outside any timing: the start lies `margin` after the
  // latest rank's now, so every rank can reach it; a resync (collective, identical decision from
  // the reduced time) happens here and is followed by a fresh agreement. Each is a phase of the
  // watchdog: a rank stopped before it left the others waiting here unseen (issue 31).
  using Phase = CallWatchdog::Phase;
  bool resynced = false;
  while (true) {
    std::int64_t buf[kAgreementFields];
    fill_agreement(buf, any_late);
    {
      // The first allreduce waits for every rank's refill of its buffers (and check of the last
      // call), which the call's limit knows nothing of; after a resync every rank is there.
      const PhaseWatch watch(
          watchdog_, Phase::kStartAgreement, it,
          resynced ? m.call_timeout_ns
                   : start_agreement_timeout_ns(m.call_timeout_ns, group_fill_bytes_));
      mpi_check(MPI_Allreduce(MPI_IN_PLACE, buf, kAgreementFields, MPI_INT64_T, MPI_MAX, world_),
                "MPI_Allreduce");
    }
    // Only window starts can be missed, so only they move the margin: a barrier case's turns
    // between them (--sync window,barrier) neither shrink it nor drop a window start's miss.
    if (!resynced && m.c->sync == StartSync::kWindow) update_margin(buf[1] != 0);
    if (!resynced) {
      // Watched whether or not one is due (resync_if_due decides, alike on every rank): when
      // none is, the phase costs a lock and two stores, no message.
      const PhaseWatch watch(watchdog_, Phase::kResync, it, m.call_timeout_ns);
      if (clock_.resync_if_due(buf[0])) {
        resynced = true;
        any_late = false;
        continue;
      }
    }
    if (m.c->sync == StartSync::kBarrier) {
      // The papers' protocol: two barriers, then every rank starts its compute phase at once.
      const PhaseWatch watch(watchdog_, Phase::kStartAgreement, it, m.call_timeout_ns);
      mpi_check(MPI_Barrier(world_), "MPI_Barrier");
      mpi_check(MPI_Barrier(world_), "MPI_Barrier");
      return clock_.now();
    }
    // Where the ranks share a tick grid, the start is moved off its stalls (tick_grid.hpp).
    return clear_of_agreed_ticks(buf, buf[0] + margin_ns_);
  }
}

// The agreement's allreduce (MAX) carries each rank's "now", "missed the last start" and, for
// each tick grid, its period and the phase of its stalls on the global clock, both as measured
// and turned half a period (so that phases on either side of 0 still reduce to a narrow range),
// each with its negation (MAX of -x is -min x). A rank without that grid sends period 0.
void CaseRunner::fill_agreement(std::int64_t (&buf)[kAgreementFields], bool any_late) const {
  const std::int64_t now = clock_.now();
  buf[0] = now;
  buf[1] = any_late ? 1 : 0;
  // Stalls begin at monotonic phase_ns (mod period); on the global clock `now - mono` later.
  const std::int64_t to_global = now - monotonic_now_ns();
  for (std::size_t g = 0; g < kMaxTickGrids; ++g) {
    const TickGrid& grid = ticks_.grids[g];
    const std::int64_t period = grid.period_ns;
    const std::int64_t a = grid.known() ? tick_phase_of(to_global + grid.phase_ns, period) : 0;
    const std::int64_t b = grid.known() ? tick_phase_of(a + period / 2, period) : 0;
    const std::int64_t fields[kTickFields] = {period, -period, a, -a, b, -b};
    std::copy(std::begin(fields), std::end(fields), buf + 2 + kTickFields * g);
  }
}

// `start` moved past the stalls of every grid all ranks share (one host; or hosts whose ticks
// happen to coincide), identically on every rank: every value comes out of the allreduce.
std::int64_t CaseRunner::clear_of_agreed_ticks(const std::int64_t (&buf)[kAgreementFields],
                                               std::int64_t start) const {
  std::int64_t moved = start;
  // A move past one grid's stall may land in the other's: twice round settles both.
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t g = 0; g < kMaxTickGrids; ++g) {
      const AgreedGrid grid = agreed_grid(buf + 2 + kTickFields * g);
      if (grid.state != AgreedGrid::State::kShared) continue;
      moved = clear_of_ticks(moved, grid.period_ns, grid.phase_lo_ns, grid.phase_hi_ns,
                             kTickBeforeNs, kTickAfterNs);
    }
  }
  return moved;
}

std::string CaseRunner::describe_start_ticks() {
  if (!opts_.has_window_start()) {
    return "not measured: no window start";
  }
  if (smpi::kSimulated) {
    return "not measured: simulated (SMPI), a clock without kernel ticks";
  }
  if (!own_cpus_) {
    return "not measured: ranks share CPUs, so the scheduler, not the tick, decides when a rank "
           "runs";
  }
  // The agreement's own fields, reduced as every start reduces them: what is described is what
  // clear_of_agreed_ticks does with them.
  std::int64_t buf[kAgreementFields];
  fill_agreement(buf, false);
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, buf, kAgreementFields, MPI_INT64_T, MPI_MAX, world_),
            "MPI_Allreduce");
  std::vector<std::string> avoided, not_avoided;
  for (std::size_t g = 0; g < kMaxTickGrids; ++g) {
    const AgreedGrid grid = agreed_grid(buf + 2 + kTickFields * g);
    const std::string period = format_duration(static_cast<double>(kTickPeriods[g]));
    const std::string spread = format_duration(static_cast<double>(grid.spread_ns));
    switch (grid.state) {
      case AgreedGrid::State::kNone:
        break;
      case AgreedGrid::State::kSomeRanks:
        not_avoided.push_back(period + " (found on some ranks only)");
        break;
      case AgreedGrid::State::kApart:
        not_avoided.push_back(fmt::format("{} (phases {} apart)", period, spread));
        break;
      case AgreedGrid::State::kShared:
        avoided.push_back(fmt::format("{} (every rank, phases within {})", period, spread));
        break;
    }
  }
  std::string text = avoided.empty()
                         ? std::string("no shared tick grid")
                         : fmt::format("kept {} before to {} after the ticks of {}",
                                       format_duration(static_cast<double>(kTickBeforeNs)),
                                       format_duration(static_cast<double>(kTickAfterNs)),
                                       fmt::join(avoided, ", "));
  if (!not_avoided.empty()) text += fmt::format("; not avoided: {}", fmt::join(not_avoided, ", "));
  if (avoided.empty() && not_avoided.empty()) {
    text += fmt::format(" (none found in a {} calibration spin)",
                        format_duration(static_cast<double>(kTickCalibrationNs)));
  }
  return text;
}

void CaseRunner::start(Member& m) {
  const Case& c = *m.c;
  {
    // Filling the buffers takes time in proportion to them, which the call's limit ignores.
    const PhaseWatch watch(watchdog_, CallWatchdog::Phase::kSetup, -opts_.warmup,
                           case_setup_timeout_ns(c.node_fill_bytes));
    m.setup.emplace(c, opts_, clock_, world_);
  }
  const CaseSetup& s = *m.setup;
  // A PAT runtime's thread wants a CPU of its own as well.
  m.start_spin_ns = start_spin_ns(host_ranks_ * (s.pat != nullptr ? 2 : 1), cpus_);
  m.call_timeout_ns =
      case_call_timeout_ns(opts_.call_timeout, s.pattern->max_delay_ns(), s.compute_ns);
  // The planned delay span: every pattern's smallest delay is 0 or the same on every rank.
  m.arrival_tolerance = opts_.arrival_tolerance.resolved(
      [&] { return results::default_arrival_tolerance_ns(s.pattern->max_delay_ns()); });
  m.log.emplace(opts_.iters, s.counters->available().size(), s.count_call, s.count_compute,
                s.pat != nullptr);
  if (opts_.buffers == BufferMode::kWarm) {
    m.reference.emplace(checked_blocks(*c.collective, s.alg_comm, c.root, c.count, c.shape),
                        c.dtype->size);
  }
}

double CaseRunner::ci_value(const Settled& done) const {
  return static_cast<double>(opts_.ci_metric == CiMetric::kRunTime ? done.run_time_ns
                                                                   : done.after_last_ns);
}

std::vector<CaseRunner::CaseResult> CaseRunner::run_group(std::span<const Case* const> cases,
                                                          RunOrder order, std::size_t group,
                                                          const Tick& tick,
                                                          const BeforeTurn& before_turn) {
  // Every case is set up, in case order, before any of them runs an iteration.
  std::vector<Member> members(cases.size());
  group_timeout_ns_ = 0;
  group_fill_bytes_ = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    members[i].c = cases[i];
    group_fill_bytes_ = std::max(group_fill_bytes_, cases[i]->node_fill_bytes);
    if (before_turn) before_turn(i);
    start(members[i]);
    group_timeout_ns_ = std::max(group_timeout_ns_, members[i].call_timeout_ns);
  }
  RoundRobin turns(cases.size(), order, opts_.seed, group);
  prev_late_ = false;
  const int planned = static_cast<int>(cases.size()) * (opts_.warmup + opts_.iters);
  int steps = 0;
  // One iteration of one member; the margin adapts to the iteration before it, whichever case
  // that was, since the machine it describes is the same.
  auto turn = [&](std::size_t i, int it, bool validate) {
    Member& m = members[i];
    if (before_turn) before_turn(i);
    const Settled done = iteration(m, it, validate, prev_late_);
    if (m.c->sync == StartSync::kWindow) prev_late_ = done.own_late;
    ++steps;
    if (rank_ == 0 && tick) tick(steps, std::max(planned, steps));
    return done;
  };

  // Warm-up rounds: the --warmup ones (iterations -warmup .. -1, as before), then, with
  // --warmup-settle, more (iterations -warmup-1, -warmup-2, ...) until every case has settled.
  // The first is checked, the others not.
  std::int64_t round = 0;
  int w = 0;
  for (; w < opts_.warmup_max(); ++w, ++round) {
    if (w >= opts_.warmup && all_settled(members, w)) break;
    const int it = w < opts_.warmup ? w - opts_.warmup : -(w + 1);
    for (std::size_t i : turns.round(round))
      members[i].warm.push_back(ci_value(turn(i, it, w == 0)));
  }
  warmup_run_ = w;

  // The same validation schedule for every case, so that two algorithms of a run are never
  // measured under different harness load.
  const int every = opts_.validate_every;
  for (int it = 0; it < opts_.iters && !turns.done(); ++it, ++round) {
    const bool validate = it == 0 || (every > 0 && it % every == 0);
    for (std::size_t i : turns.round(round)) {
      const Settled done = turn(i, it, validate);
      Member& m = members[i];
      m.timed = it + 1;
      if (done.any_off_plan) continue;
      m.kept.push_back(ci_value(done));
      if (precise_enough(m.kept, it, m.call_timeout_ns)) turns.drop(i);  // the others go on
    }
  }

  std::vector<CaseResult> out;
  for (std::size_t i = 0; i < members.size(); ++i) {
    Member& m = members[i];
    if (before_turn) before_turn(i);
    m.log->truncate(m.timed);
    results::CaseRecord rec = describe_case(*m.c, opts_, size_);
    rec.iterations = m.timed;
    rec.warmup = warmup_run_;
    rec.arrival_tolerance = m.arrival_tolerance;
    {
      const PhaseWatch watch(watchdog_, CallWatchdog::Phase::kGather, m.timed - 1,
                             m.call_timeout_ns);
      m.log->gather_into(rec, *m.setup->counters, opts_.counters, world_);
    }
    out.push_back({std::move(rec), std::move(m.failure)});
  }
  return out;
}

// --warmup-settle: whether every case's warm-up has settled (bench/run/warmup_settle.hpp); always
// when off. Every rank holds the same values; rank 0 decides and tells the others, as
// precise_enough does.
bool CaseRunner::all_settled(std::span<const Member> members, int it) {
  const std::optional<WarmupSettle> rule = opts_.warmup_settle.value();
  if (!rule) return true;
  bool settled = true;
  if (rank_ == 0) {
    for (const Member& m : members) settled = settled && warmup_settled(m.warm, rule->eps);
  }
  return rank0_decides(settled, -it - 1, group_timeout_ns_);
}

// Rank 0's decision, handed to every rank outside the timed region (the watchdog's stop vote),
// so that floating point can never split the ranks.
bool CaseRunner::rank0_decides(bool decision, int it, std::int64_t timeout_ns) {
  int flag = decision ? 1 : 0;
  const PhaseWatch watch(watchdog_, CallWatchdog::Phase::kStopVote, it, timeout_ns);
  mpi_check(MPI_Bcast(&flag, 1, MPI_INT, 0, world_), "MPI_Bcast");
  return flag != 0;
}

// --reps-until-ci: [Nuriyev2022] §6.1 repeats "until the sample mean lies in the 95% confidence
// interval and a precision of 0.025 has been achieved" on the root's own time, with a t interval
// that assumes independent calls. Here it is the reported metric of the kept iterations, and a
// CI of their median that allows for autocorrelated iterations and outliers
// (results/median_ci.hpp). Every rank holds the same series; rank 0 decides and tells the others,
// outside the timed region, so that floating point can never split the ranks.
bool CaseRunner::precise_enough(const std::vector<double>& kept, int it, std::int64_t timeout_ns) {
  const auto min_n = static_cast<std::size_t>(opts_.min_iters);
  const std::optional<double> eps = opts_.reps_until_ci.value();
  if (!eps || kept.size() < min_n) return false;
  const bool stop = rank_ == 0 && stats::median_precise_enough(kept, *eps, min_n);
  return rank0_decides(stop, it, timeout_ns);
}

// Every rank passes this point only once every rank has left the call, so that what follows (the
// check, the re-fill, the next agreement) never runs inside another rank's timed region: a rank
// that checked its output while a dynamic leader was still in the call took the leader's core.
// The allreduce that synchronizes also hands every rank the iteration's span.
CaseRunner::Settled CaseRunner::settle(int it, std::int64_t a, std::int64_t f, bool late,
                                       bool off_plan, std::int64_t timeout_ns) {
  std::int64_t buf[4] = {a, f, -a, off_plan ? 1 : 0};
  const PhaseWatch watch(watchdog_, CallWatchdog::Phase::kSettle, it, timeout_ns);
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, buf, 4, MPI_INT64_T, MPI_MAX, world_), "MPI_Allreduce");
  return {.own_late = late,
          .any_off_plan = buf[3] != 0,
          .after_last_ns = buf[1] - buf[0],
          .run_time_ns = buf[1] + buf[2]};
}

// One iteration (`it` < 0: warm-up), the way ReproMPI's loop reads: agree on a start, run the
// compute phase to the planned arrival, time the call, wait for every rank to leave it, check
// and record.
CaseRunner::Settled CaseRunner::iteration(Member& m, int it, bool validate, bool prev_late) {
  CaseSetup& s = *m.setup;
  IterationLog& log = *m.log;
  // --buffers cold: every iteration, checked or not, the input is written and the output
  // poisoned before each call alike, so the caches the call meets do not depend on whether the
  // last one was checked. --buffers warm: the buffers stay as the last call left them (the input
  // is never overwritten: MPI leaves send buffers and the bcast root's buffer alone, and a call
  // that wrote them anyway fails the next check); a checked call finds the ends of its output
  // blocks poisoned, a few cache lines, so that it cannot pass on the last call's output.
  // Not under the call's limit: the others wait for it in the start agreement, whose limit
  // allows for it (start_agreement_timeout_ns).
  if (opts_.buffers == BufferMode::kCold) {
    s.workload->reset();
  } else if (validate) {
    s.workload->poison_block_ends();
  }
  const std::int64_t t0 = agree_start(it, prev_late, m);
  const std::int64_t delay = s.pattern->delay_ns(it, rank_);
  const std::int64_t planned = t0 + s.compute_ns + delay;
  // The last spin ends the exit path's lead before the planned arrival (arrival_aim.hpp), so
  // that a_i lands on it; compute:XTIME plans no arrival, only the loop's start.
  const std::int64_t aimed = s.xtime > 0 ? planned : planned - m.aim.lead_ns();
  // Armed before the compute phase, where a wake-up of its thread costs no timing.
  if (watchdog_) watchdog_->arm(it, planned - clock_.now(), m.call_timeout_ns);
  // compute_phase makes the watchdog's arrive() store before its last wait.
  const StartWaits waits = compute_phase(m, t0, planned, aimed);
  const WaitResult& start = waits.start;

  // PAPI_start lies between the planned arrival and a_i; its cost is stored with the case
  // (counter_costs start_ns). Starting earlier would count the wait for the planned arrival.
  if (s.count_call) s.counters->start();
  // Only raw readings around the call: their global times, clock bounds and slew are functions
  // of those instants, computed after the timed region (the exit's read inline, as now() did).
  s.args.replayed_compute_ns = s.pattern->overlap_compute_ns(it, rank_);
  const std::int64_t a_local = clock_.local_now();
  s.alg->run(s.args);
  const std::int64_t f_raw = clocksync::raw_now_ns();
  if (s.count_call) s.counters->stop(log.call_counts());
  if (watchdog_) watchdog_->leave();
  const std::int64_t f_local = clock_.local().from_raw(f_raw);
  const std::int64_t a = clock_.to_global(a_local);
  const std::int64_t f = clock_.to_global(f_local);

  // A missed start only grows the next agreement's margin; what decides whether the iteration
  // counts is the arrival error. compute:XTIME plans no arrival, only the loop's start at T0.
  const bool late = m.c->sync == StartSync::kWindow && start.late_at_entry_ns > 0;
  const std::int64_t arrival_error = s.xtime > 0 ? start.late_at_entry_ns : a - planned;
  const bool off_plan = results::beyond_arrival_tolerance(arrival_error, m.arrival_tolerance);
  // Every iteration, warm-up too: the thread must be idle before the next agreement may resync
  // the clock it reads.
  const PatRuntime::BusyTimes busy = s.pat ? s.pat->last_busy_times() : PatRuntime::BusyTimes{};
  const Settled done = settle(it, a, f, late, off_plan, m.call_timeout_ns);
  // Only an exit that spun up to its deadline says how long the path after the spin is.
  if (s.xtime == 0 && waits.arrival.late_at_entry_ns == 0) m.aim.record(a - aimed);
  if (validate) check_output(m, it);
  if (it >= 0) {
    const std::int64_t predicted = s.pat ? s.pat->own_prediction() : 0;
    log.record(
        it,
        {a, f, delay, planned, arrival_error, off_plan, predicted, clock_.error_bound_at(a_local),
         clock_.slew_at(a_local), clock_.interval_bound(a_local, f_local), busy},
        s.alg->iteration_metrics());
  }
  return done;
}

// From the agreed start T0 to the planned arrival: the compute loop (compute:XTIME), the PAT
// protocol's processing start, edge and end, and the counters of --counters-scope compute.
CaseRunner::StartWaits CaseRunner::compute_phase(Member& m, std::int64_t t0, std::int64_t planned,
                                                 std::int64_t aimed) {
  CaseSetup& s = *m.setup;
  // A rank with a later deadline and nothing to do at T0 sleeps straight through it: were
  // every rank to spin at T0, an oversubscribed machine would hand the cores to ranks not yet
  // due and make the ranks due at T0 arrive late (a replayed spread then shrinks).
  const bool busy_at_t0 = s.xtime > 0 || s.count_compute || aimed <= t0 || s.pat != nullptr;
  const std::int64_t entry = clock_.now();
  // With no compute phase planned (the arrival at T0), the wait for T0 is the arrival's spin.
  const std::int64_t start_at = std::min(t0, aimed);
  const WaitResult start = busy_at_t0 ? wait_until(clock_, start_at, m.start_spin_ns)
                                      : WaitResult{std::max<std::int64_t>(0, entry - t0), 0};
  if (s.count_compute) s.counters->start();
  // compute:XTIME: every rank runs the same loop from the agreed start; whatever spread the
  // machine adds to it is the arrival pattern ([Parsons2015] Listing 3.2). Its delay is 0, so the
  // wait below has normally passed already (unless --compute asks for a longer phase).
  if (s.pat) {
    // The PAT protocol (docs/ARCHITECTURE.md): processing starts at T0, the edge is half the
    // compute phase (half the loop, or T0 + c_i/2), processing ends at the planned arrival.
    s.pat->processing_start();
    s.pat->set_oracle_arrival(planned);
    if (s.xtime > 0) loop_sink_ = loop_sink_ + s.loop.run(s.xtime / 2);
    wait_until(clock_, t0 + (planned - t0) / 2, m.start_spin_ns);
    s.pat->edge(0.5);
    if (s.xtime > 0) loop_sink_ = loop_sink_ + s.loop.run(s.xtime - s.xtime / 2);
  } else if (s.xtime > 0) {
    loop_sink_ = loop_sink_ + s.loop.run(s.xtime);
  }
  // The watchdog's store before the last spin: after it, only the return to the call and the
  // arrival reading separate the spin's exit from a_i (it was a store into the shared window
  // between them, and its cache line may have gone cold over the wait).
  if (watchdog_) watchdog_->arrive();
  // A PAT runtime without a thread (PatProgress::kPolled) moves its exchange and background part
  // on from here, every kPatPollNs until they are done or the arrival is due. Under SMPI a poll
  // is one clock read and one simulated sleep: every clock read there is itself a simulated sleep
  // (smpi/wtime, 10 ns) and a call into the simulator, and wait_until's two more reads a poll
  // made the polls of a 200 ms compute phase most of a run's host time (docs/SIMULATION.md,
  // "Simulation cost").
  while (s.pat && s.pat->progress()) {
    const std::int64_t next = clock_.now() + kPatPollNs;
    if (next >= aimed) break;
    if constexpr (smpi::kSimulated) {
      smpi::sleep_ns(kPatPollNs);
    } else {
      wait_until(clock_, next, m.start_spin_ns);
    }
  }
  const WaitResult arrival = wait_until(clock_, aimed, m.start_spin_ns);
  // A spin through the wait that lost its CPU means load from outside the run: the rest of the
  // case sleeps first (spin_after_wait). A wait entered late never spun and says nothing.
  const auto spun = [](const WaitResult& w) { return w.late_at_entry_ns > 0 ? 0 : w.overshoot_ns; };
  m.start_spin_ns = spin_after_wait(m.start_spin_ns, std::max(spun(start), spun(arrival)));
  if (s.pat) s.pat->processing_end();
  if (s.count_compute) s.counters->stop(m.log->compute_counts());
  // The spin that ended at `aimed`: the last one, or T0's where that was the arrival.
  const bool t0_ended_it = start_at == aimed && arrival.late_at_entry_ns > 0;
  return {start, t0_ended_it ? start : arrival};
}

void CaseRunner::check_output(Member& m, int it) {
  const CaseSetup& s = *m.setup;
  std::string why;
  // Through the algorithm's view: the result of copyout=shared|cow lies outside Args::recv,
  // which then stays poisoned and is not checked (docs/ALGORITHMS.md, UHA).
  const void* result = s.alg->result_view(s.args);
  if (result == nullptr) result = s.args.recv;
  // --buffers warm: equal to the verified reference, or the full check decides (and its first
  // pass becomes the reference), bench/run/output_reference.hpp.
  if (m.reference && m.reference->matches(result)) {
    m.log->record_check(it, true);
    return;
  }
  const bool ok = s.workload->check(&why, result);
  if (ok && m.reference && !m.reference->kept()) m.reference->keep(result);
  m.log->record_check(it, ok);
  if (ok) return;
  if (m.failure.empty()) m.failure = fmt::format("iteration {}: {}", it, why);
}

}  // namespace papbench
