#pragma once
// A global clock for all ranks of a communicator: each rank's raw clock corrected by a Cristian
// ([Cristian1989]) offset (and optionally a linear drift) against the reference rank 0.

#include <mpi.h>
#include <time.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "clocksync/clock_snapshot.hpp"
#include "clocksync/estimate.hpp"
#include "common/mpi_env.hpp"
#include "common/smpi_platform.hpp"
#include "topology/node_topology.hpp"

namespace papbench::clocksync {

// CLOCK_MONOTONIC_RAW in nanoseconds: not slewed by NTP, so drift is the hardware's alone (under
// SMPI the simulated clock, common/smpi_platform.hpp). Inline: it is most of GlobalClock::now(),
// which timed regions call.
inline std::int64_t raw_now_ns() {
  return smpi::clock_ns(CLOCK_MONOTONIC_RAW);
}

// Test hook: a known distortion of this rank's raw clock, so tests can check that synchronization
// recovers the truth. With dt = raw - epoch (epoch = the LocalClock's construction):
//   local = raw + offset + drift * dt + wander * sin(2 pi dt / wander_period)
//           + step_drift * max(0, dt - step_at)
// The wander (a slow oscillation) and the step (a drift that changes at one instant) are drifts
// that a line does not fit: the sync's drift fit and its error bound are tested where they are
// wrong.
struct Distortion {
  std::int64_t offset_ns = 0;
  double drift_ppm = 0;
  std::int64_t wander_ns = 0;
  std::int64_t wander_period_ns = 0;  // <= 0: no wander
  double step_ppm = 0;
  std::int64_t step_at_ns = 0;
  bool active() const {
    return offset_ns != 0 || drift_ppm != 0 || wander_ns != 0 || step_ppm != 0;
  }
  bool operator==(const Distortion&) const = default;
};

class LocalClock {
 public:
  LocalClock() = default;
  explicit LocalClock(Distortion d);
  // Drift relative to a given raw instant instead of construction: ranks sharing one raw clock
  // can then build each other's clocks exactly (the sync check computes rank 0's truth so).
  LocalClock(Distortion d, std::int64_t epoch_raw);
  std::int64_t now() const;
  std::int64_t from_raw(std::int64_t raw) const;
  const Distortion& distortion() const { return distortion_; }
  std::int64_t epoch_raw() const { return epoch_raw_; }

 private:
  Distortion distortion_;
  std::int64_t epoch_raw_ = 0;  // drift is applied relative to construction, so it stays small
};

// "min-rtt" / "median", the spellings of --sync-estimator.
std::string_view to_string(Estimator e);

struct SyncOptions {
  int pingpongs = 25;  // exchanges per rank and sync
  Estimator estimator = Estimator::kMinRtt;
  bool fit_drift = true;                   // linear drift from successive syncs (and 2 rounds
                                           // in the first sync, so it has a drift already)
  bool hierarchical = true;                // only node leaders ping-pong with rank 0
  std::int64_t resync_ns = 1'000'000'000;  // 0 disables periodic resync
};

struct SyncEvent {
  std::int64_t time_ns;  // global time of the sync
  int rank;
  std::int64_t offset_ns;
  double drift_ppb;
  std::int64_t rtt_min_ns;      // the fastest exchange of the sync
  std::int64_t error_bound_ns;  // at the sync (ErrorBound::at_sync_ns)
  double bound_growth_ppb;      // the bound grows by this much per second away from the sync
  // The width of the interval the sync proved the offset in (SyncPoint::width_ns): the bound's
  // floor. Not stored in result sets; sync-check reports it beside the errors.
  std::int64_t width_ns = 0;
};

class GlobalClock {
 public:
  // Collective over `comm`. Hierarchical sync is used only when options.hierarchical is set and
  // every rank's local clock is its node leader's (same Distortion and epoch: a node whose ranks
  // were distorted differently no longer shares one clock);
  // options() reports the setting in effect. The node leaders are those of `nodes` (virtual
  // nodes included; built over the same communicator) or, when it is null, of the real nodes.
  // `comm` must outlive the clock, which runs its collectives on it (no duplicate).
  GlobalClock(MPI_Comm comm, LocalClock local, SyncOptions options,
              const topology::NodeTopology* nodes = nullptr);
  GlobalClock(const GlobalClock&) = delete;
  GlobalClock& operator=(const GlobalClock&) = delete;
  ~GlobalClock();

  // Collective over the communicator. Rank 0 collects every rank's event.
  void synchronize();
  // Collective; synchronizes when the last sync is older than resync_interval() at `global_now`,
  // which every rank must pass identically (or when there has been none yet). Returns whether it
  // synchronized.
  bool resync_if_due(std::int64_t global_now);
  // options.resync_ns, reached by doubling from the bootstrap gap over the first syncs (the same
  // on every rank: it depends only on the number of syncs).
  std::int64_t resync_interval() const;

  // Inline and read from one cache line (ClockSnapshot): timed regions call it.
  std::int64_t now() const {
    const std::int64_t raw = raw_now_ns();
    return snapshot_.to_global(distorted_ ? local_.from_raw(raw) : raw);
  }
  std::int64_t to_global(std::int64_t local) const { return snapshot_.to_global(local); }
  std::int64_t local_now() const { return local_.now(); }

  // Rank 0's global time at the end of the last sync, identical on every rank.
  std::int64_t last_sync_global() const { return last_sync_global_; }
  int syncs() const { return syncs_; }
  // How far this rank's global clock may be from rank 0's at the sync (0 on rank 0).
  std::int64_t error_bound_ns() const { return bound_.at_sync_ns; }
  // ... and at a local instant: the sync's bound, its growth with the time since, and the part of
  // a resync's correction still being slewed in.
  std::int64_t error_bound_at(std::int64_t local) const;
  // How far the interval from local instant a_local to f_local, on this clock, may be from
  // rank 0's (clocksync::interval_bound): the drift's uncertainty and a slew over it.
  std::int64_t interval_bound(std::int64_t a_local, std::int64_t f_local) const;
  // The correction still being slewed in at a local instant (0: no slew in progress).
  std::int64_t slew_at(std::int64_t local) const;
  const SyncOptions& options() const { return options_; }
  const LocalClock& local() const { return local_; }
  // The estimate in effect and its slew, as to_global() applies them (Mapping::apply +
  // Slew::residual): for tests and the micro-benchmark's reference path; the syncing thread only.
  const Mapping& mapping() const { return mapping_; }
  const Slew& slew() const { return slew_; }
  // Rank 0: the events of every rank since the last call; other ranks: empty.
  std::vector<SyncEvent> take_events();

 private:
  void exchange_round(std::vector<SyncPoint>& points);
  void adopt(const Mapping& next, const ErrorBound& bound, std::int64_t rtt_min_ns,
             std::int64_t at_local);
  void share_within_node();
  void finish_sync();

  // The caller's communicator, not a duplicate: the sync runs only collectives on it (the
  // caller's thread, in one order on every rank, so they never cross the caller's own), and its
  // ping-pongs on leader_comm_. A duplicate of the world costs SMPI 3.32 P^2 simulated messages
  // (docs/SIMULATION.md, "Simulation cost").
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;  // in comm_
  int size_ = 0;
  Comm node_comm_;          // ranks sharing this node's raw clock (hierarchical only)
  Comm leader_comm_;        // ranks that ping-pong with rank 0 (all of them unless hierarchical)
  ClockSnapshot snapshot_;  // mapping_ and slew_ as now() reads them (published on every change)
  LocalClock local_;
  bool distorted_ = false;  // the test hook is active: local time is not the raw clock
  SyncOptions options_;
  Mapping mapping_;                    // the estimate from the latest sync
  Slew slew_;                          // fades the previous mapping into mapping_ (see adopt())
  ErrorBound bound_;                   // of mapping_
  std::vector<SyncPoint> history_;     // recent measured offsets, for the drift fit
  std::int64_t best_rtt_ns_ = 0;       // shortest round trip seen so far (0: none yet)
  std::int64_t peer_best_rtt_ns_ = 0;  // rank 0: shortest round trip any leader reported
  std::int64_t rtt_min_ns_ = 0;
  std::int64_t width_ns_ = 0;  // of the newest sync point (SyncEvent::width_ns)
  std::int64_t last_sync_global_ = 0;
  int syncs_ = 0;
  std::vector<SyncEvent> pending_;
};

}  // namespace papbench::clocksync
