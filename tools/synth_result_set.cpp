// papbench-synth: a synthetic result set written through the real ResultWriter, so that
// papbench-report can be timed at a scale this machine cannot run (docs/SCALING.md: 4096 ranks x
// 1000 iterations x 20 cases). No MPI. What a real run of that size would store:
//   - cases in pairs of one workload (reduce, count and maxdelay varying), binomial then
//     clairvoyant, so `compare --a-alg binomial --b-alg clairvoyant` finds its pairs;
//   - per iteration and rank: planned delay U[0, maxdelay], arrival a few hundred ns after it,
//     exit after the last arrival plus a log2(P) tree's time; the clock bound and the slew after
//     each resync; a late iteration now and then; the first iteration validated;
//   - clairvoyant cases: the PAT prediction and thread times and the algorithm's three metrics;
//   - one sync event per rank and resync (every second of the run's global time), appended
//     before each case as papbench does.
// Deterministic for a given --seed. A test tool: not installed.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "results/result_set.hpp"

namespace {

namespace results = papbench::results;

struct SynthOptions {
  int ranks = 4096;
  int iters = 1000;
  int cases = 20;
  int ppn = 64;  // ranks per host in /topology
  std::uint64_t seed = 1;
  std::string out;
  bool force = false;
};

constexpr std::int64_t kEpochNs = 1'700'000'000'000'000'000;  // global clock at the run's start
constexpr std::int64_t kResyncNs = 1'000'000'000;
constexpr std::int64_t kSlewNs = 5'000'000;  // a resync's correction is slewed in over 5 ms

results::RunInfo make_run_info(const SynthOptions& o) {
  results::RunInfo info;
  info.papbench_version = "synthetic";
  info.git_sha = "synthetic";
  info.command_line = fmt::format("papbench-synth --ranks {} --iters {} --cases {} --seed {}",
                                  o.ranks, o.iters, o.cases, o.seed);
  info.mpi_library_version = "synthetic (papbench-synth)";
  info.mpi_size = o.ranks;
  info.clock_info = "CLOCK_MONOTONIC_RAW; cristian min-rtt; hierarchical; resync 1s";
  for (int r = 0; r < o.ranks; ++r) {
    info.hostnames.push_back(fmt::format("node{:04}", r / o.ppn));
    info.node_index.push_back(r / o.ppn);
    info.core.push_back(r % o.ppn);
  }
  return info;
}

// The sync events of every resync in (from, to] ([0, to] for the first case): node leaders
// measured, members share them.
std::vector<results::SyncEventRow> sync_events(const SynthOptions& o, std::int64_t from,
                                               std::int64_t to, std::mt19937_64& rng) {
  std::vector<results::SyncEventRow> rows;
  std::normal_distribution<double> jitter(0, 100);
  // The first case's events begin with the initial sync at the epoch.
  const std::int64_t first = from == 0 ? 0 : (from / kResyncNs + 1) * kResyncNs;
  for (std::int64_t t = first; t <= to; t += kResyncNs) {
    for (int r = 0; r < o.ranks; ++r) {
      const int node = r / o.ppn;
      const bool ref = node == 0;
      rows.push_back({kEpochNs + t, r, ref ? 0 : 1'000 * node + std::llround(jitter(rng)),
                      ref ? 0.0 : 1000.0 * (node % 7), ref ? 0 : 1800 + node % 300,
                      ref ? 0 : 900 + node % 150, ref ? 0.0 : 40.0});
    }
  }
  return rows;
}

// Case `index` starting at `start` ns after the epoch; returns its record and sets `end`.
results::CaseRecord make_case(const SynthOptions& o, int index, std::int64_t start,
                              std::int64_t& end, std::mt19937_64& rng) {
  results::CaseRecord c;
  const int workload = index / 2;
  const bool clairvoyant = index % 2 == 1;
  c.collective = "reduce";
  c.algorithm = clairvoyant ? "clairvoyant" : "binomial";
  c.count = std::uint64_t{1024} << (workload / 3 % 8);
  c.dtype = "int";
  c.op = "sum";
  c.pattern = "uniform";
  c.sync_mode = "window";
  c.maxdelay_ns = (workload % 3) * 5'000'000;
  c.seed = o.seed;
  c.warmup = 3;
  c.iterations = o.iters;
  c.ranks = o.ranks;
  c.validated = "pass";
  const int P = o.ranks, I = o.iters;
  for (results::Matrix* m : {&c.arrival_ns, &c.exit_ns, &c.planned_delay_ns, &c.planned_arrival_ns,
                             &c.clock_bound_ns, &c.clock_slew_ns}) {
    *m = results::Matrix(I, P);
  }
  if (clairvoyant) {
    c.predicted_arrival_ns = results::Matrix(I, P);
    c.pat_exchange_done_ns = results::Matrix(I, P);
    c.pat_work_done_ns = results::Matrix(I, P);
    for (const char* name : {"clv_schedule_ns", "clv_schedule_in_background", "clv_round_time_ns"})
      c.metrics.emplace(name, results::Matrix(I, P));
  }
  c.late.assign(static_cast<std::size_t>(I), 0);
  c.validation.assign(static_cast<std::size_t>(I), 0);
  c.validation[0] = static_cast<std::uint8_t>(results::IterationCheck::kPassed);

  std::uniform_int_distribution<std::int64_t> delay(0, c.maxdelay_ns);
  std::exponential_distribution<double> arrival_error(1.0 / 300);  // ns
  std::exponential_distribution<double> hop(1.0 / 2000);           // ns per tree level
  const auto tree_ns = static_cast<std::int64_t>(std::bit_width(static_cast<unsigned>(P))) *
                       (2000 + static_cast<std::int64_t>(c.count / 256));
  std::int64_t t0 = start;
  for (int it = 0; it < I; ++it) {
    std::int64_t last = 0;
    for (int r = 0; r < P; ++r) {
      const std::int64_t d = delay(rng);
      const std::int64_t planned = kEpochNs + t0 + d;
      const std::int64_t a = planned + std::llround(arrival_error(rng));
      c.planned_delay_ns.at(it, r) = d;
      c.planned_arrival_ns.at(it, r) = planned;
      c.arrival_ns.at(it, r) = a;
      last = std::max(last, a);
      // The bound grows with the time since the last resync; the slew fades over kSlewNs.
      const std::int64_t since = (t0 + d) % kResyncNs;
      c.clock_bound_ns.at(it, r) = r < o.ppn ? 0 : 900 + since / 25'000'000;
      c.clock_slew_ns.at(it, r) =
          r >= o.ppn && since < kSlewNs ? (kSlewNs - since) * (r % 5 - 2) / 20'000 : 0;
    }
    for (int r = 0; r < P; ++r) {
      // Leaves leave after sending, the root after the whole tree.
      const std::int64_t a = c.arrival_ns.at(it, r);
      const std::int64_t level = std::countr_zero(static_cast<unsigned>(r | P));
      c.exit_ns.at(it, r) = std::max<std::int64_t>(
          a + 1000, r == 0 ? last + tree_ns : a + level * 2000 + std::llround(hop(rng)));
    }
    if (clairvoyant) {
      results::Matrix& schedule = c.metrics["clv_schedule_ns"];
      results::Matrix& background = c.metrics["clv_schedule_in_background"];
      results::Matrix& round_time = c.metrics["clv_round_time_ns"];
      for (int r = 0; r < P; ++r) {
        const std::int64_t planned = c.planned_arrival_ns.at(it, r);
        c.predicted_arrival_ns->at(it, r) = planned + std::llround(arrival_error(rng)) - 150;
        c.pat_exchange_done_ns->at(it, r) = planned - c.planned_delay_ns.at(it, r) / 2 + 20'000;
        c.pat_work_done_ns->at(it, r) = c.pat_exchange_done_ns->at(it, r) + 150'000;
        schedule.at(it, r) = 140'000 + std::llround(hop(rng));
        background.at(it, r) = 1;
        round_time.at(it, r) = 20'000;
      }
    }
    c.late[static_cast<std::size_t>(it)] = rng() % 500 == 0 ? 1 : 0;
    t0 += c.maxdelay_ns + 2'000'000;  // the next start: after this one's delays and a margin
  }
  end = t0;
  return c;
}

int run(const SynthOptions& o) {
  if (std::filesystem::exists(o.out) && !o.force) {
    fmt::print(stderr, "papbench-synth: '{}' exists; pass --force to replace it\n", o.out);
    return 2;
  }
  results::ResultWriter writer(o.out, o.force, make_run_info(o));
  std::mt19937_64 rng(o.seed);
  std::int64_t t = 0;
  for (int i = 0; i < o.cases; ++i) {
    std::int64_t end = 0;
    const results::CaseRecord c = make_case(o, i, t, end, rng);
    writer.append_sync_events(sync_events(o, t, end, rng));
    writer.write_case(c);
    t = end;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  SynthOptions o;
  CLI::App app{"papbench-synth: a synthetic result set through the real writer (docs/SCALING.md)"};
  app.add_option("--ranks", o.ranks, "ranks")->check(CLI::Range(1, 1 << 20));
  app.add_option("--iters", o.iters, "timed iterations per case")->check(CLI::Range(1, 1 << 20));
  app.add_option("--cases", o.cases, "cases")->check(CLI::Range(1, 9999));
  app.add_option("--ppn", o.ppn, "ranks per host")->check(CLI::Range(1, 1 << 20));
  app.add_option("--seed", o.seed, "random seed");
  app.add_option("--out", o.out, "result file")->required();
  app.add_flag("--force", o.force, "replace an existing --out");
  CLI11_PARSE(app, argc, argv);
  try {
    return run(o);
  } catch (const std::exception& e) {
    fmt::print(stderr, "papbench-synth: {}\n", e.what());
    return 1;
  }
}
