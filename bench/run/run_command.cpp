#include "bench/run/run_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <set>

#include "bench/run/call_watchdog.hpp"
#include "bench/run/case_matrix.hpp"
#include "bench/run/case_runner.hpp"
#include "bench/run/case_setup.hpp"
#include "bench/run/progress.hpp"
#include "bench/run/resume.hpp"
#include "bench/run/run_info.hpp"
#include "bench/run/run_order.hpp"
#include "bench/run/run_summary.hpp"
#include "bench/run/size_checks.hpp"
#include "clocksync/sync_check.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/smpi_support.hpp"
#include "common/error_output.hpp"
#include "common/mpi_env.hpp"
#include "common/smpi_platform.hpp"
#include "common/units.hpp"
#include "counters/counter_set.hpp"
#include "imbalance/arrival_pattern.hpp"
#include "papbench/version.hpp"
#include "results/result_set.hpp"

namespace papbench {
namespace {

// Each algorithm's own check that it can run here (AlgorithmInfo::preflight, e.g. a library that
// cannot be forced), before clock sync and before the result file exists. Every rank asks its
// own library, so all refuse alike.
void preflight_algorithms(const std::vector<Case>& cases) {
  std::set<std::pair<const AlgorithmInfo*, AlgOptions>> seen;
  for (const Case& c : cases) {
    if (!c.algorithm->preflight || !seen.insert({c.algorithm, c.alg_options}).second) continue;
    c.algorithm->preflight(resolve_options(*c.algorithm, c.alg_options));
  }
}

// Under SimGrid's SMPI, the algorithms and settings that cannot run simulated
// (collectives/core/smpi_support.hpp), refused before anything is measured.
void refuse_unsimulated(const std::vector<Case>& cases) {
  if (!smpi::kSimulated) return;
  for (const Case& c : cases) {
    if (auto why = smpi_refusal(*c.algorithm, resolve_options(*c.algorithm, c.alg_options))) {
      throw UsageError(
          fmt::format("--alg {}: not under SimGrid's SMPI: it {}", c.algorithm->full_name(), *why));
    }
  }
}

// Builds every pattern once before anything is measured, so a bad replay file fails fast on all
// ranks instead of in the middle of the run.
void check_patterns(const RunOptions& opts, MPI_Comm comm) {
  const int size = comm_size(comm);
  std::string error;
  try {
    std::set<std::string> seen;
    for (const auto& p : opts.patterns)
      for (int root : opts.roots)
        if (seen.insert(p + "@" + std::to_string(root)).second) {
          make_pattern(p, PatternContext{size, root, opts.maxdelays_ns.front(), opts.seed});
        }
  } catch (const UsageError& e) {
    error = e.what();
  }
  int bad = error.empty() ? 0 : 1;
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, comm), "MPI_Allreduce");
  if (bad) throw UsageError(error.empty() ? "--pattern: invalid on another rank" : error);
}

// --counters-strict: every rank tries the events before anything is measured: each must be
// countable in the requested domain, and the set must start and stop. Anything one rank cannot
// do stops the run with exit 2 on all of them.
void check_counters_strict(const RunOptions& opts, MPI_Comm comm) {
  if (!opts.counters_strict || opts.counters.empty()) return;
  CounterSet probe(opts.counters, opts.counters_domain);
  std::vector<std::int64_t> values(probe.available().size());
  probe.start();
  probe.stop(values);
  std::string error;
  if (!probe.unavailable().empty()) {
    error = fmt::format(
        "--counters-strict: event(s) not countable here: {} (see 'papbench counters' for what "
        "is; drop --counters-strict to record them as unavailable and run on)",
        fmt::join(probe.unavailable(), "; "));
  } else if (!probe.failure().empty()) {
    error = fmt::format("--counters-strict: the event set cannot be counted: {}", probe.failure());
  } else if (!probe.domain_as_requested()) {
    error = fmt::format(
        "--counters-domain: PAPI counts these events in domain '{}', not the one asked for{}; "
        "accepted: user, kernel, all (drop --counters-strict to record the granted domain)",
        probe.domain_granted(),
        probe.domain_refusal().empty() ? "" : fmt::format(" ({})", probe.domain_refusal()));
  }
  int bad = error.empty() ? 0 : 1;
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, comm), "MPI_Allreduce");
  if (bad) {
    throw UsageError(error.empty() ? "--counters-strict: an event is not countable on another rank"
                                   : error);
  }
}

// Every check a run makes before it synchronizes clocks or opens the result file, so that a
// usage error (exit 2 on every rank) leaves nothing behind. Returns the case matrix; rank 0
// also names the default --out file.
std::vector<Case> checked_cases(RunOptions& opts, MPI_Comm world, int nodes) {
  check_against_size(opts, comm_size(world), nodes);
  decide_on_rank0(world, [&] {
    if (!opts.resume) check_output_path(opts);
  });
  check_patterns(opts, world);
  check_counters_strict(opts, world);

  std::vector<Case> cases = expand_cases(opts, comm_size(world), nodes);
  if (cases.empty()) {
    throw UsageError(
        "--alg/--collective: no algorithm of the listed ones belongs to a listed "
        "collective (see 'papbench list')");
  }
  // Before check_counts_fit, which builds the intergroup cases' intercommunicators.
  refuse_unsimulated(cases);
  check_counts_fit(cases, opts, world);
  preflight_algorithms(cases);
  return cases;
}

// The run's block sizes as count, type and bytes ("16Ki int (64KiB)"), the first few distinct
// ones in case order, so the start line says what a block holds (issue 43: no output showed
// bytes, and 1M and 1Mi looked alike).
std::string block_sizes(const std::vector<Case>& cases) {
  constexpr std::size_t kShown = 3;
  std::vector<std::string> sizes;
  std::size_t more = 0;
  for (const Case& c : cases) {
    std::string size = format_count_bytes(c.count, c.dtype->name);
    if (std::find(sizes.begin(), sizes.end(), size) != sizes.end()) continue;
    if (sizes.size() < kShown) {
      sizes.push_back(std::move(size));
    } else {
      ++more;  // counted once per distinct size: the list above holds the first kShown only
    }
  }
  std::string text = fmt::format("{}", fmt::join(sizes, ", "));
  if (more > 0) text += fmt::format(" and {} more", more);
  return text;
}

void print_banner(const RunOptions& opts, const results::RunInfo& info,
                  const std::vector<Case>& cases, std::size_t to_run) {
  if (opts.progress == ProgressMode::kNever) return;
  fmt::print(
      "papbench {}: {} case(s) x {} iterations on {} rank(s), blocks of {}; {}\n"
      "results -> {}\n",
      info.papbench_version, to_run, opts.iters, info.mpi_size, block_sizes(cases),
      info.mpi_library_version.substr(0, info.mpi_library_version.find(',')), opts.out);
  std::fflush(stdout);
}

// A run on one rank measures a collective that nobody else takes part in: the arrival pattern
// delays no rank against another and the imbalance is 0 by construction (issue 43: a newcomer
// who forgot mpiexec got exit 0 and a table that looked measured). papbench cannot tell
// `mpiexec -n 1` from a start without mpiexec (Open MPI and MPICH both start a singleton), so
// only --one-rank says the one rank is meant. A warning, not an error: the exit code stays 0.
void warn_one_rank(const RunOptions& opts, int ranks) {
  if (ranks != 1 || opts.one_rank) return;
  // print_error: a closed stderr must not end a run over a warning.
  print_error(
      "papbench: warning: this run has 1 rank, so no other rank takes part in the collective: "
      "arrival patterns delay nobody and the imbalance is 0 by construction. Start N ranks "
      "with 'mpiexec -n N papbench ...' (Open MPI with more ranks than cores: 'mpiexec "
      "--oversubscribe -n 4 papbench ...'), or pass --one-rank if one rank is meant\n");
}

// --resume: rank 0 checks the file against this run and everyone learns which cases it already
// holds. A fresh run gets an empty plan (session 0: nothing skipped).
ResumePlan agreed_resume_plan(const RunOptions& opts, const std::vector<Case>& cases, MPI_Comm comm,
                              const RunFingerprint& fingerprint) {
  ResumePlan plan;
  plan.done.assign(cases.size(), 0);
  if (!opts.resume) {
    plan.session = 0;
    return plan;
  }
  decide_on_rank0(comm, [&] { plan = plan_resume(opts, cases, comm_size(comm), fingerprint); });
  mpi_check(MPI_Bcast(plan.done.data(), static_cast<int>(plan.done.size()), MPI_CHAR, 0, comm),
            "MPI_Bcast");
  mpi_check(MPI_Bcast(&plan.session, 1, MPI_INT, 0, comm), "MPI_Bcast");
  return plan;
}

// A resumed run appends to the file it continues; any other creates one.
results::ResultWriter open_writer(const RunOptions& opts, const results::RunInfo& info) {
  if (opts.resume) return results::ResultWriter(opts.out, results::AppendToExisting{});
  return results::ResultWriter(opts.out, opts.force, info);
}

// Rank 0's side of a run: each finished case goes to the result set at once (a kill loses only
// the case in progress), its line to the progress display, and its timestamps to the summary.
class CaseRecorder {
 public:
  CaseRecorder(const RunOptions& opts, const results::RunInfo& info, Progress& progress,
               int session)
      : writer_(open_writer(opts, info)),
        progress_(progress),
        session_(session),
        session_utc_(session != 0 ? info.created_utc : std::string()),
        session_hosts_(session != 0 ? info.hostnames : std::vector<std::string>{}) {}

  void record(results::CaseRecord rec, const std::vector<clocksync::SyncEvent>& events) {
    rec.session = session_;
    rec.session_utc = session_utc_;
    rec.session_hosts = session_hosts_;
    std::vector<results::SyncEventRow> rows;
    for (const auto& e : events) {
      rows.push_back({e.time_ns, e.rank, e.offset_ns, e.drift_ppb, e.rtt_min_ns, e.error_bound_ns,
                      e.bound_growth_ppb});
    }
    writer_.append_sync_events(rows);
    writer_.write_case(rec);
    all_valid_ &= rec.validated == "pass";
    for (const auto& u : rec.counters_unavailable) {
      if (reported_unavailable_.insert(u).second) {
        fmt::print(stderr, "papbench: counter unavailable (recorded, run continues): {}\n", u);
      }
    }
    progress_.end_case(case_line(rec));
    rec.counters.clear();  // the summary needs timestamps only
    records_.push_back(std::move(rec));
  }

  bool all_valid() const { return all_valid_; }
  const std::vector<results::CaseRecord>& records() const { return records_; }

 private:
  results::ResultWriter writer_;
  Progress& progress_;
  int session_ = 0;
  std::string session_utc_;
  std::vector<std::string> session_hosts_;
  std::vector<results::CaseRecord> records_;
  std::set<std::string> reported_unavailable_;
  bool all_valid_ = true;
};

}  // namespace

int run_command(const RawRunOptions& raw, const std::string& command_line) {
  return run_command(raw, command_line, RunHooks{});
}

void check_run_before_mpi(const RawRunOptions& raw, const std::string& command_line) {
  RunOptions opts = parse_run_options(raw);
  // The fingerprint's size, world and library parts are short: without them the text is at most
  // as long as run_command's, so what is refused here would be refused there.
  check_recordable(run_fingerprint(raw, launcher_size(), 1, "", ""), command_line);
  if (launcher_size() == 1 && !opts.resume) check_output_path(opts);
}

int run_thread_level(const RawRunOptions& raw) {
  try {
    return parse_run_options(raw).thread_level;
  } catch (const UsageError&) {
    return MPI_THREAD_MULTIPLE;
  }
}

void run_before_mpi_init(const RawRunOptions& raw) {
  try {
    const RunOptions opts = parse_run_options(raw);
    for (const std::string& collective : opts.collectives) {
      for (const AlgVariant& v : opts.algorithms) {
        const AlgorithmInfo* alg = find_algorithm(collective, v.name);
        if (alg == nullptr || alg->before_mpi_init == nullptr) continue;
        alg->before_mpi_init(resolve_options(*alg, variant_options(opts, *alg, v)));
      }
    }
  } catch (const UsageError&) {
    // Bad options run no hook: the run stops with this error once MPI is up.
  }
}

int run_command(const RawRunOptions& raw, const std::string& command_line, const RunHooks& hooks) {
  Comm world = Comm::dup(MPI_COMM_WORLD);
  const int rank = world.rank();
  RunOptions opts = parse_run_options(raw);
  const topology::NodeTopology nodes(world.get(), opts.virtual_ppn);
  const std::vector<Case> cases = checked_cases(opts, world.get(), nodes.node_count());
  warn_one_rank(opts, world.size());
  const RunFingerprint fingerprint =
      run_fingerprint(raw, world.size(), nodes.node_count(), mpi_library_version(),
                      fmt::format("{} ({}; {})", kVersion, kGitSha, kBuild));
  check_recordable(fingerprint, command_line);
  const ResumePlan plan = agreed_resume_plan(opts, cases, world.get(), fingerprint);
  const auto to_run =
      static_cast<std::size_t>(std::count(plan.done.begin(), plan.done.end(), char{0}));
  if (opts.resume && to_run == 0) {
    if (rank == 0) {  // the outcome, not progress: shown even with --progress never
      fmt::print("papbench: '{}' already holds all {} case(s) of this run; nothing to do\n",
                 opts.out, cases.size());
      std::fflush(stdout);
    }
    return 0;
  }

  // A resumed run synchronizes afresh, as any run does; its sync events are appended to /sync
  // with its first case (docs/RESULTS_FORMAT.md, "Resumed runs").
  clocksync::GlobalClock clock(
      world.get(),
      clocksync::LocalClock(clocksync::draw_distortion(opts.distortion_max, opts.seed, rank)),
      opts.clock, &nodes);
  clock.synchronize();
  results::RunInfo info = collect_run_info(world.get(), command_line, opts, clock, &nodes);
  info.extra["run_options"] = fingerprint_to_json(fingerprint);
  // Spelled out although run_options holds it (there only when not the default): how the
  // cases' iterations were ordered (docs/RESULTS_FORMAT.md, "Run order").
  info.extra["run_order"] = std::string(run_order_name(opts.order));
  // Likewise what the buffers held when a call met them (--buffers): compare refuses to set
  // cold against warm without saying so (docs/RESULTS_FORMAT.md, "Buffers").
  info.extra["buffers"] = std::string(buffer_mode_name(opts.buffers));
  if (hooks.before_cases) hooks.before_cases(world.get(), info);
  std::optional<CallWatchdog> watchdog;
  if (!opts.call_timeout.is_off()) watchdog.emplace(world.get(), opts.out);
  CaseRunner runner(opts, clock, world.get(), watchdog ? &*watchdog : nullptr);
  // Where the agreed starts may be moved (imbalance/tick_grid.hpp): known once the runner has
  // measured the grids, and part of how every case was started.
  info.extra["start_ticks"] = runner.describe_start_ticks();

  Progress progress(opts.progress, static_cast<int>(to_run),
                    static_cast<std::int64_t>(to_run) * (opts.iters + opts.warmup));
  std::optional<CaseRecorder> recorder;
  if (rank == 0) {
    recorder.emplace(opts, info, progress, plan.session);
    print_banner(opts, info, cases, to_run);
    if (to_run < cases.size()) {  // as above
      fmt::print("resuming: {} of {} case(s) already complete in the file\n", cases.size() - to_run,
                 cases.size());
      std::fflush(stdout);
    }
  }
  // --order: the cases of one workload run as a group (bench/run/run_order.hpp), their records
  // written together once the group ends; a kill loses at most the group in progress, and a
  // resume runs a group's missing cases as a group again. Group indices count every group of the
  // run, so a resumed run's --order shuffled repeats the original turns.
  std::vector<std::string> keys;
  for (const Case& c : cases) keys.push_back(interleave_key(c));
  const std::vector<std::vector<std::size_t>> groups = run_groups(keys, opts.order);
  int position = 0;
  // The cases the file held before this run (--resume), for the watchdog's report of what the
  // file holds; `position` counts those this run has written.
  const int held = static_cast<int>(cases.size() - to_run);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<std::size_t> todo;
    for (std::size_t i : groups[g]) {
      if (plan.done[i] == 0) todo.push_back(i);
    }
    if (todo.empty()) continue;
    std::vector<const Case*> members;
    std::vector<std::string> labels;
    for (std::size_t i : todo) {
      members.push_back(&cases[i]);
      labels.push_back(describe_case(cases[i], opts, world.size()).label());
    }
    if (rank == 0) {
      progress.begin_case(
          position, todo.size() == 1
                        ? labels.front()
                        : fmt::format("{} (+{} interleaved)", labels.front(), todo.size() - 1));
    }
    // The watchdog names the case whose iteration runs; only a change is told (outside timing).
    std::size_t named = todo.size();
    const auto before_turn = [&](std::size_t m) {
      if (!watchdog || m == named) return;
      named = m;
      watchdog->begin_case(static_cast<int>(todo[m]), static_cast<int>(cases.size()), labels[m],
                           members[m]->algorithm->full_name(), opts.warmup, opts.iters,
                           held + position);
    };
    std::vector<CaseRunner::CaseResult> outcomes = runner.run_group(
        members, opts.order, g, [&progress](int it, int total) { progress.tick(it, total); },
        before_turn);
    for (std::size_t m = 0; m < outcomes.size(); ++m) {
      if (!outcomes[m].failure.empty()) {
        fmt::print(stderr, "papbench: rank {}: validation failed for {}: {}\n", rank, labels[m],
                   outcomes[m].failure);
      }
    }
    // The group's sync events go with its first record.
    std::vector<clocksync::SyncEvent> events = clock.take_events();
    // The others wait for rank 0's writes here, under the watchdog and named as what it is,
    // rather than in the next group's setup.
    const PhaseWatch watch(watchdog ? &*watchdog : nullptr, CallWatchdog::Phase::kWrite,
                           opts.iters - 1, runner.call_timeout_ns());
    for (std::size_t m = 0; m < outcomes.size(); ++m) {
      if (recorder) {
        progress.begin_case(position, labels[m]);
        recorder->record(std::move(outcomes[m].record), events);
        events.clear();
      }
      ++position;
    }
    mpi_check(MPI_Barrier(world.get()), "MPI_Barrier");
  }

  int ok = 1;
  if (recorder) {
    fmt::print("{}", summary_table(recorder->records(), opts.out));
    if (hooks.after_cases) hooks.after_cases(info, recorder->records());
    std::fflush(stdout);
    ok = recorder->all_valid() ? 1 : 0;
  }
  {
    const PhaseWatch watch(watchdog ? &*watchdog : nullptr, CallWatchdog::Phase::kOutcome,
                           opts.iters - 1, runner.call_timeout_ns());
    mpi_check(MPI_Bcast(&ok, 1, MPI_INT, 0, world.get()), "MPI_Bcast");
  }
  return ok ? 0 : 1;
}

}  // namespace papbench
