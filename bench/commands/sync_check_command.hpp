#pragma once
// `papbench sync-check`: distorts every rank's clock by a known offset and drift, synchronizes,
// and measures the remaining error against the known truth.

#include <cstdint>
#include <string>

#include "common/cli_fwd.hpp"

namespace papbench {

struct RawSyncCheckOptions {
  std::string inject_offset = "0";
  double inject_drift_ppm = 0;
  std::string inject_wander = "0";
  std::string wander_period = "10s";
  double inject_step_ppm = 0;
  std::string step_at = "2s";
  bool inject_per_node = false;
  std::string fail_above;  // "": only the claimed bound decides
  std::string duration = "10s";
  std::string resync = "1s";
  std::string interval = "10ms";
  std::string estimator = "min-rtt";
  std::string virtual_ppn = "0";
  int pingpongs = 25;
  std::uint64_t seed = 1;
  bool json = false;
  bool no_drift = false;
  bool flat = false;
};

CLI::App* add_sync_check_command(CLI::App& app, RawSyncCheckOptions& raw);
// Before MPI starts: throws the UsageError that sync_check_command would for these options.
void check_sync_check_options(const RawSyncCheckOptions& raw);
int sync_check_command(const RawSyncCheckOptions& raw);

}  // namespace papbench
