// Known-answer test of clock synchronization: runs run_sync_check with injected distortions and
// fails (non-zero exit) when the worst error or the resync count misses the target, when the
// clock's claimed error bound fails to cover the measured error (after --bound-holds-after-ms; a
// drift step cannot be foreseen, only recovered from), or when the hierarchy in effect is not the
// expected one.
//
//   clocksync_check [--offset-ns N] [--drift-ppm D] [--wander-ns W --wander-period-ms T]
//                   [--step-ppm S --step-at-ms A] [--per-node] [--virtual-ppn K]
//                   [--duration-ms M] [--resync-ms R] [--pingpongs K]
//                   [--estimator min-rtt|median] [--no-drift] [--flat]
//                   [--max-error-ns E] [--limit-grows-with-bound] [--min-resyncs n]
//                   [--bound-holds-after-ms B] [--expect-hierarchical yes|no] [--print]
//
// --limit-grows-with-bound: the limit on the worst error is the larger of E and the clock's
// claimed bound. For estimators whose error follows a typical exchange (median), a loaded
// machine's slow exchanges widen both, and the bound the exchanges measured says by how much;
// the bound check stays exact.

#include <mpi.h>

#include <algorithm>
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
  bool limit_grows_with_bound = false;
  int min_resyncs = 0;
  std::int64_t bound_holds_after_ns = -1;  // < 0: the bound is not checked
  std::string hierarchical;                // "yes", "no" or "" (not checked)
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
      o.inject.offset_ns = std::stoll(value());
    } else if (arg == "--drift-ppm") {
      o.inject.drift_ppm = std::stod(value());
    } else if (arg == "--wander-ns") {
      o.inject.wander_ns = std::stoll(value());
    } else if (arg == "--wander-period-ms") {
      o.inject.wander_period_ns = std::stoll(value()) * 1'000'000;
    } else if (arg == "--step-ppm") {
      o.inject.step_ppm = std::stod(value());
    } else if (arg == "--step-at-ms") {
      o.inject.step_at_ns = std::stoll(value()) * 1'000'000;
    } else if (arg == "--per-node") {
      o.inject_per_node = true;
    } else if (arg == "--virtual-ppn") {
      o.virtual_ppn = std::stoi(value());
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
    } else if (arg == "--limit-grows-with-bound") {
      expect.limit_grows_with_bound = true;
    } else if (arg == "--min-resyncs") {
      expect.min_resyncs = std::stoi(value());
    } else if (arg == "--bound-holds-after-ms") {
      expect.bound_holds_after_ns = std::stoll(value()) * 1'000'000;
    } else if (arg == "--expect-hierarchical") {
      expect.hierarchical = value();
    } else if (arg == "--print") {
      expect.print = true;
    } else {
      throw std::invalid_argument("unknown argument " + std::string(arg));
    }
  }
  return o;
}

// The bound checks, on rank 0's result: 1 when one fails.
int bound_failures(const nlohmann::json& result, const Expectations& expect) {
  int failed = 0;
  if (!expect.hierarchical.empty()) {
    const bool want = expect.hierarchical == "yes";
    const bool got = result.at("hierarchical").get<bool>();
    std::printf("hierarchical %s over %d nodes (expected %s)\n", got ? "yes" : "no",
                result.at("nodes").get<int>(), expect.hierarchical.c_str());
    if (got != want) {
      std::printf("FAIL: hierarchical sync %s\n", got ? "in effect" : "not in effect");
      failed = 1;
    }
  }
  if (expect.bound_holds_after_ns < 0) return failed;
  const auto bound = result.at("error_bound_ns").get<std::int64_t>();
  const auto violations = result.at("bound_violations").get<std::int64_t>();
  const auto last = result.at("last_violation_at_ns").get<std::int64_t>();
  std::printf("claimed bound up to %lld ns; %lld samples above the bound",
              static_cast<long long>(bound), static_cast<long long>(violations));
  if (violations > 0)
    std::printf(", the last at %lld ms", static_cast<long long>(last / 1'000'000));
  std::printf("\n");
  if (violations > 0 && last >= expect.bound_holds_after_ns) {
    std::printf("FAIL: the error exceeded the claimed bound at %lld ms (allowed until %lld ms)\n",
                static_cast<long long>(last / 1'000'000),
                static_cast<long long>(expect.bound_holds_after_ns / 1'000'000));
    failed = 1;
  }
  return failed;
}

int run(int argc, char** argv) {
  Expectations expect;
  const SyncCheckOptions options = parse(argc, argv, expect);
  const nlohmann::json result = papbench::clocksync::run_sync_check(MPI_COMM_WORLD, options);
  int failed = 0;
  if (papbench::world_rank() == 0) {
    const auto max_abs = result.at("max_abs_error_ns").get<std::int64_t>();
    const auto resyncs = result.at("resyncs").get<int>();
    if (expect.limit_grows_with_bound)
      expect.max_error_ns =
          std::max(expect.max_error_ns, result.at("error_bound_ns").get<std::int64_t>());
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
    failed |= bound_failures(result, expect);
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
