#pragma once
// What the macro kernels of `papbench app` ([Parsons2015] §3.9.4, Tables 3.9-3.11) share: the
// algorithm lookup of their --*-alg option, one algorithm instance per root prepared outside the
// timed kernel, the per-repetition times and the result table.

#include <mpi.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bench/cli_fwd.hpp"
#include "collectives/core/registry.hpp"

namespace papbench::app {

// The registered algorithms of `collective` named in `list` (comma list), in that order; UsageError
// naming `option` and the accepted names, or when one needs the PAT runtime (the kernels do not
// run it) or more nodes than `node_count`.
std::vector<const AlgorithmInfo*> algorithms_named(std::string_view collective,
                                                   std::string_view list, std::string_view option,
                                                   int node_count);

// One prepared instance per root: a kernel whose root moves calls the one for its current root,
// so that no prepare() (communicator duplication, trees) lands in the timed region.
struct PreparedByRoot {
  std::vector<std::unique_ptr<Algorithm>> algorithm;
  std::vector<Args> args;
  // `base` with root = 0 .. roots-1; collective over base.comm.
  PreparedByRoot(const AlgorithmInfo& info, const Args& base, int roots);
  void run(int root) { algorithm[std::size_t(root)]->run(args[std::size_t(root)]); }
};

// One repetition: the slowest rank's kernel time and the ranks' mean time inside the collective.
struct RepTimes {
  double kernel_s = 0, collective_s = 0;
};
// Collective over MPI_COMM_WORLD: reduces each rank's own times to RepTimes.
RepTimes agree_times(double kernel_s, double collective_s);

// Adds --reps and --virtual-ppn, which every kernel takes, to `cmd`; check_reps_and_nodes
// refuses their bad values (UsageError naming the option, exit 2).
void add_reps_and_nodes_options(CLI::App& cmd, int& reps, int& virtual_ppn);
void check_reps_and_nodes(int reps, int virtual_ppn);

// Rank 0 prints the header once.
void print_header(std::string_view kernel);
// Collective over MPI_COMM_WORLD: agrees `wrong` (this rank's wrong elements) over the ranks and
// rank 0 prints the algorithm's row, whose check is "pass", "FAIL (...)" or "-" when not
// validated. Returns whether a validated result was wrong.
bool finish_row(std::string_view algorithm, std::string_view size, int ranks,
                const std::vector<RepTimes>& reps, bool validated, long wrong);

}  // namespace papbench::app
