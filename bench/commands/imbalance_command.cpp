#include "bench/commands/imbalance_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>

#include "bench/run/run_command.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/smpi_platform.hpp"
#include "common/units.hpp"
#include "imbalance/pap_statistics.hpp"
#include "imbalance/pattern_compute.hpp"

namespace papbench {
namespace {

constexpr std::string_view kMinLatencyKey = "min_latency_ns";

// [Parsons2015]'s Min_Lat: the time to send one message, taken as half the fastest of `n` round
// trips of one double between ranks 0 and 1 (the minimum filters out noise; the collective's own
// messages are no faster than this). Collective; nullopt with a single rank.
std::optional<double> measure_min_latency_ns(MPI_Comm comm, int n) {
  const int rank = comm_rank(comm);
  const int size = comm_size(comm);
  if (size < 2) return std::nullopt;
  double best = std::numeric_limits<double>::infinity();
  double payload = 0;
  constexpr int kTag = 4711;
  constexpr int kWarmup = 16;
  for (int i = -kWarmup; i < n; ++i) {
    if (rank == 0) {
      // CLOCK_MONOTONIC (steady_clock's), simulated under SMPI (common/smpi_platform.hpp).
      const std::int64_t t0 = smpi::clock_ns(CLOCK_MONOTONIC);
      mpi_check(MPI_Send(&payload, 1, MPI_DOUBLE, 1, kTag, comm), "MPI_Send");
      mpi_check(MPI_Recv(&payload, 1, MPI_DOUBLE, 1, kTag, comm, MPI_STATUS_IGNORE), "MPI_Recv");
      const auto rtt = static_cast<double>(smpi::clock_ns(CLOCK_MONOTONIC) - t0);
      if (i >= 0) best = std::min(best, rtt / 2);
    } else if (rank == 1) {
      mpi_check(MPI_Recv(&payload, 1, MPI_DOUBLE, 0, kTag, comm, MPI_STATUS_IGNORE), "MPI_Recv");
      mpi_check(MPI_Send(&payload, 1, MPI_DOUBLE, 0, kTag, comm), "MPI_Send");
    }
  }
  mpi_check(MPI_Bcast(&best, 1, MPI_DOUBLE, 0, comm), "MPI_Bcast");
  return best;
}

std::string factor_text(double imbalance_ns, std::optional<double> min_lat) {
  const auto f = imbalance_factor(imbalance_ns, min_lat);
  return f ? fmt::format("{:.0f}", *f) : "n/a";
}

std::string pap_report(const results::RunInfo& info,
                       const std::vector<results::CaseRecord>& records) {
  std::optional<double> min_lat;
  if (auto it = info.extra.find(std::string(kMinLatencyKey)); it != info.extra.end()) {
    min_lat = std::stod(it->second);
  }
  std::string out = fmt::format(
      "\nPAP statistics (Parsons §3.3; means over invocations; factors = imbalance / min message "
      "latency {}){}\n",
      min_lat ? format_duration(*min_lat) : "n/a (one rank)",
      info.nodes_virtual ? fmt::format("; virtual nodes of {} ranks", info.virtual_ppn) : "");
  // --sync window,barrier: each level twice, told apart as the case labels do.
  const auto level = [](const results::CaseRecord& rec) {
    return rec.default_start() ? rec.pattern
                               : fmt::format("{} sync={}", rec.pattern, rec.sync_mode);
  };
  std::size_t width = 16;
  for (const auto& rec : records) width = std::max(width, level(rec).size());
  out += fmt::format("{:<{}} {:>5} {:>5} {:>11} {:>11} {:>8} {:>8} {:>11} {:>11} {:>11} {:>11}\n",
                     "pattern", width, "ranks", "nodes", "delta_bar", "omega_bar", "f_avg",
                     "f_worst", "First d_bar", "First w_bar", "Last d_bar", "Last w_bar");
  for (const auto& rec : records) {
    const PapSummary s = summarize_pap(rec.arrival_ns, info.node_index);
    out +=
        fmt::format("{:<{}} {:>5} {:>5} {:>11} {:>11} {:>8} {:>8} {:>11} {:>11} {:>11} {:>11}\n",
                    level(rec), width, s.ranks, s.nodes, format_duration(s.all.delta_bar_ns),
                    format_duration(s.all.omega_bar_ns), factor_text(s.all.delta_bar_ns, min_lat),
                    factor_text(s.all.omega_bar_ns, min_lat), format_duration(s.first.delta_bar_ns),
                    format_duration(s.first.omega_bar_ns), format_duration(s.last.delta_bar_ns),
                    format_duration(s.last.omega_bar_ns));
  }
  return out;
}

}  // namespace

CLI::App* add_imbalance_command(CLI::App& app, RawImbalanceOptions& raw) {
  CLI::App* sub = app.add_subcommand(
      "imbalance",
      "Natural-imbalance micro-benchmark ([Parsons2015] Listing 3.2): every rank runs the same "
      "loop "
      "XTIME times, arrives at a closing barrier, and the PAP statistics are printed");
  const std::vector<OptionRow> rows = {
      {.name = "--xtime",
       .target = &raw.xtime,
       .help = "Loop repetitions, comma list; k suffix allowed (thesis: 0,10k,20k,40k,80k,160k)",
       .show_default = true},
      {.name = "--iters",
       .target = &raw.iters,
       .help = "Recorded invocations per level",
       .show_default = true},
      {.name = "--warmup",
       .target = &raw.warmup,
       .help = "Unrecorded invocations per level",
       .show_default = true},
      {.name = "--pingpongs",
       .target = &raw.pingpongs,
       .help = "Round trips rank 0 <-> 1 for the minimum message latency",
       .show_default = true},
      {.name = "--sync",
       .target = &raw.sync,
       .help = "Start of each invocation: window or barrier (window,barrier: both, in turn)",
       .show_default = true},
      {.name = "--virtual-ppn",
       .target = &raw.virtual_ppn,
       .help = "Per-node statistics over virtual nodes of K consecutive ranks (0: real nodes)",
       .show_default = true},
      {.name = "--out",
       .target = &raw.out,
       .help = "HDF5 trace (default: papbench-DATE-TIME.h5)",
       .type_name = "FILE"},
      {.name = "--force", .target = &raw.force, .help = "Overwrite an existing --out file"},
      {.name = "--progress",
       .target = &raw.progress,
       .help = "auto, always or never",
       .show_default = true},
      {.name = "--counters",
       .target = &raw.counters,
       .help = "PAPI events, comma list (see 'papbench counters')"},
      {.name = "--counters-domain",
       .target = &raw.counters_domain,
       .help = "user, kernel or all",
       .show_default = true},
      {.name = "--counters-scope",
       .target = &raw.counters_scope,
       .help = "call, compute or both",
       .show_default = true},
      {.name = "--counters-strict",
       .target = &raw.counters_strict,
       .help = "Exit 2 when an event cannot be counted here"},
  };
  add_option_rows(*sub, rows);
  return sub;
}

int imbalance_command(const RawImbalanceOptions& raw, const std::string& command_line) {
  if (raw.pingpongs < 1) throw UsageError("--pingpongs: must be at least 1");
  RawRunOptions run;
  run.collective = "barrier";
  run.alg = "native";
  run.pattern.clear();
  for (const std::string& level : split_list(raw.xtime)) {
    const std::string spec = "compute:" + level;
    try {
      parse_compute_xtime(spec);
    } catch (const UsageError&) {
      throw UsageError(fmt::format(
          "--xtime: '{}' is not a loop count; accepted: non-negative integers with an optional "
          "k suffix (thesis levels: 0,10k,20k,40k,80k,160k)",
          level));
    }
    run.pattern += (run.pattern.empty() ? "" : ",") + spec;
  }
  if (run.pattern.empty()) throw UsageError("--xtime: give at least one loop count");
  run.iters = raw.iters;
  run.warmup = raw.warmup;
  run.sync = raw.sync;
  run.virtual_ppn = raw.virtual_ppn;
  run.out = raw.out;
  run.force = raw.force;
  run.progress = raw.progress;
  run.counters = raw.counters;
  run.counters_domain = raw.counters_domain;
  run.counters_scope = raw.counters_scope;
  run.counters_strict = raw.counters_strict;

  RunHooks hooks;
  const int pingpongs = raw.pingpongs;
  hooks.before_cases = [pingpongs](MPI_Comm comm, results::RunInfo& info) {
    info.extra["benchmark"] = "imbalance ([Parsons2015] Listing 3.2)";
    if (auto lat = measure_min_latency_ns(comm, pingpongs)) {
      info.extra[std::string(kMinLatencyKey)] = fmt::format("{:.1f}", *lat);
      info.extra["min_latency_method"] =
          fmt::format("min over {} round trips of one double, rank 0 <-> 1, halved", pingpongs);
    }
  };
  hooks.after_cases = [](const results::RunInfo& info,
                         const std::vector<results::CaseRecord>& records) {
    fmt::print("{}", pap_report(info, records));
  };
  return run_command(run, command_line, hooks);
}

}  // namespace papbench
