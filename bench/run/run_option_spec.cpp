#include "bench/run/run_option_spec.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <vector>

#include "bench/run/resume.hpp"
#include "bench/run/run_options.hpp"
#include "bench/run/setting_options.hpp"
#include "bench/run/warmup_settle.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/choice.hpp"
#include "common/seed_option.hpp"
#include "common/setting.hpp"
#include "common/smpi_platform.hpp"
#include "common/units.hpp"
#include "common/with_option.hpp"
#include "imbalance/arrival_pattern.hpp"
#include "results/arrival_error.hpp"

namespace papbench {
namespace {

// The whole of `text` as an int >= 0; nullopt otherwise (each caller says what it accepts).
std::optional<int> nonnegative_int(std::string_view text) {
  int v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || v < 0) return std::nullopt;
  return v;
}

template <typename Table>
std::string names_of(const Table& table) {
  std::vector<std::string_view> names;
  for (const auto& row : table) names.push_back(row.name);
  return fmt::format("{}", fmt::join(names, ", "));
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
  const std::optional<int> v = nonnegative_int(text);
  if (!v) {
    throw UsageError(fmt::format(
        "--validate-every: '{}' is not accepted; accepted: an integer N >= 0 (every Nth timed "
        "iteration of every case; 0: only the first)",
        text));
  }
  return *v;
}

// A number in the open interval (0, 1): the whole of `text`; nullopt otherwise.
std::optional<double> open_fraction(std::string_view text) {
  double v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc{} || ptr != end || !(v > 0 && v < 1)) return std::nullopt;
  return v;
}

// --reps-until-ci off|FRACTION.
Setting<double> parse_reps_until_ci(std::string_view text) {
  return parse_setting<double>("--reps-until-ci", text, {.off_word = "off"},
                               "off, or a fraction of the median between 0 and 1 (e.g. 0.025 for "
                               "2.5%)",
                               open_fraction);
}

// --warmup-settle off|EPS[:MAX], against --warmup (parsed above it): MAX counts every warm-up
// iteration, the fixed ones included, so it may not be below --warmup.
Setting<WarmupSettle> parse_warmup_settle(std::string_view text, int warmup) {
  const auto rule = [warmup](std::string_view value) -> std::optional<WarmupSettle> {
    const std::size_t colon = value.find(':');
    const std::optional<double> eps = open_fraction(value.substr(0, colon));
    const std::optional<int> most = colon == std::string_view::npos
                                        ? std::optional<int>(kDefaultWarmupMax)
                                        : nonnegative_int(value.substr(colon + 1));
    if (!eps || !most || *most < std::max(warmup, 2 * kSettleWindow)) return std::nullopt;
    return WarmupSettle{.eps = *eps, .max = *most};
  };
  return parse_setting<WarmupSettle>(
      "--warmup-settle", text, {.off_word = "off"},
      fmt::format("off, or EPS[:MAX]: a fraction between 0 and 1 (e.g. 0.05) and the most warm-up "
                  "iterations in all, at least --warmup and {} (default {})",
                  2 * kSettleWindow, kDefaultWarmupMax),
      rule);
}

// --min-iters, against --iters when --reps-until-ci (parsed above it) is on. Below 30 values the
// autocorrelation that widens the CI of the median cannot be told from noise.
int parse_min_iters(const RawRunOptions& raw, const RunOptions& o) {
  if (raw.min_iters < kMinCiIters || (!o.reps_until_ci.is_off() && raw.min_iters > raw.iters)) {
    throw UsageError(
        fmt::format("--min-iters: {} is not accepted; accepted: an integer from {} to --iters ({})",
                    raw.min_iters, kMinCiIters, raw.iters));
  }
  return raw.min_iters;
}

// --arrival-tolerance auto|off|DURATION.
results::ArrivalTolerance parse_arrival_tolerance(std::string_view text) {
  return parse_setting<std::int64_t>(
      "--arrival-tolerance", text, {.auto_word = "auto", .off_word = "off"},
      "auto (per case: the larger of 5us and 1% of the planned delay span), off (keep every "
      "iteration), or a duration with a unit (e.g. 5us, 0.2ms)",
      [](std::string_view value) { return std::optional(parse_duration_ns(value)); });
}

// --call-timeout auto|0|DURATION; a zero duration (0s) is off as 0 is.
Setting<std::int64_t> parse_call_timeout(std::string_view text) {
  // Under SMPI no watchdog: it is a host thread outside the simulation, its timeout would be host
  // time against simulated calls, and SimGrid itself reports a simulation that deadlocks.
  if (smpi::kSimulated && text == "auto") return Setting<std::int64_t>::off();
  Setting<std::int64_t> timeout = parse_setting<std::int64_t>(
      "--call-timeout", text, {.auto_word = "auto", .off_word = "0"},
      "auto (per case: 10 x (largest planned delay + compute) + 60s), 0 (no watchdog), or a "
      "duration with a unit (e.g. 30s)",
      [](std::string_view value) { return std::optional(parse_duration_ns(value)); });
  if (timeout.value() == 0) timeout = Setting<std::int64_t>::off();
  if (smpi::kSimulated && !timeout.is_off()) {
    throw UsageError(fmt::format(
        "--call-timeout: '{}' is not accepted under SimGrid's SMPI, which runs no watchdog (a "
        "host thread outside the simulation); accepted here: auto or 0",
        text));
  }
  return timeout;
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
  const bool watchdog = !o.call_timeout.is_off();
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

void parse_collectives(const RunOptionSpec&, const RawRunOptions& raw, RunOptions& o) {
  o.collectives = with_option("--collective", [&] { return split_list(raw.collective); });
  for (const auto& c : o.collectives) {
    if (!find_collective(c)) {
      throw UsageError(fmt::format("--collective: '{}' is not a collective; accepted: {}", c,
                                   names_of(collective_table())));
    }
  }
}

void parse_dtypes(const RunOptionSpec&, const RawRunOptions& raw, RunOptions& o) {
  o.dtypes = with_option("--dtype", [&] { return split_list(raw.dtype); });
  for (const auto& d : o.dtypes) {
    if (!find_datatype(d)) {
      throw UsageError(fmt::format("--dtype: '{}' is not a datatype; accepted: {}", d,
                                   names_of(datatype_table())));
    }
  }
}

// Each op against the datatypes parsed above it.
void parse_ops(const RunOptionSpec&, const RawRunOptions& raw, RunOptions& o) {
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
}

void parse_groups(const RunOptionSpec&, const RawRunOptions& raw, RunOptions& o) {
  if (raw.groups.empty()) return;
  auto colon = raw.groups.find(':');
  if (colon == std::string::npos) {
    throw UsageError(fmt::format("--groups: '{}' is not p:q (e.g. 2:6)", raw.groups));
  }
  o.groups_p = parse_int(std::string_view(raw.groups).substr(0, colon), "--groups");
  o.groups_q = parse_int(std::string_view(raw.groups).substr(colon + 1), "--groups");
  if (o.groups_p < 1 || o.groups_q < 1) {
    throw UsageError(fmt::format("--groups: '{}': both groups need at least one rank", raw.groups));
  }
}

// The completion's words of --collective, --dtype and --op: the registry's tables, which
// `papbench list` prints too.
template <auto Table>
std::vector<std::string> table_names() {
  std::vector<std::string> names;
  for (const auto& row : Table()) names.emplace_back(row.name);
  return names;
}

// The help of --pattern lists the patterns that arrival_pattern.hpp declares.
std::string pattern_help() {
  return fmt::format("Arrival pattern(s), comma list: {}", kPatternHelp);
}

constexpr std::string_view kCaseMatrix = "Case matrix";
constexpr std::string_view kArrivals = "Arrival pattern";
constexpr std::string_view kIntergroup = "Intergroup collectives";
constexpr std::string_view kIterations = "Iterations";
constexpr std::string_view kClocks = "Nodes and clocks";
constexpr std::string_view kThreads = "PAT algorithms and threads";
constexpr std::string_view kCounters = "Counters";
constexpr std::string_view kOutput = "Output";
constexpr std::string_view kTestHooks = "Test hooks";

// The table's rows of what is measured: collectives, algorithms, counts, datatypes, ops, roots.
std::vector<RunOptionSpec> case_matrix_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--collective",
       .member = &R::collective,
       .default_value = "reduce",
       .help = "Collective(s), comma list; see 'papbench list'",
       .group = kCaseMatrix,
       .sample = "allreduce",
       .parse = parse_collectives,
       .completion = table_names<collective_table>},
      {.name = "--alg",
       .member = &R::alg,
       .default_value = "native",
       .help = "Algorithm(s) of the collective, comma list; NAME:key=value[,key=value] sets an "
               "algorithm's options (e.g. radixk:radix=8), see 'papbench list'",
       .group = kCaseMatrix,
       .sample = "binomial",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.algorithms = parse_alg_list(raw.alg, o.collectives); }},
      {.name = "--count",
       .member = &R::count,
       .default_value = "1Ki",
       .help = "Elements per rank block; suffixes K,M,G (x1000) / Ki,Mi,Gi (x1024): 1M is "
               "1000000, 1Mi 1048576, and labels show the block's bytes (count=1M int (4MB)); "
               "lists and ranges FIRST:LAST:xF or FIRST:LAST:+S (e.g. 128Ki:2Mi:x2). A count "
               "whose buffers and scratch do not fit the node's available memory is refused",
       .group = kCaseMatrix,
       .sample = "2Ki",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.counts = with_option("--count", [&] { return parse_count_list(raw.count); });
           }},
      {.name = "--dtype",
       .member = &R::dtype,
       .default_value = "int",
       .help = "Datatype(s), comma list",
       .group = kCaseMatrix,
       .sample = "double",
       .parse = parse_dtypes,
       .completion = table_names<datatype_table>},
      {.name = "--op",
       .member = &R::op,
       .default_value = "sum",
       .help = "Reduction op(s), comma list",
       .group = kCaseMatrix,
       .sample = "max",
       .parse = parse_ops,
       .completion = table_names<op_table>},
      {.name = "--root",
       .member = &R::root,
       .default_value = "0",
       .help = "Root rank(s), comma list",
       .group = kCaseMatrix,
       .sample = "1",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             for (const auto& r : with_option("--root", [&] { return split_list(raw.root); })) {
               o.roots.push_back(parse_int(r, "--root"));
             }
           }},

  };
}

// The table's rows of the arrival pattern.
std::vector<RunOptionSpec> arrival_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--compute",
       .member = &R::compute,
       .default_value = "0",
       .help = "Base compute time before each call (list)",
       .group = kArrivals,
       .sample = "1ms",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.computes_ns =
                 with_option("--compute", [&] { return parse_duration_list(raw.compute); });
           }},
      {.name = "--maxdelay",
       .member = &R::maxdelay,
       .default_value = "0",
       .help = "Maximum injected delay (list; ns/us/ms/s)",
       .group = kArrivals,
       .sample = "50ms",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.maxdelays_ns =
                 with_option("--maxdelay", [&] { return parse_duration_list(raw.maxdelay); });
           }},
      {.name = "--pattern",
       .member = &R::pattern,
       .default_value = "uniform",
       .help = pattern_help(),
       .group = kArrivals,
       .sample = "normal",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.patterns = with_option("--pattern", [&] { return split_list(raw.pattern); });
             for (const auto& p : o.patterns) validate_pattern_syntax(p);
           }},
      {.name = "--seed",
       .member = &R::seed,
       .default_value = "1",
       .help = "Seed of the random patterns and of --shuffle",
       .group = kArrivals,
       .sample = "7",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.seed = with_option("--seed", [&] { return parse_seed(raw.seed); });
           }},

  };
}

// The table's rows of intergroup collectives.
std::vector<RunOptionSpec> intergroup_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--groups",
       .member = &R::groups,
       .help = "Intergroup collectives: group sizes p:q (default half/half)",
       .group = kIntergroup,
       .sample = "2:2",
       .parse = parse_groups},
      {.name = "--placement",
       .member = &R::placement,
       .default_value = "block",
       .help = "Intergroup collectives: block (A on the first p ranks) or interleaved (B's ranks "
               "spread evenly among A's)",
       .group = kIntergroup,
       .sample = "interleaved",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.placement = parse_placement(raw.placement); }},
      {.name = "--ka-factor",
       .member = &R::ka_factor,
       .implied = "1",
       .help = "Intergroup collectives: group A's block = count x this, rounded (default "
               "{default})",
       .group = kIntergroup,
       .sample = "0.5",
       .parse =
           [](const auto& self, const auto& raw, auto& o) {
             o.shape.ka = parse_block_factor(run_option_text(self, raw), self.name);
           }},
      {.name = "--kb-factor",
       .member = &R::kb_factor,
       .implied = "1",
       .help = "Intergroup collectives: group B's block = count x this, rounded (default "
               "{default})",
       .group = kIntergroup,
       .sample = "2",
       .parse =
           [](const auto& self, const auto& raw, auto& o) {
             o.shape.kb = parse_block_factor(run_option_text(self, raw), self.name);
           }},
      {.name = "--dist",
       .member = &R::dist,
       .implied = "arith-code",
       .help = "intergroup_allgatherv block sizes over a group's ranks: equal, {default} "
               "(2(i+1)ceil(k/P), the default), arith-literal (k i) or uneven (the tests' blocks "
               "with zeros); alltoallv: every-other, [Parsons2015] §2.5's blocks (count, one "
               "int shorter where from + to is odd)",
       .group = kIntergroup,
       .sample = "equal",
       .parse =
           [](const auto& self, const auto& raw, auto& o) {
             o.shape.dist = parse_block_dist(run_option_text(self, raw));
             const bool intergroup = std::find(o.collectives.begin(), o.collectives.end(),
                                               "intergroup_allgatherv") != o.collectives.end();
             if (o.shape.dist == BlockDist::kEveryOther && intergroup) {
               throw UsageError(
                   "--dist: every-other shapes alltoallv's blocks; accepted for "
                   "intergroup_allgatherv: equal, arith-code, arith-literal, uneven");
             }
           }},
      // After the block options: an explicit one that contradicts a setting is refused.
      {.name = "--setting",
       .member = &R::setting,
       .help = "Intergroup collectives: [Kang2019]'s parameter settings, comma list: S1-S4 "
               "(intergroup_allgather), S5-S8 (intergroup_allgatherv); each sets the group ratio, "
               "--ka-factor/--kb-factor and --dist, and --count is then per node",
       .group = kIntergroup,
       .compared_unless_default = true,
       .sample = "S1",
       .parse = [](const auto&, const auto& raw, auto& o) { o.settings = parse_settings(raw, o); }},

  };
}

// The table's rows of iterations: how many, in which order, until which interval.
std::vector<RunOptionSpec> iteration_count_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--iters",
       .member = &R::iters,
       .default_value = "30",
       .help = "Timed iterations per case",
       .group = kIterations,
       .sample = "31",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             if (raw.iters < 1) throw UsageError("--iters: must be at least 1");
             o.iters = raw.iters;
           }},
      {.name = "--warmup",
       .member = &R::warmup,
       .default_value = "3",
       .help = "Untimed warm-up iterations per case",
       .group = kIterations,
       .sample = "0",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             if (raw.warmup < 0) throw UsageError("--warmup: must not be negative");
             o.warmup = raw.warmup;
           }},
      {.name = "--warmup-settle",
       .member = &R::warmup_settle,
       .default_value = "off",
       .help = "After the --warmup iterations, warm up on until the median of --ci-metric over "
               "the last 5 warm-up iterations lies within this fraction of the median over the 5 "
               "before them, for every case of a --order group, at most MAX warm-up iterations in "
               "all (default 100); each case records the warm-up iterations it ran (warmup)",
       .group = kIterations,
       .compared_unless_default = true,
       .sample = "0.05:40",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.warmup_settle = parse_warmup_settle(raw.warmup_settle, o.warmup);
           }},
      {.name = "--order",
       .member = &R::order,
       .default_value = "interleaved",
       .help = "How the cases that differ only in --alg (a group) run: interleaved (their "
               "iterations take turns, A B C A B C ..., under the same planned delays), shuffled "
               "(the turns in a random order per iteration, from --seed) or sequential (one case "
               "after the other, as before). A group's buffers are all allocated at once",
       .group = kIterations,
       .compared_unless_default = true,
       .sample = "sequential",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.order = parse_choice<RunOrder>("--order", raw.order,
                                              {{"sequential", RunOrder::kSequential},
                                               {"interleaved", RunOrder::kInterleaved},
                                               {"shuffled", RunOrder::kShuffled}});
           }},
      {.name = "--reps-until-ci",
       .member = &R::reps_until_ci,
       .default_value = "off",
       .help = "Repeat each case until the 95% confidence interval of the median of --ci-metric "
               "over the kept iterations (every rank within --arrival-tolerance) lies within this "
               "fraction of the median (e.g. 0.025; the interval allows for autocorrelated "
               "iterations), with --iters "
               "timed iterations at most and --min-iters kept ones at least; off: --iters",
       .group = kIterations,
       .sample = "0.05",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.reps_until_ci = parse_reps_until_ci(raw.reps_until_ci); }},
      {.name = "--ci-metric",
       .member = &R::ci_metric,
       .default_value = "after-last-arrival",
       .help = "With --reps-until-ci: the metric whose median must be precise: "
               "after-last-arrival (max exit - max arrival: the algorithm's own cost) or run-time "
               "(max exit - min arrival, the planned imbalance included)",
       .group = kIterations,
       .sample = "run-time",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.ci_metric =
                 parse_choice<CiMetric>("--ci-metric", raw.ci_metric,
                                        {{"after-last-arrival", CiMetric::kAfterLastArrival},
                                         {"run-time", CiMetric::kRunTime}});
           }},
      {.name = "--min-iters",
       .member = &R::min_iters,
       .default_value = "30",
       .help = "With --reps-until-ci: the fewest kept timed iterations before it may stop (30 at "
               "least)",
       .group = kIterations,
       .sample = "40",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.min_iters = parse_min_iters(raw, o); }},
      {.name = "--validate-every",
       .member = &R::validate_every,
       .default_value = "1",
       .help = "Check the output of every Nth timed iteration of every case (1: all; 0: only the "
               "first; the first warm-up one always); the check runs after every rank has left "
               "the call, outside anyone's timing",
       .group = kIterations,
       .sample = "3",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.validate_every = parse_validate_every(raw.validate_every); }},
  };
}

// The table's rows of iterations: what the buffers hold, which arrivals count, how long a call may
// take.
std::vector<RunOptionSpec> iteration_rule_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--buffers",
       .member = &R::buffers,
       .default_value = "cold",
       .help = "What the buffers hold when a call meets them: cold (the input written and the "
               "output poisoned before every call, so no call finds the last one's data in the "
               "caches) or warm (written once and reused as the last call left them, as OSU and "
               "IMB do; before a checked call only the first and last element of each checked "
               "block are poisoned). Recorded as the root attribute buffers",
       .group = kIterations,
       .compared_unless_default = true,
       .sample = "warm",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.buffers = parse_choice<BufferMode>(
                 "--buffers", raw.buffers,
                 {{"cold", BufferMode::kCold}, {"warm", BufferMode::kWarm}});
           }},
      {.name = "--arrival-tolerance",
       .member = &R::arrival_tolerance,
       .default_value = "auto",
       .help = "Leave an iteration out of the statistics when some rank entered the call further "
               "than this from its planned arrival (|a_i - planned_i|); auto: the larger of 5us "
               "and 1% of the case's planned delay span; off: keep every iteration",
       .group = kIterations,
       // Files from before the option lack it; at its default a run still resumes them (their
       // cases keep their own late flags, each case its own tolerance).
       .compared_unless_default = true,
       .sample = "20us",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.arrival_tolerance = parse_arrival_tolerance(raw.arrival_tolerance);
           }},
      {.name = "--call-timeout",
       .member = &R::call_timeout,
       .default_value = "auto",
       .help = "End the run (exit 3) when a timed call has not returned after this long, naming "
               "the case and the ranks that have and have not arrived; auto: 10 x (the case's "
               "largest planned delay + compute) + 60s; 0: no watchdog. A case's set-up "
               "(filling its buffers) has its own limit, whatever this says: 60s + 10s per GiB "
               "its node's ranks fill; between two calls, the ranks' refill of their buffers "
               "(and the check) gets 20s per GiB beside this limit",
       .group = kIterations,
       .resume_may_differ = "a watchdog that only acts on a hung call; a resume after a timeout "
                            "may need a longer one",
       .sample = "30s",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.call_timeout = parse_call_timeout(raw.call_timeout); }},
      {.name = "--shuffle",
       .member = &R::shuffle,
       .help = "Run the cases in a random (seeded) order",
       .group = kIterations,
       .parse = [](const auto&, const auto& raw, auto& o) { o.shuffle = raw.shuffle; }},
      {.name = "--one-rank",
       .member = &R::one_rank,
       .help = "A run on 1 rank is meant: no warning that no other rank took part. papbench "
               "cannot tell 'mpiexec -n 1' from a start without mpiexec, so any 1-rank run "
               "warns on stderr (exit code unchanged) unless this is given; start N ranks with "
               "'mpiexec -n N papbench ...'",
       .group = kIterations,
       .resume_may_differ = "it only silences a warning; nothing measured changes",
       .parse = [](const auto&, const auto& raw, auto& o) { o.one_rank = raw.one_rank; }},

  };
}

// The table's rows of nodes and clocks.
std::vector<RunOptionSpec> clock_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--virtual-ppn",
       .member = &R::virtual_ppn,
       .default_value = "0",
       .help = "Treat every K consecutive ranks of a node as one virtual node (0: real nodes)",
       .group = kClocks,
       .sample = "2",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.virtual_ppn = parse_virtual_ppn("--virtual-ppn", raw.virtual_ppn);
           }},
      {.name = "--sync",
       .member = &R::sync,
       .default_value = "window",
       .help = "Start agreement, comma list: window (agreed start time on the global clock) or "
               "barrier (the papers' double barrier); both: each case under each, interleaved",
       .group = kClocks,
       .sample = "barrier",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.syncs.clear();
             for (const auto& item : with_option("--sync", [&] { return split_list(raw.sync); })) {
               o.syncs.push_back(parse_choice<StartSync>(
                   "--sync", item,
                   {{"window", StartSync::kWindow}, {"barrier", StartSync::kBarrier}}));
             }
           }},
      {.name = "--sync-estimator",
       .member = &R::sync_estimator,
       .default_value = "min-rtt",
       .help = "Cristian offset: min-rtt or median",
       .group = kClocks,
       .sample = "median",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.clock.estimator = parse_estimator("--sync-estimator", raw.sync_estimator);
           }},
      {.name = "--no-drift",
       .member = &R::no_drift,
       .help = "Do not fit a linear clock drift",
       .group = kClocks,
       .parse = [](const auto&, const auto& raw, auto& o) { o.clock.fit_drift = !raw.no_drift; }},
      {.name = "--flat-sync",
       .member = &R::flat_sync,
       .help = "Every rank ping-pongs with rank 0 (default: node leaders only)",
       .group = kClocks,
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.clock.hierarchical = !raw.flat_sync; }},
      {.name = "--resync",
       .member = &R::resync,
       .default_value = "1s",
       .help = "Resynchronize clocks when older than this (0: never)",
       .group = kClocks,
       .sample = "0",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.clock.resync_ns = parse_duration_option("--resync", raw.resync); }},
      {.name = "--margin",
       .member = &R::margin,
       .default_value = "1ms",
       .help = "Initial lead time of the agreed start (doubles while ranks miss it)",
       .group = kClocks,
       .sample = "2ms",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.margin_ns = parse_duration_option("--margin", raw.margin); }},

  };
}

// The table's rows of PAT algorithms and threads.
std::vector<RunOptionSpec> thread_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--pat-source",
       .member = &R::pat_source,
       .default_value = "bgthread",
       .help = "PAT algorithms' arrival times: bgthread (the papers' background thread: "
               "extrapolated from the edge at half the compute phase; 'predicted' is an alias), "
               "oracle (the planned arrival of the pattern) or sma:W (start + mean of the last W "
               "measured compute intervals, [Marendic2016]'s moving average)",
       .group = kThreads,
       .sample = "oracle",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.pat_source = parse_pat_source(raw.pat_source); }},
      {.name = "--bg-thread",
       .member = &R::bg_thread,
       .default_value = "auto",
       .help = "Baselines with the PAT monitoring thread (prediction + allgather; equal "
               "overhead): auto = when the run has a PAT algorithm of the same collective, on = "
               "always, off = never",
       .group = kThreads,
       .sample = "on",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.bg_thread = parse_choice<BgThread>(
                 "--bg-thread", raw.bg_thread,
                 {{"auto", BgThread::kAuto}, {"on", BgThread::kOn}, {"off", BgThread::kOff}});
           }},
      // After the algorithms, --bg-thread and --call-timeout: auto and the checks depend on them.
      {.name = "--thread-level",
       .member = &R::thread_level,
       .default_value = "auto",
       .help = "MPI thread level to ask for: single, funneled, multiple, or auto (multiple only "
               "when the run has a PAT algorithm or --bg-thread on, so that baselines do not pay "
               "for thread safety)",
       .group = kThreads,
       .sample = "multiple",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.thread_level = parse_thread_level(raw.thread_level, o); }},

  };
}

// The table's rows of counters.
std::vector<RunOptionSpec> counter_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--counters",
       .member = &R::counters,
       .help = "PAPI events around each call, comma list (presets or native names, e.g. "
               "perf::TASK-CLOCK)",
       .group = kCounters,
       .sample = "perf::TASK-CLOCK",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             if (!raw.counters.empty()) {
               o.counters = with_option("--counters", [&] { return split_list(raw.counters); });
             }
           }},
      {.name = "--counters-domain",
       .member = &R::counters_domain,
       .default_value = "user",
       .help = "user, kernel or all",
       .group = kCounters,
       .sample = "kernel",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.counters_domain = parse_counter_domain("--counters-domain", raw.counters_domain);
           }},
      {.name = "--counters-scope",
       .member = &R::counters_scope,
       .default_value = "call",
       .help = "What the counters measure: call (the timed call), compute (the phase before it: "
               "wait or compute:XTIME loop) or both (compute values stored as EVENT@compute)",
       .group = kCounters,
       .sample = "both",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.counters_scope = parse_choice<CounterScope>("--counters-scope", raw.counters_scope,
                                                           {{"call", CounterScope::kCall},
                                                            {"compute", CounterScope::kCompute},
                                                            {"both", CounterScope::kBoth}});
           }},
      {.name = "--counters-strict",
       .member = &R::counters_strict,
       .help = "Exit 2 when a --counters event cannot be counted here (default: record and go on)",
       .group = kCounters,
       .not_in_files = "whether this machine's missing events are fatal is the caller's choice "
                       "where it runs, as --progress is",
       .resume_may_differ = "a check before the run; the events counted are --counters",
       .parse = [](const auto&, const auto& raw,
                   auto& o) { o.counters_strict = raw.counters_strict; }},

  };
}

// The table's rows of output.
std::vector<RunOptionSpec> output_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--out",
       .member = &R::out,
       .help = "HDF5 result file (default: papbench-DATE-TIME.h5)",
       .group = kOutput,
       .not_in_files = "the job script chooses the result file",
       .resume_may_differ = "where the results go (--resume refuses another file than its own)",
       .sample = "other.h5",
       .parse = [](const auto&, const auto& raw, auto& o) { o.out = raw.out; },
       .type_name = "FILE"},
      {.name = "--force",
       .member = &R::force,
       .help = "Overwrite an existing --out file",
       .group = kOutput,
       .not_in_files = "the job script chooses the result file",
       .resume_may_differ = "--resume refuses it (it never overwrites)",
       .parse = [](const auto&, const auto& raw, auto& o) { o.force = raw.force; }},
      // After --out and --force, which it checks.
      {.name = "--resume",
       .member = &R::resume,
       .help = "Continue an interrupted run in this result set: run only the cases it does not "
               "hold complete; the run options must equal the recorded ones",
       .group = kOutput,
       .not_in_files = "the job script chooses the result file",
       .resume_may_differ = "the file being resumed, which the fingerprint is recorded in",
       .sample = "other.h5",
       .parse = [](const auto&, const auto& raw, auto& o) { apply_resume_option(raw, o); },
       .type_name = "FILE"},
      {.name = "--progress",
       .member = &R::progress,
       .default_value = "auto",
       .help = "auto (live line on a terminal), always or never",
       .group = kOutput,
       .not_in_files = "a terminal matter",
       .resume_may_differ = "display only",
       .sample = "never",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.progress = parse_choice<ProgressMode>("--progress", raw.progress,
                                                     {{"auto", ProgressMode::kAuto},
                                                      {"always", ProgressMode::kAlways},
                                                      {"never", ProgressMode::kNever}});
           }},

  };
}

// The table's rows of test hooks.
std::vector<RunOptionSpec> test_hook_specs() {
  using R = RawRunOptions;
  return {
      {.name = "--inject-clock-offset",
       .member = &R::inject_clock_offset,
       .default_value = "0",
       .help = "Test hook: distort each rank's clock by a random offset up to this",
       .group = kTestHooks,
       .not_in_files = "a test hook, not an experiment",
       .hide_default = true,
       .sample = "1ms",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.distortion_max.offset_ns =
                 parse_duration_option("--inject-clock-offset", raw.inject_clock_offset);
           }},
      {.name = "--inject-clock-drift",
       .member = &R::inject_clock_drift_ppm,
       .default_value = "0",
       .help = "Test hook: distort each rank's clock by a random drift up to this (ppm)",
       .group = kTestHooks,
       .not_in_files = "a test hook, not an experiment",
       .hide_default = true,
       .sample = "100",
       .parse =
           [](const auto&, const auto& raw, auto& o) {
             o.distortion_max.drift_ppm =
                 check_drift_ppm("--inject-clock-drift", raw.inject_clock_drift_ppm);
           }},
  };
}

// The table. Its order is the parse order (a parser may read the fields of the options above it)
// and the --help order. The parsers are generic lambdas, which convert to RunOptionParser.
std::vector<RunOptionSpec> make_run_option_specs() {
  std::vector<RunOptionSpec> specs;
  for (auto part : {case_matrix_specs, arrival_specs, intergroup_specs, iteration_count_specs,
                    iteration_rule_specs, clock_specs, thread_specs, counter_specs, output_specs,
                    test_hook_specs}) {
    std::ranges::move(part(), std::back_inserter(specs));
  }
  return specs;
}

// Numbers in the table's defaults are the programmer's, so a bad one is a logic error.
template <typename T>
T table_number(const RunOptionSpec& spec) {
  T v{};
  const std::string_view text = spec.default_value;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || ptr != text.data() + text.size()) {
    throw std::logic_error(
        fmt::format("run option {}: default '{}' is not a number", spec.name, spec.default_value));
  }
  return v;
}

}  // namespace

// Declared in run_options.hpp (the app commands take --virtual-ppn too); here beside the other
// integer parsers.
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

std::span<const RunOptionSpec> run_option_specs() {
  static const std::vector<RunOptionSpec> specs = make_run_option_specs();
  return specs;
}

const RunOptionSpec* find_run_option(std::string_view name) {
  const auto specs = run_option_specs();
  const auto it = std::find_if(specs.begin(), specs.end(),
                               [&](const RunOptionSpec& s) { return s.name == name; });
  return it == specs.end() ? nullptr : &*it;
}

RawRunOptions::RawRunOptions() {
  for (const RunOptionSpec& spec : run_option_specs()) {
    std::visit(
        [&](auto member) {
          using T = std::remove_reference_t<decltype(this->*member)>;
          if constexpr (std::is_same_v<T, std::string>) {
            this->*member = spec.default_value;
          } else if constexpr (std::is_same_v<T, bool>) {
            // A flag is off until given; it has no default to write.
            if (!spec.default_value.empty()) {
              throw std::logic_error(
                  fmt::format("run option {}: a flag has no default", spec.name));
            }
            this->*member = false;
          } else {
            this->*member = table_number<T>(spec);
          }
        },
        spec.member);
  }
}

std::string run_option_text(const RunOptionSpec& spec, const RawRunOptions& raw) {
  return std::visit(
      [&](auto member) -> std::string {
        const auto& value = raw.*member;
        using T = std::remove_cvref_t<decltype(value)>;
        if constexpr (std::is_same_v<T, std::string>) {
          return value.empty() ? std::string(spec.implied) : value;
        } else if constexpr (std::is_same_v<T, bool>) {
          return value ? "on" : "off";
        } else {
          return fmt::format("{}", value);
        }
      },
      spec.member);
}

std::string run_option_help(const RunOptionSpec& spec) {
  std::string help = spec.help;
  constexpr std::string_view kPlaceholder = "{default}";
  if (const auto at = help.find(kPlaceholder); at != std::string::npos) {
    help.replace(at, kPlaceholder.size(), spec.implied);
  }
  return help;
}

OptionRow run_option_row(const RunOptionSpec& spec, RawRunOptions& raw) {
  return {.name = std::string(spec.name),
          .target =
              std::visit([&](auto member) -> OptionTarget { return &(raw.*member); }, spec.member),
          .help = run_option_help(spec),
          .group = std::string(spec.group),
          .default_text = spec.hide_default ? std::string() : std::string(spec.default_value),
          .type_name = std::string(spec.type_name),
          .completion = spec.completion ? spec.completion() : std::vector<std::string>{}};
}

std::string_view experiment_key(const RunOptionSpec& spec) {
  return spec.not_in_files.empty() ? spec.name.substr(2) : std::string_view{};
}

}  // namespace papbench
