#pragma once
// Provenance of a run for the result set's root attributes and /topology.

#include <mpi.h>

#include <functional>
#include <string>

#include "bench/run/run_options.hpp"
#include "clocksync/global_clock.hpp"
#include "results/result_set.hpp"
#include "topology/node_topology.hpp"

namespace papbench {

// Collective over `comm` (hostnames and cores are gathered); complete on every rank. The nodes are
// those of `nodes` (built over `comm`), or when it is null those of opts.virtual_ppn.
// The clock-free part of it: version, command line, MPI library, hosts, `nodes`, cores, creation
// time; collective over `comm`. What a command that keeps no global clock (papbench app floyd,
// matvec, ft) writes.
results::RunInfo collect_host_info(MPI_Comm comm, const std::string& command_line,
                                   const topology::NodeTopology& nodes);
results::RunInfo collect_run_info(MPI_Comm comm, const std::string& command_line,
                                  const RunOptions& opts, const clocksync::GlobalClock& clock,
                                  const topology::NodeTopology* nodes = nullptr);

std::string join_command_line(int argc, char** argv);

// Collective over `comm`: rank 0 decides (e.g. whether --out may be written: the file system of
// other nodes may differ) and every rank throws the same UsageError, so all exit 2 alike; an
// empty `rank0_error` is no error.
void agree_on_error(MPI_Comm comm, const std::string& rank0_error);
// Collective over `comm`: the first rank (lowest number) with an error (non-empty) sends it to
// all, so every rank throws the same UsageError (e.g. a node whose memory is short); returns when
// no rank has one.
void agree_on_first_error(MPI_Comm comm, std::string error);
// The usual use of agree_on_error: runs `decide` on rank 0 only and agrees on the UsageError it
// throws.
void decide_on_rank0(MPI_Comm comm, const std::function<void()>& decide);

}  // namespace papbench
