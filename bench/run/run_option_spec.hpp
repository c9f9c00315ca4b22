#pragma once
// The options of the run command (`papbench --collective ... --alg ...`), each declared once in
// run_option_specs(), as the algorithm options are declared in their registry rows
// (collectives/core/alg_option.hpp): its name, the RawRunOptions member it fills, its default, its
// help and --help group, whether experiment files may set it, whether --resume compares it, and
// its parser. The command line (add_run_options), parse_run_options, the experiment-file keys
// (experiment_file.cpp), the --resume fingerprint (resume.cpp) and their tests all walk this one
// table, so an option is added in one place; one that experiment files or --resume leave out says
// why in its row.
//
// On the command line each spec is a row of the option table that papbench-report's options are
// rows of too (run_option_row, common/option_table.hpp), so --help, the man page and the bash
// completion read both programs alike.
//
// Light on purpose, since every header of the run includes it: no CLI11 (common/cli_fwd.hpp says
// why), and RunOptions by name only.

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/option_table.hpp"

namespace papbench {

struct RunOptions;

// The run options as typed, bound to CLI11 and filled from experiment files; parse_run_options
// checks them. Every member starts at its spec's default (the constructor walks the table), so no
// member has a default of its own; the scalars' {} only keep them defined until then.
struct RawRunOptions {
  RawRunOptions();

  std::string collective;
  std::string alg;
  std::string count;
  std::string dtype;
  std::string op;
  std::string root;
  std::string compute;
  std::string maxdelay;
  std::string pattern;
  std::string groups;
  std::string placement;
  // "" until given, so that --setting can tell a contradiction (the spec's `implied` is the
  // value "" stands for).
  std::string ka_factor;
  std::string kb_factor;
  std::string dist;
  std::string setting;
  std::string virtual_ppn;
  std::string sync;
  std::string sync_estimator;
  std::string resync;
  std::string margin;
  std::string counters;
  std::string counters_domain;
  std::string counters_scope;
  std::string pat_source;
  std::string bg_thread;
  std::string thread_level;
  // Algorithm options as typed, by option name ("--radix" -> "3"); only those given are here.
  // Declared by the algorithms' registry rows (option_shorthands()), not by run_option_specs().
  std::map<std::string, std::string> alg_options;
  bool counters_strict{};
  std::string out;
  std::string resume;  // --resume FILE (bench/run/resume.hpp)
  std::string progress;
  std::string inject_clock_offset;
  double inject_clock_drift_ppm{};
  int iters{};
  int warmup{};
  std::string warmup_settle;
  std::string order;
  std::string reps_until_ci;
  std::string ci_metric;
  int min_iters{};
  std::string validate_every;
  std::string buffers;
  std::string arrival_tolerance;
  std::string call_timeout;
  std::string seed;  // text: parse_seed refuses what CLI11 would wrap or clamp (-1, >= 2^64)
  bool force{};
  bool shuffle{};
  bool one_rank{};
  bool no_drift{};
  bool flat_sync{};
};

// The member an option fills; its type is what CLI11 converts to (so `--iters abc` is refused by
// CLI11 as before) and what experiment files check numbers and flags against.
using RunOptionMember =
    std::variant<std::string RawRunOptions::*, int RawRunOptions::*, std::uint64_t RawRunOptions::*,
                 double RawRunOptions::*, bool RawRunOptions::*>;

struct RunOptionSpec;
// Checks the option's typed value and fills its part of RunOptions; UsageError naming the option
// and what it accepts otherwise. Parsers run in table order, so one may read the RunOptions fields
// of the options above it (--alg reads --collective's, --thread-level --call-timeout's).
using RunOptionParser = void (*)(const RunOptionSpec& self, const RawRunOptions& raw,
                                 RunOptions& o);

struct RunOptionSpec {
  std::string_view name = {};  // as typed: "--count"
  RunOptionMember member = {};
  // As the user would type it; RawRunOptions() starts from it, and --help shows it
  // ("--iters INT=30") unless hide_default. "" for a flag (off) and for an option that is absent
  // unless given.
  std::string_view default_value = {};
  // For an option whose member stays "" until given (--ka-factor, --kb-factor, --dist: a
  // contradicting --setting must be told from a default): the value "" stands for, which the
  // parser, the --resume fingerprint and the help read here.
  std::string_view implied = {};
  // --help text; "{default}" in it stands for `implied`. A std::string: --pattern's is composed of
  // the pattern list that arrival_pattern.hpp owns.
  std::string help = {};
  std::string_view group = {};  // the --help section it is listed in
  // Why an experiment file may not set it; "" when it may, by its name without "--" (an experiment
  // is a command line kept in a file, docs/REPRODUCING.md).
  std::string_view not_in_files = {};
  // Why a --resume may give another value; "" when --resume compares it (run_fingerprint), as it
  // must for every option that changes what a case measures: a resumed file would otherwise mix
  // cases measured two ways, silently.
  std::string_view resume_may_differ = {};
  // Compared by --resume only when not at its default: for an option newer than the fingerprint
  // (format 1.6), so that a file written before it existed, which lacks it, still resumes.
  bool compared_unless_default = false;
  bool hide_default = false;  // --help shows no "=DEFAULT" (the test hooks: 0 is "no distortion")
  // A value other than the default, which the tests set through the command line, the experiment
  // files and the fingerprint; valid on its own but for --setting's (it needs an intergroup
  // --collective, so those tests compare its error). "" for a flag (the tests turn it on).
  std::string_view sample = {};
  RunOptionParser parse = nullptr;
  // CLI11's word for the value in --help ("" for the member type's); FILE completes file names.
  std::string_view type_name = {};
  // The words the completion offers for an option parse checks itself (registry names in a
  // comma list); nullptr for none.
  std::vector<std::string> (*completion)() = nullptr;
};

// The --help section of the algorithms' shorthand flags (--radix, ...), which their registry rows
// declare (option_shorthands()); listed after the run options' sections.
inline constexpr std::string_view kAlgorithmOptionsGroup = "Algorithm options";

// Every run option, in parse order (also the --help order within each group).
std::span<const RunOptionSpec> run_option_specs();
// The spec named `name` ("--count"); nullptr when there is none.
const RunOptionSpec* find_run_option(std::string_view name);

// The option's value in `raw` as the user would type it: numbers in decimal, flags "on"/"off",
// and `implied` for an empty value that has one. The --resume fingerprint records this.
std::string run_option_text(const RunOptionSpec& spec, const RawRunOptions& raw);
// The option's --help text: its help with "{default}" replaced by `implied`.
std::string run_option_help(const RunOptionSpec& spec);
// The spec as a row of the common option table (common/option_table.hpp), filling `raw`.
OptionRow run_option_row(const RunOptionSpec& spec, RawRunOptions& raw);
// The experiment-file key ("count" for --count); "" when files may not set the option.
std::string_view experiment_key(const RunOptionSpec& spec);

}  // namespace papbench
