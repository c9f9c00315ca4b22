#pragma once
// Runs the cases of one --order group (bench/run/run_order.hpp), each with the timed-iteration
// protocol of docs/ARCHITECTURE.md, and returns their raw records.

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "bench/run/case_matrix.hpp"
#include "bench/run/run_options.hpp"
#include "bench/run/run_order.hpp"
#include "clocksync/global_clock.hpp"
#include "imbalance/arrival_aim.hpp"
#include "imbalance/deadline_wait.hpp"
#include "imbalance/tick_grid.hpp"
#include "results/result_set.hpp"

namespace papbench {

class CallWatchdog;
class CaseSetup;
class IterationLog;

class CaseRunner {
 public:
  // Called on rank 0 after each iteration of a group (`done` counts warm-up too, from 1; `total`
  // is the group's planned count, which --warmup-settle or --reps-until-ci may change).
  using Tick = std::function<void(int done, int total)>;
  // Called on every rank before each iteration, with the case's position in the group (what the
  // watchdog names).
  using BeforeTurn = std::function<void(std::size_t member)>;

  // `watchdog`: null when --call-timeout is 0; otherwise armed around every timed call and every
  // collective the runner makes itself (setup, start agreement, resync, stop vote, gather).
  CaseRunner(const RunOptions& opts, clocksync::GlobalClock& clock, MPI_Comm world,
             CallWatchdog* watchdog = nullptr);

  // One case's outcome: its record (complete on rank 0 only) and the first reason a validation
  // failed on this rank, empty when none did.
  struct CaseResult {
    results::CaseRecord record;
    std::string failure;
  };
  // Collective over `world`: runs the cases of one group of bench/run/run_order.hpp (`group`: its
  // index among the run's groups), every case set up first, then their iterations in the turns
  // of a RoundRobin over `order`; returns their results in the order of `cases`. A group of one
  // case is the sequential run of it.
  std::vector<CaseResult> run_group(std::span<const Case* const> cases, RunOrder order,
                                    std::size_t group, const Tick& tick,
                                    const BeforeTurn& before_turn);
  // The largest watchdog timeout (case_call_timeout_ns) of the last run_group()'s cases, for
  // what follows it on the harness's side (the write of their records).
  std::int64_t call_timeout_ns() const { return group_timeout_ns_; }
  // Collective over `world`: which kernel tick grids the run's window starts are moved clear of,
  // in words (the root attribute `start_ticks`, docs/RESULTS_FORMAT.md), on every rank.
  std::string describe_start_ticks();

 private:
  // What every rank knows of an iteration once all have left the call.
  struct Settled {
    bool own_late;               // this rank missed the agreed start (the margin grows)
    bool any_off_plan;           // some rank's arrival error broke the tolerance (not kept)
    std::int64_t after_last_ns;  // max f - max a
    std::int64_t run_time_ns;    // max f - min a
  };
  struct Member;
  void start(Member& m);
  bool all_settled(std::span<const Member> members, int it);
  double ci_value(const Settled& done) const;
  // One turn: an iteration of the case `m`, whose settings (its call's limit, arrival tolerance,
  // start, exit path and start spin) and first failure it carries, so nothing of the running case
  // is copied into the runner between turns.
  Settled iteration(Member& m, int it, bool validate, bool prev_late);
  Settled settle(int it, std::int64_t a, std::int64_t f, bool late, bool off_plan,
                 std::int64_t timeout_ns);
  bool precise_enough(const std::vector<double>& kept, int it, std::int64_t timeout_ns);
  bool rank0_decides(bool decision, int it, std::int64_t timeout_ns);
  // The compute phase's waits: for the agreed start T0, and the one that ended at `aimed` (the
  // planned arrival less ArrivalAim's lead): the last wait, or T0's when the arrival is at T0.
  struct StartWaits {
    WaitResult start, arrival;
  };
  StartWaits compute_phase(Member& m, std::int64_t t0, std::int64_t planned, std::int64_t aimed);
  void check_output(Member& m, int it);
  std::int64_t agree_start(int it, bool any_late, const Member& m);
  static constexpr int kTickFields = 6;
  static constexpr int kAgreementFields = 2 + kTickFields * static_cast<int>(kMaxTickGrids);
  void fill_agreement(std::int64_t (&buf)[kAgreementFields], bool any_late) const;
  std::int64_t clear_of_agreed_ticks(const std::int64_t (&buf)[kAgreementFields],
                                     std::int64_t start) const;
  void update_margin(bool any_late);

  const RunOptions& opts_;
  clocksync::GlobalClock& clock_;
  MPI_Comm world_;
  CallWatchdog* watchdog_;
  std::int64_t group_timeout_ns_ = 0;
  // The largest Case::node_fill_bytes of the running group: what a rank may still be refilling
  // (or checking) while the others wait in the start agreement (start_agreement_timeout_ns).
  std::uint64_t group_fill_bytes_ = 0;
  int warmup_run_ = 0;      // the warm-up iterations the last group ran (--warmup-settle)
  bool prev_late_ = false;  // this rank missed the agreed start of the group's last iteration
  int rank_ = 0;
  int size_ = 1;
  std::int64_t margin_ns_;
  int on_time_streak_ = 0;
  // This host's ranks and CPUs, from which each case's start spin follows (start_spin_ns).
  int host_ranks_ = 1;
  int cpus_ = 0;
  bool own_cpus_ = false;  // every rank of every host has a CPU of its own (agreed)
  // How far the margin halves back after on-time iterations: --margin, or 50 us where every rank
  // has a CPU of its own.
  std::int64_t margin_floor_ns_;
  // The kernel tick's grid on CLOCK_MONOTONIC (imbalance/tick_grid.hpp), measured where every rank
  // spins on a CPU of its own and --sync has window; agreed starts are moved clear of it.
  TickGrids ticks_;
  // Where the compute loop's checksum goes, so the loop is observably used.
  volatile std::uint64_t loop_sink_ = 0;
};

// The record's parameter attributes for a case (shared with tests).
results::CaseRecord describe_case(const Case& c, const RunOptions& opts, int ranks);

}  // namespace papbench
