#include "collectives/nonblocking/nbc_driver.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string_view>
#include <utility>

#include "collectives/core/alg_option.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

// What overlap-compute asks for between post and wait (its words, or a duration).
enum class NbcCompute { kNone, kDuration, kPure, kCaptured };

NbcCompute nbc_compute_kind(const AlgOptions& options) {
  const std::string_view text = option_text(options, "overlap-compute");
  if (text == "none") return NbcCompute::kNone;
  if (text == "pure") return NbcCompute::kPure;
  if (text == "captured") return NbcCompute::kCaptured;
  return NbcCompute::kDuration;
}

class NonblockingDriver final : public Algorithm {
 public:
  NonblockingDriver(std::unique_ptr<NbcStarter> starter, const AlgOptions& options)
      : starter_(std::move(starter)), compute_(nbc_compute_kind(options)) {
    // The registry resolved both: overlap-compute is "none", "pure", "captured" or a duration,
    // test-interval "off" or a duration.
    plan_.compute_ns = option_number(options, "overlap-compute").value_or(0);
    plan_.test_interval_ns = option_number(options, "test-interval").value_or(0);
  }

  // A private duplicate: the collective's messages can never match the harness's.
  void prepare(const Args& args) override {
    if (compute_ == NbcCompute::kCaptured && args.replayed_compute_ns < 0) {
      throw UsageError(
          "--overlap-compute captured: the pattern holds no captured compute; accepted with "
          "--pattern replay:CAPTURE.h5#K of a nonblocking site of a capture (docs/CAPTURE.md)");
    }
    comm_ = Comm::dup(args.comm);
    starter_->prepare(args, comm_.get());
    if (compute_ == NbcCompute::kPure) plan_.compute_ns = pure_time_ns(args);
  }

  void run(const Args& a) override {
    // A replayed capture: this rank's compute of this call.
    if (compute_ == NbcCompute::kCaptured) {
      plan_.compute_ns = std::max<std::int64_t>(0, a.replayed_compute_ns);
    }
    last_ = compute_then_wait(starter_->start(a, comm_.get()), plan_);
  }

  std::vector<AlgMetric> iteration_metrics() const override { return overlap_metrics(last_); }

  NbcStarter& starter() { return *starter_; }

 private:
  // overlap-compute=pure, IMB-NBC's calibration (IMB_ibcast: IMB_cpu_exploit(t_pure)): the
  // collective alone, posted and waited for at once after a barrier, one untimed call and then
  // the mean of kNbcCalibrationCalls; the largest rank's mean, so that every rank computes alike.
  // Untimed, in prepare(): what it leaves in the buffers a checked call overwrites.
  std::int64_t pure_time_ns(const Args& a) {
    constexpr int kNbcCalibrationCalls = 10;
    std::int64_t total = 0;
    for (int call = 0; call <= kNbcCalibrationCalls; ++call) {
      mpi_check(MPI_Barrier(comm_.get()), "MPI_Barrier");
      const auto start = std::chrono::steady_clock::now();
      starter_->start(a, comm_.get()).wait();
      const auto took = std::chrono::steady_clock::now() - start;
      if (call > 0) total += std::chrono::duration_cast<std::chrono::nanoseconds>(took).count();
    }
    std::int64_t mean = total / kNbcCalibrationCalls;
    mpi_check(MPI_Allreduce(MPI_IN_PLACE, &mean, 1, MPI_INT64_T, MPI_MAX, comm_.get()),
              "MPI_Allreduce");
    return mean;
  }

  std::unique_ptr<NbcStarter> starter_;
  NbcCompute compute_ = NbcCompute::kNone;
  OverlapPlan plan_;
  OverlapTimes last_;
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_nonblocking(std::unique_ptr<NbcStarter> starter,
                                            const AlgOptions& options) {
  return std::make_unique<NonblockingDriver>(std::move(starter), options);
}

NbcStarter* nbc_starter_of(Algorithm& algorithm) {
  auto* driver = dynamic_cast<NonblockingDriver*>(&algorithm);
  return driver == nullptr ? nullptr : &driver->starter();
}

}  // namespace papbench
