#pragma once
// The PAT runtime of [Proficz2020] §3 (Figs. 2-4): a background thread that, once the
// computation reaches its edge, predicts this rank's arrival, exchanges the predictions with an
// allgather on its own communicator and then runs the algorithm's background data work while the
// foreground still computes. The paper's C API maps onto the methods: PAT_Init = constructor,
// PAT_UseAlg = use_alg, PAT_Register = register_call, PAT_ProcessingStart/Edge/ProcessingEnd,
// PAT_Finalize = destructor.
//
// Two ways to move the exchange and the background part on (PatProgress): the papers' thread, or
// polled from the rank's own waits, without a thread (a PatFiber), for SimGrid's SMPI, which
// simulates no thread but a rank's main one (docs/SIMULATION.md, "The PAT runtime without a
// thread").

#include <mpi.h>

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string_view>
#include <thread>
#include <vector>

#include "collectives/core/algorithm.hpp"
#include "collectives/pat/arrival_prediction.hpp"
#include "collectives/pat/pat_fiber.hpp"
#include "collectives/pat/pat_source.hpp"
#include "common/mpi_env.hpp"
#include "common/smpi_platform.hpp"

namespace papbench {

enum class PatProgress {
  // A background thread that blocks in MPI ([Proficz2020] §3): it progresses while the
  // foreground computes, whatever the foreground does. Needs MPI_THREAD_MULTIPLE.
  kThread,
  // No thread: a fiber on the rank's own thread, resumed by progress() (the compute phase's
  // polls, every kPatPollNs), arrivals() and wait_background(). Progress only at those points.
  kPolled,
};

// The build's choice: the papers' thread on real MPI (where it is what they measured), polled
// under SMPI (where no other runs).
inline constexpr PatProgress kDefaultPatProgress =
    smpi::kSimulated ? PatProgress::kPolled : PatProgress::kThread;

// How often the compute phase resumes a polled runtime's pending exchange or background part:
// a step of the background part (BSBN's forward after its receive) may start this much later
// than the thread would start it. 10 us is below 1 % of a 1 GbE transfer of the papers' blocks
// (2048K floats / 48 ranks: 1.4 ms) and costs a simulated rank one MPI_Testall and one sleep per
// step.
inline constexpr std::int64_t kPatPollNs = 10'000;

// An algorithm's part that runs in the background thread once the arrival times are known
// (BSLN's receive, BSBN's receive-and-forward, BSLS's root receive loop, ...). It runs on the
// arguments given to register_call and must not return before its MPI calls completed.
class PatBackground {
 public:
  virtual void background(const Args& args, std::span<const std::int64_t> arrivals) = 0;

 protected:
  ~PatBackground() = default;
};

class PatRuntime {
 public:
  using Clock = std::function<std::int64_t()>;  // the global clock, ns

  // Collective over `comm` (duplicated for the exchange's allgather). Throws UsageError when,
  // with PatProgress::kThread, the MPI library does not provide MPI_THREAD_MULTIPLE (two threads
  // of a rank call MPI at once), or when, with kPolled under SMPI, SMPI sleeps in MPI_Test.
  PatRuntime(MPI_Comm comm, Clock clock, PatSource source,
             PatProgress progress = kDefaultPatProgress);
  ~PatRuntime();
  PatRuntime(const PatRuntime&) = delete;
  PatRuntime& operator=(const PatRuntime&) = delete;

  // Returns once the last iteration's exchange and background work are over. An algorithm's
  // prepare() calls it before it changes anything its background() reads: a rank whose
  // foreground does not wait for the background (a gather leaf, a scatter root) reaches the next
  // case's prepare() while the thread may still run this case's background().
  void wait_idle();
  // The algorithm's background work for the coming calls; null: prediction only.
  void use_alg(PatBackground* work);
  // The arguments (buffers, counts, root) of the coming calls: background work starts before the
  // foreground calls the collective, so it must know them in advance.
  void register_call(const Args& args);

  // Per iteration, from the compute phase: start, the edge at `fraction` of the computation (the
  // thread wakes here), end. With PatSource::kOracle, set_oracle_arrival() comes before edge();
  // with PatSource::kSma, processing_end() records the interval the average learns from.
  void processing_start();
  void set_oracle_arrival(std::int64_t arrival_ns);
  void edge(double fraction);
  void processing_end();

  // Foreground, inside the collective. arrivals(): every rank's arrival time of this iteration,
  // by rank, waiting for the exchange when it has not completed yet. wait_background(): returns
  // once the background work of this iteration is done. Both rethrow a background failure.
  std::span<const std::int64_t> arrivals();
  void wait_background();

  // kPolled: resumes this iteration's exchange and background part once, without blocking;
  // true while they are not finished. kThread: false (the thread needs no help).
  bool progress();
  PatProgress progress_mode() const { return progress_; }

  // What this rank contributed in the last iteration (recorded in the result set).
  std::int64_t own_prediction() const { return prediction_; }

  // When the thread finished the last iteration's exchange and its background work (global
  // clock): what it still did during the foreground's timed call shares the rank's cores and the
  // MPI library with it. Waits for the thread to finish first (the next processing_start would
  // wait for it anyway); call it after the timed call.
  struct BusyTimes {
    std::int64_t exchange_done_ns = 0;
    std::int64_t work_done_ns = 0;
  };
  BusyTimes last_busy_times();
  PatSource source() const { return source_; }
  int size() const { return size_; }

 private:
  void thread_main(std::stop_token stop);
  // One iteration's exchange and background work, in the thread or the fiber.
  void iteration(std::int64_t mine, PatBackground* work, const Args& args);
  void wait_for(const std::function<bool()>& ready);

  Comm comm_;
  Clock clock_;
  PatSource source_;
  PatProgress progress_;
  std::optional<PatFiber> fiber_;    // kPolled only
  std::optional<SmaPredictor> sma_;  // PatSource::kSma only; foreground state
  int size_ = 1;
  PatBackground* work_ = nullptr;
  Args args_;
  std::int64_t start_ns_ = 0, end_ns_ = 0, oracle_ns_ = 0, prediction_ = 0;
  BusyTimes busy_times_;  // written by the thread, under mutex_
  std::vector<std::int64_t> arrivals_;

  // State shared with the thread; one iteration at a time (processing_start waits for the last).
  std::mutex mutex_;
  std::condition_variable_any cv_;
  bool edge_pending_ = false;  // edge() called, thread not yet woken
  bool busy_ = false;          // thread between wake-up and end of background work
  bool published_ = false;     // arrivals_ holds this iteration's exchange
  bool done_ = false;          // background work of this iteration finished
  std::exception_ptr error_;
  // Last member: destroyed (stop requested, joined) before everything it uses.
  std::jthread thread_;
};

// The runtime a PAP-aware algorithm was handed; std::logic_error naming `algorithm` when the
// harness gave none (AlgorithmInfo::needs_pat tells it to).
PatRuntime& require_pat(const Args& args, std::string_view algorithm);

}  // namespace papbench
