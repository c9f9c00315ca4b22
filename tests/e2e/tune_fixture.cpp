// papbench-tune-fixture: one launch of a result set whose timings are given, through the real
// writer, for tests/e2e/tune_rules.sh: tune's choice must not rest on this machine's timings (no
// timing assertions), so the test states them. No MPI.
//
//   papbench-tune-fixture --library "Open MPI v4.1.4" --collective allreduce --count 1024
//       --dtype uint8 --case native=100us --case native:force=ring=50us --seed 1 --out l1.h5
//
// Each --case ALG[:force=NAME]=RUNTIME: a case of 4 ranks and 40 iterations whose run time (last
// exit - first arrival) is RUNTIME times 1 + U[0, 2%) (the seed's noise), all ranks arriving
// together.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "common/units.hpp"
#include "results/result_set.hpp"

namespace {

namespace results = papbench::results;

struct FixtureOptions {
  std::string library, collective = "allreduce", dtype = "uint8", out;
  std::uint64_t count = 1024, seed = 1;
  std::vector<std::string> cases;
};

constexpr int kRanks = 4, kIters = 40;
constexpr std::int64_t kEpochNs = 1'700'000'000'000'000'000;

int run(const FixtureOptions& o) {
  if (std::filesystem::exists(o.out)) {
    fmt::print(stderr, "papbench-tune-fixture: --out '{}' exists\n", o.out);
    return 2;
  }
  results::RunInfo info;
  info.papbench_version = "fixture";
  info.git_sha = "fixture";
  info.command_line = "papbench-tune-fixture";
  info.mpi_library_version = o.library;
  info.mpi_size = kRanks;
  info.clock_info = "fixture";
  for (int r = 0; r < kRanks; ++r) {
    info.hostnames.push_back("node0");
    info.node_index.push_back(0);
    info.core.push_back(r);
  }
  results::ResultWriter writer(o.out, false, info);
  std::mt19937_64 rng(o.seed);
  std::uniform_real_distribution<double> noise(0, 0.02);
  std::int64_t t = 0;
  for (const std::string& spec : o.cases) {
    const auto eq = spec.rfind('=');
    if (eq == std::string::npos || eq == 0) {
      fmt::print(stderr, "papbench-tune-fixture: --case '{}': accepted: ALG[:force=NAME]=TIME\n",
                 spec);
      return 2;
    }
    const std::string alg = spec.substr(0, eq);
    const auto run_ns = static_cast<double>(papbench::parse_duration_ns(spec.substr(eq + 1)));
    results::CaseRecord c;
    c.collective = o.collective;
    const auto colon = alg.find(':');
    c.algorithm = alg.substr(0, colon);
    if (colon != std::string::npos) c.params = alg.substr(colon + 1);
    c.count = o.count;
    c.dtype = o.dtype;
    c.op = "sum";
    c.pattern = "none";
    c.sync_mode = "window";
    c.seed = o.seed;
    c.warmup = 1;
    c.iterations = kIters;
    c.ranks = kRanks;
    c.validated = "pass";
    for (results::Matrix* m :
         {&c.arrival_ns, &c.exit_ns, &c.planned_delay_ns, &c.planned_arrival_ns}) {
      *m = results::Matrix(kIters, kRanks);
    }
    c.late.assign(kIters, 0);
    c.validation.assign(kIters, 0);
    for (int it = 0; it < kIters; ++it) {
      const auto time = static_cast<std::int64_t>(run_ns * (1 + noise(rng)));
      for (int r = 0; r < kRanks; ++r) {
        c.planned_arrival_ns.at(it, r) = kEpochNs + t;
        c.arrival_ns.at(it, r) = kEpochNs + t;
        c.exit_ns.at(it, r) = kEpochNs + t + (r == 0 ? time : time / 2);
      }
      t += 1'000'000;
    }
    writer.write_case(c);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  FixtureOptions o;
  CLI::App app{
      "papbench-tune-fixture: a result set with given run times (tests/e2e/tune_rules.sh)"};
  app.add_option("--library", o.library, "the MPI library string the file records")->required();
  app.add_option("--collective", o.collective, "collective");
  app.add_option("--count", o.count, "count");
  app.add_option("--dtype", o.dtype, "datatype");
  app.add_option("--case", o.cases, "ALG[:force=NAME]=RUNTIME, in order")->required();
  app.add_option("--seed", o.seed, "noise seed");
  app.add_option("--out", o.out, "result file")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    return run(o);
  } catch (const std::exception& e) {
    fmt::print(stderr, "papbench-tune-fixture: {}\n", e.what());
    return 1;
  }
}
