#pragma once
// Provenance of a run for the result set's root attributes and /topology.

#include <mpi.h>

#include <string>

#include "bench/run_options.hpp"
#include "clocksync/global_clock.hpp"
#include "results/result_set.hpp"
#include "topology/node_topology.hpp"

namespace papbench {

// Collective over `comm` (hostnames and cores are gathered); complete on every rank. The nodes are
// those of `nodes` (built over `comm`), or when it is null those of opts.virtual_ppn.
results::RunInfo collect_run_info(MPI_Comm comm, const std::string& command_line,
                                  const RunOptions& opts, const clocksync::GlobalClock& clock,
                                  const topology::NodeTopology* nodes = nullptr);

std::string join_command_line(int argc, char** argv);

}  // namespace papbench
