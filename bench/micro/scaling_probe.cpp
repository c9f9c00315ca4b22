// papbench-scaling-probe (MPI): what docs/SCALING.md extrapolates to 4096 ranks, measured at the
// ranks it is started with. For one case of --iters timed iterations it times, on the real code:
//   gather   IterationLog::gather_into (every per-rank matrix to rank 0, as after each case)
//   write    ResultWriter::write_case of that record on rank 0 (file in --dir, removed after)
//   sync     the initial GlobalClock::synchronize (bootstrap rounds included) and one resync,
//            with node leaders every --ppn ranks (virtual nodes, as --virtual-ppn)
// and prints one JSON line from rank 0. Median of --reps repetitions. Run by hand, never a test.

#include <fmt/format.h>
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench/run/iteration_log.hpp"
#include "clocksync/global_clock.hpp"
#include "common/mpi_env.hpp"
#include "results/result_set.hpp"
#include "topology/node_topology.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The slowest rank's time of a collective step: every rank enters together (barrier) and the
// step is over when the last rank is done.
template <typename F>
double timed(F&& step) {
  papbench::mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  const auto t0 = std::chrono::steady_clock::now();
  step();
  double t = seconds_since(t0);
  papbench::mpi_check(MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD),
                      "MPI_Allreduce");
  return t;
}

papbench::results::RunInfo run_info(int ranks) {
  papbench::results::RunInfo info;
  info.mpi_size = ranks;
  for (int r = 0; r < ranks; ++r) {
    info.hostnames.push_back("probe");
    info.node_index.push_back(0);
    info.core.push_back(-1);
  }
  return info;
}

}  // namespace

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  int iters = 1000, reps = 5, ppn = 4;
  std::string dir = "/tmp";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--iters") iters = std::stoi(argv[i + 1]);
    if (key == "--reps") reps = std::stoi(argv[i + 1]);
    if (key == "--ppn") ppn = std::stoi(argv[i + 1]);
    if (key == "--dir") dir = argv[i + 1];
  }
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  // A log as a baseline case fills it: every timestamp, a clock bound and slew, no PAT.
  papbench::IterationLog log(iters, 0, false, false, false);
  for (int it = 0; it < iters; ++it) {
    const std::int64_t t = 1'000'000'000LL * it + rank;
    log.record(it, {t, t + 5000, rank * 10, t - 100, false, 0, 900, 0, 901, 1, {}}, {});
  }
  const papbench::CounterSet counters({}, papbench::CounterDomain::kUser);
  std::vector<double> gather_s, write_s;
  const std::string path = fmt::format("{}/papbench-scaling-probe-{}.h5", dir, ::getpid());
  std::uintmax_t file_bytes = 0;
  for (int r = 0; r < reps; ++r) {
    papbench::results::CaseRecord rec;
    gather_s.push_back(timed([&] { log.gather_into(rec, counters, {}, MPI_COMM_WORLD); }));
    if (rank == 0) {
      rec.collective = "reduce";
      rec.algorithm = "binomial";
      rec.iterations = iters;
      rec.ranks = size;
      std::filesystem::remove(path);
      papbench::results::ResultWriter writer(path, true, run_info(size));
      const std::uintmax_t empty = std::filesystem::file_size(path);
      const auto t0 = std::chrono::steady_clock::now();
      writer.write_case(rec);
      write_s.push_back(seconds_since(t0));
      file_bytes = std::filesystem::file_size(path) - empty;
      std::filesystem::remove(path);
    }
  }

  std::vector<double> initial_s, resync_s;
  const papbench::topology::NodeTopology nodes(MPI_COMM_WORLD, ppn);
  for (int r = 0; r < std::min(reps, 3); ++r) {
    papbench::clocksync::SyncOptions options;
    auto make = [&] {
      return std::make_unique<papbench::clocksync::GlobalClock>(
          MPI_COMM_WORLD, papbench::clocksync::LocalClock(), options, &nodes);
    };
    std::unique_ptr<papbench::clocksync::GlobalClock> clock;
    initial_s.push_back(timed([&] {
      clock = make();
      clock->synchronize();
    }));
    resync_s.push_back(timed([&] { clock->synchronize(); }));
  }
  if (rank == 0) {
    fmt::print(
        "{{\"ranks\": {}, \"iters\": {}, \"ppn\": {}, \"gather_ms\": {:.3f}, \"write_ms\": {:.3f}, "
        "\"case_bytes\": {}, \"bytes_per_rank_iteration\": {:.1f}, \"initial_sync_ms\": {:.2f}, "
        "\"resync_ms\": {:.3f}}}\n",
        size, iters, ppn, 1e3 * median(gather_s), 1e3 * median(write_s), file_bytes,
        static_cast<double>(file_bytes) / (static_cast<double>(size) * iters),
        1e3 * median(initial_s), 1e3 * median(resync_s));
  }
  return 0;
}
