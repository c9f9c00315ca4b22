#pragma once
// `papbench clv-schedule`: prints the Clairvoyant reduce schedule of one instance (arrival times,
// round time d, segments, root) as JSON, a [ProficzOcetkiewicz2021] Fig. 1-style table or a
// summary. No communication; rank 0 prints.

#include <string>

#include "common/cli_fwd.hpp"

namespace papbench {

struct RawClvScheduleOptions {
  std::string impl = "segtree";
  std::string arrivals;
  std::string arrivals_file;
  double round_time = 1;
  int segments = 1;
  int root = 0;
  std::string format = "json";
};

CLI::App* add_clv_schedule_command(CLI::App& app, RawClvScheduleOptions& raw);
int clv_schedule_command(const RawClvScheduleOptions& raw);

}  // namespace papbench
