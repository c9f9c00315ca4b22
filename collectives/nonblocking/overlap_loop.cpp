#include "collectives/nonblocking/overlap_loop.hpp"

#include <time.h>

#include <algorithm>
#include <array>

#include "common/mpi_env.hpp"

namespace papbench {
namespace {

std::int64_t nbc_monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
}

// The compute: IMB's kernel shape (a 10 x 10 matrix-vector product, IMB_cpu_exploit), run in
// batches between clock reads until `until`. Only registers and one small array: it competes
// for the core, not for the caches the collective's buffers are in.
class NbcKernel {
 public:
  void run_until(std::int64_t until) {
    while (nbc_monotonic_ns() < until) {
      for (int rep = 0; rep < kBatch; ++rep) {
        for (std::size_t i = 0; i < kSize; ++i) {
          double acc = x_[i];
          for (std::size_t j = 0; j < kSize; ++j) acc += a_[i][j] * y_[j];
          x_[i] = acc * 0.5;
        }
      }
    }
  }

 private:
  static constexpr std::size_t kSize = 10;
  static constexpr int kBatch = 4;  // about 1 us of work per clock read
  std::array<std::array<double, kSize>, kSize> a_ = [] {
    std::array<std::array<double, kSize>, kSize> m{};
    for (auto& row : m) row.fill(1.0);
    return m;
  }();
  std::array<double, kSize> x_{}, y_{};
};

}  // namespace

bool RequestInFlight::test() {
  int flag = 0;
  mpi_check(MPI_Test(&request_, &flag, MPI_STATUS_IGNORE), "MPI_Test");
  return flag != 0;
}

void RequestInFlight::wait() {
  // A request a test completed is MPI_REQUEST_NULL: the wait returns at once.
  mpi_check(MPI_Wait(&request_, MPI_STATUS_IGNORE), "MPI_Wait");
}

OverlapTimes compute_then_wait(NbcInFlight& pending, const OverlapPlan& plan) {
  OverlapTimes t;
  NbcKernel kernel;
  const std::int64_t start = nbc_monotonic_ns();
  const std::int64_t end = start + plan.compute_ns;
  std::int64_t now = start;
  while (now < end) {
    // The next slice ends at the next test, or at the end of the compute.
    const bool testing = plan.test_interval_ns > 0 && !t.done_before_wait;
    const std::int64_t slice_end = testing ? std::min(end, now + plan.test_interval_ns) : end;
    kernel.run_until(slice_end);
    const std::int64_t computed = nbc_monotonic_ns();
    t.compute_ns += computed - now;
    now = computed;
    if (testing && now < end) {
      t.done_before_wait = pending.test();
      ++t.tests;
      const std::int64_t tested = nbc_monotonic_ns();
      t.test_ns += tested - now;
      now = tested;
    }
  }
  const std::int64_t wait_start = nbc_monotonic_ns();
  pending.wait();
  t.wait_ns = nbc_monotonic_ns() - wait_start;
  return t;
}

std::vector<AlgMetric> overlap_metrics(const OverlapTimes& t) {
  return {{"nbc_compute_ns", t.compute_ns},
          {"nbc_test_ns", t.test_ns},
          {"nbc_wait_ns", t.wait_ns},
          {"nbc_tests", t.tests},
          {"nbc_done_before_wait", t.done_before_wait ? 1 : 0}};
}

}  // namespace papbench
