#pragma once
// The order every `papbench app` kernel command follows, written once (as collectives/uha/
// driver.hpp does for the UHA family): the common options, the node topology, the --*-alg list,
// the memory check, the report (its --out checked before any array exists), the kernel's arrays,
// then per algorithm one instance prepared for every root, the repetitions and the algorithm's
// row. Each kernel (app_floyd_command.cpp, app_matvec_command.cpp, app_ft_command.cpp) supplies
// its parts: what it is, its footprint, how it is made, where its collective's buffers are, and
// one repetition.

#include <mpi.h>

#include <string>
#include <string_view>
#include <vector>

#include "bench/app/app_kernel.hpp"
#include "bench/app/app_options.hpp"
#include "bench/app/kernel_memory.hpp"
#include "topology/node_topology.hpp"

namespace papbench::app {

struct KernelCommand {
  KernelDescription what;  // the report's header and the result set's cases
  // This rank's arrays, checked before the kernel makes them; its kernel, collective and count
  // are what's (the driver fills them in).
  KernelFootprint footprint;
  std::string_view alg_option;  // "--bcast-alg"
  std::string_view alg_list;    // its value
  const CommonOptions* common = nullptr;
};

// make() -> Kernel: the kernel with its arrays. bind(kernel, args): the collective's dtype, op,
// count and buffers in `args` (comm, nodes and root are set). repeat(kernel, prepared, wrong) ->
// RepTimes: one repetition, adding the elements it got wrong (when validating) to `wrong`.
// Returns the command's exit code: 1 when a validated result was wrong.
template <class Make, class Bind, class Repeat>
int run_kernel_command(const KernelCommand& command, const std::string& command_line, Make make,
                       Bind bind, Repeat repeat) {
  const CommonOptions& common = *command.common;
  check_common(common);
  const topology::NodeTopology nodes(MPI_COMM_WORLD, common.virtual_ppn);
  const std::vector<AlgorithmChoice> algorithms = algorithms_named(
      command.what.collective, command.alg_list, command.alg_option, nodes.node_count());
  KernelFootprint footprint = command.footprint;
  footprint.kernel = command.what.kernel;
  footprint.collective = command.what.collective;
  footprint.count = command.what.count;
  check_kernel_memory(footprint, algorithms, nodes);
  KernelReport report(command.what, common, command_line, nodes);
  auto kernel = make();
  Args base;
  base.comm = MPI_COMM_WORLD;
  base.nodes = &nodes;
  bind(kernel, base);
  int failed = 0;
  for (const AlgorithmChoice& algorithm : algorithms) {
    PreparedForEveryRoot prepared(algorithm, base);
    std::vector<RepTimes> reps;
    long wrong = 0;
    for (int r = 0; r < common.reps; ++r) reps.push_back(repeat(kernel, prepared, wrong));
    if (report.finish(algorithm, reps, wrong)) ++failed;
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace papbench::app
