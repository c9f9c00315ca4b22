#pragma once
// `papbench schedgen`: the schedule-generation benchmark of [ProficzOcetkiewicz2021] §5.7 (Table
// 1). For every pattern, P and rep it draws one instance (schedgen_instance.hpp), runs every chosen
// implementation on it in an order rotated per rep, checks that all schedules are identical, times
// each generation with std::chrono::steady_clock, and writes every timing to an HDF5 file
// (docs/SCHEDGEN.md) through a temporary name renamed into place. It prints per-point medians,
// means, speedups and the measured state bytes per (process, segment) cell.
//
// A single-CPU benchmark: under mpiexec with more than one rank it refuses (exit 2) rather than
// timing P copies competing for the cores.

#include <cstdint>
#include <string>
#include <vector>

#include "common/cli_fwd.hpp"

namespace papbench {

struct RawSchedgenOptions {
  std::string impls = "linear,pairing,segtree";
  std::string patterns = "uniform,skewed";
  std::string sizes = "4:512:x2";
  int reps = 250;
  std::vector<std::string> reps_for;  // "P=R": fewer (or more) reps at one P
  std::uint64_t seed = 1;
  std::string out;
  bool force = false;
  std::string segtree_path = "auto";
};

CLI::App* add_schedgen_command(CLI::App& app, RawSchedgenOptions& raw);
int schedgen_command(const RawSchedgenOptions& raw, const std::string& command_line);

}  // namespace papbench
