#include "collectives/pat/pat_runtime.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "common/units.hpp"

namespace papbench {
namespace {

// A larger window is no longer a moving average of a run's recent arrivals.
constexpr int kMaxSmaWindow = 1'000'000;

// The polled runtime's fiber stack: MPI calls (SMPI's included) and the background parts' own
// frames; their buffers are on the heap. Untouched pages cost no memory.
constexpr std::size_t kFiberStackBytes = std::size_t{1} << 20;

// The polled runtime's exchange on its own communicator: one message per pair and iteration, so
// MPI's in-order matching pairs each iteration's messages.
constexpr int kExchangeTag = 7;
// What the exchange's receive buffer holds until a rank's prediction arrives: no clock reads it.
constexpr std::int64_t kNotExchanged = std::numeric_limits<std::int64_t>::min();

// The polled runtime's exchange of `mine` into `arrivals` (by rank of `comm`), as nonblocking
// calls that yield to the foreground (coop::waitall).
void exchange_polled(MPI_Comm comm, std::int64_t mine, std::vector<std::int64_t>& arrivals) {
  // The allgather as SMPI's MPI_Iallgather is built (a send to and a receive from every other
  // rank, posted at once; SimGrid's smpi_nbc_impl.cpp), as separate requests: the same messages
  // at the same simulated times.
  const int me = comm_rank(comm);
  const int size = comm_size(comm);
  std::vector<MPI_Request> requests;
  requests.reserve(2 * static_cast<std::size_t>(size - 1));
  std::fill(arrivals.begin(), arrivals.end(), kNotExchanged);
  arrivals[static_cast<std::size_t>(me)] = mine;
  for (int other = 0; other < size; ++other) {
    if (other == me) continue;
    MPI_Request& s = requests.emplace_back(MPI_REQUEST_NULL);
    mpi_check(MPI_Isend(&mine, 1, MPI_INT64_T, other, kExchangeTag, comm, &s),
              "MPI_Isend (PAT exchange)");
    MPI_Request& r = requests.emplace_back(MPI_REQUEST_NULL);
    mpi_check(MPI_Irecv(&arrivals[static_cast<std::size_t>(other)], 1, MPI_INT64_T, other,
                        kExchangeTag, comm, &r),
              "MPI_Irecv (PAT exchange)");
  }
  if constexpr (smpi::kSimulated) {
    // Under SMPI a receive's data lies in its buffer from the simulated instant its transfer
    // ends (SimGrid copies it then, kernel/activity/CommImpl.cpp finish()), so the fiber sees the
    // exchange done by its values and only then completes the requests, with MPI_Waitall, which
    // returns at once. Not by MPI_Test: SimGrid 3.32 keeps every request that a test completed
    // in its rank's list of activities for the rest of the run (finish() removes only those a
    // wait is registered on), and every later transfer's end walks that list; 47 such receives
    // a rank and iteration made that walk 85-89 % of the host time of a 48-rank run (perf,
    // docs/SIMULATION.md).
    //
    // Only MPI_Waitall, never coop::waitall here: coop::waitall polls by MPI_Test while the fiber
    // is not driven to its end, and until 2026-12-07 it did so right after this loop, so every
    // exchange whose values came during the compute phase's polls had its receives completed by
    // MPI_Test: gdb on a 48-rank BSLN run found rank lists of 470-610 such 24-byte receives after
    // some 30 iterations, and the walk of those lists (CommImpl::finish) was what grew with the
    // run (docs/SIMULATION.md, "Simulation cost").
    const auto pending = [&arrivals] {
      return std::ranges::find(arrivals, kNotExchanged) != arrivals.end();
    };
    for (coop::Yielder* y = coop::current(); pending() && y != nullptr && !y->blocking();
         y = coop::current()) {
      y->yield();
    }
    mpi_check(MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE),
              "MPI_Waitall (PAT exchange)");
    return;
  }
  coop::waitall(requests);
}

}  // namespace

PatSource parse_pat_source(std::string_view text) {
  if (text == "bgthread" || text == "predicted") return PatSource::kBgThread;
  if (text == "oracle") return PatSource::kOracle;
  if (text.starts_with("sma:")) {
    const std::string_view w = text.substr(4);
    int window = 0;
    const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), window);
    if (ec == std::errc() && p == w.data() + w.size() && window >= 1 && window <= kMaxSmaWindow) {
      return {PatSource::kSma, window};
    }
  }
  throw UsageError(fmt::format(
      "--pat-source: '{}' is not accepted; accepted: bgthread (alias: predicted), oracle, sma:W "
      "(W = 1..{} iterations)",
      text, kMaxSmaWindow));
}

std::string pat_source_name(PatSource s) {
  switch (s.kind) {
    case PatSource::kOracle:
      return "oracle";
    case PatSource::kSma:
      return fmt::format("sma:{}", s.window);
    case PatSource::kBgThread:
      break;
  }
  return "bgthread";
}

PatRuntime& require_pat(const Args& args, std::string_view algorithm) {
  if (args.pat == nullptr) {
    throw std::logic_error(fmt::format("{} needs a PAT runtime in Args::pat", algorithm));
  }
  return *args.pat;
}

PatRuntime::PatRuntime(MPI_Comm comm, Clock clock, PatSource source, PatProgress progress)
    : clock_(std::move(clock)), source_(source), progress_(progress) {
  if (source_.kind == PatSource::kSma) sma_.emplace(source_.window);
  if (progress_ == PatProgress::kPolled) {
    // SMPI sleeps smpi/test (default 100 us, growing with each failed test) of simulated time in
    // every MPI_Test: a poll every kPatPollNs would move this rank's clock by milliseconds.
    if (const double test_s = smpi::injected_test_sleep_s(); test_s > 0) {
      throw UsageError(fmt::format(
          "the PAT runtime polls its requests, and SMPI sleeps {} s of simulated time in every "
          "MPI_Test; run smpirun with --cfg=smpi/test:0",
          test_s));
    }
    comm_ = Comm::dup(comm);
    size_ = comm_.size();
    arrivals_.assign(static_cast<std::size_t>(size_), 0);
    fiber_.emplace(kFiberStackBytes);
    return;
  }
  int provided = 0;
  mpi_check(MPI_Query_thread(&provided), "MPI_Query_thread");
  // Every rank of a job gets the same level, so every rank refuses together.
  if (provided < MPI_THREAD_MULTIPLE) {
    throw UsageError(fmt::format(
        "PAT algorithms call MPI from a background thread and need MPI_THREAD_MULTIPLE; MPI "
        "provides {} (--thread-level multiple or auto asks for it)",
        thread_level_name(provided)));
  }
  comm_ = Comm::dup(comm);
  size_ = comm_.size();
  arrivals_.assign(static_cast<std::size_t>(size_), 0);
  thread_ = std::jthread([this](std::stop_token stop) { thread_main(stop); });
}

PatRuntime::~PatRuntime() {
  std::unique_lock lock(mutex_);
  if (std::uncaught_exceptions() > 0 && (busy_ || edge_pending_)) {
    // The thread may sit in an allgather or receive that the failed foreground will never match;
    // joining would hang this rank, and the caller's MPI_Abort would never come. (A polled
    // runtime's fiber would hang the same way when driven to its end.)
    std::fputs("papbench: PAT background thread busy during a failure; aborting\n", stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (progress_ == PatProgress::kPolled) {
    lock.unlock();
    wait_for([this] { return !busy_; });
    return;
  }
  // Normal end: let the last iteration's work finish (its peers complete it), then stop.
  cv_.wait(lock, [this] { return !busy_ && !edge_pending_; });
  lock.unlock();
  thread_.request_stop();
  thread_.join();
}

void PatRuntime::wait_idle() {
  wait_for([this] { return !busy_ && !edge_pending_; });
}

void PatRuntime::use_alg(PatBackground* work) {
  std::lock_guard lock(mutex_);
  work_ = work;
}

void PatRuntime::register_call(const Args& args) {
  std::lock_guard lock(mutex_);
  args_ = args;
}

void PatRuntime::wait_for(const std::function<bool()>& ready) {
  if (progress_ == PatProgress::kPolled) {
    // The foreground has nothing else to do: the fiber's waits block, so one resume runs it to
    // its end. Nothing to resume and still not ready: an edge that never came.
    while (true) {
      {
        std::lock_guard lock(mutex_);
        if (ready()) break;
      }
      if (fiber_->finished()) {
        throw std::logic_error("PAT runtime: waiting for an iteration whose edge never came");
      }
      fiber_->resume(true);
    }
    if (error_) std::rethrow_exception(error_);
    return;
  }
  std::unique_lock lock(mutex_);
  cv_.wait(lock, ready);
  if (error_) std::rethrow_exception(error_);
}

bool PatRuntime::progress() {
  if (progress_ != PatProgress::kPolled) return false;
  fiber_->resume(false);
  return !fiber_->finished();
}

void PatRuntime::processing_start() {
  // The previous iteration's background work must be over before its flags are reused.
  wait_for([this] { return !busy_ && !edge_pending_; });
  {
    std::lock_guard lock(mutex_);
    published_ = false;
    done_ = false;
  }
  start_ns_ = clock_();
}

void PatRuntime::set_oracle_arrival(std::int64_t arrival_ns) {
  oracle_ns_ = arrival_ns;
}

void PatRuntime::edge(double fraction) {
  if (!(fraction > 0 && fraction <= 1)) {
    throw std::invalid_argument(fmt::format("PAT edge fraction {} is not in (0, 1]", fraction));
  }
  const std::int64_t now = clock_();
  switch (source_.kind) {
    case PatSource::kOracle:
      prediction_ = oracle_ns_;
      break;
    case PatSource::kSma:
      // Without history (the first iteration of a case) the moving average has nothing to
      // average; the edge is the best estimate there is.
      prediction_ = sma_->predict(start_ns_).value_or(edge_extrapolation(start_ns_, now, fraction));
      break;
    case PatSource::kBgThread:
      prediction_ = edge_extrapolation(start_ns_, now, fraction);
      break;
  }
  if (progress_ == PatProgress::kPolled) {
    {
      std::lock_guard lock(mutex_);
      busy_ = true;
    }
    // Posts the exchange now, at the edge, as the thread would.
    fiber_->start(
        [this, mine = prediction_, work = work_, args = args_] { iteration(mine, work, args); });
    fiber_->resume(false);
    return;
  }
  std::lock_guard lock(mutex_);
  edge_pending_ = true;
  cv_.notify_all();
}

void PatRuntime::processing_end() {
  end_ns_ = clock_();
  // The measured interval the moving average learns from: this iteration's arrival (the runner
  // calls the collective right after) minus its processing start.
  if (sma_) sma_->record(end_ns_ - start_ns_);
}

std::span<const std::int64_t> PatRuntime::arrivals() {
  wait_for([this] { return published_ || error_ != nullptr; });
  return arrivals_;
}

void PatRuntime::wait_background() {
  wait_for([this] { return done_ || error_ != nullptr; });
}

PatRuntime::BusyTimes PatRuntime::last_busy_times() {
  wait_for([this] { return !busy_ && !edge_pending_; });
  std::lock_guard lock(mutex_);
  return busy_times_;
}

void PatRuntime::thread_main(std::stop_token stop) {
  while (true) {
    std::int64_t mine = 0;
    PatBackground* work = nullptr;
    Args args;
    {
      std::unique_lock lock(mutex_);
      if (!cv_.wait(lock, stop, [this] { return edge_pending_; })) return;
      edge_pending_ = false;
      busy_ = true;
      mine = prediction_;
      work = work_;
      args = args_;
    }
    iteration(mine, work, args);
  }
}

void PatRuntime::iteration(std::int64_t mine, PatBackground* work, const Args& args) {
  try {
    if (progress_ == PatProgress::kPolled) {
      exchange_polled(comm_.get(), mine, arrivals_);
    } else {
      // Blocking calls, as in the paper: this thread drives MPI progress while the foreground
      // computes.
      mpi_check(MPI_Allgather(&mine, 1, MPI_INT64_T, arrivals_.data(), 1, MPI_INT64_T, comm_.get()),
                "MPI_Allgather (PAT)");
    }
    // The clock is read here, in the thread or fiber, and not by the foreground: only they know
    // when their calls returned. No resync runs meanwhile: the harness resyncs between
    // iterations, after last_busy_times() waited for this part.
    const std::int64_t exchanged = clock_();
    {
      std::lock_guard lock(mutex_);
      busy_times_.exchange_done_ns = exchanged;
      published_ = true;
      cv_.notify_all();
    }
    // A polled runtime that the foreground drives to the exchange (arrivals()) hands control
    // back here: the foreground's own part may be what the background part's peers wait for.
    if (coop::Yielder* y = coop::current(); y != nullptr && y->blocking()) y->yield();
    if (work != nullptr) work->background(args, arrivals_);
    const std::int64_t worked = work != nullptr ? clock_() : exchanged;
    std::lock_guard lock(mutex_);
    busy_times_.work_done_ns = worked;
    done_ = true;
    busy_ = false;
    cv_.notify_all();
  } catch (...) {
    std::lock_guard lock(mutex_);
    error_ = std::current_exception();
    busy_ = false;
    cv_.notify_all();
  }
}

}  // namespace papbench
