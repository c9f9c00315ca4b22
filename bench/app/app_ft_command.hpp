#pragma once
// `papbench app ft`: the FT-style 3D FFT macro kernel of [Parsons2015] §3.9.4 (Table 3.11, NAS
// FT), its slab transpose done by a registered alltoall algorithm.

#include <cstdint>
#include <string>

#include "bench/cli_fwd.hpp"

namespace papbench {

struct RawFtOptions {
  std::string alltoall_alg = "mpich-isend";
  int n = 32;     // points per dimension of the n x n x n grid
  int iters = 4;  // 3D transforms per repetition
  int reps = 3;
  int virtual_ppn = 0;
  std::uint64_t seed = 1;
  bool validate = false;
};

// Adds `ft` to the `app` group that add_app_command made on `parent` (call after it).
CLI::App* add_app_ft_command(CLI::App& parent, RawFtOptions& raw);

// Collective over MPI_COMM_WORLD. Returns 0, or 1 when a validated spectrum was wrong; throws
// UsageError (exit 2) for bad options.
int app_ft_command(const RawFtOptions& raw);

}  // namespace papbench
