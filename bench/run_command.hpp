#pragma once
#include <string>

#include "bench/run_options.hpp"

namespace papbench {
// The benchmark run: validates options, synchronizes clocks, runs every case, writes the result
// set on rank 0 and prints the summary. Returns the exit code (UsageError escapes for exit 2).
int run_command(const RawRunOptions& raw, const std::string& command_line);
}  // namespace papbench
