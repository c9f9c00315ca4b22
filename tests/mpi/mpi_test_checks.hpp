#pragma once
// The failed-check tally of an MPI test program: each rank counts its own failed checks, and the
// program's exit status is the verdict of all ranks together.

#include <fmt/format.h>
#include <mpi.h>

#include <exception>
#include <string>
#include <string_view>

#include "common/mpi_env.hpp"

namespace papbench::mpi_test {

inline int& failures() {
  static int n = 0;
  return n;
}

inline void expect(bool ok, std::string_view what) {
  if (ok) return;
  ++failures();
  fmt::print(stderr, "rank {}: FAIL {}\n", world_rank(), what);
}

// Runs `checks` on every rank and returns the exit status: 0 when no rank failed a check. An
// exception aborts the job: another rank may be waiting inside a collective for this one.
template <typename Checks>
int run_checks(Checks&& checks) {
  try {
    checks();
  } catch (const std::exception& e) {
    fmt::print(stderr, "rank {}: {}\n", world_rank(), e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int total = 0;
  mpi_check(MPI_Allreduce(&failures(), &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD),
            "MPI_Allreduce");
  if (world_rank() == 0) {
    fmt::print("{}: {} ranks, {} failed checks\n", total == 0 ? "PASS" : "FAIL", world_size(),
               total);
  }
  return total == 0 ? 0 : 1;
}

// The value of `--virtual-ppn K` among a test program's arguments; 0 (real nodes) without it.
inline int virtual_ppn_arg(int argc, char** argv) {
  int ppn = 0;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string_view(argv[i]) == "--virtual-ppn") ppn = std::stoi(argv[i + 1]);
  }
  return ppn;
}

}  // namespace papbench::mpi_test
