#pragma once
// Experiment files (jobs/experiments/*.exp): one paper table or figure as a case matrix that
// `papbench --experiment FILE [--quick]` runs. The format is line-oriented `key = value` with
// `#` comments (docs/REPRODUCING.md): run keys are the long names of the run options
// (collective, alg, count, maxdelay, ...; every one of run_option_specs() but those whose row says
// why not), so an experiment is exactly a command line that can be kept, reviewed and diffed;
// metadata keys (name, paper, nodes, ppn, ...) describe where the numbers come from and how big a
// cluster job the job scripts request. Every error names the file and line.

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/run/run_options.hpp"
#include "common/cli_fwd.hpp"

namespace papbench {

struct Experiment {
  std::string path;
  std::string name;  // required; used in job and output directory names
  std::string paper, target, reference, description;
  std::string tables;       // papbench-report table names that summarize it (jobs/report.sh)
  std::vector<int> nodes;   // node counts of the paper's runs (a scalability sweep has several)
  int ppn = 1;              // processes per node on a cluster (Proficz: one per node)
  int quick_processes = 4;  // ranks a --quick run is meant for (advice for the launcher)
  RawRunOptions raw;        // defaults + the file's run keys (+ quick scaling when asked)
  std::map<std::string, int, std::less<>> run_key_lines;  // run key -> line that set it
  // `count = LIST/P`: LIST holds the paper's total vector sizes ([Proficz2020] and
  // [ProficzOcetkiewicz2021] give totals and vary P), and each rank's block is floor(total / P) on
  // the P processes of the run, so one file serves every process count. raw.count then holds LIST
  // itself; apply_experiment_options divides. Empty for a plain per-rank `count`.
  std::string count_totals;
  // Algorithms of `alg` the registry does not hold: a file may name algorithms that are still
  // being built (the [Parsons2015] files name the thesis' algorithms), so reading it checks every
  // other key and the run itself refuses these names before anything is measured.
  std::vector<std::string> unregistered_algorithms;
  // `app = fft`: the file runs a mini-application (`papbench app fft`, docs/FFT.md) instead of a
  // case matrix. Its options are the `app.<option>` keys (`quick.app.<option>` replaces one in
  // --quick runs), kept as text with their line for the application's own checks; run keys are
  // refused in such a file.
  std::string app;
  struct AppOption {
    std::string value;
    int line = 0;
  };
  std::map<std::string, AppOption, std::less<>> app_options;
};

// `text` with every "{P}" replaced by the process count: a trace to replay is recorded per process
// count, so `pattern = replay:trace-{P}.h5#0` names the one of the run.
std::string with_process_count(std::string_view text, int processes);

// The per-rank counts of `count = TOTALS/P` on `processes` ranks: floor(total / processes) for
// each total, as a comma list.
std::string per_rank_counts(std::string_view totals, int processes);

// Parses `text` as the contents of `path`; with `quick`, applies the quick.* keys and the
// default quick scaling (iters / 10, at least 3; warmup at most 1). The run keys are validated
// with the same rules as the command line. Throws UsageError "PATH:LINE: ..." on any error.
Experiment parse_experiment(std::string_view text, const std::string& path, bool quick);
Experiment load_experiment(const std::string& path, bool quick);

// The --experiment/--quick options of the run command.
struct ExperimentChoice {
  std::string path;
  bool quick = false;
};
void add_experiment_options(CLI::App& app, ExperimentChoice& choice);

// When --experiment was given: loads it and copies into `raw` every run key the file sets that
// was not given on the command line of `app` (explicit options override the file). Throws
// UsageError for --quick without --experiment.
void apply_experiment_options(const CLI::App& app, const ExperimentChoice& choice,
                              RawRunOptions& raw);

}  // namespace papbench
