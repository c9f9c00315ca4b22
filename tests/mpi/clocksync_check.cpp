// Known-answer test of clock synchronization: runs run_sync_check with injected offsets and drifts
// and fails (non-zero exit) when the worst error or the resync count misses the target.
//
//   clocksync_check [--offset-ns N] [--drift-ppm D] [--duration-ms M] [--resync-ms R]
//                   [--pingpongs K] [--estimator min-rtt|median] [--no-drift] [--flat]
//                   [--max-error-ns E] [--min-resyncs n] [--print]

#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>

#include "clocksync/sync_check.hpp"
#include "common/mpi_env.hpp"

namespace {

using papbench::clocksync::Estimator;
using papbench::clocksync::SyncCheckOptions;

struct Expectations {
  std::int64_t max_error_ns = 5000;
  int min_resyncs = 0;
  bool print = false;
};

SyncCheckOptions parse(int argc, char** argv, Expectations& expect) {
  SyncCheckOptions o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(std::string(arg) + " needs a value");
      return argv[++i];
    };
    if (arg == "--offset-ns") {
      o.inject_offset_max_ns = std::stoll(value());
    } else if (arg == "--drift-ppm") {
      o.inject_drift_max_ppm = std::stod(value());
    } else if (arg == "--duration-ms") {
      o.duration_ns = std::stoll(value()) * 1'000'000;
    } else if (arg == "--resync-ms") {
      o.sync.resync_ns = std::stoll(value()) * 1'000'000;
    } else if (arg == "--pingpongs") {
      o.sync.pingpongs = std::stoi(value());
    } else if (arg == "--estimator") {
      const std::string e = value();
      if (e == "min-rtt") {
        o.sync.estimator = Estimator::kMinRtt;
      } else if (e == "median") {
        o.sync.estimator = Estimator::kMedian;
      } else {
        throw std::invalid_argument("unknown estimator " + e);
      }
    } else if (arg == "--no-drift") {
      o.sync.fit_drift = false;
    } else if (arg == "--flat") {
      o.sync.hierarchical = false;
    } else if (arg == "--max-error-ns") {
      expect.max_error_ns = std::stoll(value());
    } else if (arg == "--min-resyncs") {
      expect.min_resyncs = std::stoi(value());
    } else if (arg == "--print") {
      expect.print = true;
    } else {
      throw std::invalid_argument("unknown argument " + std::string(arg));
    }
  }
  return o;
}

int run(int argc, char** argv) {
  Expectations expect;
  const SyncCheckOptions options = parse(argc, argv, expect);
  const nlohmann::json result = papbench::clocksync::run_sync_check(MPI_COMM_WORLD, options);
  int failed = 0;
  if (papbench::world_rank() == 0) {
    const auto max_abs = result.at("max_abs_error_ns").get<std::int64_t>();
    const auto resyncs = result.at("resyncs").get<int>();
    if (expect.print) std::printf("%s\n", result.dump(2).c_str());
    std::printf("max |error| %lld ns (limit %lld), median %lld ns, resyncs %d (min %d)\n",
                static_cast<long long>(max_abs), static_cast<long long>(expect.max_error_ns),
                static_cast<long long>(result.at("median_abs_error_ns").get<std::int64_t>()),
                resyncs, expect.min_resyncs);
    if (max_abs >= expect.max_error_ns) {
      std::printf("FAIL: max |error| %lld ns >= %lld ns\n", static_cast<long long>(max_abs),
                  static_cast<long long>(expect.max_error_ns));
      failed = 1;
    }
    if (resyncs < expect.min_resyncs) {
      std::printf("FAIL: %d resyncs < %d\n", resyncs, expect.min_resyncs);
      failed = 1;
    }
  }
  MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return failed;
}

}  // namespace

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rank %d: %s\n", papbench::world_rank(), e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return 2;
}
