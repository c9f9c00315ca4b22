#include "bench/run/call_watchdog.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>

#include "bench/run/run_options.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

constexpr std::int64_t kAutoFloorNs = 60'000'000'000;
constexpr int kAutoFactor = 10;
constexpr std::int64_t kAutoCapNs = 100'000'000'000'000'000;  // about three years
// How long a rank that timed out too waits for the node's report before ending the job, so that
// its abort does not kill the reporting rank mid-write.
constexpr int kReportWaitMs = 2000;

std::string broadcast_path(MPI_Comm world, const std::string& path) {
  int len = static_cast<int>(path.size());
  mpi_check(MPI_Bcast(&len, 1, MPI_INT, 0, world), "MPI_Bcast");
  std::string out = path;
  out.resize(static_cast<std::size_t>(len));
  mpi_check(MPI_Bcast(out.data(), len, MPI_CHAR, 0, world), "MPI_Bcast");
  return out;
}

std::string rank_list(std::span<const int> ranks) {
  return ranks.empty() ? "none" : fmt::format("{}", fmt::join(ranks, ", "));
}

std::string_view phase_name(CallWatchdog::Phase phase) {
  using P = CallWatchdog::Phase;
  switch (phase) {
    case P::kCall:
      return "the timed call";
    case P::kSetup:
      return "case setup (CaseSetup: communicators, buffers, prepare)";
    case P::kStartAgreement:
      return "start agreement (agree_start)";
    case P::kResync:
      return "clock resync (agree_start's resync)";
    case P::kSettle:
      return "the synchronization after the call (settle)";
    case P::kStopVote:
      return "the --reps-until-ci stop vote (precise_enough)";
    case P::kGather:
      return "the gather of the case's timestamps to rank 0 (gather_into)";
    case P::kWrite:
      return "the write of the case to the result file (rank 0 writes, the others wait)";
    case P::kOutcome:
      return "the run's outcome broadcast (after the last case)";
  }
  return "an unnamed phase";
}

void write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n <= 0) return;  // nothing better to do with a broken stderr while ending the job
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

std::int64_t case_call_timeout_ns(const Setting<std::int64_t>& option, std::int64_t max_delay_ns,
                                  std::int64_t compute_ns) {
  if (!option.is_auto()) return option.value().value_or(0);
  // Durations parse up to 1e18 ns, so ten times their sum could overflow: saturate (at years).
  const std::int64_t wait = max_delay_ns + compute_ns;
  if (wait > (kAutoCapNs - kAutoFloorNs) / kAutoFactor) return kAutoCapNs;
  return kAutoFactor * wait + kAutoFloorNs;
}

std::int64_t case_setup_timeout_ns(std::uint64_t node_fill_bytes) {
  constexpr std::uint64_t kGiB = 1ULL << 30;
  const std::uint64_t gib = (node_fill_bytes + kGiB - 1) / kGiB;  // started GiB count whole
  if (gib > static_cast<std::uint64_t>((kAutoCapNs - kSetupFloorNs) / kSetupNsPerGiB)) {
    return kAutoCapNs;
  }
  return kSetupFloorNs + static_cast<std::int64_t>(gib) * kSetupNsPerGiB;
}

std::int64_t start_agreement_timeout_ns(std::int64_t call_timeout_ns,
                                        std::uint64_t node_fill_bytes) {
  constexpr long double kGiB = 1ULL << 30;
  const long double refill = 2.0L * static_cast<long double>(node_fill_bytes) / kGiB *
                             static_cast<long double>(kSetupNsPerGiB);
  const long double total = static_cast<long double>(call_timeout_ns) + std::ceil(refill);
  if (total >= static_cast<long double>(std::max(kAutoCapNs, call_timeout_ns))) {
    return std::max(kAutoCapNs, call_timeout_ns);
  }
  return static_cast<std::int64_t>(total);
}

CallWatchdog::CallWatchdog(MPI_Comm world, const std::string& result_path)
    : board_(world),
      world_rank_(comm_rank(world)),
      world_size_(comm_size(world)),
      thread_level_(mpi_thread_level()),
      host_(processor_name()),
      result_path_(broadcast_path(world, result_path)) {
  thread_ = std::thread([this] { watch(); });
  // Named, so that `top -H` or /proc/PID/task show which thread it is (and how rarely it runs).
  pthread_setname_np(thread_.native_handle(), "papbench-watch");
}

CallWatchdog::~CallWatchdog() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void CallWatchdog::begin_case(int index, int total, std::string label, std::string algorithm,
                              int warmup, int iters, int written) {
  const std::lock_guard lock(mutex_);
  written_ = written;
  case_index_ = index;
  cases_ = total;
  label_ = std::move(label);
  algorithm_ = std::move(algorithm);
  warmup_ = warmup;
  iters_ = iters;
}

void CallWatchdog::arm(int iteration, std::int64_t from_now_ns, std::int64_t timeout_ns) {
  bool earlier = false;
  {
    const std::lock_guard lock(mutex_);
    ++call_;
    phase_ = Phase::kCall;
    deferred_ = false;
    iteration_ = iteration;
    timeout_ns_ = timeout_ns;
    deadline_ = Clock::now() +
                std::chrono::nanoseconds(std::max<std::int64_t>(0, from_now_ns) + timeout_ns);
    earlier = deadline_ < sleeping_until_;
  }
  // Usually the thread already sleeps until an earlier deadline and will look again then; it
  // is woken only when it would otherwise sleep past this one (the first call, or a case with
  // a shorter timeout).
  if (earlier) wake_.notify_one();
}

void CallWatchdog::enter(Phase phase, int iteration, std::int64_t timeout_ns) {
  bool earlier = false;
  {
    const std::lock_guard lock(mutex_);
    ++call_;
    phase_ = phase;
    deferred_ = false;
    iteration_ = iteration;
    timeout_ns_ = timeout_ns;
    deadline_ = Clock::now() + std::chrono::nanoseconds(timeout_ns);
    earlier = deadline_ < sleeping_until_;
  }
  if (earlier) wake_.notify_one();
  board_.arrive(call_);
}

void CallWatchdog::watch() {
  std::unique_lock lock(mutex_);
  while (!stop_) {
    if (call_ < 0 || board_.returned(call_)) {
      // Nothing in flight: sleep until the next call is armed.
      sleeping_until_ = Clock::time_point::max();
      const std::int64_t seen = call_;
      wake_.wait(lock, [&] { return stop_ || call_ != seen; });
      continue;
    }
    if (Clock::now() >= deadline_) {
      // A rank of the node still inside an earlier call (one that hung, from which this rank
      // returned to wait in the next agreement) was armed first, and its report says where the
      // stall began: give it that long once. It may be stopped and never report; then this one.
      if (phase_ != Phase::kCall && !deferred_ && board_.earlier_in_progress(call_)) {
        deferred_ = true;
        deadline_ += std::chrono::milliseconds(kReportWaitMs);
        continue;
      }
      fire();
    }
    sleeping_until_ = deadline_;
    wake_.wait_until(lock, deadline_);
  }
}

std::string CallWatchdog::report() const {
  const ArrivalBoard::Snapshot s = board_.snapshot(call_);
  // Below -warmup: one of --warmup-settle's further warm-up iterations (-warmup-1, -warmup-2, ...).
  const std::string iteration =
      iteration_ < -warmup_
          ? fmt::format("settling warm-up iteration {} (after the {} of --warmup)", -iteration_,
                        warmup_)
      : iteration_ < 0
          ? fmt::format("warm-up iteration {} of {}", iteration_ + warmup_ + 1, warmup_)
          : fmt::format("timed iteration {} of 0..{} (after {} warm-up)", iteration_, iters_ - 1,
                        warmup_);
  const std::string timeout = format_duration(static_cast<double>(timeout_ns_));
  const std::string what =
      phase_ == Phase::kCall
          ? fmt::format("a timed call has not returned within {}", timeout)
          : fmt::format("stalled in {}: not over within {}", phase_name(phase_), timeout);
  std::string when = iteration;
  switch (phase_) {
    case Phase::kCall:
      break;
    case Phase::kSetup:
      when = "before its first iteration";
      break;
    case Phase::kStartAgreement:
    case Phase::kResync:
      when = "before " + iteration;
      break;
    case Phase::kSettle:
    case Phase::kStopVote:
      when = "after " + iteration;
      break;
    case Phase::kGather:
    case Phase::kWrite:
      when = "after its last iteration";
      break;
    case Phase::kOutcome:
      when = "after the run's last case";
      break;
  }
  const int elsewhere = world_size_ - board_.node_size();
  std::string text = fmt::format(
      "papbench: CALL TIMEOUT: {} (--call-timeout)\n"
      "  case {} of {}: {}\n"
      "  algorithm {}, {}\n"
      "  ranks on this node ({}, seen by rank {} through shared memory{}):\n"
      "    returned:               {}\n"
      "    arrived, not returned:  {}\n"
      "    not arrived:            {}\n",
      what, case_index_ + 1, cases_, label_, algorithm_, when, host_, world_rank_,
      elsewhere > 0 ? fmt::format("; the {} ranks on other nodes are not shown", elsewhere) : "",
      rank_list(s.returned), rank_list(s.in_call), rank_list(s.not_arrived));
  if (phase_ == Phase::kWrite || phase_ == Phase::kOutcome) {
    text += fmt::format(
        "  results: '{}' holds the cases completed before this one{} (papbench-report summary "
        "reads them)\n",
        result_path_, phase_ == Phase::kWrite ? ", and this one if its write got through" : "");
  } else if (written_ == 0) {
    text += fmt::format(
        "  results: no case completed before this one; '{}' holds the run's description only\n",
        result_path_);
  } else {
    text += fmt::format(
        "  results: the {} case(s) completed before this one are in '{}' (papbench-report "
        "summary reads them)\n",
        written_, result_path_);
  }
  if (phase_ == Phase::kSetup) {
    // Not --call-timeout's: the set-up's own limit, from the bytes it fills.
    text += fmt::format(
        "  ending the job with exit code {}; case set-up may take 60 s + 10 s per GiB its node "
        "fills; if it needs longer, --call-timeout 0 turns the watchdog off\n",
        kCallTimeoutExit);
    return text;
  }
  text += fmt::format(
      "  ending the job with exit code {}; if {} may take this long, raise --call-timeout (0 "
      "disables it){}\n",
      kCallTimeoutExit, phase_ == Phase::kCall ? "such a call" : "this",
      phase_ == Phase::kStartAgreement
          ? "; this limit already allows 20 s per GiB for the ranks' refill of their buffers"
          : "");
  return text;
}

void CallWatchdog::fire() {
  // The result file needs nothing done here: rank 0's ResultWriter opens it only inside
  // write_case/append_sync_events, in the kWrite phase, so outside that phase it is closed and
  // holds every completed case; a stall in the write itself (rank 0's watchdog, or the others'
  // while they wait for it) ends rank 0 mid-write, which loses only the case in progress
  // (docs/RESULTS_FORMAT.md, "Crash and kill guarantee").
  if (board_.claim_report()) {
    write_all(STDERR_FILENO, report());
    board_.report_done();
  } else {
    board_.wait_report_done(kReportWaitMs);
  }
  std::fflush(stdout);  // rank 0's progress lines
  std::fflush(stderr);
  // With MPI_THREAD_MULTIPLE any thread may call MPI: MPI_Abort ends every rank on every node
  // and mpiexec (Open MPI and MPICH) exits with its code. Below MULTIPLE (baselines run at
  // single, README) this thread may not call MPI at all, and the main thread cannot be reached:
  // it is inside the hung call, and MPI_Abort is not async-signal-safe, so a signal handler may
  // not call it either. Asking for MULTIPLE only for this would make the library lock every
  // call it times. So it ends the process; the launcher then tears the job down: Open MPI's
  // mpiexec exits 3; MPICH's hydra 3, 9 (a rank it killed) or 1 (a survivor's failed MPI call
  // aborted it first); srun with --kill-on-bad-exit (which jobs/run-experiment.sh passes).
  if (thread_level_ == MPI_THREAD_MULTIPLE) MPI_Abort(MPI_COMM_WORLD, kCallTimeoutExit);
  ::_exit(kCallTimeoutExit);
}

}  // namespace papbench
