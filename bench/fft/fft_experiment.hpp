#pragma once
// `papbench --experiment FILE` for a file with `app = fft` (jobs/experiments/
// proficz2020-table5-fft.exp): the job scripts run every experiment the same way, and such a file
// runs `papbench app fft` with its app.* keys instead of the run command's case matrix.

#include <optional>

#include "bench/fft/fft_options.hpp"
#include "bench/run/experiment_file.hpp"
#include "bench/run/run_options.hpp"
#include "common/cli_fwd.hpp"

namespace papbench {

// nullopt unless --experiment names an `app = fft` file. Then: the file's app.* keys (errors
// name FILE:LINE), with --out, --force, --seed and --progress never (= --quiet) of the command
// line applied; any other run option on the command line is a UsageError (it would be ignored).
std::optional<RawFftOptions> fft_from_experiment(const CLI::App& app,
                                                 const ExperimentChoice& choice,
                                                 const RawRunOptions& raw);

}  // namespace papbench
