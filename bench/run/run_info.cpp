#include "bench/run/run_info.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sched.h>

#include <cstdlib>
#include <ctime>
#include <optional>

#include "bench/run/simulation_info.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "common/smpi_platform.hpp"
#include "common/units.hpp"
#include "papbench/version.hpp"

namespace papbench {

std::string join_command_line(int argc, char** argv) {
  std::string out;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    const bool quote = arg.find_first_of(" \t'\"$") != std::string::npos || arg.empty();
    if (!out.empty()) out += ' ';
    out += quote ? fmt::format("'{}'", arg) : arg;
  }
  return out;
}

void agree_on_error(MPI_Comm comm, const std::string& rank0_error) {
  int len = static_cast<int>(rank0_error.size());
  mpi_check(MPI_Bcast(&len, 1, MPI_INT, 0, comm), "MPI_Bcast");
  std::string text(static_cast<std::size_t>(len), '\0');
  if (comm_rank(comm) == 0) text = rank0_error;
  mpi_check(MPI_Bcast(text.data(), len, MPI_CHAR, 0, comm), "MPI_Bcast");
  if (len > 0) throw UsageError(text);
}

void agree_on_first_error(MPI_Comm comm, std::string error) {
  const int size = comm_size(comm);
  const int mine = error.empty() ? size : comm_rank(comm);
  int first = size;
  mpi_check(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm), "MPI_Allreduce");
  if (first == size) return;
  int len = static_cast<int>(error.size());
  mpi_check(MPI_Bcast(&len, 1, MPI_INT, first, comm), "MPI_Bcast");
  error.resize(static_cast<std::size_t>(len));
  mpi_check(MPI_Bcast(error.data(), len, MPI_CHAR, first, comm), "MPI_Bcast");
  throw UsageError(error);
}

void decide_on_rank0(MPI_Comm comm, const std::function<void()>& decide) {
  std::string error;
  if (comm_rank(comm) == 0) {
    try {
      decide();
    } catch (const UsageError& e) {
      error = e.what();
    }
  }
  agree_on_error(comm, error);
}

results::RunInfo collect_host_info(MPI_Comm comm, const std::string& command_line,
                                   const topology::NodeTopology& nodes) {
  results::RunInfo info;
  info.papbench_version = kVersion;
  info.git_sha = kGitSha;
  info.extra["build"] = kBuild;
  info.command_line = command_line;
  info.mpi_library_version = mpi_library_version();
  info.mpi_size = comm_size(comm);
  info.hostnames = allgather_strings(comm, processor_name());
  info.node_index = nodes.node_of_rank();
  info.nodes_virtual = nodes.is_virtual();
  info.virtual_ppn = nodes.virtual_ppn();
  // Under SMPI no host CPU is a simulated rank's (clocksync::current_cpu): -1, unknown.
  int core = smpi::kSimulated ? -1 : sched_getcpu();
  info.core.resize(static_cast<std::size_t>(info.mpi_size));
  mpi_check(MPI_Allgather(&core, 1, MPI_INT, info.core.data(), 1, MPI_INT, comm), "MPI_Allgather");

  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
  info.created_utc = stamp;
  return info;
}

results::RunInfo collect_run_info(MPI_Comm comm, const std::string& command_line,
                                  const RunOptions& opts, const clocksync::GlobalClock& clock,
                                  const topology::NodeTopology* nodes) {
  // Nodes as MPI sees them (shared memory), not by host name, and virtual ones when asked for:
  // the result set then holds the nodes the run's hierarchy and statistics actually used.
  std::optional<topology::NodeTopology> own;
  if (nodes == nullptr) nodes = &own.emplace(comm, opts.virtual_ppn);
  results::RunInfo info = collect_host_info(comm, command_line, *nodes);
  const auto& s = clock.options();
  std::string hierarchy = ", flat";
  if (s.hierarchical) {
    hierarchy = nodes->is_virtual() ? fmt::format(", node leaders only (virtual nodes of {} ranks)",
                                                  nodes->virtual_ppn())
                                    : std::string(", node leaders only");
  }
  info.clock_info =
      fmt::format("CLOCK_MONOTONIC_RAW; Cristian {} over {} ping-pongs{}{}; resync {}",
                  s.estimator == clocksync::Estimator::kMinRtt ? "min-RTT" : "median", s.pingpongs,
                  s.fit_drift ? ", linear drift" : "", hierarchy,
                  s.resync_ns > 0 ? "every " + format_duration(static_cast<double>(s.resync_ns))
                                  : std::string("off"));
  // GlobalClock adopts offset and bound 0 there (docs/SIMULATION.md, "The clock sync").
  if (smpi::kSimulated && !opts.distortion_max.active()) {
    info.clock_info += "; simulated (SMPI): one clock for every rank, offset and bound 0";
  }
  std::vector<std::string_view> syncs;
  for (StartSync sync : opts.syncs) syncs.push_back(start_sync_name(sync));
  info.extra["start_sync"] = fmt::format("{}", fmt::join(syncs, ","));
  info.extra["margin_ns"] = std::to_string(opts.margin_ns);
  info.extra["seed"] = std::to_string(opts.seed);
  info.extra["mpi_thread_level"] = std::string(thread_level_name(mpi_thread_level()));
  // Set by tools/emulated-cluster.sh for every rank: the file says its "nodes" were namespaces
  // behind shaped links on one machine, so no figure from it passes for a real cluster's.
  if (const char* emulation = std::getenv("PAPBENCH_NETWORK_EMULATION");
      emulation != nullptr && *emulation != '\0') {
    info.extra["network_emulation"] = emulation;
  }
  // The SMPI build: SimGrid's version, the platform and the simulator's configuration, so that no
  // figure from a simulated run passes for a real cluster's (bench/run/simulation_info.hpp).
  if (auto simulation = this_simulation()) info.extra["simulation"] = *simulation;
  if (opts.distortion_max.active()) {
    info.extra["inject_clock"] =
        fmt::format("offset<={} ns, drift<={} ppm", opts.distortion_max.offset_ns,
                    opts.distortion_max.drift_ppm);
  }
  return info;
}

}  // namespace papbench
