#pragma once
// Provenance of a run for the result set's root attributes and /topology.

#include <mpi.h>

#include <string>

#include "bench/run_options.hpp"
#include "clocksync/global_clock.hpp"
#include "results/result_set.hpp"

namespace papbench {

// Collective over `comm` (hostnames and cores are gathered); complete on every rank.
results::RunInfo collect_run_info(MPI_Comm comm, const std::string& command_line,
                                  const RunOptions& opts, const clocksync::GlobalClock& clock);

std::string join_command_line(int argc, char** argv);

}  // namespace papbench
