#include "bench/run_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <ctime>
#include <filesystem>

#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/units.hpp"
#include "imbalance/arrival_pattern.hpp"

namespace papbench {
namespace {

// Runs `parse` and prefixes any UsageError with the option's name.
template <typename F>
auto with_option(std::string_view option, F&& parse) {
  try {
    return parse();
  } catch (const UsageError& e) {
    std::string_view what = e.what();
    if (what.starts_with("--")) throw;
    throw UsageError(fmt::format("{}: {}", option, what));
  }
}

template <typename Table>
std::string names_of(const Table& table) {
  std::vector<std::string_view> names;
  for (const auto& row : table) names.push_back(row.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

int parse_int(std::string_view text, std::string_view option) {
  int v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || v < 0) {
    throw UsageError(fmt::format("{}: '{}' is not a non-negative integer", option, text));
  }
  return v;
}

}  // namespace

void add_run_options(CLI::App& app, RawRunOptions& raw) {
  app.add_option("--collective", raw.collective, "Collective(s), comma list; see 'papbench list'")
      ->capture_default_str();
  app.add_option("--alg", raw.alg, "Algorithm(s) of the collective, comma list")
      ->capture_default_str();
  app.add_option("--count", raw.count,
                 "Elements per rank block; suffixes K,M,G / Ki,Mi,Gi; lists and ranges "
                 "FIRST:LAST:xF or FIRST:LAST:+S (e.g. 128Ki:2Mi:x2)")
      ->capture_default_str();
  app.add_option("--dtype", raw.dtype, "Datatype(s), comma list")->capture_default_str();
  app.add_option("--op", raw.op, "Reduction op(s), comma list")->capture_default_str();
  app.add_option("--root", raw.root, "Root rank(s), comma list")->capture_default_str();
  app.add_option("--iters", raw.iters, "Timed iterations per case")->capture_default_str();
  app.add_option("--warmup", raw.warmup, "Untimed warm-up iterations per case")
      ->capture_default_str();
  app.add_option("--compute", raw.compute, "Base compute time before each call (list)")
      ->capture_default_str();
  app.add_option("--maxdelay", raw.maxdelay, "Maximum injected delay (list; ns/us/ms/s)")
      ->capture_default_str();
  app.add_option("--pattern", raw.pattern,
                 fmt::format("Arrival pattern(s), comma list: {}", kPatternHelp))
      ->capture_default_str();
  app.add_option("--groups", raw.groups,
                 "Intergroup collectives: group sizes p:q (default half/half)");
  app.add_option("--seed", raw.seed, "Seed of the random patterns and of --shuffle")
      ->capture_default_str();
  app.add_option("--sync", raw.sync,
                 "Start agreement: window (agreed start time on the global clock) or barrier "
                 "(the papers' double barrier)")
      ->capture_default_str();
  app.add_option("--sync-estimator", raw.sync_estimator, "Cristian offset: min-rtt or median")
      ->capture_default_str();
  app.add_flag("--no-drift", raw.no_drift, "Do not fit a linear clock drift");
  app.add_flag("--flat-sync", raw.flat_sync,
               "Every rank ping-pongs with rank 0 (default: node leaders only)");
  app.add_option("--resync", raw.resync, "Resynchronize clocks when older than this (0: never)")
      ->capture_default_str();
  app.add_option("--margin", raw.margin,
                 "Initial lead time of the agreed start (doubles while ranks are late)")
      ->capture_default_str();
  app.add_option("--counters", raw.counters,
                 "PAPI events around each call, comma list (presets or native names, e.g. "
                 "perf::TASK-CLOCK)");
  app.add_option("--counters-domain", raw.counters_domain, "user, kernel or all")
      ->capture_default_str();
  app.add_option("--counters-scope", raw.counters_scope,
                 "What the counters measure: call (the timed call), compute (the phase before it: "
                 "wait or compute:XTIME loop) or both (compute values stored as EVENT@compute)")
      ->capture_default_str();
  app.add_flag("--counters-strict", raw.counters_strict,
               "Exit 2 when a --counters event cannot be counted here (default: record and go on)");
  app.add_option("--pat-source", raw.pat_source,
                 "PAT algorithms' arrival times: predicted (extrapolated from the edge at half "
                 "the compute phase) or oracle (the planned arrival of the pattern)")
      ->capture_default_str();
  app.add_option("--out", raw.out, "HDF5 result file (default: papbench-DATE-TIME.h5)");
  app.add_flag("--force", raw.force, "Overwrite an existing --out file");
  app.add_flag("--shuffle", raw.shuffle, "Run the cases in a random (seeded) order");
  app.add_option("--radix", raw.radix, "reduce/radixk: group size of its rounds (default 4)");
  app.add_option("--validate-every", raw.validate_every,
                 "Also validate every Nth timed iteration (iteration 0 is always validated)")
      ->capture_default_str();
  app.add_option("--progress", raw.progress, "auto (live line on a terminal), always or never")
      ->capture_default_str();
  app.add_option("--inject-clock-offset", raw.inject_clock_offset,
                 "Test hook: distort each rank's clock by a random offset up to this");
  app.add_option("--inject-clock-drift", raw.inject_clock_drift_ppm,
                 "Test hook: distort each rank's clock by a random drift up to this (ppm)");
}

RunOptions parse_run_options(const RawRunOptions& raw) {
  RunOptions o;
  o.collectives = with_option("--collective", [&] { return split_list(raw.collective); });
  for (const auto& c : o.collectives) {
    if (!find_collective(c)) {
      throw UsageError(fmt::format("--collective: '{}' is not a collective; accepted: {}", c,
                                   names_of(collective_table())));
    }
  }
  o.algorithms = with_option("--alg", [&] { return split_list(raw.alg); });
  for (const auto& a : o.algorithms) {
    bool known_somewhere = false;
    for (const auto& c : o.collectives) known_somewhere |= find_algorithm(c, a) != nullptr;
    if (!known_somewhere) {
      std::vector<std::string> accepted;
      for (const auto& c : o.collectives) {
        accepted.push_back(fmt::format("{}: {}", c, fmt::join(algorithms_of(c), ", ")));
      }
      throw UsageError(fmt::format("--alg: '{}' is not an algorithm of {}; accepted: {}", a,
                                   fmt::join(o.collectives, ","), fmt::join(accepted, "; ")));
    }
  }
  o.counts = with_option("--count", [&] { return parse_count_list(raw.count); });
  o.dtypes = with_option("--dtype", [&] { return split_list(raw.dtype); });
  for (const auto& d : o.dtypes) {
    if (!find_datatype(d)) {
      throw UsageError(fmt::format("--dtype: '{}' is not a datatype; accepted: {}", d,
                                   names_of(datatype_table())));
    }
  }
  o.ops = with_option("--op", [&] { return split_list(raw.op); });
  for (const auto& name : o.ops) {
    const OpInfo* op = find_op(name);
    if (!op) {
      throw UsageError(
          fmt::format("--op: '{}' is not an op; accepted: {}", name, names_of(op_table())));
    }
    const bool any_integer = std::any_of(o.dtypes.begin(), o.dtypes.end(),
                                         [](const auto& d) { return !find_datatype(d)->floating; });
    if (op->integer_only && !any_integer) {
      throw UsageError(fmt::format("--op: '{}' needs an integer --dtype (int, long, ...)", name));
    }
  }
  for (const auto& r : with_option("--root", [&] { return split_list(raw.root); })) {
    o.roots.push_back(parse_int(r, "--root"));
  }
  o.computes_ns = with_option("--compute", [&] { return parse_duration_list(raw.compute); });
  o.maxdelays_ns = with_option("--maxdelay", [&] { return parse_duration_list(raw.maxdelay); });
  o.patterns = with_option("--pattern", [&] { return split_list(raw.pattern); });
  for (const auto& p : o.patterns) validate_pattern_syntax(p);

  if (!raw.groups.empty()) {
    auto colon = raw.groups.find(':');
    if (colon == std::string::npos) {
      throw UsageError(fmt::format("--groups: '{}' is not p:q (e.g. 2:6)", raw.groups));
    }
    o.groups_p = parse_int(std::string_view(raw.groups).substr(0, colon), "--groups");
    o.groups_q = parse_int(std::string_view(raw.groups).substr(colon + 1), "--groups");
    if (o.groups_p < 1 || o.groups_q < 1) {
      throw UsageError(
          fmt::format("--groups: '{}': both groups need at least one rank", raw.groups));
    }
  }

  if (raw.sync == "window") {
    o.sync = StartSync::kWindow;
  } else if (raw.sync == "barrier") {
    o.sync = StartSync::kBarrier;
  } else {
    throw UsageError(
        fmt::format("--sync: '{}' is not accepted; accepted: window, barrier", raw.sync));
  }
  o.clock.estimator = parse_estimator("--sync-estimator", raw.sync_estimator);
  o.clock.fit_drift = !raw.no_drift;
  o.clock.hierarchical = !raw.flat_sync;
  o.clock.resync_ns = with_option("--resync", [&] { return parse_duration_ns(raw.resync); });
  o.margin_ns = with_option("--margin", [&] { return parse_duration_ns(raw.margin); });
  o.distortion_max.offset_ns = with_option(
      "--inject-clock-offset", [&] { return parse_duration_ns(raw.inject_clock_offset); });
  o.distortion_max.drift_ppm = check_drift_ppm("--inject-clock-drift", raw.inject_clock_drift_ppm);

  o.pat_source = parse_pat_source(raw.pat_source);
  if (!raw.counters.empty()) {
    o.counters = with_option("--counters", [&] { return split_list(raw.counters); });
  }
  if (raw.counters_domain == "user") {
    o.counters_domain = CounterDomain::kUser;
  } else if (raw.counters_domain == "kernel") {
    o.counters_domain = CounterDomain::kKernel;
  } else if (raw.counters_domain == "all") {
    o.counters_domain = CounterDomain::kAll;
  } else {
    throw UsageError(
        fmt::format("--counters-domain: '{}' is not accepted; accepted: user, kernel, all",
                    raw.counters_domain));
  }
  if (raw.counters_scope == "call") {
    o.counters_scope = CounterScope::kCall;
  } else if (raw.counters_scope == "compute") {
    o.counters_scope = CounterScope::kCompute;
  } else if (raw.counters_scope == "both") {
    o.counters_scope = CounterScope::kBoth;
  } else {
    throw UsageError(
        fmt::format("--counters-scope: '{}' is not accepted; accepted: call, compute, both",
                    raw.counters_scope));
  }
  o.counters_strict = raw.counters_strict;
  if (raw.progress == "auto") {
    o.progress = ProgressMode::kAuto;
  } else if (raw.progress == "always") {
    o.progress = ProgressMode::kAlways;
  } else if (raw.progress == "never") {
    o.progress = ProgressMode::kNever;
  } else {
    throw UsageError(fmt::format("--progress: '{}' is not accepted; accepted: auto, always, never",
                                 raw.progress));
  }
  if (raw.iters < 1) throw UsageError("--iters: must be at least 1");
  if (raw.warmup < 0) throw UsageError("--warmup: must not be negative");
  if (raw.validate_every < 0) throw UsageError("--validate-every: must not be negative");
  o.iters = raw.iters;
  o.warmup = raw.warmup;
  o.validate_every = raw.validate_every;
  if (raw.radix != 0) {
    if (raw.radix < 2) throw UsageError("--radix: must be at least 2");
    if (std::find(o.algorithms.begin(), o.algorithms.end(), "radixk") == o.algorithms.end()) {
      throw UsageError("--radix: only reduce/radixk takes a radix; add it to --alg");
    }
    o.radix = raw.radix;
  }
  o.seed = raw.seed;
  o.force = raw.force;
  o.shuffle = raw.shuffle;
  o.out = raw.out;
  return o;
}

void check_against_size(const RunOptions& opts, int size) {
  for (int r : opts.roots) {
    if (r >= size) {
      throw UsageError(
          fmt::format("--root: {} is not a rank of this run; accepted: 0..{}", r, size - 1));
    }
  }
  if (opts.groups_p > 0 && opts.groups_p + opts.groups_q != size) {
    throw UsageError(fmt::format("--groups: {}:{} must add up to the {} ranks of this run",
                                 opts.groups_p, opts.groups_q, size));
  }
  for (const auto& c : opts.collectives) {
    if (find_collective(c)->intergroup && size < 2) {
      throw UsageError(fmt::format("--collective: '{}' needs at least 2 ranks (two groups)", c));
    }
  }
}

std::string default_output_path() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  std::string base = fmt::format("papbench-{}", stamp);
  std::string path = base + ".h5";
  for (int i = 2; std::filesystem::exists(path); ++i) path = fmt::format("{}-{}.h5", base, i);
  return path;
}

}  // namespace papbench

namespace papbench {

void check_output_path(RunOptions& opts) {
  if (opts.out.empty()) opts.out = default_output_path();
  if (std::filesystem::is_directory(opts.out)) {
    throw UsageError(fmt::format("--out: '{}' is a directory, not a file", opts.out));
  }
  if (!opts.force && std::filesystem::exists(opts.out)) {
    throw UsageError(fmt::format(
        "--out: '{}' exists; papbench never overwrites results (add --force to replace it)",
        opts.out));
  }
}

}  // namespace papbench

namespace papbench {

clocksync::Estimator parse_estimator(std::string_view option, std::string_view text) {
  if (text == "min-rtt") return clocksync::Estimator::kMinRtt;
  if (text == "median") return clocksync::Estimator::kMedian;
  throw UsageError(
      fmt::format("{}: '{}' is not accepted; accepted: min-rtt, median", option, text));
}

std::int64_t parse_duration_option(std::string_view option, std::string_view text) {
  return with_option(option, [&] { return parse_duration_ns(text); });
}

double check_drift_ppm(std::string_view option, double ppm) {
  if (ppm < 0 || ppm > 10000) {
    throw UsageError(fmt::format("{}: {} is not between 0 and 10000 ppm", option, ppm));
  }
  return ppm;
}

}  // namespace papbench
