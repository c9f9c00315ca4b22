#pragma once
// --call-timeout: a thread per rank that notices a timed call that never returns, says which
// case, iteration and algorithm hung and which ranks of the node have and have not arrived at it
// (from the ArrivalBoard, not from the hung communicator), and ends the job with exit code 3.
// The collectives the harness makes itself (case setup, start agreement, clock resync, the stop
// vote, the gather, the result file's write) are watched alike, as phases (issue 31): a rank
// stopped between two timed calls otherwise left the others waiting in them forever, unseen.
//
// Cost to the measurement: arm() runs before the compute phase, outside the timed region, and
// wakes the thread only when it must wait for an earlier deadline than it sleeps until; in the
// timed region arrive() and leave() are one store each. The thread sleeps on a timed wait and,
// with calls much shorter than the timeout, wakes about twice per timeout (60 s by default).

#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "bench/run/arrival_board.hpp"
#include "common/setting.hpp"

namespace papbench {

inline constexpr int kCallTimeoutExit = 3;

// The timeout of one case's calls (0: none, --call-timeout off): the option's value when given,
// else (auto) ten times the longest a call may legitimately wait, the case's largest planned
// delay plus its compute phase, plus a minute for the call itself and a loaded machine.
std::int64_t case_call_timeout_ns(const Setting<std::int64_t>& option, std::int64_t max_delay_ns,
                                  std::int64_t compute_ns);

// Case set-up's limit, whatever --call-timeout says (only 0, no watchdog, turns it off): a
// minute plus 10 s per GiB that the busiest node's ranks fill together (buffers written,
// scratch zeroed: Case::node_fill_bytes), i.e. at 100 MiB/s, slower than a loaded, shared core
// writes memory. The call's limit knows nothing of the count, so 16 GB of buffers met a CALL
// TIMEOUT after 60 s of filling (issue 43). Saturates at years.
inline constexpr std::int64_t kSetupFloorNs = 60'000'000'000;
inline constexpr std::int64_t kSetupNsPerGiB = 10'000'000'000;
std::int64_t case_setup_timeout_ns(std::uint64_t node_fill_bytes);

// The limit of an iteration's start agreement, the first collective after the ranks refilled their
// buffers (and checked the last call's output): the call's limit plus 2 x 10 s per GiB of
// `node_fill_bytes` (written once, read once by the check, at set-up's rate), so that
// --call-timeout is the call's alone. Each rank refills on its own, so a rank still refilling a
// multi-GB block (a gather root's P blocks) held the others in the agreement, which then ended as
// a CALL TIMEOUT (issue 43). In proportion, with no floor: small cases keep the call's limit.
// Saturates at years.
std::int64_t start_agreement_timeout_ns(std::int64_t call_timeout_ns,
                                        std::uint64_t node_fill_bytes);

class CallWatchdog {
 public:
  // What a rank is waiting in: the timed call, or one of the harness's own collectives. The
  // report names it ("stalled in start agreement (agree_start)").
  enum class Phase {
    kCall,            // the timed call (arm, arrive, leave)
    kSetup,           // CaseSetup: communicators, windows, buffers, the algorithm's prepare
    kStartAgreement,  // CaseRunner::agree_start's allreduce (and --sync barrier's barriers)
    kResync,          // the clock resync agree_start runs when one is due
    kSettle,          // the allreduce every rank passes after the call (CaseRunner::settle)
    kStopVote,        // --reps-until-ci: rank 0's stop broadcast (precise_enough)
    kGather,          // the case's timestamps gathered to rank 0 (IterationLog::gather_into)
    kWrite,           // rank 0 writes the case; the others wait for it in a barrier
    kOutcome,         // the run's outcome broadcast after the last case
  };

  // Collective over `world` (the board's window). `result_path` is rank 0's --out; every rank
  // learns it here so that any rank's report can name the file.
  CallWatchdog(MPI_Comm world, const std::string& result_path);
  ~CallWatchdog();
  CallWatchdog(const CallWatchdog&) = delete;
  CallWatchdog& operator=(const CallWatchdog&) = delete;

  // Between cases, or between the turns of a run-order group's cases: what a report names.
  // `written`: the cases this run has written to the result file so far (a group's are written
  // when it ends, so not every case before `index`).
  void begin_case(int index, int total, std::string label, std::string algorithm, int warmup,
                  int iters, int written);
  // Before the compute phase of `iteration` (< 0: warm-up): the next call must have returned
  // `timeout_ns` after `from_now_ns` from now (its planned arrival).
  void arm(int iteration, std::int64_t from_now_ns, std::int64_t timeout_ns);
  // Just before and just after the timed call: one store each.
  void arrive() { board_.arrive(call_); }
  void leave() { board_.leave(call_); }
  // A harness collective (not kCall), which every rank enters in the same order: it must be over
  // `timeout_ns` from now. `iteration` is the iteration it precedes or follows (< 0: warm-up).
  // Ends with leave().
  void enter(Phase phase, int iteration, std::int64_t timeout_ns);

 private:
  using Clock = std::chrono::steady_clock;
  void watch();
  [[noreturn]] void fire();
  std::string report() const;

  ArrivalBoard board_;
  const int world_rank_;
  const int world_size_;
  const int thread_level_;
  const std::string host_;
  std::string result_path_;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  // Guarded by mutex_ (call_ is written only by the main thread, which also reads it unlocked).
  std::int64_t call_ = -1;
  Phase phase_ = Phase::kCall;
  int iteration_ = 0;
  bool deferred_ = false;  // this call's report already waited once for an earlier stall's
  std::int64_t timeout_ns_ = 0;
  Clock::time_point deadline_ = Clock::time_point::max();
  Clock::time_point sleeping_until_ = Clock::time_point::max();
  int case_index_ = 0, cases_ = 0, warmup_ = 0, iters_ = 0, written_ = 0;
  std::string label_, algorithm_;

  std::thread thread_;  // last: starts once everything it reads exists
};

// A harness collective under the watchdog for its scope; nothing when `watchdog` is null
// (--call-timeout 0).
class PhaseWatch {
 public:
  PhaseWatch(CallWatchdog* watchdog, CallWatchdog::Phase phase, int iteration,
             std::int64_t timeout_ns)
      : watchdog_(watchdog) {
    if (watchdog_ != nullptr) watchdog_->enter(phase, iteration, timeout_ns);
  }
  ~PhaseWatch() {
    if (watchdog_ != nullptr) watchdog_->leave();
  }
  PhaseWatch(const PhaseWatch&) = delete;
  PhaseWatch& operator=(const PhaseWatch&) = delete;

 private:
  CallWatchdog* watchdog_;
};

}  // namespace papbench
