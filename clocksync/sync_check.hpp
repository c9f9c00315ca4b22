#pragma once
// Known-answer check of the global clock: distort every rank's clock by a known offset and drift,
// synchronize, and measure how far each rank's global time is from the truth (rank 0's clock)
// over a run with periodic resyncs.

#include <mpi.h>

#include <cstdint>
#include <nlohmann/json.hpp>

#include "clocksync/global_clock.hpp"

namespace papbench::clocksync {

struct SyncCheckOptions {
  // Each rank's (or node's) distortion: offset, drift, wander amplitude and drift step are drawn
  // in [-max, max]; the wander period and the step's instant are these.
  Distortion inject;
  bool inject_per_node = false;  // one distortion per (virtual) node, shared by its ranks
  std::int64_t duration_ns = 10'000'000'000;
  SyncOptions sync;
  std::uint64_t seed = 1;
  std::int64_t sample_interval_ns = 10'000'000;
  int virtual_ppn = 0;  // > 0: node leaders of virtual nodes of this many ranks sync for them
};

// The distortion of rank (or node) `index` for a run: offset, drift, wander amplitude and drift
// step uniform in [-max, max] of each, from (seed, index) alone, identical on every platform.
Distortion draw_distortion(const Distortion& max, std::uint64_t seed, int index);

// Collective over `comm`; the result is meaningful on rank 0 (other ranks get an empty object).
// The truth at a raw instant is rank 0's distorted clock at that instant, which every rank can
// compute only if all share one raw clock: the check therefore requires that all ranks run on one
// node and throws std::runtime_error (on every rank) otherwise. Sampling reads the raw clock once
// and converts that reading both ways, so scheduling noise never enters the measured error.
nlohmann::json run_sync_check(MPI_Comm comm, const SyncCheckOptions& options);

}  // namespace papbench::clocksync
