#pragma once
// `papbench imbalance`: [Parsons2015]'s natural-imbalance micro-benchmark (Listing 3.2). It is a
// run of the barrier collective (the closing call) with pattern compute:XTIME, preceded by a
// ping-pong that measures the minimum message latency, and followed by the thesis' PAP statistics.

#include <string>

#include "common/cli_fwd.hpp"

namespace papbench {

struct RawImbalanceOptions {
  std::string xtime = "40000";
  int iters = 100;
  int warmup = 3;
  int pingpongs = 1000;
  std::string sync = "window";
  std::string virtual_ppn = "0";
  std::string out;
  bool force = false;
  std::string progress = "auto";
  std::string counters;
  std::string counters_domain = "user";
  std::string counters_scope = "compute";
  bool counters_strict = false;
};

CLI::App* add_imbalance_command(CLI::App& app, RawImbalanceOptions& raw);
int imbalance_command(const RawImbalanceOptions& raw, const std::string& command_line);

}  // namespace papbench
