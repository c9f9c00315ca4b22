#pragma once
// The options of a benchmark run: what the user typed (RawRunOptions, bound to CLI11; each option
// declared once in bench/run/run_option_spec.hpp) and the validated, parsed form the case matrix
// and runner use (RunOptions).

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/run/run_option_spec.hpp"
#include "bench/run/warmup_settle.hpp"
#include "clocksync/global_clock.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "collectives/pat/pat_source.hpp"
#include "common/cli_fwd.hpp"
#include "common/setting.hpp"
#include "counters/counter_set.hpp"
#include "models/intergroup_model.hpp"
#include "results/result_set.hpp"

namespace papbench {

enum class StartSync { kWindow, kBarrier };
// As --sync spells it and the result file's sync_mode records it.
std::string_view start_sync_name(StartSync sync);
// --reps-until-ci judges the median of this metric (results/case_metrics.hpp's definitions).
enum class CiMetric { kAfterLastArrival, kRunTime };
// --order: the cases of a group (bench/run/run_order.hpp) one after the other, or their iterations
// taking turns, in case order or in a seeded random order per round.
enum class RunOrder { kSequential, kInterleaved, kShuffled };
// --buffers: what the buffers hold when a call meets them. kCold: the input written and the
// output poisoned before every call (docs/ARCHITECTURE.md, step 0); kWarm: both written once, then
// reused as the last call left them, as OSU and IMB do (only the ends of the checked blocks are
// poisoned before a checked call, Workload::poison_block_ends).
enum class BufferMode { kCold, kWarm };
// As --buffers spells it and the result file's root attribute `buffers` records it.
std::string_view buffer_mode_name(BufferMode mode);
// The fewest kept iterations --reps-until-ci may stop at (--min-iters).
inline constexpr int kMinCiIters = 30;
// --bg-thread: kAuto = a baseline gets the monitoring thread when the run also has a PAT
// algorithm of its collective (the comparison is then fair, and a run of baselines alone stays
// free of it, as in OSU or IMB); kOn = always; kOff = never.
enum class BgThread { kAuto, kOn, kOff };
enum class ProgressMode { kAuto, kAlways, kNever };
// Which phase the counters measure: the timed call, the compute phase before it, or both.
enum class CounterScope { kCall, kCompute, kBoth };

// One item of --alg: a registry name with the options given for it, e.g. `radixk:radix=8`; one
// run can hold several variants of one algorithm. Options are as typed (the same name may be
// rows of several collectives, each checking them); the text is how the user wrote it.
struct AlgVariant {
  std::string name;
  AlgOptions options;
  bool operator==(const AlgVariant&) const = default;
};

// Made by parse_run_options, which fills every field from its option (run_option_specs(): the
// defaults are there); the initializers below only keep a RunOptions made by hand defined (app fft
// and the app kernels build one for the --out check), so they are neutral, not defaults.
struct RunOptions {
  std::vector<std::string> collectives, dtypes, ops, patterns;
  std::vector<AlgVariant> algorithms;
  std::vector<std::uint64_t> counts;
  std::vector<int> roots;
  std::vector<std::int64_t> computes_ns, maxdelays_ns;
  int groups_p = 0, groups_q = 0;  // 0: half/half
  Placement placement{};           // --placement: the groups over the ranks
  // --ka-factor/--kb-factor/--dist: the intergroup collectives' block sizes per group
  IntergroupShape shape;
  // --setting: [Kang2019] §5's parameter settings, a dimension of the intergroup collectives'
  // cases; each fills the group ratio, the block factors and the distribution (empty: none).
  std::vector<const intergroup_model::SettingInfo*> settings;
  int virtual_ppn = 0;  // --virtual-ppn K: nodes of K consecutive ranks; 0: real nodes
  // --sync: a dimension of the cases. A list puts both starts in one group (interleaved by
  // default), so that they are compared under the same launch state (docs/SCALING.md).
  std::vector<StartSync> syncs;
  bool has_window_start() const {
    return std::ranges::find(syncs, StartSync::kWindow) != syncs.end();
  }
  clocksync::SyncOptions clock;
  clocksync::Distortion distortion_max;  // per-rank distortion drawn in [-max, max]
  std::int64_t margin_ns = 0;
  std::vector<std::string> counters;
  CounterDomain counters_domain{};
  CounterScope counters_scope{};
  PatSource pat_source{};  // PAT algorithms' arrival times
  // Which algorithms without needs_pat also run with a PAT runtime (prediction + allgather only,
  // so baselines carry the same monitoring overhead as the PAP-aware ones; [Proficz2020] leaves
  // this open, docs/ALGORITHMS.md, Deviation: the monitoring thread for baselines).
  BgThread bg_thread{};
  bool counters_strict = false;  // an unavailable event is a usage error (exit 2)
  std::string out;
  bool resume = false;  // --resume: `out` is an existing result set to continue
  bool force = false;
  bool shuffle = false;
  bool one_rank = false;  // --one-rank: a run on one rank is meant (run_command warns otherwise)
  ProgressMode progress{};
  int iters = 0, warmup = 0;
  RunOrder order = RunOrder::kInterleaved;
  // --warmup-settle EPS[:MAX]: after the --warmup iterations, warm up on until the ci_metric has
  // settled (bench/run/warmup_settle.hpp) within EPS, MAX warm-up iterations at most (off:
  // --warmup alone).
  Setting<WarmupSettle> warmup_settle = Setting<WarmupSettle>::off();
  // The most warm-up iterations of a case: --warmup, or --warmup-settle's MAX.
  int warmup_max() const {
    const std::optional<WarmupSettle> rule = warmup_settle.value();
    return rule ? std::max(warmup, rule->max) : warmup;
  }
  // --reps-until-ci: stop a case once the 95% CI of the median of ci_metric over the kept
  // iterations lies within this fraction of the median, after min_iters kept ones and before
  // iters (off: run iters).
  Setting<double> reps_until_ci = Setting<double>::off();
  CiMetric ci_metric = CiMetric::kAfterLastArrival;
  int min_iters = 0;
  // Timed iterations checked, in every case alike: every Nth (0: only the first).
  int validate_every = 0;
  BufferMode buffers = BufferMode::kCold;  // --buffers
  // How far a rank's arrival may be from its planned arrival before the iteration is left out
  // (results/arrival_error.hpp); auto: each case's own, results::default_arrival_tolerance_ns of
  // its planned delay span; off: keep every iteration.
  results::ArrivalTolerance arrival_tolerance = results::ArrivalTolerance::automatic();
  // How long a timed call may take before the watchdog ends the run (exit 3), in ns; auto: each
  // case's own (case_call_timeout_ns, bench/run/call_watchdog.hpp); off: no watchdog.
  Setting<std::int64_t> call_timeout = Setting<std::int64_t>::off();
  // The MPI_THREAD_* level the run asks of MPI (--thread-level; auto resolved by parsing).
  int thread_level = 0;
  // Shorthand algorithm options given, canonical, by flag ("--radix" -> "3"); the flags are
  // those the registry rows declare (option_shorthands()).
  std::map<std::string, std::string> alg_options;
  std::uint64_t seed = 0;
};

// --alg: NAME or NAME:key=value items (a bare key=value continues the item before it), each name
// an algorithm of at least one of `collectives`, whose rows check the options; UsageError
// naming `option` otherwise (the app kernels' --bcast-alg etc. take the same syntax).
std::vector<AlgVariant> parse_alg_list(std::string_view text,
                                       const std::vector<std::string>& collectives,
                                       std::string_view option = "--alg");
// Whether `alg`'s row declares every option of `given` (its values unchecked): a variant whose
// options a listed collective's row of that name lacks is left to the collectives whose rows
// take them (parse_alg_list refuses it only when none does).
bool takes_options(const AlgorithmInfo& alg, const AlgOptions& given);
// How an --alg item reads: "radixk" or "uha:inter=mpich-isend" (options in key order).
std::string variant_text(const AlgVariant& v);

// The options of `variant` for `alg` (one collective's row of its name): the shorthand flags
// that `alg` declares, then the variant's own `NAME:key=value` options, which win. Not yet
// resolved: resolve_options (collectives/core/registry.hpp) checks and defaults them.
AlgOptions variant_options(const RunOptions& opts, const AlgorithmInfo& alg,
                           const AlgVariant& variant);

// The run options as rows of the option table (common/option_table.hpp), filling `raw`: the
// specs' rows, then the algorithms' shorthand flags.
std::vector<OptionRow> run_option_rows(RawRunOptions& raw);
// Adds the run options to `app` (the main program, or a subcommand).
void add_run_options(CLI::App& app, RawRunOptions& raw);

// Parses and checks everything that does not need MPI; throws UsageError naming the option and
// the accepted values.
RunOptions parse_run_options(const RawRunOptions& raw);

// Rank 0 only (the file system of other nodes may differ): throws UsageError when --out is a
// directory or an existing file without --force. Fills in the default name when empty.
void check_output_path(RunOptions& opts);

// Option parsers shared by the run, sync-check and counters commands; errors name `option`.
clocksync::Estimator parse_estimator(std::string_view option, std::string_view text);
CounterDomain parse_counter_domain(std::string_view option, std::string_view text);
std::int64_t parse_duration_option(std::string_view option, std::string_view text);
double check_drift_ppm(std::string_view option, double ppm);
// --virtual-ppn: an integer >= 0 (0: the real nodes).
int parse_virtual_ppn(std::string_view option, std::string_view text);

// A fresh default file name in the working directory: papbench-YYYYmmdd-HHMMSS.h5.
std::string default_output_path();

}  // namespace papbench
