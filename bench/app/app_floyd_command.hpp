#pragma once
// `papbench app floyd`: the Floyd-Warshall macro kernel of [Parsons2015] §3.9.4 (Table 3.9), the
// all-pairs shortest paths with the pivot row broadcast by a registered bcast algorithm.

#include <cstdint>
#include <string>

#include "bench/app/app_options.hpp"
#include "common/cli_fwd.hpp"

namespace papbench {

struct RawFloydOptions {
  std::string bcast_alg = "mpich-binomial,patyuan";
  int n = 256;  // vertices
  std::uint64_t seed = 1;
  bool validate = false;
  app::CommonOptions common;  // --reps, --virtual-ppn, --out, --force
};

// Adds `floyd` to the `app` group that add_app_command made on `parent` (call after it).
CLI::App* add_app_floyd_command(CLI::App& parent, RawFloydOptions& raw);

// Collective over MPI_COMM_WORLD. Returns 0, or 1 when a validated result was wrong; throws
// UsageError (exit 2) for bad options. With --out, one case per algorithm goes to that result
// set as soon as the algorithm is done.
int app_floyd_command(const RawFloydOptions& raw, const std::string& command_line);

}  // namespace papbench
