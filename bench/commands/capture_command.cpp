#include "bench/commands/capture_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "capture/substitution_spec.hpp"
#include "common/errors.hpp"
#include "common/files.hpp"
#include "common/option_table.hpp"

#ifndef PAPBENCH_BIN_TO_LIBDIR
#define PAPBENCH_BIN_TO_LIBDIR "../lib"
#endif

namespace papbench {
namespace {

// The library: --lib, else beside an installed papbench (BINDIR/../LIBDIR, the relative path
// compiled in by cmake/papbench_install.cmake), else in the build tree (bench/../capture).
std::string capture_library(const RawCaptureOptions& raw) {
  namespace fs = std::filesystem;
  if (!raw.lib.empty()) {
    if (!fs::is_regular_file(raw.lib)) {
      throw UsageError(
          fmt::format("--lib: '{}' is not a file; accepted: the path of "
                      "libpapbench-capture.so",
                      raw.lib));
    }
    return fs::absolute(raw.lib).string();
  }
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (const char* dir : {PAPBENCH_BIN_TO_LIBDIR, "../lib", "../capture"}) {
      const fs::path candidate = exe.parent_path() / dir / "libpapbench-capture.so";
      if (fs::is_regular_file(candidate, ec)) return fs::weakly_canonical(candidate).string();
    }
  }
  throw UsageError(
      "capture: libpapbench-capture.so is neither beside papbench (" PAPBENCH_BIN_TO_LIBDIR
      ") nor in its build "
      "tree (../capture); give it with --lib");
}

// --out before the application starts (issue 47: a missing directory ran the whole application
// and wrote nothing; an existing file, another run's result set too, was replaced). Every rank
// checks, as each runs this before it becomes the application: a rank that went on would wait
// in MPI_Init for one that left, and MPICH's launcher does not end it.
void check_capture_out(const RawCaptureOptions& raw) {
  check_output_file("--out", raw.out, raw.force);
  if (!raw.force && std::filesystem::exists(raw.out)) {
    throw UsageError(fmt::format(
        "--out: '{}' exists; papbench never overwrites results (add --force to replace it)",
        raw.out));
  }
}

}  // namespace

CLI::App* add_capture_command(CLI::App& app, RawCaptureOptions& raw) {
  CLI::App* cmd =
      app.add_subcommand("capture",
                         "Run an MPI application with its collectives captured (docs/CAPTURE.md): "
                         "mpiexec -n 4 papbench capture --out app.h5 -- ./my_app args");
  const std::vector<OptionRow> rows = {
      {.name = "--out",
       .target = &raw.out,
       .help = "Capture file (an existing one only with --force)",
       .show_default = true,
       .type_name = "FILE"},
      {.name = "--force", .target = &raw.force, .help = "Replace an existing --out"},
      {.name = "--sites",
       .target = &raw.sites,
       .help = "Tell call sites apart by their whole call stack (a backtrace per call)"},
      {.name = "--flush-every",
       .target = &raw.flush_every,
       .help = "Write everything so far after every K-th MPI_COMM_WORLD collective, so a crash "
               "keeps it (0: only at MPI_Finalize)",
       .checks = {{.kind = OptionCheck::Kind::kNonNegative}},
       .show_default = true},
      {.name = "--substitute",
       .target = &raw.substitute,
       .help = "[site=SITE:]COLLECTIVE=ALG[:key=value...]: a papbench algorithm serves the "
               "application's reduce, bcast, scatter, gather or allreduce calls (at SITE as "
               "`papbench-report pap` names it, else all); repeatable (docs/CAPTURE.md)",
       .one_value_each = true},
      {.name = "--lib",
       .target = &raw.lib,
       .help = "libpapbench-capture.so (default: found beside papbench)",
       .type_name = "FILE"},
      {.name = "command",
       .target = &raw.command,
       .help = "The application and its arguments (after --)",
       .required = true},
  };
  add_option_rows(*cmd, rows);
  return cmd;
}

int capture_command(const RawCaptureOptions& raw) {
  const std::string lib = capture_library(raw);
  check_capture_out(raw);
  // Refused here, before the application starts, as the library would at MPI_Init.
  static_cast<void>(capture::parse_substitutions(raw.substitute, "--substitute"));
  // Preloaded before whatever the user preloads already, so the wrappers come first.
  const char* preload = std::getenv("LD_PRELOAD");
  const std::string chain =
      preload != nullptr && *preload != '\0' ? fmt::format("{}:{}", lib, preload) : lib;
  const std::string out = std::filesystem::absolute(raw.out).string();
  if (setenv("LD_PRELOAD", chain.c_str(), 1) != 0 ||
      setenv("PAPBENCH_CAPTURE", out.c_str(), 1) != 0 ||
      setenv("PAPBENCH_CAPTURE_SITES", raw.sites ? "1" : "0", 1) != 0 ||
      setenv("PAPBENCH_CAPTURE_FLUSH_EVERY", std::to_string(raw.flush_every).c_str(), 1) != 0 ||
      setenv("PAPBENCH_SUBSTITUTE", capture::join_substitutions(raw.substitute).c_str(), 1) != 0) {
    throw Error(fmt::format("capture: setenv: {}", std::strerror(errno)));
  }
  std::vector<std::string> args = raw.command;  // execvp takes char*, not const char*
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  throw UsageError(
      fmt::format("capture: cannot run '{}': {}", raw.command.front(), std::strerror(errno)));
}

}  // namespace papbench
