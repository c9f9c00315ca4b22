#pragma once
// The options of a benchmark run: what the user typed (RawRunOptions, bound to CLI11) and the
// validated, parsed form the case matrix and runner use (RunOptions).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "clocksync/global_clock.hpp"
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
  std::string sync = "window";
  std::string sync_estimator = "min-rtt";
  std::string resync = "1s";
  std::string margin = "1ms";
  std::string counters;
  std::string counters_domain = "user";
  std::string counters_scope = "call";
  std::string pat_source = "predicted";
  bool counters_strict = false;
  std::string out;
  std::string progress = "auto";
  std::string inject_clock_offset = "0";
  double inject_clock_drift_ppm = 0;
  int iters = 30;
  int warmup = 3;
  int validate_every = 0;
  int radix = 0;
  std::uint64_t seed = 1;
  bool force = false;
  bool shuffle = false;
  bool no_drift = false;
  bool flat_sync = false;
};

enum class StartSync { kWindow, kBarrier };
enum class ProgressMode { kAuto, kAlways, kNever };
// Which phase the counters measure: the timed call, the compute phase before it, or both.
enum class CounterScope { kCall, kCompute, kBoth };

struct RunOptions {
  std::vector<std::string> collectives, algorithms, dtypes, ops, patterns;
  std::vector<std::uint64_t> counts;
  std::vector<int> roots;
  std::vector<std::int64_t> computes_ns, maxdelays_ns;
  int groups_p = 0, groups_q = 0;  // 0: half/half
  StartSync sync = StartSync::kWindow;
  clocksync::SyncOptions clock;
  clocksync::Distortion distortion_max;  // per-rank distortion drawn in [-max, max]
  std::int64_t margin_ns = 1'000'000;
  std::vector<std::string> counters;
  CounterDomain counters_domain = CounterDomain::kUser;
  CounterScope counters_scope = CounterScope::kCall;
  PatSource pat_source = PatSource::kPredicted;  // PAT algorithms' arrival times
  bool counters_strict = false;                  // an unavailable event is a usage error (exit 2)
  std::string out;
  bool force = false;
  bool shuffle = false;
  ProgressMode progress = ProgressMode::kAuto;
  int iters = 30, warmup = 3, validate_every = 0;
  int radix = 0;  // reduce/radixk's radix; 0: the algorithm's default
  std::uint64_t seed = 1;
};

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

// A fresh default file name in the working directory: papbench-YYYYmmdd-HHMMSS.h5.
std::string default_output_path();

}  // namespace papbench
