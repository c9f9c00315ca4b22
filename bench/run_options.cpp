#include "bench/run_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <ctime>
#include <filesystem>
#include <optional>

#include "bench/resume.hpp"
#include "bench/seed_option.hpp"
#include "bench/setting_options.hpp"
#include "bench/with_option.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/choice.hpp"
#include "common/files.hpp"
#include "common/units.hpp"
#include "imbalance/arrival_pattern.hpp"

namespace papbench {
namespace {

template <typename Table>
std::string names_of(const Table& table) {
  std::vector<std::string_view> names;
  for (const auto& row : table) names.push_back(row.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

// The whole of `text` as an int >= 0; nullopt otherwise (each caller says what it accepts).
std::optional<int> nonnegative_int(std::string_view text) {
  int v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || v < 0) return std::nullopt;
  return v;
}

// A positive factor of at most 1024 (a block beyond that many counts is a different count).
double parse_block_factor(const std::string& text, std::string_view option) {
  double v = 0;
  std::size_t used = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !(v > 0) || v > 1024) {
    throw UsageError(fmt::format(
        "{}: '{}' is not accepted; accepted: a number > 0 and <= 1024 (e.g. 0.25)", option, text));
  }
  return v;
}

int parse_int(std::string_view text, std::string_view option) {
  const std::optional<int> v = nonnegative_int(text);
  if (!v) throw UsageError(fmt::format("{}: '{}' is not a non-negative integer", option, text));
  return *v;
}

int parse_validate_every(std::string_view text) {
  if (text == "auto") return kValidateAuto;
  const std::optional<int> v = nonnegative_int(text);
  if (!v) {
    throw UsageError(fmt::format(
        "--validate-every: '{}' is not accepted; accepted: auto, or an integer N >= 0 (every Nth "
        "timed iteration; 0: only the first)",
        text));
  }
  return *v;
}

// --reps-until-ci off|FRACTION and --min-iters, against --iters.
void parse_reps_until_ci(const RawRunOptions& raw, RunOptions& o) {
  if (raw.reps_until_ci != "off") {
    double eps = 0;
    const char* end = raw.reps_until_ci.data() + raw.reps_until_ci.size();
    const auto [ptr, ec] = std::from_chars(raw.reps_until_ci.data(), end, eps);
    if (ec != std::errc{} || ptr != end || !(eps > 0 && eps < 1)) {
      throw UsageError(fmt::format(
          "--reps-until-ci: '{}' is not accepted; accepted: off, or a fraction of the mean "
          "between 0 and 1 (e.g. 0.025 for 2.5%)",
          raw.reps_until_ci));
    }
    o.reps_until_ci = eps;
  }
  if (raw.min_iters < 2 || (o.reps_until_ci > 0 && raw.min_iters > raw.iters)) {
    throw UsageError(fmt::format(
        "--min-iters: {} is not accepted; accepted: an integer from 2 (a confidence interval "
        "needs two samples) to --iters ({})",
        raw.min_iters, raw.iters));
  }
  o.min_iters = raw.min_iters;
}

std::int64_t parse_call_timeout(std::string_view text) {
  if (text == "auto") return kCallTimeoutAuto;
  try {
    return parse_duration_ns(text);
  } catch (const UsageError&) {
    throw UsageError(fmt::format(
        "--call-timeout: '{}' is not accepted; accepted: auto (per case: 10 x (largest planned "
        "delay + compute) + 60s), 0 (no watchdog), or a duration with a unit (e.g. 30s)",
        text));
  }
}

// Whether some rank calls MPI from the PAT thread: a listed PAT algorithm of a listed collective,
// or the monitoring thread forced on for the baselines.
bool needs_pat_thread(const RunOptions& o) {
  if (o.bg_thread == BgThread::kOn) return true;
  for (const auto& c : o.collectives)
    for (const AlgVariant& v : o.algorithms)
      if (const AlgorithmInfo* a = find_algorithm(c, v.name); a != nullptr && a->needs_pat) {
        return true;
      }
  return false;
}

int parse_thread_level(std::string_view text, const RunOptions& o) {
  constexpr int kAuto = -1;
  const bool pat = needs_pat_thread(o);
  const int level = parse_choice<int>("--thread-level", text,
                                      {{"auto", kAuto},
                                       {"single", MPI_THREAD_SINGLE},
                                       {"funneled", MPI_THREAD_FUNNELED},
                                       {"multiple", MPI_THREAD_MULTIPLE}});
  // The call watchdog is a second thread that never calls MPI: FUNNELED is the level that allows
  // it ("the process may be multi-threaded, but only the main thread makes MPI calls"); SINGLE
  // promises one thread only. Neither library locks below MULTIPLE.
  const bool watchdog = o.call_timeout_ns != 0;
  if (level == kAuto) {
    return pat ? MPI_THREAD_MULTIPLE : watchdog ? MPI_THREAD_FUNNELED : MPI_THREAD_SINGLE;
  }
  if (pat && level != MPI_THREAD_MULTIPLE) {
    throw UsageError(fmt::format(
        "--thread-level: {} is too low for this run, whose PAT thread calls MPI beside the main "
        "thread; accepted here: multiple or auto",
        text));
  }
  if (watchdog && level == MPI_THREAD_SINGLE) {
    throw UsageError(
        "--thread-level: single allows no second thread, but the --call-timeout watchdog is one; "
        "accepted here: funneled, multiple or auto (or --call-timeout 0 for single)");
  }
  return level;
}

// Defined with the algorithm options at the end of this file.
std::string shorthand_help(const AlgOptionSpec& spec);
std::map<std::string, std::string> parse_alg_options(const RawRunOptions& raw, const RunOptions& o);

}  // namespace

void add_run_options(CLI::App& app, RawRunOptions& raw) {
  app.add_option("--collective", raw.collective, "Collective(s), comma list; see 'papbench list'")
      ->capture_default_str();
  app.add_option("--alg", raw.alg,
                 "Algorithm(s) of the collective, comma list; NAME:key=value[,key=value] sets "
                 "an algorithm's options (e.g. radixk:radix=8), see 'papbench list'")
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
  app.add_option("--reps-until-ci", raw.reps_until_ci,
                 "Repeat each case until the 95% confidence interval of the root's mean time per "
                 "call is within this fraction of the mean (e.g. 0.025, [Nuriyev2022] §6.1), "
                 "with --iters timed iterations at most and --min-iters at least; off: --iters")
      ->capture_default_str();
  app.add_option("--min-iters", raw.min_iters,
                 "With --reps-until-ci: the fewest timed iterations before it may stop")
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
  app.add_option("--placement", raw.placement,
                 "Intergroup collectives: block (A on the first p ranks) or interleaved (B's "
                 "ranks spread evenly among A's)")
      ->capture_default_str();
  app.add_option("--ka-factor", raw.ka_factor,
                 "Intergroup collectives: group A's block = count x this, rounded (default 1)");
  app.add_option("--kb-factor", raw.kb_factor,
                 "Intergroup collectives: group B's block = count x this, rounded (default 1)");
  app.add_option("--dist", raw.dist,
                 "intergroup_allgatherv block sizes over a group's ranks: equal, arith-code "
                 "(2(i+1)ceil(k/P), the default), arith-literal (k i) or uneven (the tests' "
                 "blocks with zeros)");
  app.add_option("--setting", raw.setting,
                 "Intergroup collectives: [Kang2019]'s parameter settings, comma list: S1-S4 "
                 "(intergroup_allgather), S5-S8 (intergroup_allgatherv); each sets the group "
                 "ratio, --ka-factor/--kb-factor and --dist, and --count is then per node");
  app.add_option("--virtual-ppn", raw.virtual_ppn,
                 "Treat every K consecutive ranks of a node as one virtual node (0: real nodes)")
      ->capture_default_str();
  app.add_option("--seed", raw.seed, "Seed of the random patterns and of --shuffle")
      ->check(seed_validator())
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
                 "measured compute intervals, [Marendic2016]'s moving average)")
      ->capture_default_str();
  app.add_option(
         "--bg-thread", raw.bg_thread,
         "Baselines with the PAT monitoring thread (prediction + allgather; equal overhead): "
         "auto = when the run has a PAT algorithm of the same collective, on = always, "
         "off = never")
      ->capture_default_str();
  app.add_option("--out", raw.out, "HDF5 result file (default: papbench-DATE-TIME.h5)");
  app.add_flag("--force", raw.force, "Overwrite an existing --out file");
  app.add_option("--resume", raw.resume,
                 "Continue an interrupted run in this result set: run only the cases it does not "
                 "hold complete; the run options must equal the recorded ones");
  app.add_flag("--shuffle", raw.shuffle, "Run the cases in a random (seeded) order");
  for (const AlgOptionSpec* spec : option_shorthands()) {
    const std::string flag(spec->flag);
    app.add_option_function<std::string>(
        flag, [&raw, flag](const std::string& value) { raw.alg_options[flag] = value; },
        shorthand_help(*spec));
  }
  app.add_option("--thread-level", raw.thread_level,
                 "MPI thread level to ask for: single, funneled, multiple, or auto (multiple only "
                 "when the run has a PAT algorithm or --bg-thread on, so that baselines do not "
                 "pay for thread safety)")
      ->capture_default_str();
  app.add_option("--validate-every", raw.validate_every,
                 "Check the output of every Nth timed iteration (0: only the first; the first "
                 "warm-up one always); auto: every iteration of an algorithm whose schedule "
                 "depends on arrivals (PAT algorithms), only the first of the others")
      ->capture_default_str();
  app.add_option("--progress", raw.progress, "auto (live line on a terminal), always or never")
      ->capture_default_str();
  app.add_option("--call-timeout", raw.call_timeout,
                 "End the run (exit 3) when a timed call has not returned after this long, "
                 "naming the case and the ranks that have and have not arrived; auto: 10 x (the "
                 "case's largest planned delay + compute) + 60s; 0: no watchdog")
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
  o.algorithms = parse_alg_list(raw.alg, o.collectives);
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
    const bool applies = std::any_of(o.dtypes.begin(), o.dtypes.end(), [&](const auto& d) {
      return op_applies(*op, *find_datatype(d));
    });
    if (!applies) {
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

  o.placement = parse_placement(raw.placement);
  o.shape = {parse_block_factor(given_or(raw.ka_factor, kDefaultBlockFactor), "--ka-factor"),
             parse_block_factor(given_or(raw.kb_factor, kDefaultBlockFactor), "--kb-factor"),
             parse_block_dist(given_or(raw.dist, kDefaultBlockDist))};
  o.settings = parse_settings(raw, o);
  o.virtual_ppn = parse_virtual_ppn("--virtual-ppn", raw.virtual_ppn);

  o.sync = parse_choice<StartSync>(
      "--sync", raw.sync, {{"window", StartSync::kWindow}, {"barrier", StartSync::kBarrier}});
  o.clock.estimator = parse_estimator("--sync-estimator", raw.sync_estimator);
  o.clock.fit_drift = !raw.no_drift;
  o.clock.hierarchical = !raw.flat_sync;
  o.clock.resync_ns = with_option("--resync", [&] { return parse_duration_ns(raw.resync); });
  o.margin_ns = with_option("--margin", [&] { return parse_duration_ns(raw.margin); });
  o.distortion_max.offset_ns = with_option(
      "--inject-clock-offset", [&] { return parse_duration_ns(raw.inject_clock_offset); });
  o.distortion_max.drift_ppm = check_drift_ppm("--inject-clock-drift", raw.inject_clock_drift_ppm);

  o.pat_source = parse_pat_source(raw.pat_source);
  o.bg_thread = parse_choice<BgThread>(
      "--bg-thread", raw.bg_thread,
      {{"auto", BgThread::kAuto}, {"on", BgThread::kOn}, {"off", BgThread::kOff}});
  if (!raw.counters.empty()) {
    o.counters = with_option("--counters", [&] { return split_list(raw.counters); });
  }
  o.counters_domain = parse_counter_domain("--counters-domain", raw.counters_domain);
  o.counters_scope = parse_choice<CounterScope>("--counters-scope", raw.counters_scope,
                                                {{"call", CounterScope::kCall},
                                                 {"compute", CounterScope::kCompute},
                                                 {"both", CounterScope::kBoth}});
  o.counters_strict = raw.counters_strict;
  o.progress = parse_choice<ProgressMode>("--progress", raw.progress,
                                          {{"auto", ProgressMode::kAuto},
                                           {"always", ProgressMode::kAlways},
                                           {"never", ProgressMode::kNever}});
  if (raw.iters < 1) throw UsageError("--iters: must be at least 1");
  if (raw.warmup < 0) throw UsageError("--warmup: must not be negative");
  o.iters = raw.iters;
  o.warmup = raw.warmup;
  parse_reps_until_ci(raw, o);
  o.validate_every = parse_validate_every(raw.validate_every);
  o.call_timeout_ns = parse_call_timeout(raw.call_timeout);
  o.thread_level = parse_thread_level(raw.thread_level, o);
  o.alg_options = parse_alg_options(raw, o);
  o.seed = raw.seed;
  o.force = raw.force;
  o.shuffle = raw.shuffle;
  o.out = raw.out;
  apply_resume_option(raw, o);
  return o;
}

void check_restrictions(const AlgorithmInfo& a, int size, int nodes) {
  const AlgRestrictions& r = a.restrictions;
  if (size < r.min_ranks || (r.max_ranks > 0 && size > r.max_ranks)) {
    throw UsageError(fmt::format(
        "--alg: {} runs on {} to {} ranks, not on the {} of this run", a.full_name(), r.min_ranks,
        r.max_ranks > 0 ? std::to_string(r.max_ranks) : "any number of", size));
  }
  if (nodes < r.min_nodes) {
    throw UsageError(fmt::format(
        "--alg: {} needs at least {} nodes, and this run has {}; run on more nodes, or split the "
        "ranks into virtual nodes with --virtual-ppn K",
        a.full_name(), r.min_nodes, nodes));
  }
}

void check_against_size(const RunOptions& opts, int size, int nodes) {
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
  check_settings_against_size(opts, size, nodes);
  for (const auto& c : opts.collectives) {
    if (find_collective(c)->intergroup && size < 2) {
      throw UsageError(fmt::format("--collective: '{}' needs at least 2 ranks (two groups)", c));
    }
  }
  for (const auto& c : opts.collectives) {
    for (const AlgVariant& v : opts.algorithms) {
      const AlgorithmInfo* a = find_algorithm(c, v.name);
      if (a == nullptr) continue;
      check_restrictions(*a, size, nodes);
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

void check_output_path(RunOptions& opts) {
  if (opts.out.empty()) opts.out = default_output_path();
  check_output_file("--out", opts.out, opts.force);
  if (!opts.force && std::filesystem::exists(opts.out)) {
    throw UsageError(fmt::format(
        "--out: '{}' exists; papbench never overwrites results (add --force to replace it)",
        opts.out));
  }
}

clocksync::Estimator parse_estimator(std::string_view option, std::string_view text) {
  return parse_choice<clocksync::Estimator>(
      option, text,
      {{"min-rtt", clocksync::Estimator::kMinRtt}, {"median", clocksync::Estimator::kMedian}});
}

CounterDomain parse_counter_domain(std::string_view option, std::string_view text) {
  return parse_choice<CounterDomain>(option, text,
                                     {{"user", CounterDomain::kUser},
                                      {"kernel", CounterDomain::kKernel},
                                      {"all", CounterDomain::kAll}});
}

std::int64_t parse_duration_option(std::string_view option, std::string_view text) {
  return with_option(option, [&] { return parse_duration_ns(text); });
}

int parse_virtual_ppn(std::string_view option, std::string_view text) {
  const std::optional<int> k = nonnegative_int(text);
  if (!k) {
    throw UsageError(fmt::format(
        "{}: '{}' is not accepted; accepted: an integer K >= 1 (virtual nodes of K consecutive "
        "ranks) or 0 (the real nodes)",
        option, text));
  }
  return *k;
}

double check_drift_ppm(std::string_view option, double ppm) {
  if (ppm < 0 || ppm > 10000) {
    throw UsageError(fmt::format("{}: {} is not between 0 and 10000 ppm", option, ppm));
  }
  return ppm;
}

// --- algorithm options ----------------------------------------------------------------------

namespace {

// Algorithms of the registry that declare an option with this shorthand flag.
std::vector<const AlgorithmInfo*> takers_of(std::string_view flag) {
  std::vector<const AlgorithmInfo*> out;
  for (const AlgorithmInfo& a : algorithm_registry()) {
    if (std::any_of(a.options.begin(), a.options.end(),
                    [&](const AlgOptionSpec& o) { return o.flag == flag; })) {
      out.push_back(&a);
    }
  }
  return out;
}

std::string full_names(const std::vector<const AlgorithmInfo*>& algs) {
  std::vector<std::string> names;
  for (const AlgorithmInfo* a : algs) names.push_back(a->full_name());
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string shorthand_help(const AlgOptionSpec& spec) {
  return fmt::format(
      "{}: {}{} (same as --alg NAME:{}=VALUE)", full_names(takers_of(spec.flag)), spec.help,
      spec.default_value.empty() ? "" : fmt::format("; default {}", spec.default_value), spec.name);
}

// One `key=value` of an --alg item into `variant` (UsageError naming the item).
void add_variant_option(AlgVariant& variant, std::string_view item, std::string_view text,
                        std::string_view option) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size()) {
    throw UsageError(
        fmt::format("{}: '{}': expected NAME:key=value (e.g. radixk:radix=8)", option, item));
  }
  const std::string key(text.substr(0, eq));
  if (!variant.options.emplace(key, std::string(text.substr(eq + 1))).second) {
    throw UsageError(fmt::format("{}: '{}': option '{}' is given twice for {}", option, item, key,
                                 variant.name));
  }
}

// --alg items: NAME, NAME:key=value, and a bare key=value continuing the item before it, so that
// `clairvoyant:segments=64,round-time=20us` is one variant with two options.
std::vector<AlgVariant> split_alg_list(std::string_view text, std::string_view option) {
  std::vector<AlgVariant> out;
  for (const std::string& item : with_option(option, [&] { return split_list(text); })) {
    const auto colon = item.find(':');
    if (colon == std::string::npos && item.find('=') != std::string::npos) {
      if (out.empty()) {
        throw UsageError(
            fmt::format("{}: '{}' names no algorithm; write NAME:{}", option, item, item));
      }
      add_variant_option(out.back(), item, item, option);
      continue;
    }
    out.push_back(AlgVariant{item.substr(0, colon), {}});
    if (colon != std::string::npos) {
      add_variant_option(out.back(), item, std::string_view(item).substr(colon + 1), option);
    }
  }
  return out;
}

}  // namespace

std::string variant_text(const AlgVariant& v) {
  std::vector<std::string> items;
  for (const auto& [key, value] : v.options) items.push_back(fmt::format("{}={}", key, value));
  return items.empty() ? v.name : fmt::format("{}:{}", v.name, fmt::join(items, ","));
}

std::vector<AlgVariant> parse_alg_list(std::string_view text,
                                       const std::vector<std::string>& collectives,
                                       std::string_view option) {
  std::vector<AlgVariant> variants = split_alg_list(text, option);
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const AlgVariant& v = variants[i];
    if (std::find(variants.begin(), variants.begin() + static_cast<std::ptrdiff_t>(i), v) !=
        variants.begin() + static_cast<std::ptrdiff_t>(i)) {
      throw UsageError(fmt::format("{}: '{}' is listed twice", option, variant_text(v)));
    }
    bool known_somewhere = false;
    for (const auto& c : collectives) {
      const AlgorithmInfo* info = find_algorithm(c, v.name);
      if (info == nullptr) continue;
      known_somewhere = true;
      try {
        resolve_options(*info, v.options);  // throws for an option the row does not declare
      } catch (const UsageError& e) {
        // The registry names --alg; the app kernels' lists are other options of the same syntax.
        const std::string_view message = e.what();
        if (option == "--alg" || !message.starts_with("--alg")) throw;
        throw UsageError(fmt::format("{}{}", option, message.substr(5)));
      }
    }
    if (!known_somewhere) {
      std::vector<std::string> accepted;
      for (const auto& c : collectives) {
        accepted.push_back(fmt::format("{}: {}", c, fmt::join(algorithms_of(c), ", ")));
      }
      throw UsageError(fmt::format("{}: '{}' is not an algorithm of {}; accepted: {}", option,
                                   v.name, fmt::join(collectives, ","), fmt::join(accepted, "; ")));
    }
  }
  return variants;
}

namespace {

// The shorthand flags given, in canonical form; each must reach an algorithm of the run.
std::map<std::string, std::string> parse_alg_options(const RawRunOptions& raw,
                                                     const RunOptions& o) {
  std::map<std::string, std::string> out;
  const std::vector<const AlgOptionSpec*> shorthands = option_shorthands();
  for (const auto& [flag, text] : raw.alg_options) {
    const auto spec = std::find_if(shorthands.begin(), shorthands.end(),
                                   [&](const AlgOptionSpec* s) { return s->flag == flag; });
    if (spec == shorthands.end())
      throw UsageError(fmt::format("{}: not an algorithm option", flag));
    out[flag] = with_option(flag, [&] { return canonical_value(**spec, text); });
    const std::vector<const AlgorithmInfo*> takers = takers_of(flag);
    const bool taken = std::any_of(takers.begin(), takers.end(), [&](const AlgorithmInfo* a) {
      return std::find(o.collectives.begin(), o.collectives.end(), a->collective) !=
                 o.collectives.end() &&
             std::any_of(o.algorithms.begin(), o.algorithms.end(),
                         [&](const AlgVariant& v) { return v.name == a->name; });
    });
    if (!taken) {
      throw UsageError(
          fmt::format("{}: only {} takes it; add it to --alg", flag, full_names(takers)));
    }
    if (!(*spec)->excludes.empty()) {
      for (const auto& [other, ignored] : raw.alg_options) {
        const auto o2 = std::find_if(shorthands.begin(), shorthands.end(),
                                     [&](const AlgOptionSpec* s) { return s->flag == other; });
        if (o2 != shorthands.end() && (*o2)->name == (*spec)->excludes) {
          throw UsageError(fmt::format("{}: give either {} or {}, not both", flag, flag, other));
        }
      }
    }
  }
  return out;
}

}  // namespace

AlgOptions variant_options(const RunOptions& opts, const AlgorithmInfo& alg,
                           const AlgVariant& variant) {
  AlgOptions out = variant.options;
  for (const AlgOptionSpec& spec : alg.options) {
    if (spec.flag.empty()) continue;
    if (const auto it = opts.alg_options.find(std::string(spec.flag));
        it != opts.alg_options.end()) {
      out.try_emplace(std::string(spec.name), it->second);
    }
  }
  // A variant naming one of two exclusive options overrides a shorthand naming the other.
  for (const AlgOptionSpec& spec : alg.options) {
    if (!spec.excludes.empty() && variant.options.contains(std::string(spec.name))) {
      if (!variant.options.contains(std::string(spec.excludes)))
        out.erase(std::string(spec.excludes));
    }
  }
  return out;
}

}  // namespace papbench
