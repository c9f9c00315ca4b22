// papbench: runs collective algorithms under injected process arrival patterns on a
// synchronized global clock and writes every raw timestamp to an HDF5 result set.
//
// The command line is parsed before MPI starts, and only the commands that communicate start it:
// --help, --version, --help-man, --help-completion (the hidden flags that cmake/papbench_docs.cmake
// runs at build time), `list`, `clv-schedule`, `schedgen` and `tree` never pay MPI's start-up. A
// message printed before MPI starts (a command-line error) comes from launcher rank 0 only
// (launcher_rank(): OMPI_COMM_WORLD_RANK, PMI_RANK, ... from the environment), so that
// `mpiexec -n 4 papbench --bad` prints it once, as it did when every rank had MPI up. The run's
// options, and sync-check's, are checked then too, as far as they need no world size
// (check_run_before_mpi): a refused value costs what --version does, not MPI's start-up.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bench/app/app_floyd_command.hpp"
#include "bench/app/app_ft_command.hpp"
#include "bench/app/app_matvec_command.hpp"
#include "bench/commands/capture_command.hpp"
#include "bench/commands/clv_schedule_command.hpp"
#include "bench/commands/counters_command.hpp"
#include "bench/commands/imbalance_command.hpp"
#include "bench/commands/list_command.hpp"
#include "bench/commands/schedgen_command.hpp"
#include "bench/commands/sync_check_command.hpp"
#include "bench/commands/topology_command.hpp"
#include "bench/commands/tree_command.hpp"
#include "bench/fft/app_fft_command.hpp"
#include "bench/fft/fft_experiment.hpp"
#include "bench/run/experiment_file.hpp"
#include "bench/run/run_command.hpp"
#include "bench/run/run_info.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/cli_docs.hpp"
#include "common/error_output.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "common/version_text.hpp"
#include "papbench/version.hpp"

#ifdef PAPBENCH_TEST_ALGORITHMS
namespace papbench::testing {
// The test binary's extra registry rows (tests/e2e/test_algorithms.cpp).
void register_test_algorithms();
}  // namespace papbench::testing
#endif

namespace {

// A command that never starts MPI.
constexpr int kNoMpi = -1;

// --help-man's page (cmake/papbench_docs.cmake installs it as papbench(1)).
papbench::ManPageInfo man_info() {
  return {.name = "papbench",
          .version = "papbench " + papbench::this_version_text(),
          .date = papbench::man_page_date(),
          .see_also = {"papbench-report(1)", "mpiexec(1)"}};
}

// --help-completion's value lists: the run options' rows name theirs (the registry's tables, which
// `papbench list` prints too; files from their FILE type); --alg's depend on --collective's.
papbench::CompletionInfo completion_info() {
  papbench::RawRunOptions scratch;
  papbench::CompletionInfo info{
      .name = "papbench", .values = papbench::completion_words(papbench::run_option_rows(scratch))};
  for (const papbench::CollectiveInfo& c : papbench::collective_table()) {
    for (const std::string_view alg : papbench::algorithms_of(c.name)) {
      info.alg_by_collective[std::string(c.name)].emplace_back(alg);
    }
  }
  return info;
}

// One subcommand: its parser, the MPI_THREAD_* level it starts MPI with (kNoMpi: none), and what
// it runs. Only commands whose threads call MPI ask for MPI_THREAD_MULTIPLE. `check`, where
// given, refuses bad options before MPI starts (UsageError), which otherwise costs MPI's
// start-up (issue 47).
struct Subcommand {
  CLI::App* app;
  int mpi;
  std::function<int()> run;
  std::function<void()> check = nullptr;
};

// Every option struct the parser writes into, and the subcommand table built over them.
struct Cli {
  CLI::App app{"papbench: MPI collectives under imbalanced process arrival patterns"};
  papbench::RawRunOptions raw;
  papbench::ExperimentChoice experiment;
  papbench::RawListOptions list_raw;
  papbench::RawSyncCheckOptions sync_raw;
  papbench::RawImbalanceOptions imbalance_raw;
  papbench::RawCountersOptions counters_raw;
  papbench::RawClvScheduleOptions clv_raw;
  papbench::RawSchedgenOptions schedgen_raw;
  papbench::RawFftOptions fft_raw;
  papbench::RawFloydOptions floyd_raw;
  papbench::RawMatvecOptions matvec_raw;
  papbench::RawFtOptions ft_raw;
  papbench::RawTopologyOptions topology_raw;
  papbench::RawTreeOptions tree_raw;
  papbench::RawCaptureOptions capture_raw;
  std::string command_line;
  std::vector<Subcommand> subcommands;

  Cli(int argc, char** argv) : command_line(papbench::join_command_line(argc, argv)) {
    using namespace papbench;
    app.set_version_flag("--version", "papbench " + this_version_text());
    app.footer(
        "Examples:\n"
        "  mpiexec -n 4 papbench --collective reduce --alg native --maxdelay 50ms --out run.h5\n"
        "  mpiexec -n 4 papbench sync-check --inject-clock-offset 10ms --inject-clock-drift 100 "
        "--json\n"
        "  papbench list");
    add_run_options(app, raw);
    add_experiment_options(app, experiment);
    subcommands = {
        {add_list_command(app, list_raw), kNoMpi,
         [this] { return launcher_rank() == 0 ? list_command(list_raw) : 0; }},
        {add_sync_check_command(app, sync_raw), MPI_THREAD_SINGLE,
         [this] { return sync_check_command(sync_raw); },
         [this] { check_sync_check_options(sync_raw); }},
        {add_topology_command(app, topology_raw), MPI_THREAD_SINGLE,
         [this] { return topology_command(topology_raw); }},
        // FUNNELED: its run has the call watchdog, a thread that never calls MPI.
        {add_imbalance_command(app, imbalance_raw), MPI_THREAD_FUNNELED,
         [this] { return imbalance_command(imbalance_raw, command_line); }},
        {add_counters_command(app, counters_raw), MPI_THREAD_SINGLE,
         [this] { return counters_command(counters_raw); }},
        {add_clv_schedule_command(app, clv_raw), kNoMpi,
         [this] { return clv_schedule_command(clv_raw); }},
        {add_schedgen_command(app, schedgen_raw), kNoMpi,
         [this] { return schedgen_command(schedgen_raw, command_line); }},
        {add_tree_command(app, tree_raw), kNoMpi, [this] { return tree_command(tree_raw); }},
        // No MPI: the process becomes the application, which starts MPI itself.
        {add_capture_command(app, capture_raw), kNoMpi,
         [this] { return capture_command(capture_raw); }},
        {add_app_command(app, fft_raw), MPI_THREAD_MULTIPLE,
         [this] { return app_fft_command(fft_raw, command_line); }},
        // After add_app_command: it adds floyd to the `app` group made there.
        {add_app_floyd_command(app, floyd_raw), MPI_THREAD_SINGLE,
         [this] { return app_floyd_command(floyd_raw, command_line); }},
        {add_app_matvec_command(app, matvec_raw), MPI_THREAD_SINGLE,
         [this] { return app_matvec_command(matvec_raw, command_line); }},
        {add_app_ft_command(app, ft_raw), MPI_THREAD_SINGLE,
         [this] { return app_ft_command(ft_raw, command_line); }},
    };
    app.require_subcommand(0, 1);
    // Hidden; print and exit 0 from parse(), before MPI starts.
    add_doc_flags(app, {man_info, completion_info, launcher_rank() == 0});
  }

  // The chosen subcommand, or the case matrix (no subcommand; an `app = fft` experiment file
  // runs the FFT application instead). Call after parsing.
  Subcommand chosen() {
    for (const Subcommand& s : subcommands) {
      if (s.app->parsed()) return s;
    }
    if (const auto fft = papbench::fft_from_experiment(app, experiment, raw)) {
      return {nullptr, MPI_THREAD_MULTIPLE,
              [this, fft] { return papbench::app_fft_command(*fft, command_line); }};
    }
    papbench::apply_experiment_options(app, experiment, raw);
    papbench::check_run_before_mpi(raw, command_line);
    // What the library reads only at MPI_Init, asked for by the rows of the run's algorithms
    // (native:force: Open MPI's coll_tuned_use_dynamic_rules, from the environment).
    papbench::run_before_mpi_init(raw);
    return {nullptr, papbench::run_thread_level(raw),
            [this] { return papbench::run_command(raw, command_line); }};
  }
};

// Runs a command with MPI up; a rank failing mid-run would leave the others waiting forever in
// a collective, so anything but a usage error aborts the job.
int run_with_mpi(const Subcommand& cmd, int* argc, char*** argv) {
  papbench::MpiSession mpi(argc, argv, cmd.mpi);
  try {
    return cmd.run();
  } catch (const papbench::UsageError& e) {
    if (papbench::world_rank() == 0) {
      papbench::print_error(fmt::format("papbench: error: {}\n", e.what()));
    }
    return papbench::kUsageExit;
  } catch (const std::exception& e) {
    papbench::print_error(fmt::format("papbench: rank {}: {}\n", papbench::world_rank(), e.what()));
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}

// The exit code of a usage error found before MPI starts. The ranks cannot wait for each other
// then, and a launcher (Open MPI's mpiexec, srun --kill-on-bad-exit) kills the whole job once one
// rank exits non-zero: a silent rank failing first could kill rank 0 before it printed why (seen
// in CI under load). Every rank reaches the same verdict from the same argv, so only rank 0
// speaks and only rank 0 fails, and the job exits with rank 0's code.
int usage_exit(bool speaks) {
  return speaks ? papbench::kUsageExit : 0;
}

int run_main(int argc, char** argv) {
  const bool speaks = papbench::launcher_rank() == 0;
  Cli cli(argc, argv);
  try {
    cli.app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (speaks) cli.app.exit(e);
    return e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success) ? 0 : usage_exit(speaks);
  }
  // As Google Benchmark does: a debug or sanitizer build times something other than what users
  // compare (the file records the build too, root attribute build).
  if (speaks && !papbench::build_caveat().empty()) {
    papbench::print_error(fmt::format(
        "papbench: warning: this binary was {} ({}): its timings are not an optimized build's\n",
        papbench::build_caveat(), papbench::kBuild));
  }
  try {
    const Subcommand cmd = cli.chosen();
    if (cmd.check) cmd.check();
    if (cmd.mpi != kNoMpi) return run_with_mpi(cmd, &argc, &argv);
    return cmd.run();
  } catch (const papbench::UsageError& e) {
    if (speaks) papbench::print_error(fmt::format("papbench: error: {}\n", e.what()));
    return usage_exit(speaks);
  }
}

}  // namespace

int main(int argc, char** argv) {
#ifdef PAPBENCH_TEST_ALGORITHMS
  papbench::testing::register_test_algorithms();
#endif
  try {
    return run_main(argc, argv);
  } catch (const std::exception& e) {
    // Only commands without MPI get here (run_with_mpi aborts the job instead).
    papbench::print_error(fmt::format("papbench: {}\n", e.what()));
    return 1;
  }
}
