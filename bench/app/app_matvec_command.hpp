#pragma once
// `papbench app matvec`: the rotating-root dense matrix-vector macro kernel of [Parsons2015]
// §3.9.4 (Table 3.10), the partial products summed by a registered reduce algorithm.

#include <cstdint>
#include <string>

#include "bench/app/app_options.hpp"
#include "common/cli_fwd.hpp"

namespace papbench {

struct RawMatvecOptions {
  std::string reduce_alg = "mpich-binomial";
  int n = 1024;   // rows and columns
  int iters = 0;  // products per repetition; 0: two per rank (every rank is root twice)
  std::uint64_t seed = 1;
  bool validate = false;
  app::CommonOptions common;  // --reps, --virtual-ppn, --out, --force
};

// Adds `matvec` to the `app` group that add_app_command made on `parent` (call after it).
CLI::App* add_app_matvec_command(CLI::App& parent, RawMatvecOptions& raw);

// Collective over MPI_COMM_WORLD. Returns 0, or 1 when a validated product was wrong; throws
// UsageError (exit 2) for bad options. With --out, one case per algorithm goes to that result
// set as soon as the algorithm is done.
int app_matvec_command(const RawMatvecOptions& raw, const std::string& command_line);

}  // namespace papbench
