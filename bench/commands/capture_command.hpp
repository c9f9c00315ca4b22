#pragma once
// `papbench capture --out app.h5 -- ./my_app args`: runs an MPI application (each rank, under
// mpiexec) with libpapbench-capture.so preloaded and its settings in the environment
// (docs/CAPTURE.md). No MPI of its own: the process becomes the application.

#include <cstdint>
#include <string>
#include <vector>

#include "common/cli_fwd.hpp"

namespace papbench {

struct RawCaptureOptions {
  std::string out = "papbench-capture.h5";
  bool force = false;  // replace an existing --out
  bool sites = false;
  std::int64_t flush_every = 0;
  std::string lib;  // empty: beside papbench (installed) or in the build tree
  // --substitute: papbench's algorithms in place of the library's (capture/substitution_spec.hpp)
  std::vector<std::string> substitute;
  std::vector<std::string> command;
};

CLI::App* add_capture_command(CLI::App& app, RawCaptureOptions& raw);
// Returns only on failure (UsageError, exit 2): on success the process is the application.
int capture_command(const RawCaptureOptions& raw);

}  // namespace papbench
