#include "bench/run_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>
#include <numeric>
#include <set>

#include "bench/case_matrix.hpp"
#include "bench/case_runner.hpp"
#include "bench/case_setup.hpp"
#include "bench/progress.hpp"
#include "bench/run_info.hpp"
#include "bench/run_summary.hpp"
#include "clocksync/sync_check.hpp"
#include "collectives/bcast/bcast.hpp"
#include "collectives/core/registry.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"
#include "counters/counter_set.hpp"
#include "imbalance/arrival_pattern.hpp"
#include "results/result_set.hpp"

namespace papbench {
namespace {

// The library cannot be forced or reads back otherwise: refused before clock sync and before the
// result file exists. Every rank asks its own library, so all refuse alike.
void check_forced_natives(const std::vector<Case>& cases) {
  std::set<AlgOptions> seen;
  for (const Case& c : cases) {
    if (c.collective->name != "bcast" || c.algorithm->name != "native") continue;
    if (!seen.insert(c.alg_options).second) continue;
    check_bcast_native_forcing(resolve_options(*c.algorithm, c.alg_options));
  }
}

// Rank 0 decides; everyone learns the verdict, so a usage error exits 2 on every rank alike.
void agree_on_error(MPI_Comm comm, const std::string& rank0_error) {
  int len = static_cast<int>(rank0_error.size());
  mpi_check(MPI_Bcast(&len, 1, MPI_INT, 0, comm), "MPI_Bcast");
  std::string text(static_cast<std::size_t>(len), '\0');
  if (world_rank() == 0) text = rank0_error;
  mpi_check(MPI_Bcast(text.data(), len, MPI_CHAR, 0, comm), "MPI_Bcast");
  if (len > 0) throw UsageError(text);
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

// --counters-strict: every rank tries the events before anything is measured, and any event
// one rank cannot count stops the run with exit 2 on all of them.
void check_counters_strict(const RunOptions& opts, MPI_Comm comm) {
  if (!opts.counters_strict || opts.counters.empty()) return;
  CounterSet probe(opts.counters, opts.counters_domain);
  std::string error;
  if (!probe.unavailable().empty()) {
    error = fmt::format(
        "--counters-strict: event(s) not countable here: {} (see 'papbench counters' for what "
        "is; drop --counters-strict to record them as unavailable and run on)",
        fmt::join(probe.unavailable(), "; "));
  }
  int bad = error.empty() ? 0 : 1;
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, comm), "MPI_Allreduce");
  if (bad) {
    throw UsageError(error.empty() ? "--counters-strict: an event is not countable on another rank"
                                   : error);
  }
}

}  // namespace

int run_command(const RawRunOptions& raw, const std::string& command_line) {
  return run_command(raw, command_line, RunHooks{});
}

int run_command(const RawRunOptions& raw, const std::string& command_line, const RunHooks& hooks) {
  Comm world = Comm::dup(MPI_COMM_WORLD);
  const int rank = world.rank();
  const int size = world.size();

  RunOptions opts = parse_run_options(raw);
  const topology::NodeTopology nodes(world.get(), opts.virtual_ppn);
  check_against_size(opts, size, nodes.node_count());
  std::string error;
  if (rank == 0) {
    try {
      check_output_path(opts);
    } catch (const UsageError& e) {
      error = e.what();
    }
  }
  agree_on_error(world.get(), error);
  check_patterns(opts, world.get());
  check_counters_strict(opts, world.get());

  const std::vector<Case> cases = expand_cases(opts);
  if (cases.empty()) {
    throw UsageError(
        "--alg/--collective: no algorithm of the listed ones belongs to a listed "
        "collective (see 'papbench list')");
  }
  check_counts_fit(cases, opts, world.get());
  check_forced_natives(cases);

  clocksync::GlobalClock clock(
      world.get(),
      clocksync::LocalClock(clocksync::draw_distortion(opts.distortion_max, opts.seed, rank)),
      opts.clock, &nodes);
  clock.synchronize();

  results::RunInfo info = collect_run_info(world.get(), command_line, opts, clock, &nodes);
  if (hooks.before_cases) hooks.before_cases(world.get(), info);
  std::optional<results::ResultWriter> writer;
  if (rank == 0) writer.emplace(opts.out, opts.force, info);

  const std::int64_t total_iterations =
      static_cast<std::int64_t>(cases.size()) * (opts.iters + opts.warmup);
  Progress progress(opts.progress, static_cast<int>(cases.size()), total_iterations);
  if (rank == 0 && opts.progress != ProgressMode::kNever) {
    fmt::print("papbench {}: {} case(s) x {} iterations on {} rank(s); {}\nresults -> {}\n",
               info.papbench_version, cases.size(), opts.iters, size,
               info.mpi_library_version.substr(0, info.mpi_library_version.find(',')), opts.out);
    std::fflush(stdout);
  }

  CaseRunner runner(opts, clock, world.get());
  std::vector<results::CaseRecord> records;
  bool all_valid = true;
  std::set<std::string> reported_unavailable;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    results::CaseRecord pending = describe_case(cases[i], opts, size);
    if (rank == 0) progress.begin_case(static_cast<int>(i), pending.label());
    results::CaseRecord rec =
        runner.run(cases[i], [&progress](int it, int total) { progress.tick(it, total); });
    if (!runner.failure().empty()) {
      fmt::print(stderr, "papbench: rank {}: validation failed for {}: {}\n", rank, pending.label(),
                 runner.failure());
    }
    std::vector<clocksync::SyncEvent> events = clock.take_events();
    if (rank != 0) continue;
    std::vector<results::SyncEventRow> rows;
    for (const auto& e : events) {
      rows.push_back({e.time_ns, e.rank, e.offset_ns, e.drift_ppb, e.rtt_min_ns});
    }
    writer->append_sync_events(rows);
    writer->write_case(rec);
    all_valid &= rec.validated == "pass";
    for (const auto& u : rec.counters_unavailable) {
      if (reported_unavailable.insert(u).second) {
        fmt::print(stderr, "papbench: counter unavailable (recorded, run continues): {}\n", u);
      }
    }
    progress.end_case(case_line(rec));
    rec.counters.clear();  // the summary needs timestamps only
    records.push_back(std::move(rec));
  }
  if (rank == 0) {
    fmt::print("{}", summary_table(records, opts.out));
    if (hooks.after_cases) hooks.after_cases(info, records);
    std::fflush(stdout);
  }
  int ok = all_valid ? 1 : 0;
  mpi_check(MPI_Bcast(&ok, 1, MPI_INT, 0, world.get()), "MPI_Bcast");
  return ok ? 0 : 1;
}

}  // namespace papbench
