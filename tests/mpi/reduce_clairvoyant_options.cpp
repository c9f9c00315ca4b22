// reduce/clairvoyant with its options (segments not dividing count, more segments than elements,
// segsize, explicit and auto round time) and every --pat-source, at every root of interest,
// validated exactly; plus what it reports per iteration: a round time identical on every rank
// (the given one, or the calibrated one), and a schedule computed in the background whenever the
// background work was over before the call.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "collectives/core/workload.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

struct Config {
  std::uint64_t count;
  AlgOptions options;
  const char* dtype;
  const char* op;
};

std::int64_t steady_now() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::int64_t max_over_ranks(std::int64_t v, MPI_Op op = MPI_MAX) {
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT64_T, op, MPI_COMM_WORLD), "MPI_Allreduce");
  return v;
}

std::map<std::string, std::int64_t> metrics_of(const Algorithm& alg) {
  std::map<std::string, std::int64_t> out;
  for (const AlgMetric& m : alg.iteration_metrics()) out[m.name] = m.value;
  return out;
}

// One config at one root with one PAT runtime, three iterations; returns the failures found.
int run_config(const Config& cfg, int root, PatRuntime& pat, PatSource source,
               bool wait_for_background) {
  const int rank = world_rank(), size = world_size();
  Workload w(*find_collective("reduce"), MPI_COMM_WORLD, root, *find_datatype(cfg.dtype),
             *find_op(cfg.op), cfg.count);
  Args args = w.args();
  args.pat = &pat;
  const auto alg = make_reduce_clairvoyant(cfg.options);
  alg->prepare(args);
  const std::string where =
      fmt::format("count={} {} {} root={} source={} {}", cfg.count, cfg.dtype, cfg.op, root,
                  pat_source_name(source), fmt::join(cfg.options, ","));
  int failures = 0;
  for (int it = 0; it < 3; ++it) {
    w.reset();
    pat.processing_start();
    // Spread arrivals: later ranks and later iterations later, so schedules differ by rank.
    pat.set_oracle_arrival(static_cast<std::int64_t>((rank * 7 + it) % (size + 2)) * 30'000);
    pat.edge(0.5);
    pat.processing_end();
    if (wait_for_background) pat.wait_background();
    alg->run(args);
    std::string why;
    int bad = w.check(&why) ? 0 : 1;
    if (bad) fmt::print(stderr, "FAIL {} iteration {}: {}\n", where, it, why);

    const auto m = metrics_of(*alg);
    const std::int64_t d = m.at("clv_round_time_ns");
    if (max_over_ranks(d) != -max_over_ranks(-d)) {
      fmt::print(stderr, "FAIL {}: round time {} differs between ranks\n", where, d);
      bad = 1;
    }
    if (auto given = cfg.options.find("round-time"); given != cfg.options.end() &&
                                                     given->second != "auto" &&
                                                     d != parse_duration_ns(given->second)) {
      fmt::print(stderr, "FAIL {}: round time {} ns, given {}\n", where, d, given->second);
      bad = 1;
    }
    if (d < 1 || m.at("clv_schedule_ns") < 0) {
      fmt::print(stderr, "FAIL {}: round time {} / schedule time {}\n", where, d,
                 m.at("clv_schedule_ns"));
      bad = 1;
    }
    const std::int64_t in_background = m.at("clv_schedule_in_background");
    const bool trivial = size == 1 || cfg.count == 0;
    // With the background work awaited, the background thread had the arrivals before the call
    // and must have taken the schedule on; with nothing to schedule, nobody computes one.
    const std::int64_t want = trivial ? 0 : 1;
    if ((wait_for_background || trivial) && in_background != want) {
      fmt::print(stderr, "FAIL {}: schedule in background = {}, expected {}\n", where,
                 in_background, want);
      bad = 1;
    }
    if (trivial && m.at("clv_schedule_ns") != 0) {
      fmt::print(stderr, "FAIL {}: a schedule was computed with nothing to schedule\n", where);
      bad = 1;
    }
    failures += max_over_ranks(bad) > 0 ? 1 : 0;
  }
  return failures;
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  using namespace papbench;
  try {
    const int size = world_size();
    const std::vector<Config> configs = {
        {1001, {{"segments", "7"}}, "int", "sum"},    // 7 does not divide 1001
        {5, {{"segments", "9"}}, "float", "max"},     // more segments than elements: 5
        {1000, {{"segsize", "1Ki"}}, "int", "sum"},   // 4000 bytes: 4 segments
        {777, {{"segsize", "300"}}, "float", "sum"},  // 3108 bytes: 11 segments
        {1000, {{"segments", "3"}, {"round-time", "20us"}}, "int", "max"},
        {1000, {{"round-time", "1ns"}}, "int", "sum"},  // many idle rounds skipped
        {1000, {{"round-time", "auto"}}, "int", "sum"},
        {64, {}, "float", "sum"},  // every default: N = min(count, P), d calibrated
        {0, {{"segments", "4"}}, "int", "sum"},
    };
    int failed = 0, cases = 0;
    for (const char* source_name : {"oracle", "bgthread", "sma:2"}) {
      const PatSource source = parse_pat_source(source_name);
      PatRuntime pat(MPI_COMM_WORLD, steady_now, source);
      for (const bool wait : {false, true}) {
        for (const Config& cfg : configs) {
          for (const int root : {0, size - 1, size / 2}) {
            failed += run_config(cfg, root, pat, source, wait);
            ++cases;
          }
        }
      }
    }
    if (world_rank() == 0) {
      fmt::print("{} ranks: {} clairvoyant cases x 3 iterations, {} failed iterations\n", size,
                 cases, failed);
    }
    return failed == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "rank {}: {}\n", world_rank(), e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return 2;
}
