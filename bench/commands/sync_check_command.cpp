#include "bench/commands/sync_check_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>

#include "bench/run/run_options.hpp"
#include "clocksync/sync_check.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/seed_option.hpp"
#include "common/units.hpp"

namespace papbench {

CLI::App* add_sync_check_command(CLI::App& app, RawSyncCheckOptions& raw) {
  CLI::App* sub = app.add_subcommand(
      "sync-check", "Measure the clock synchronization error against injected known distortions");
  const std::vector<OptionRow> rows = {
      {.name = "--inject-clock-offset",
       .target = &raw.inject_offset,
       .help = "Each rank's clock is offset by a random amount up to this (e.g. 10ms)",
       .show_default = true},
      {.name = "--inject-clock-drift",
       .target = &raw.inject_drift_ppm,
       .help = "Each rank's clock drifts by a random rate up to this many ppm",
       .show_default = true},
      {.name = "--inject-clock-wander",
       .target = &raw.inject_wander,
       .help = "Each clock also oscillates by a random amplitude up to this (a drift that is not "
               "linear, e.g. 2us)",
       .show_default = true},
      {.name = "--inject-wander-period",
       .target = &raw.wander_period,
       .help = "Period of that oscillation",
       .show_default = true},
      {.name = "--inject-drift-step",
       .target = &raw.inject_step_ppm,
       .help = "Each clock's drift changes by a random rate up to this many ppm at "
               "--inject-drift-step-at",
       .show_default = true},
      {.name = "--inject-drift-step-at",
       .target = &raw.step_at,
       .help = "When the drift step happens, after the first sync",
       .show_default = true},
      {.name = "--inject-per-node",
       .target = &raw.inject_per_node,
       .help = "One distortion per (virtual) node, shared by its ranks (default: per rank)"},
      {.name = "--fail-above",
       .target = &raw.fail_above,
       .help = "Also exit 1 when any measured error exceeds this (e.g. 1us)"},
      {.name = "--duration",
       .target = &raw.duration,
       .help = "How long to keep measuring",
       .show_default = true},
      {.name = "--resync",
       .target = &raw.resync,
       .help = "Resynchronize when the last sync is older (0: never)",
       .show_default = true},
      {.name = "--interval",
       .target = &raw.interval,
       .help = "Time between error samples",
       .show_default = true},
      {.name = "--sync-estimator",
       .target = &raw.estimator,
       .help = "min-rtt or median",
       .show_default = true},
      {.name = "--pingpongs",
       .target = &raw.pingpongs,
       .help = "Exchanges per rank and sync",
       .show_default = true},
      seed_row(raw.seed, "Seed of the injected distortions"),
      {.name = "--no-drift", .target = &raw.no_drift, .help = "Do not fit a linear drift"},
      {.name = "--flat-sync", .target = &raw.flat, .help = "Every rank ping-pongs with rank 0"},
      {.name = "--virtual-ppn",
       .target = &raw.virtual_ppn,
       .help = "Node leaders sync for virtual nodes of K consecutive ranks (0: real nodes)",
       .show_default = true},
      {.name = "--json", .target = &raw.json, .help = "Print the JSON report"},
  };
  add_option_rows(*sub, rows);
  return sub;
}

namespace {

struct SyncCheckPlan {
  clocksync::SyncCheckOptions options;
  std::int64_t fail_above = -1;  // ns; -1: only the claimed bound decides
};

SyncCheckPlan parse_sync_check(const RawSyncCheckOptions& raw) {
  SyncCheckPlan plan;
  clocksync::SyncCheckOptions& o = plan.options;
  o.inject.offset_ns = parse_duration_option("--inject-clock-offset", raw.inject_offset);
  o.inject.drift_ppm = check_drift_ppm("--inject-clock-drift", raw.inject_drift_ppm);
  o.inject.wander_ns = parse_duration_option("--inject-clock-wander", raw.inject_wander);
  o.inject.wander_period_ns = parse_duration_option("--inject-wander-period", raw.wander_period);
  if (o.inject.wander_period_ns <= 0) throw UsageError("--inject-wander-period: must be positive");
  o.inject.step_ppm = check_drift_ppm("--inject-drift-step", raw.inject_step_ppm);
  o.inject.step_at_ns = parse_duration_option("--inject-drift-step-at", raw.step_at);
  o.inject_per_node = raw.inject_per_node;
  plan.fail_above =
      raw.fail_above.empty() ? -1 : parse_duration_option("--fail-above", raw.fail_above);
  o.duration_ns = parse_duration_option("--duration", raw.duration);
  if (o.duration_ns <= 0) throw UsageError("--duration: must be positive");
  o.sample_interval_ns = parse_duration_option("--interval", raw.interval);
  if (o.sample_interval_ns <= 0) throw UsageError("--interval: must be positive");
  o.sync.resync_ns = parse_duration_option("--resync", raw.resync);
  o.sync.estimator = parse_estimator("--sync-estimator", raw.estimator);
  if (raw.pingpongs < 1) throw UsageError("--pingpongs: must be at least 1");
  o.sync.pingpongs = raw.pingpongs;
  o.sync.fit_drift = !raw.no_drift;
  o.sync.hierarchical = !raw.flat;
  o.seed = raw.seed;
  o.virtual_ppn = parse_virtual_ppn("--virtual-ppn", raw.virtual_ppn);
  return plan;
}

}  // namespace

void check_sync_check_options(const RawSyncCheckOptions& raw) {
  parse_sync_check(raw);
}

int sync_check_command(const RawSyncCheckOptions& raw) {
  const SyncCheckPlan plan = parse_sync_check(raw);
  const clocksync::SyncCheckOptions& o = plan.options;
  const std::int64_t fail_above = plan.fail_above;

  const nlohmann::json report = clocksync::run_sync_check(MPI_COMM_WORLD, o);
  // Rank 0 holds the verdict; mpiexec passes its exit code on.
  if (world_rank() != 0) return 0;
  const auto max_abs = report.at("max_abs_error_ns").get<std::int64_t>();
  const auto violations = report.at("bound_violations").get<std::int64_t>();
  const bool above = fail_above >= 0 && max_abs > fail_above;
  if (raw.json) {
    fmt::print("{}\n", report.dump(2));
  } else {
    fmt::print(
        "sync-check on {} ranks over {}: max |error| {}  median |error| {}  claimed bound up to "
        "{}  resyncs {}\n"
        "(injected offsets up to {}, drift up to {} ppm; {} estimator)\n",
        report.at("ranks").get<int>(), format_duration(report.at("duration_ns").get<double>()),
        format_duration(report.at("max_abs_error_ns").get<double>()),
        format_duration(report.at("median_abs_error_ns").get<double>()),
        format_duration(report.at("error_bound_ns").get<double>()), report.at("resyncs").get<int>(),
        format_duration(report.at("inject_offset_max_ns").get<double>()),
        report.at("inject_drift_max_ppm").get<double>(), raw.estimator);
  }
  if (violations > 0) {
    fmt::print(stderr,
               "sync-check: FAIL: {} samples had an error above the bound the clock claimed at "
               "that moment\n",
               violations);
  }
  if (above) {
    fmt::print(stderr, "sync-check: FAIL: max |error| {} is above --fail-above {}\n",
               format_duration(static_cast<double>(max_abs)),
               format_duration(static_cast<double>(fail_above)));
  }
  std::fflush(stdout);
  return violations > 0 || above ? 1 : 0;
}

}  // namespace papbench
