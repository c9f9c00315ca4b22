#include "bench/fft/fft_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <climits>

#include "bench/fft/dif_fft.hpp"
#include "collectives/core/registry.hpp"
#include "common/option_table.hpp"
#include "common/seed_option.hpp"
#include "common/units.hpp"

namespace papbench {

CLI::App* add_app_command(CLI::App& parent, RawFftOptions& raw) {
  CLI::App* group = parent.add_subcommand("app", "Mini-applications that use a collective");
  group->require_subcommand(1, 1);
  CLI::App* fft = group->add_subcommand(
      "fft",
      "Parallel radix-2 DIF FFT (Proficz 2020 §6, Table 5): the root generates random input, "
      "runs the first log2(P) stages, sends the blocks point-to-point, every rank transforms its "
      "block, and the gather under test returns the results");
  const std::vector<OptionRow> rows = {
      {.name = "--gather-alg",
       .target = &raw.gather_alg,
       .help = "Gather algorithms, comma list (see 'papbench list')",
       .show_default = true},
      {.name = "--n",
       .target = &raw.n,
       .help = "Complex single-precision points of the whole transform, a power of two >= P "
               "(Ki/Mi suffixes)",
       .show_default = true},
      {.name = "--iters",
       .target = &raw.iters,
       .help = "FFT iterations per repetition",
       .show_default = true},
      {.name = "--reps",
       .target = &raw.reps,
       .help = "Timed repetitions of --iters iterations per algorithm",
       .show_default = true},
      {.name = "--threads",
       .target = &raw.threads,
       .help = "Worker threads of the local butterfly stages",
       .show_default = true},
      {.name = "--root",
       .target = &raw.root,
       .help = "The master: generates, distributes, gathers",
       .show_default = true},
      {.name = "--out",
       .target = &raw.out,
       .help = "HDF5 result set (default: papbench-DATE-TIME.h5)",
       .type_name = "FILE"},
      {.name = "--force", .target = &raw.force, .help = "Overwrite an existing --out file"},
      seed_row(raw.seed,
               "Seed of the master's random input (repetition r: seed + r, the same for every "
               "algorithm)"),
      {.name = "--validate",
       .target = &raw.validate,
       .help = fmt::format("Check every iteration's spectrum against an O(n^2) DFT (n <= {}); "
                           "the check's time counts in the total time",
                           kMaxValidatedPoints)},
      {.name = "--quiet", .target = &raw.quiet, .help = "Only the final table, no progress lines"},
  };
  add_option_rows(*fft, rows);
  return fft;
}

FftOptions parse_fft_options(const RawFftOptions& raw, int ranks) {
  FftOptions o;
  const std::vector<std::string_view> known = algorithms_of("gather");
  for (const std::string& name : split_list(raw.gather_alg)) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      throw UsageError(fmt::format("--gather-alg: '{}' is not a gather algorithm; accepted: {}",
                                   name, fmt::join(known, ", ")));
    }
    if (std::find(o.algorithms.begin(), o.algorithms.end(), name) != o.algorithms.end()) {
      throw UsageError(fmt::format("--gather-alg: '{}' is listed twice", name));
    }
    o.algorithms.push_back(name);
  }
  if (!fft::is_power_of_two(static_cast<std::size_t>(ranks))) {
    throw UsageError(fmt::format(
        "mpiexec -n: papbench app fft needs a power-of-two number of ranks (1, 2, 4, 8, ...), "
        "got {}: the master's log2(P) DIF stages split the vector into P blocks",
        ranks));
  }
  const std::uint64_t n = [&] {
    try {
      return parse_count(raw.n);
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("--n: {}", e.what()));
    }
  }();
  if (!fft::is_power_of_two(n) || n < static_cast<std::uint64_t>(ranks)) {
    throw UsageError(fmt::format(
        "--n: {} is not accepted; accepted: a power of two of at least the rank count {}", raw.n,
        ranks));
  }
  // Each block travels as 2 * n / P floats in an int count; a larger transform would not fit.
  if (2 * n / static_cast<std::uint64_t>(ranks) > static_cast<std::uint64_t>(INT_MAX) ||
      n > (std::uint64_t{1} << 30)) {
    throw UsageError(fmt::format("--n: {} is too large; accepted: at most 1Gi points", raw.n));
  }
  o.n = static_cast<std::size_t>(n);
  if (raw.iters < 1) throw UsageError(fmt::format("--iters: {} is not >= 1", raw.iters));
  if (raw.reps < 1) throw UsageError(fmt::format("--reps: {} is not >= 1", raw.reps));
  if (raw.threads < 1 || raw.threads > 1024) {
    throw UsageError(fmt::format("--threads: {} is not between 1 and 1024", raw.threads));
  }
  if (raw.root < 0 || raw.root >= ranks) {
    throw UsageError(
        fmt::format("--root: {} is not a rank; accepted: 0 to {}", raw.root, ranks - 1));
  }
  if (raw.validate && o.n > kMaxValidatedPoints) {
    throw UsageError(
        fmt::format("--validate: the O(n^2) reference DFT accepts --n up to {}, got {}",
                    kMaxValidatedPoints, raw.n));
  }
  o.iters = raw.iters;
  o.reps = raw.reps;
  o.threads = raw.threads;
  o.root = raw.root;
  o.out = raw.out;
  o.force = raw.force;
  o.seed = raw.seed;
  o.validate = raw.validate;
  o.quiet = raw.quiet;
  return o;
}

}  // namespace papbench
