#pragma once
// One gather algorithm of `papbench app fft` returning the blocks of the parallel FFT, run
// repetition by repetition (the command interleaves the algorithms' repetitions); each
// repetition is recorded as its own papbench case (docs/FFT.md), so a killed run keeps every
// repetition it finished.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bench/fft/dif_fft.hpp"
#include "bench/fft/fft_options.hpp"
#include "clocksync/global_clock.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "results/result_set.hpp"

namespace papbench {

// Names of the application's metrics in CaseRecord::metrics.
inline constexpr const char* kAppTotalMetric = "app_total_ns";  // [rep][rank]
inline constexpr const char* kLocalFftMetric = "local_fft_ns";  // [iteration][rank]

class FftCase {
 public:
  // Collective over `world`: creates and prepares the algorithm (and its PAT runtime).
  FftCase(const FftOptions& opts, clocksync::GlobalClock& clock, MPI_Comm world,
          const AlgorithmInfo& gather);
  FftCase(const FftCase&) = delete;
  FftCase& operator=(const FftCase&) = delete;

  // Collective: repetition `rep` (--iters iterations). The input of repetition r is the same
  // for every algorithm (common random numbers).
  void run_rep(int rep);
  // Collective, after run_rep(rep): that repetition as a case (seed = --seed + rep, the seed of
  // its input), complete on rank 0 only; the samples are handed over, not kept.
  results::CaseRecord take_record(int rep);
  // First validation failure on this rank (the master), empty when none.
  const std::string& failure() const { return failure_; }
  const AlgorithmInfo& gather() const { return gather_; }

 private:
  const FftOptions& opts_;
  clocksync::GlobalClock& clock_;
  MPI_Comm world_;
  const AlgorithmInfo& gather_;
  int rank_ = 0;
  int size_ = 1;
  bool master_ = false;
  std::size_t block_points_ = 0;
  int block_floats_ = 0;
  fft::DifPlan global_plan_, local_plan_;
  // Fixed buffers: PAT algorithms register them once (prepare) and use them in the background.
  std::vector<fft::Complex> input_, original_, spectrum_, block_;
  std::vector<MPI_Request> sends_;
  Args args_;
  std::unique_ptr<Algorithm> alg_;
  // After the algorithm: it stops (joins its thread) before the algorithm it calls back dies.
  std::unique_ptr<PatRuntime> pat_;
  std::vector<std::int64_t> arrival_, exit_, predicted_, local_ns_, app_total_;
  std::vector<std::int64_t> clock_bound_, clock_slew_;   // at each arrival (format 1.4)
  std::vector<std::int64_t> clock_elapsed_bound_;        // of each call's f - a
  std::vector<std::int64_t> exchange_done_, work_done_;  // the PAT thread's, per iteration
  int failures_ = 0;
  std::string failure_;
};

// The parameters of the records take_record() returns.
results::CaseRecord describe_fft_case(const AlgorithmInfo& gather, const FftOptions& opts,
                                      int ranks);

}  // namespace papbench
