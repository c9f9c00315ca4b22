#pragma once
// The options of a benchmark run: what the user typed (RawRunOptions, bound to CLI11) and the
// validated, parsed form the case matrix and runner use (RunOptions).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "clocksync/global_clock.hpp"
#include "collectives/core/algorithm.hpp"
#include "collectives/pat/pat_source.hpp"
#include "counters/counter_set.hpp"

namespace papbench {

struct RawRunOptions {
  std::string collective = "reduce";
  std::string alg = "native";
  std::string count = "1Ki";
  std::string dtype = "int";
  std::string op = "sum";
  std::string root = "0";
  std::string compute = "0";
  std::string maxdelay = "0";
  std::string pattern = "uniform";
  std::string groups;
  std::string virtual_ppn = "0";
  std::string sync = "window";
  std::string sync_estimator = "min-rtt";
  std::string resync = "1s";
  std::string margin = "1ms";
  std::string counters;
  std::string counters_domain = "user";
  std::string counters_scope = "call";
  std::string pat_source = "bgthread";
  std::string bg_thread = "auto";
  // Algorithm options as typed, by option name ("--radix" -> "3"); only those given are here.
  std::map<std::string, std::string> alg_options;
  bool counters_strict = false;
  std::string out;
  std::string progress = "auto";
  std::string inject_clock_offset = "0";
  double inject_clock_drift_ppm = 0;
  int iters = 30;
  int warmup = 3;
  int validate_every = 0;
  std::uint64_t seed = 1;
  bool force = false;
  bool shuffle = false;
  bool no_drift = false;
  bool flat_sync = false;
};

enum class StartSync { kWindow, kBarrier };
// --bg-thread: kAuto = a baseline gets the monitoring thread when the run also has a PAT
// algorithm of its collective (the comparison is then fair, and a run of baselines alone stays
// free of it, as in OSU or IMB); kOn = always; kOff = never.
enum class BgThread { kAuto, kOn, kOff };
enum class ProgressMode { kAuto, kAlways, kNever };
// Which phase the counters measure: the timed call, the compute phase before it, or both.
enum class CounterScope { kCall, kCompute, kBoth };

struct RunOptions {
  std::vector<std::string> collectives, algorithms, dtypes, ops, patterns;
  std::vector<std::uint64_t> counts;
  std::vector<int> roots;
  std::vector<std::int64_t> computes_ns, maxdelays_ns;
  int groups_p = 0, groups_q = 0;  // 0: half/half
  int virtual_ppn = 0;             // --virtual-ppn K: nodes of K consecutive ranks; 0: real nodes
  StartSync sync = StartSync::kWindow;
  clocksync::SyncOptions clock;
  clocksync::Distortion distortion_max;  // per-rank distortion drawn in [-max, max]
  std::int64_t margin_ns = 1'000'000;
  std::vector<std::string> counters;
  CounterDomain counters_domain = CounterDomain::kUser;
  CounterScope counters_scope = CounterScope::kCall;
  PatSource pat_source = PatSource::kBgThread;  // PAT algorithms' arrival times
  // Which algorithms without needs_pat also run with a PAT runtime (prediction + allgather only,
  // so baselines carry the same monitoring overhead as the PAP-aware ones, seed 000 §11.14).
  BgThread bg_thread = BgThread::kAuto;
  bool counters_strict = false;  // an unavailable event is a usage error (exit 2)
  std::string out;
  bool force = false;
  bool shuffle = false;
  ProgressMode progress = ProgressMode::kAuto;
  int iters = 30, warmup = 3, validate_every = 0;
  // Algorithm options given, checked, by option name ("--radix" -> "3"); see alg_option_table().
  std::map<std::string, std::string> alg_options;
  std::uint64_t seed = 1;
};

// One algorithm option of the command line (--radix, --clv-segments, ...): the algorithms that
// take it, its AlgOptions key and how its value is checked. parse_run_options, the case runner
// and describe_case all read this one table, so an option reaches exactly its algorithms.
struct AlgOptionSpec {
  std::string_view option;                          // "--clv-segments"
  std::string_view key;                             // AlgOptions key: "segments"
  std::span<const std::string_view> algorithms;     // "collective/algorithm" that take it
  std::string_view help;                            // --help text
  std::string_view accepted;                        // the accepted values, for error messages
  std::string_view fallback;                        // shown in params when not given; "" none
  std::string (*canonical)(std::string_view text);  // checks; the value passed on (UsageError)
  std::string_view excludes;                        // an option that may not come with this one
  // The value params show when there is no fixed fallback (nullptr: none); `given` holds the
  // algorithm's options, extent the datatype's size.
  std::string (*effective)(const AlgOptions& given, std::uint64_t count, std::size_t extent,
                           int ranks) = nullptr;
};
std::span<const AlgOptionSpec> alg_option_table();

// The AlgOptions of one algorithm: the given options whose spec lists it, by key.
AlgOptions algorithm_options(const RunOptions& opts, std::string_view collective,
                             std::string_view algorithm);
// "key=value" for every option of the algorithm: given, fallback or effective value.
std::vector<std::string> effective_alg_params(const RunOptions& opts, std::string_view collective,
                                              std::string_view algorithm, std::uint64_t count,
                                              std::size_t extent, int ranks);

// Adds the run options to `app` (the main program, or a subcommand).
void add_run_options(CLI::App& app, RawRunOptions& raw);

// Parses and checks everything that does not need MPI; throws UsageError naming the option and
// the accepted values.
RunOptions parse_run_options(const RawRunOptions& raw);

// Checks what needs the communicator size (roots, groups, late ranks); throws UsageError.
void check_against_size(const RunOptions& opts, int size);

// Rank 0 only (the file system of other nodes may differ): throws UsageError when --out is a
// directory or an existing file without --force. Fills in the default name when empty.
void check_output_path(RunOptions& opts);

// Option parsers shared by the run and sync-check commands; errors name `option`.
clocksync::Estimator parse_estimator(std::string_view option, std::string_view text);
std::int64_t parse_duration_option(std::string_view option, std::string_view text);
double check_drift_ppm(std::string_view option, double ppm);
// --virtual-ppn: an integer >= 0 (0: the real nodes).
int parse_virtual_ppn(std::string_view option, std::string_view text);

// A fresh default file name in the working directory: papbench-YYYYmmdd-HHMMSS.h5.
std::string default_output_path();

}  // namespace papbench
