#pragma once
// Options of `papbench app fft` (docs/FFT.md): what the user typed, bound to CLI11, and the
// checked form the application runs with.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/cli_fwd.hpp"

namespace papbench {

struct RawFftOptions {
  std::string gather_alg = "ls,bnom,sls,sbn,bsls,bsbn,native";
  std::string n = "128Ki";  // complex points; 128Ki x 8 B = the paper's "256 K of floats (1 MB)"
  int iters = 100;
  int reps = 3;
  int threads = 1;
  int root = 0;
  std::string out;
  bool force = false;
  std::uint64_t seed = 1;
  bool validate = false;
  bool quiet = false;
};

struct FftOptions {
  std::vector<std::string> algorithms;  // registered gather algorithms, in the order given
  std::size_t n = 0;                    // complex points of the whole transform
  int iters = 0, reps = 0, threads = 1, root = 0;
  std::string out;
  bool force = false;
  std::uint64_t seed = 1;
  bool validate = false;
  bool quiet = false;
};

// The largest n --validate accepts: the reference DFT is O(n^2) and runs every iteration.
inline constexpr std::size_t kMaxValidatedPoints = 16384;

// Adds `app` (the application group) with its `fft` subcommand to `parent`; returns `fft`.
CLI::App* add_app_command(CLI::App& parent, RawFftOptions& raw);

// Checks everything that does not need MPI plus the rank count `ranks`; throws UsageError
// naming the option and the accepted values. Does not look at the file system.
FftOptions parse_fft_options(const RawFftOptions& raw, int ranks);

}  // namespace papbench
