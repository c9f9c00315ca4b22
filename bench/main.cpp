// papbench: runs collective algorithms under injected process arrival patterns on a
// synchronized global clock and writes every raw timestamp to an HDF5 result set.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <optional>

#include "bench/clv_schedule_command.hpp"
#include "bench/counters_command.hpp"
#include "bench/experiment_file.hpp"
#include "bench/fft/app_fft_command.hpp"
#include "bench/fft/fft_experiment.hpp"
#include "bench/imbalance_command.hpp"
#include "bench/list_command.hpp"
#include "bench/run_command.hpp"
#include "bench/run_info.hpp"
#include "bench/schedgen_command.hpp"
#include "bench/sync_check_command.hpp"
#include "bench/topology_command.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"
#include "papbench/version.hpp"

namespace {

constexpr int kUsageExit = 2;

int run_main(int argc, char** argv) {
  const int rank = papbench::world_rank();
  CLI::App app{"papbench: MPI collectives under imbalanced process arrival patterns"};
  app.set_version_flag("--version",
                       fmt::format("papbench {} ({})", papbench::kVersion, papbench::kGitSha));
  app.footer(
      "Examples:\n"
      "  mpiexec -n 4 papbench --collective reduce --alg native --maxdelay 50ms --out run.h5\n"
      "  mpiexec -n 4 papbench sync-check --inject-clock-offset 10ms --inject-clock-drift 100 "
      "--json\n"
      "  papbench list");
  papbench::RawRunOptions raw;
  papbench::add_run_options(app, raw);
  papbench::ExperimentChoice experiment;
  papbench::add_experiment_options(app, experiment);
  papbench::RawListOptions list_raw;
  CLI::App* list = papbench::add_list_command(app, list_raw);
  papbench::RawSyncCheckOptions sync_raw;
  CLI::App* sync_check = papbench::add_sync_check_command(app, sync_raw);
  papbench::RawImbalanceOptions imbalance_raw;
  CLI::App* imbalance = papbench::add_imbalance_command(app, imbalance_raw);
  papbench::RawCountersOptions counters_raw;
  CLI::App* counters = papbench::add_counters_command(app, counters_raw);
  papbench::RawClvScheduleOptions clv_raw;
  CLI::App* clv_schedule = papbench::add_clv_schedule_command(app, clv_raw);
  papbench::RawSchedgenOptions schedgen_raw;
  CLI::App* schedgen = papbench::add_schedgen_command(app, schedgen_raw);
  papbench::RawFftOptions fft_raw;
  CLI::App* app_fft = papbench::add_app_command(app, fft_raw);
  papbench::RawTopologyOptions topology_raw;
  CLI::App* topology = papbench::add_topology_command(app, topology_raw);
  app.require_subcommand(0, 1);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Every rank parses the same argv, so all leave together; only rank 0 speaks.
    if (rank == 0) {
      app.exit(e);
    }
    return e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success) ? 0 : kUsageExit;
  }

  if (list->parsed()) return rank == 0 ? papbench::list_command(list_raw) : 0;
  if (sync_check->parsed()) return papbench::sync_check_command(sync_raw);
  if (topology->parsed()) return papbench::topology_command(topology_raw);
  if (imbalance->parsed()) {
    return papbench::imbalance_command(imbalance_raw, papbench::join_command_line(argc, argv));
  }
  if (counters->parsed()) return papbench::counters_command(counters_raw);
  if (clv_schedule->parsed()) return papbench::clv_schedule_command(clv_raw);
  if (schedgen->parsed()) {
    return papbench::schedgen_command(schedgen_raw, papbench::join_command_line(argc, argv));
  }
  if (app_fft->parsed()) {
    return papbench::app_fft_command(fft_raw, papbench::join_command_line(argc, argv));
  }
  // An `app = fft` experiment file runs the FFT application, not the case matrix.
  if (const auto fft = papbench::fft_from_experiment(app, experiment, raw)) {
    return papbench::app_fft_command(*fft, papbench::join_command_line(argc, argv));
  }
  papbench::apply_experiment_options(app, experiment, raw);
  return papbench::run_command(raw, papbench::join_command_line(argc, argv));
}

}  // namespace

int main(int argc, char** argv) {
  papbench::MpiSession mpi(&argc, &argv);
  try {
    return run_main(argc, argv);
  } catch (const papbench::UsageError& e) {
    if (papbench::world_rank() == 0) fmt::print(stderr, "papbench: error: {}\n", e.what());
    return kUsageExit;
  } catch (const std::exception& e) {
    // One rank failing mid-run would leave the others waiting forever in a collective.
    fmt::print(stderr, "papbench: rank {}: {}\n", papbench::world_rank(), e.what());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}
