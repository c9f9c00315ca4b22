#include "bench/sync_check_command.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "bench/run_options.hpp"
#include "clocksync/sync_check.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"

namespace papbench {

CLI::App* add_sync_check_command(CLI::App& app, RawSyncCheckOptions& raw) {
  CLI::App* sub = app.add_subcommand(
      "sync-check", "Measure the clock synchronization error against injected known distortions");
  sub->add_option("--inject-clock-offset", raw.inject_offset,
                  "Each rank's clock is offset by a random amount up to this (e.g. 10ms)")
      ->capture_default_str();
  sub->add_option("--inject-clock-drift", raw.inject_drift_ppm,
                  "Each rank's clock drifts by a random rate up to this many ppm")
      ->capture_default_str();
  sub->add_option("--duration", raw.duration, "How long to keep measuring")->capture_default_str();
  sub->add_option("--resync", raw.resync, "Resynchronize when the last sync is older (0: never)")
      ->capture_default_str();
  sub->add_option("--interval", raw.interval, "Time between error samples")->capture_default_str();
  sub->add_option("--sync-estimator", raw.estimator, "min-rtt or median")->capture_default_str();
  sub->add_option("--pingpongs", raw.pingpongs, "Exchanges per rank and sync")
      ->capture_default_str();
  sub->add_option("--seed", raw.seed, "Seed of the injected distortions")->capture_default_str();
  sub->add_flag("--no-drift", raw.no_drift, "Do not fit a linear drift");
  sub->add_flag("--flat-sync", raw.flat, "Every rank ping-pongs with rank 0");
  sub->add_option("--virtual-ppn", raw.virtual_ppn,
                  "Node leaders sync for virtual nodes of K consecutive ranks (0: real nodes)")
      ->capture_default_str();
  sub->add_flag("--json", raw.json, "Print the JSON report");
  return sub;
}

int sync_check_command(const RawSyncCheckOptions& raw) {
  clocksync::SyncCheckOptions o;
  o.inject_offset_max_ns = parse_duration_option("--inject-clock-offset", raw.inject_offset);
  o.inject_drift_max_ppm = check_drift_ppm("--inject-clock-drift", raw.inject_drift_ppm);
  o.duration_ns = parse_duration_option("--duration", raw.duration);
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

  const nlohmann::json report = clocksync::run_sync_check(MPI_COMM_WORLD, o);
  if (world_rank() != 0) return 0;
  if (raw.json) {
    fmt::print("{}\n", report.dump(2));
  } else {
    fmt::print(
        "sync-check on {} ranks over {}: max |error| {}  median |error| {}  resyncs {}\n"
        "(injected offsets up to {}, drift up to {} ppm; {} estimator)\n",
        report.at("ranks").get<int>(), format_duration(report.at("duration_ns").get<double>()),
        format_duration(report.at("max_abs_error_ns").get<double>()),
        format_duration(report.at("median_abs_error_ns").get<double>()),
        report.at("resyncs").get<int>(),
        format_duration(report.at("inject_offset_max_ns").get<double>()),
        report.at("inject_drift_max_ppm").get<double>(), raw.estimator);
  }
  std::fflush(stdout);
  return 0;
}

}  // namespace papbench
