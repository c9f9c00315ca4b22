#pragma once
// `papbench app fft`: the FFT mini-application of [Proficz2020] §6 run once per gather algorithm,
// each run a case of an HDF5 result set, followed by the Table 5 view of the run.

#include <string>

#include "bench/fft/fft_options.hpp"

namespace papbench {

// Collective over MPI_COMM_WORLD. Returns 0, or 1 when a validated spectrum was wrong; throws
// UsageError (exit 2, nothing written) for bad options.
int app_fft_command(const RawFftOptions& raw, const std::string& command_line);

}  // namespace papbench
