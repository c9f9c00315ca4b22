// <collective>/native of the nonblocking collectives: the MPI library's MPI_I<collective>, posted
// when the rank arrives, then the overlap compute with its MPI_Test calls, then MPI_Wait
// (overlap_loop.hpp). The blocking counterpart's layout and check apply unchanged: the buffers
// and the result are those of MPI_<collective>.
//
// Cost: the library's choice, plus the stated compute.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string_view>

#include "collectives/nonblocking/nonblocking.hpp"
#include "collectives/nonblocking/overlap_loop.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using NbcPost = void (*)(const Args& a, MPI_Comm comm, MPI_Request* request);

// What overlap-compute asks for between post and wait (its words, or a duration).
enum class NbcCompute { kNone, kDuration, kPure, kCaptured };

NbcCompute nbc_compute_kind(const AlgOptions& options) {
  const std::string_view text = option_text(options, "overlap-compute");
  if (text == "none") return NbcCompute::kNone;
  if (text == "pure") return NbcCompute::kPure;
  if (text == "captured") return NbcCompute::kCaptured;
  return NbcCompute::kDuration;
}

class NonblockingNative final : public Algorithm {
 public:
  NonblockingNative(NbcPost post, const AlgOptions& options)
      : post_(post), compute_(nbc_compute_kind(options)) {
    // The registry resolved both: overlap-compute is "none", "pure" or a duration,
    // test-interval "off" or a duration.
    plan_.compute_ns = option_number(options, "overlap-compute").value_or(0);
    plan_.test_interval_ns = option_number(options, "test-interval").value_or(0);
  }

  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override {
    if (compute_ == NbcCompute::kCaptured && args.replayed_compute_ns < 0) {
      throw UsageError(
          "--overlap-compute captured: the pattern holds no captured compute; accepted with "
          "--pattern replay:CAPTURE.h5#K of a nonblocking site of a capture (docs/CAPTURE.md)");
    }
    comm_ = Comm::dup(args.comm);
    if (compute_ == NbcCompute::kPure) plan_.compute_ns = pure_time_ns(args);
  }

  void run(const Args& a) override {
    // A replayed capture: this rank's compute of this call.
    if (compute_ == NbcCompute::kCaptured)
      plan_.compute_ns = std::max<std::int64_t>(0, a.replayed_compute_ns);
    MPI_Request request = MPI_REQUEST_NULL;
    post_(a, comm_.get(), &request);
    last_ = compute_then_wait(request, plan_);
  }

  std::vector<AlgMetric> iteration_metrics() const override { return overlap_metrics(last_); }

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
      MPI_Request request = MPI_REQUEST_NULL;
      post_(a, comm_.get(), &request);
      mpi_check(MPI_Wait(&request, MPI_STATUS_IGNORE), "MPI_Wait");
      const auto took = std::chrono::steady_clock::now() - start;
      if (call > 0) total += std::chrono::duration_cast<std::chrono::nanoseconds>(took).count();
    }
    std::int64_t mean = total / kNbcCalibrationCalls;
    mpi_check(MPI_Allreduce(MPI_IN_PLACE, &mean, 1, MPI_INT64_T, MPI_MAX, comm_.get()),
              "MPI_Allreduce");
    return mean;
  }

  NbcPost post_;
  NbcCompute compute_ = NbcCompute::kNone;
  OverlapPlan plan_;
  OverlapTimes last_;
  Comm comm_;
};

void post_iallreduce(const Args& a, MPI_Comm comm, MPI_Request* r) {
  mpi_check(MPI_Iallreduce(a.send, a.recv, count_as_int(a.count, "iallreduce count"), a.dtype, a.op,
                           comm, r),
            "MPI_Iallreduce");
}
void post_ireduce(const Args& a, MPI_Comm comm, MPI_Request* r) {
  mpi_check(MPI_Ireduce(a.send, a.recv, count_as_int(a.count, "ireduce count"), a.dtype, a.op,
                        a.root, comm, r),
            "MPI_Ireduce");
}
void post_ibcast(const Args& a, MPI_Comm comm, MPI_Request* r) {
  mpi_check(MPI_Ibcast(a.recv, count_as_int(a.count, "ibcast count"), a.dtype, a.root, comm, r),
            "MPI_Ibcast");
}
void post_iallgather(const Args& a, MPI_Comm comm, MPI_Request* r) {
  const int n = count_as_int(a.count, "iallgather count");
  mpi_check(MPI_Iallgather(a.send, n, a.dtype, a.recv, n, a.dtype, comm, r), "MPI_Iallgather");
}
void post_ialltoall(const Args& a, MPI_Comm comm, MPI_Request* r) {
  const int n = count_as_int(a.count, "ialltoall count");
  mpi_check(MPI_Ialltoall(a.send, n, a.dtype, a.recv, n, a.dtype, comm, r), "MPI_Ialltoall");
}
void post_igather(const Args& a, MPI_Comm comm, MPI_Request* r) {
  const int n = count_as_int(a.count, "igather count");
  mpi_check(MPI_Igather(a.send, n, a.dtype, a.recv, n, a.dtype, a.root, comm, r), "MPI_Igather");
}
void post_iscatter(const Args& a, MPI_Comm comm, MPI_Request* r) {
  const int n = count_as_int(a.count, "iscatter count");
  mpi_check(MPI_Iscatter(a.send, n, a.dtype, a.recv, n, a.dtype, a.root, comm, r), "MPI_Iscatter");
}

}  // namespace

std::unique_ptr<Algorithm> make_iallreduce_native(const AlgOptions& o) {
  return std::make_unique<NonblockingNative>(post_iallreduce, o);
}
std::unique_ptr<Algorithm> make_ireduce_native(const AlgOptions& o) {
  return std::make_unique<NonblockingNative>(post_ireduce, o);
}
std::unique_ptr<Algorithm> make_ibcast_native(const AlgOptions& o) {
  return std::make_unique<NonblockingNative>(post_ibcast, o);
}
std::unique_ptr<Algorithm> make_iallgather_native(const AlgOptions& o) {
  return std::make_unique<NonblockingNative>(post_iallgather, o);
}
std::unique_ptr<Algorithm> make_ialltoall_native(const AlgOptions& o) {
  return std::make_unique<NonblockingNative>(post_ialltoall, o);
}
std::unique_ptr<Algorithm> make_igather_native(const AlgOptions& o) {
  return std::make_unique<NonblockingNative>(post_igather, o);
}
std::unique_ptr<Algorithm> make_iscatter_native(const AlgOptions& o) {
  return std::make_unique<NonblockingNative>(post_iscatter, o);
}

}  // namespace papbench
