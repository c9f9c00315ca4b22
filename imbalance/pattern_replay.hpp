#pragma once
// replay:FILE — per-iteration per-rank delays read from a CSV file or from the achieved arrivals
// of a papbench result set, cycling when the run has more iterations than the file.

#include <memory>
#include <string>

#include "imbalance/arrival_pattern.hpp"

namespace papbench {

// CSV: one row per iteration, one column per rank, delays in integer nanoseconds; '#' lines and
// a non-numeric header row are skipped. A .h5 file (optionally FILE#CASE, default the first
// complete case) replays each iteration's arrivals relative to that iteration's first arrival.
std::unique_ptr<ArrivalPattern> make_replay_pattern(const std::string& source, int size);

}  // namespace papbench
