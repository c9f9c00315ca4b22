#include "bench/run_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <ctime>
#include <filesystem>

#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "collectives/reduce/clairvoyant_options.hpp"
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

// Defined with the algorithm-option table at the end of this file.
std::map<std::string, std::string> parse_alg_options(const RawRunOptions& raw, const RunOptions& o);

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
  app.add_option("--virtual-ppn", raw.virtual_ppn,
                 "Treat every K consecutive ranks of a node as one virtual node (0: real nodes)")
      ->capture_default_str();
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
                 "PAT algorithms' arrival times: bgthread (the papers' background thread: "
                 "extrapolated from the edge at half the compute phase; 'predicted' is an alias), "
                 "oracle (the planned arrival of the pattern) or sma:W (start + mean of the last W "
                 "measured compute intervals, the original Clairvoyant paper's moving average)")
      ->capture_default_str();
  app.add_option(
         "--bg-thread", raw.bg_thread,
         "Baselines with the PAT monitoring thread (prediction + allgather; equal overhead): "
         "auto = when the run has a PAT algorithm of the same collective, on = always, "
         "off = never")
      ->capture_default_str();
  app.add_option("--out", raw.out, "HDF5 result file (default: papbench-DATE-TIME.h5)");
  app.add_flag("--force", raw.force, "Overwrite an existing --out file");
  app.add_flag("--shuffle", raw.shuffle, "Run the cases in a random (seeded) order");
  for (const AlgOptionSpec& spec : alg_option_table()) {
    const std::string option(spec.option);
    app.add_option_function<std::string>(
        option, [&raw, option](const std::string& value) { raw.alg_options[option] = value; },
        std::string(spec.help));
  }
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

  o.virtual_ppn = parse_virtual_ppn("--virtual-ppn", raw.virtual_ppn);

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
  if (raw.bg_thread == "auto") {
    o.bg_thread = BgThread::kAuto;
  } else if (raw.bg_thread == "on") {
    o.bg_thread = BgThread::kOn;
  } else if (raw.bg_thread == "off") {
    o.bg_thread = BgThread::kOff;
  } else {
    throw UsageError(
        fmt::format("--bg-thread: '{}' is not accepted; accepted: auto, on, off", raw.bg_thread));
  }
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
  o.alg_options = parse_alg_options(raw, o);
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

int parse_virtual_ppn(std::string_view option, std::string_view text) {
  int k = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), k);
  if (ec != std::errc() || p != text.data() + text.size() || k < 0) {
    throw UsageError(fmt::format(
        "{}: '{}' is not accepted; accepted: an integer K >= 1 (virtual nodes of K consecutive "
        "ranks) or 0 (the real nodes)",
        option, text));
  }
  return k;
}

double check_drift_ppm(std::string_view option, double ppm) {
  if (ppm < 0 || ppm > 10000) {
    throw UsageError(fmt::format("{}: {} is not between 0 and 10000 ppm", option, ppm));
  }
  return ppm;
}

}  // namespace papbench

namespace papbench {

// --- algorithm options -------------------------------------------------------------------------

namespace {

constexpr std::string_view kRadixAlgs[] = {"reduce/radixk"};
constexpr std::string_view kLinearSyncAlgs[] = {"gather/ls", "gather/sls", "gather/bsls"};
constexpr std::string_view kClairvoyantAlgs[] = {"reduce/clairvoyant"};

// The canonical forms below are what params record and what the algorithms' factories parse
// again; each throws UsageError with the reason only (the caller adds the option's name).
std::string radix_value(std::string_view text) {
  const int k = parse_int(text, "radix");
  if (k < 2) throw UsageError("must be at least 2");
  return std::to_string(k);
}

std::uint64_t positive_count(std::string_view text) {
  const std::uint64_t n = parse_count(text);
  if (n < 1) throw UsageError(fmt::format("'{}' is not at least 1", text));
  return n;
}

std::string bytes_or_auto(std::string_view text) {
  if (text == "auto") return "auto";
  return std::to_string(positive_count(text));
}

std::string positive_count_value(std::string_view text) {
  return std::to_string(positive_count(text));
}

// "50us" rather than "50000ns" where that reads back exactly.
std::string duration_or_auto(std::string_view text) {
  if (text == "auto") return "auto";
  const std::int64_t ns = parse_duration_ns(text);
  if (ns < 1) throw UsageError(fmt::format("'{}' is not longer than 0", text));
  std::string compact = format_duration(static_cast<double>(ns));
  std::erase(compact, ' ');
  try {
    if (parse_duration_ns(compact) == ns) return compact;
  } catch (const UsageError&) {
    // not exact: the nanoseconds below are
  }
  return fmt::format("{}ns", ns);
}

std::string clv_segments_effective(const AlgOptions& given, std::uint64_t count, std::size_t extent,
                                   int ranks) {
  return std::to_string(clv_segment_count(parse_clv_options(given), count, extent, ranks));
}

bool takes(const AlgOptionSpec& spec, std::string_view collective, std::string_view algorithm) {
  return std::any_of(spec.algorithms.begin(), spec.algorithms.end(), [&](std::string_view a) {
    return a.size() == collective.size() + 1 + algorithm.size() && a.starts_with(collective) &&
           a[collective.size()] == '/' && a.ends_with(algorithm);
  });
}

const AlgOptionSpec* find_alg_option(std::string_view option) {
  for (const AlgOptionSpec& s : alg_option_table()) {
    if (s.option == option) return &s;
  }
  return nullptr;
}

// Checks the given algorithm options against the table and the chosen algorithms; returns them
// in canonical form.
std::map<std::string, std::string> parse_alg_options(const RawRunOptions& raw,
                                                     const RunOptions& o) {
  std::map<std::string, std::string> out;
  for (const auto& [option, text] : raw.alg_options) {
    const AlgOptionSpec* spec = find_alg_option(option);
    if (spec == nullptr) throw UsageError(fmt::format("{}: not an algorithm option", option));
    try {
      out[option] = spec->canonical(text);
    } catch (const UsageError&) {
      throw UsageError(
          fmt::format("{}: '{}' is not accepted; accepted: {}", option, text, spec->accepted));
    }
    bool taken = false;
    for (const auto& c : o.collectives) {
      for (const auto& a : o.algorithms) taken = taken || takes(*spec, c, a);
    }
    if (!taken) {
      throw UsageError(fmt::format("{}: only {} takes it; add it to --alg", option,
                                   fmt::join(spec->algorithms, ", ")));
    }
    if (!spec->excludes.empty() && raw.alg_options.contains(std::string(spec->excludes))) {
      throw UsageError(
          fmt::format("{}: give either {} or {}, not both", option, option, spec->excludes));
    }
  }
  return out;
}

}  // namespace

std::span<const AlgOptionSpec> alg_option_table() {
  static const AlgOptionSpec table[] = {
      {"--radix", "radix", kRadixAlgs, "reduce/radixk: group size of its rounds (default 4)",
       "an integer >= 2", "4", radix_value, ""},
      {"--ls-first-segment", "first-segment", kLinearSyncAlgs,
       "gather/ls, sls, bsls: bytes of the first of the two parts each leaf sends; auto (default) "
       "is Open MPI's rule: 32768 when the block exceeds 92160 bytes, else 1024",
       "auto or a byte count >= 1 (e.g. 4Ki)", "auto", bytes_or_auto, ""},
      {"--clv-segments", "segments", kClairvoyantAlgs,
       "reduce/clairvoyant: number of segments N, at most count (default min(count, ranks))",
       "an integer >= 1", "", positive_count_value, "--clv-segsize", clv_segments_effective},
      {"--clv-segsize", "segsize", kClairvoyantAlgs,
       "reduce/clairvoyant: segment size in bytes instead of --clv-segments; N = ceil(count * "
       "extent / BYTES), at most count",
       "a byte count >= 1 (e.g. 64Ki)", "", positive_count_value, "--clv-segments"},
      {"--clv-round-time", "round-time", kClairvoyantAlgs,
       "reduce/clairvoyant: round time d of the schedule; auto (default) calibrates one "
       "segment's transfer + combine time before each case",
       "auto or a duration > 0 with a unit (e.g. 50us)", "auto", duration_or_auto, ""},
  };
  return table;
}

AlgOptions algorithm_options(const RunOptions& opts, std::string_view collective,
                             std::string_view algorithm) {
  AlgOptions out;
  for (const AlgOptionSpec& spec : alg_option_table()) {
    auto it = opts.alg_options.find(std::string(spec.option));
    if (it != opts.alg_options.end() && takes(spec, collective, algorithm)) {
      out.emplace(spec.key, it->second);
    }
  }
  return out;
}

std::vector<std::string> effective_alg_params(const RunOptions& opts, std::string_view collective,
                                              std::string_view algorithm, std::uint64_t count,
                                              std::size_t extent, int ranks) {
  const AlgOptions given = algorithm_options(opts, collective, algorithm);
  std::vector<std::string> out;
  for (const AlgOptionSpec& spec : alg_option_table()) {
    if (!takes(spec, collective, algorithm)) continue;
    std::string value;
    if (spec.effective != nullptr) {
      value = spec.effective(given, count, extent, ranks);
    } else if (auto it = given.find(std::string(spec.key)); it != given.end()) {
      value = it->second;
    } else {
      value = spec.fallback;
    }
    if (!value.empty()) out.push_back(fmt::format("{}={}", spec.key, value));
  }
  return out;
}

}  // namespace papbench
