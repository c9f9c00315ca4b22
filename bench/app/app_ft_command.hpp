#pragma once
// `papbench app ft`: the FT-style 3D FFT macro kernel of [Parsons2015] §3.9.4 (Table 3.11, NAS
// FT), its slab transpose done by a registered alltoall algorithm.

#include <cstdint>
#include <string>

#include "bench/app/app_options.hpp"
#include "common/cli_fwd.hpp"

namespace papbench {

struct RawFtOptions {
  std::string alltoall_alg = "mpich-isend";
  int n = 32;     // points per dimension of the n x n x n grid
  int iters = 4;  // 3D transforms per repetition
  std::uint64_t seed = 1;
  bool validate = false;
  app::CommonOptions common;  // --reps, --virtual-ppn, --out, --force
};

// Adds `ft` to the `app` group that add_app_command made on `parent` (call after it).
CLI::App* add_app_ft_command(CLI::App& parent, RawFtOptions& raw);

// Collective over MPI_COMM_WORLD. Returns 0, or 1 when a validated spectrum was wrong; throws
// UsageError (exit 2) for bad options. With --out, one case per algorithm goes to that result
// set as soon as the algorithm is done.
int app_ft_command(const RawFtOptions& raw, const std::string& command_line);

}  // namespace papbench
