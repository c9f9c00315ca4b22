#pragma once
#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

#include "bench/run/run_options.hpp"
#include "results/result_set.hpp"

namespace papbench {
// The benchmark run: validates options, synchronizes clocks, runs every case, writes the result
// set on rank 0 and prints the summary. Returns the exit code (UsageError escapes for exit 2).
int run_command(const RawRunOptions& raw, const std::string& command_line);
// Before MPI_Init, on every rank alike: every check that needs neither MPI nor the world size
// (parse_run_options; the options' recorded size, at least as large as the one run_command
// checks), and where the process runs alone (no launcher, or one rank) the --out path, which
// otherwise rank 0 checks once MPI is up (the file systems of other nodes may differ). Throws
// UsageError, so a refused value costs what --version does, not MPI's start-up (issue 47).
void check_run_before_mpi(const RawRunOptions& raw, const std::string& command_line);
// The MPI_THREAD_* level the run needs (RunOptions::thread_level), without MPI; where the options
// are bad, MPI_THREAD_MULTIPLE (check_run_before_mpi has refused them already in papbench).
int run_thread_level(const RawRunOptions& raw);
// Before MPI_Init: the before_mpi_init hook (collectives/core/registry.hpp) of every algorithm the
// run names, with the options the run gives it, resolved; where the options are bad, none
// (check_run_before_mpi has refused them already in papbench).
void run_before_mpi_init(const RawRunOptions& raw);

// Extension points for commands built on the run (papbench imbalance).
struct RunHooks {
  // Collective over the run's communicator, after clock synchronization and before the result
  // set is created: may add root attributes (RunInfo::extra).
  std::function<void(MPI_Comm, results::RunInfo&)> before_cases;
  // Rank 0, after the summary table, with every completed case (counters cleared).
  std::function<void(const results::RunInfo&, const std::vector<results::CaseRecord>&)> after_cases;
};
int run_command(const RawRunOptions& raw, const std::string& command_line, const RunHooks& hooks);
}  // namespace papbench
