#include "bench/fft/app_fft_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include "bench/fft/fft_case.hpp"
#include "bench/run/run_info.hpp"
#include "bench/run/run_options.hpp"
#include "clocksync/global_clock.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"
#include "results/case_metrics.hpp"
#include "results/statistics.hpp"

namespace papbench {
namespace {

double mean_of(const std::vector<double>& v) {
  return v.empty() ? 0.0 : stats::summarize(v).mean;
}

// Table 5's columns for one case: the total time of a repetition is its slowest rank's.
struct Table5Row {
  std::string algorithm, validated;
  double total_ns = 0, run_ns = 0, elapsed_ns = 0, local_fft_ns = 0;
};

Table5Row table5_row(const results::CaseRecord& rec) {
  Table5Row row{rec.algorithm, rec.validated};
  const results::Matrix& totals = rec.metrics.at(kAppTotalMetric);
  std::vector<double> per_rep;
  for (int r = 0; r < totals.rows; ++r) {
    const auto v = totals.row(r);
    per_rep.push_back(static_cast<double>(*std::max_element(v.begin(), v.end())));
  }
  row.total_ns = mean_of(per_rep);
  row.run_ns = mean_of(results::metric_series(rec, results::Metric::kRunTime));
  row.elapsed_ns = mean_of(results::metric_series(rec, results::Metric::kElapsed));
  const results::Matrix& local = rec.metrics.at(kLocalFftMetric);
  row.local_fft_ns = mean_of(std::vector<double>(local.data.begin(), local.data.end()));
  return row;
}

// Adds one repetition's means, weighted 1/reps, to the algorithm's row.
void accumulate(Table5Row& row, const Table5Row& rep, int reps) {
  row.algorithm = rep.algorithm;
  if (row.validated.empty() || rep.validated == "fail") row.validated = rep.validated;
  const double w = 1.0 / reps;
  row.total_ns += w * rep.total_ns;
  row.run_ns += w * rep.run_ns;
  row.elapsed_ns += w * rep.elapsed_ns;
  row.local_fft_ns += w * rep.local_fft_ns;
}

std::string table5_text(const std::vector<Table5Row>& rows, const FftOptions& opts, int ranks,
                        const std::string& out) {
  std::string s = fmt::format(
      "\nFFT, n = {} complex points, P = {}, {} iteration(s) x {} rep(s), {} thread(s); means "
      "(Proficz 2020 Table 5)\n",
      format_count(opts.n), ranks, opts.iters, opts.reps, opts.threads);
  s += fmt::format("{:<8} {:>12} {:>12} {:>12} {:>12} {:>10}\n", "gather", "total/rep", "run time",
                   "elapsed", "local fft", "validated");
  for (const Table5Row& r : rows) {
    s += fmt::format("{:<8} {:>12} {:>12} {:>12} {:>12} {:>10}\n", r.algorithm,
                     format_duration(r.total_ns), format_duration(r.run_ns),
                     format_duration(r.elapsed_ns), format_duration(r.local_fft_ns), r.validated);
  }
  s += fmt::format("results -> {} (papbench-report table proficz-table5 {})\n", out, out);
  return s;
}

}  // namespace

int app_fft_command(const RawFftOptions& raw, const std::string& command_line) {
  Comm world = Comm::dup(MPI_COMM_WORLD);
  const int rank = world.rank();
  const int size = world.size();
  FftOptions opts = parse_fft_options(raw, size);

  // The output check of the run command, so both refuse the same files the same way; the run
  // options' defaults give the clock synchronization and what collect_run_info records.
  RunOptions run_opts = parse_run_options(RawRunOptions{});
  run_opts.out = opts.out;
  run_opts.force = opts.force;
  run_opts.seed = opts.seed;
  decide_on_rank0(world.get(), [&] { check_output_path(run_opts); });
  opts.out = run_opts.out;

  clocksync::GlobalClock clock(world.get(), clocksync::LocalClock(), run_opts.clock);
  clock.synchronize();
  results::RunInfo info = collect_run_info(world.get(), command_line, run_opts, clock);
  info.extra["start_sync"] = "free";
  info.extra["application"] = "fft: parallel radix-2 DIF FFT ([Proficz2020] §6, docs/FFT.md)";
  std::optional<results::ResultWriter> writer;
  if (rank == 0) writer.emplace(opts.out, opts.force, info);

  if (rank == 0 && !opts.quiet) {
    fmt::print(
        "papbench app fft: {} gather algorithm(s), n = {}, {} x {} iterations on {} "
        "rank(s); results -> {}\n",
        opts.algorithms.size(), format_count(opts.n), opts.reps, opts.iters, size, opts.out);
    std::fflush(stdout);
  }

  // Every algorithm lives for the whole run and the repetitions interleave (rep r of every
  // algorithm, the first one rotating with r): a machine whose load drifts, such as a shared
  // or oversubscribed one, then spreads the drift over all algorithms instead of favouring
  // whichever ran in a quiet minute.
  std::vector<std::unique_ptr<FftCase>> cases;
  for (const std::string& name : opts.algorithms) {
    cases.push_back(
        std::make_unique<FftCase>(opts, clock, world.get(), *find_algorithm("gather", name)));
  }
  // Each repetition of each algorithm is written as soon as it ends: a kill loses at most the
  // repetition in progress. The summary pools an algorithm's repetitions (equal iteration
  // counts, so the mean of their means is the overall mean).
  const std::size_t count = cases.size();
  std::vector<Table5Row> rows(count);
  bool all_valid = true;
  for (int rep = 0; rep < opts.reps; ++rep) {
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t which = (k + static_cast<std::size_t>(rep)) % count;
      FftCase& fft_case = *cases[which];
      fft_case.run_rep(rep);
      const results::CaseRecord rec = fft_case.take_record(rep);
      if (!fft_case.failure().empty()) {
        fmt::print(stderr, "papbench: rank {}: validation failed for gather/{}: {}\n", rank,
                   fft_case.gather().name, fft_case.failure());
      }
      std::vector<clocksync::SyncEvent> events = clock.take_events();
      if (rank != 0) continue;
      std::vector<results::SyncEventRow> sync_rows;
      for (const auto& e : events) {
        sync_rows.push_back({e.time_ns, e.rank, e.offset_ns, e.drift_ppb, e.rtt_min_ns,
                             e.error_bound_ns, e.bound_growth_ppb});
      }
      writer->append_sync_events(sync_rows);
      writer->write_case(rec);
      all_valid &= rec.validated != "fail";
      accumulate(rows[which], table5_row(rec), opts.reps);
    }
    if (rank == 0 && !opts.quiet) {
      fmt::print("  repetition {}/{} done\n", rep + 1, opts.reps);
      std::fflush(stdout);
    }
  }
  cases.clear();  // joins the PAT threads (collective comm frees) on every rank alike
  if (rank == 0) {
    fmt::print("{}", table5_text(rows, opts, size, opts.out));
    std::fflush(stdout);
  }
  int ok = all_valid ? 1 : 0;
  mpi_check(MPI_Bcast(&ok, 1, MPI_INT, 0, world.get()), "MPI_Bcast");
  return ok ? 0 : 1;
}

}  // namespace papbench
