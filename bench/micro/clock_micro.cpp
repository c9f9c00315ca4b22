// Cost of reading the clocks every timed iteration reads twice: the raw clock, the (distorted)
// local clock, and the global clock (mapping + slew on top), with MPI_Wtime for comparison.
// No main(): link with benchmark::benchmark_main. MPI is initialized on first use (single rank,
// MPI_COMM_SELF) unless the program has done so already.

#include <benchmark/benchmark.h>
#include <mpi.h>

#include <cmath>
#include <memory>

#include "clocksync/global_clock.hpp"
#include "common/mpi_env.hpp"

namespace {

using papbench::clocksync::Distortion;
using papbench::clocksync::GlobalClock;
using papbench::clocksync::LocalClock;

// Function-local static: constructed on the first benchmark that needs MPI, destroyed at exit
// (clock before session, so the clock's communicators are freed before MPI_Finalize).
struct MpiClock {
  std::unique_ptr<papbench::MpiSession> session;
  std::unique_ptr<GlobalClock> clock;
  MpiClock() {
    int initialized = 0;
    papbench::mpi_check(MPI_Initialized(&initialized), "MPI_Initialized");
    if (!initialized) session = std::make_unique<papbench::MpiSession>(nullptr, nullptr);
    // A distorted clock makes LocalClock take its arithmetic path, as in a sync-check run.
    clock = std::make_unique<GlobalClock>(MPI_COMM_SELF, LocalClock(Distortion{1'000'000, 50}),
                                          papbench::clocksync::SyncOptions{});
    clock->synchronize();
  }
  ~MpiClock() { clock.reset(); }
  MpiClock(const MpiClock&) = delete;
  MpiClock& operator=(const MpiClock&) = delete;
};

GlobalClock& mpi_clock() {
  static MpiClock c;
  return *c.clock;
}

void BM_RawNow(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(papbench::clocksync::raw_now_ns());
}
BENCHMARK(BM_RawNow);

void BM_LocalNow(benchmark::State& state) {
  const LocalClock clock =
      state.range(0) != 0 ? LocalClock(Distortion{1'000'000, 50}) : LocalClock();
  for (auto _ : state) benchmark::DoNotOptimize(clock.now());
}
BENCHMARK(BM_LocalNow)->Arg(0)->Arg(1)->ArgName("distorted");

// Undistorted, as in every real run (the distortion is a test hook).
const GlobalClock& plain_clock() {
  mpi_clock();  // MPI must be initialized, and the plain clock destroyed before the session
  static const std::unique_ptr<GlobalClock> c = [] {
    auto clock = std::make_unique<GlobalClock>(MPI_COMM_SELF, LocalClock(),
                                               papbench::clocksync::SyncOptions{});
    clock->synchronize();
    return clock;
  }();
  return *c;
}

const GlobalClock& clock_for(const benchmark::State& state) {
  return state.range(0) != 0 ? mpi_clock() : plain_clock();
}

void BM_GlobalNow(benchmark::State& state) {
  const GlobalClock& clock = clock_for(state);
  for (auto _ : state) benchmark::DoNotOptimize(clock.now());
}
BENCHMARK(BM_GlobalNow)->Arg(0)->Arg(1)->ArgName("distorted");

// The conversion now() used before the inline snapshot (issue 30, item 2): Mapping::apply as it
// was (std::llround of a double product) and Slew::residual, out of line.
[[gnu::noinline]] std::int64_t llround_to_global(const papbench::clocksync::Mapping& m,
                                                 const papbench::clocksync::Slew& s,
                                                 std::int64_t local) {
  return local + m.offset_ns + std::llround(m.drift * static_cast<double>(local - m.ref_local)) +
         s.residual(local);
}

// That path whole, kept for comparison in the same run: LocalClock::now out of line, then the
// conversion above.
void BM_GlobalNowOutOfLine(benchmark::State& state) {
  const GlobalClock& clock = clock_for(state);
  for (auto _ : state) {
    const std::int64_t local = clock.local().now();
    benchmark::DoNotOptimize(llround_to_global(clock.mapping(), clock.slew(), local));
  }
}
BENCHMARK(BM_GlobalNowOutOfLine)->Arg(0)->Arg(1)->ArgName("distorted");

// The conversion alone, without reading a clock.
void BM_GlobalToGlobal(benchmark::State& state) {
  const GlobalClock& clock = mpi_clock();
  std::int64_t local = clock.local_now();
  for (auto _ : state) {
    benchmark::DoNotOptimize(clock.to_global(local));
    ++local;
  }
}
BENCHMARK(BM_GlobalToGlobal);

void BM_MpiWtime(benchmark::State& state) {
  mpi_clock();  // MPI must be initialized
  for (auto _ : state) benchmark::DoNotOptimize(MPI_Wtime());
}
BENCHMARK(BM_MpiWtime);

}  // namespace
