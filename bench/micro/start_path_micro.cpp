// The window start's path (issue 30, item 1): from the agreed deadline to the arrival reading
// a_i, and what the first work after it costs, the way CaseRunner runs it today and the way it
// ran before, side by side. Per lead time (the start margin) it reports as counters:
//   arrival_p50_ns / arrival_p99_ns  a_i - deadline on the global clock (the arrival error of a
//                                    rank with nothing else to do; the spin exit, the watchdog
//                                    store and the arrival reading)
//   work_p50_ns / work_p99_ns        a fixed latency-bound walk over 32 KiB right after a_i,
//                                    standing in for the timed call: a wait that slept hands it
//                                    caches the idle core lost
// The MPI side (a cold progress path) needs two ranks: tools/measure-start-precision.sh runs the
// full start, window against barrier.
//
// "before": wait_until through a std::function per clock reading, sleeping all but the last
// 200 us, the watchdog's store between the wait and a_i. "now": the inline spin through the whole
// wait (a rank with a CPU of its own, start_spin_ns), the store before the spin; now:2 also moves
// the deadline clear of the tick grids, as CaseRunner's agreement does (imbalance/tick_grid.hpp);
// now:3 also aims the spin the exit path's lead early (imbalance/arrival_aim.hpp), as CaseRunner
// does since issue 30's third pass. The arrival figures are of |a_i - deadline|.
//   late_pct                         the share of arrivals more than 1 us late: waits whose
//                                    deadline a stall spanned (the tick's: 16-30 us on a VM)

#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <random>
#include <vector>

#include "clocksync/clock_snapshot.hpp"
#include "clocksync/global_clock.hpp"
#include "imbalance/arrival_aim.hpp"
#include "imbalance/deadline_wait.hpp"
#include "imbalance/tick_grid.hpp"

namespace {

// The global clock as GlobalClock::now() computes it (an undistorted rank with a fitted offset
// and drift), without the MPI a GlobalClock needs.
struct StartPathClock {
  papbench::clocksync::ClockSnapshot snapshot;
  StartPathClock() {
    snapshot.publish({papbench::clocksync::raw_now_ns(), 12'345, 3.0e-6},
                     papbench::clocksync::Slew{});
  }
  std::int64_t now() const { return snapshot.to_global(papbench::clocksync::raw_now_ns()); }
};

// The wait as it was: one std::function call per clock reading.
[[gnu::noinline]] papbench::WaitResult wait_via_function(const std::function<std::int64_t()>& now,
                                                         std::int64_t deadline_ns,
                                                         std::int64_t spin_ns) {
  std::int64_t t = now();
  if (t >= deadline_ns) return {t - deadline_ns, t - deadline_ns};
  while (deadline_ns - t > spin_ns) {
    papbench::detail::sleep_for_ns(deadline_ns - t - spin_ns);
    t = now();
  }
  while (t < deadline_ns) t = now();
  return {0, t - deadline_ns};
}

// The watchdog's arrival record: one line of its own (ArrivalBoard).
struct alignas(64) StartPathBoard {
  std::atomic<std::int64_t> arrived{-1};
};

// A random cyclic walk over `lines` cache lines: each load depends on the last, so its time is
// the latency of wherever the lines are.
class StartPathWalk {
 public:
  explicit StartPathWalk(std::size_t lines) : next_(lines * kStride) {
    std::vector<std::size_t> order(lines);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin() + 1, order.end(), std::mt19937_64(7));
    for (std::size_t i = 0; i < lines; ++i) {
      next_[order[i] * kStride] = order[(i + 1) % lines] * kStride;
    }
  }
  std::size_t run() const {
    std::size_t at = 0;
    for (std::size_t i = 0; i < next_.size() / kStride; ++i) at = next_[at];
    return at;
  }

 private:
  static constexpr std::size_t kStride = 64 / sizeof(std::size_t);
  std::vector<std::size_t> next_;
};

// The tick grids of this CPU, measured once (a 50 ms spin).
const papbench::TickGrids& start_path_ticks() {
  static const papbench::TickGrids grids = papbench::measure_tick_grids(50'000'000);
  return grids;
}

std::int64_t start_path_monotonic() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// `deadline` (global) moved clear of the tick grids, with CaseRunner's margins (5 us, 50 us).
std::int64_t start_path_clear(const StartPathClock& clock, std::int64_t deadline) {
  const std::int64_t to_global = clock.now() - start_path_monotonic();
  for (int pass = 0; pass < 2; ++pass) {
    for (const papbench::TickGrid& g : start_path_ticks().grids) {
      if (!g.known()) continue;
      const std::int64_t phase = papbench::tick_phase_of(to_global + g.phase_ns, g.period_ns);
      deadline = papbench::clear_of_ticks(deadline, g.period_ns, phase, phase, 5'000, 50'000);
    }
  }
  return deadline;
}

double start_path_pct(std::vector<double>& v, double p) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

void BM_StartPath(benchmark::State& state) {
  const StartPathClock clock;
  const std::int64_t lead_ns = state.range(0);
  const bool now_path = state.range(1) != 0;
  const bool clear_ticks = state.range(1) >= 2;
  const bool aimed = state.range(1) == 3;
  papbench::ArrivalAim aim;
  if (clear_ticks) start_path_ticks();  // the calibration outside the loop
  const papbench::clocksync::LocalClock local;
  StartPathBoard board;
  const StartPathWalk walk(512);  // 32 KiB: the L1 of most cores
  std::vector<double> arrival, work;
  std::int64_t call = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(walk.run());  // the caches as the last call left them
    std::int64_t deadline = clock.now() + lead_ns;
    if (clear_ticks) deadline = start_path_clear(clock, deadline);
    std::int64_t a_local = 0;
    std::int64_t aim_recorded = -1;  // the deadline the spin was aimed at, when it spun
    if (now_path) {
      board.arrived.store(++call, std::memory_order_release);
      const std::int64_t aim_at = aimed ? deadline - aim.lead_ns() : deadline;
      const papbench::WaitResult w = papbench::wait_until(clock, aim_at, papbench::kSpinWholeWait);
      a_local = papbench::clocksync::raw_now_ns();
      aim_recorded = aimed && w.late_at_entry_ns == 0 ? aim_at : -1;
    } else {
      wait_via_function([&clock] { return clock.now(); }, deadline, papbench::kDefaultSpinNs);
      board.arrived.store(++call, std::memory_order_release);
      a_local = local.now();  // out of line, as CaseRunner read it
    }
    const std::size_t end = walk.run();
    const std::int64_t f_local = papbench::clocksync::raw_now_ns();
    benchmark::DoNotOptimize(end);
    // After the timed work, as CaseRunner records it after the call.
    if (aim_recorded >= 0) aim.record(clock.snapshot.to_global(a_local) - aim_recorded);
    arrival.push_back(static_cast<double>(std::abs(clock.snapshot.to_global(a_local) - deadline)));
    work.push_back(static_cast<double>(f_local - a_local));
  }
  state.counters["arrival_p50_ns"] = start_path_pct(arrival, 0.5);
  state.counters["arrival_p99_ns"] = start_path_pct(arrival, 0.99);
  state.counters["late_pct"] =
      100.0 *
      static_cast<double>(
          std::count_if(arrival.begin(), arrival.end(), [](double a) { return a > 1'000; })) /
      static_cast<double>(arrival.size());
  state.counters["work_p50_ns"] = start_path_pct(work, 0.5);
  state.counters["work_p99_ns"] = start_path_pct(work, 0.99);
}
// Fixed iteration counts: the distributions, not the wall time, are the figures of interest.
BENCHMARK(BM_StartPath)
    ->Args({1'000'000, 0})
    ->Args({1'000'000, 1})
    ->Args({100'000, 0})
    ->Args({100'000, 1})
    ->ArgNames({"lead_ns", "now"})
    ->Iterations(500)
    ->Unit(benchmark::kMicrosecond);
// The margin where every rank has a CPU of its own (50 us), without and with the tick grids
// avoided: 4000 waits, so that a 1% effect shows (a stall spans a deadline ~40 times).
BENCHMARK(BM_StartPath)
    ->Args({50'000, 1})
    ->Args({50'000, 2})
    ->Args({50'000, 3})
    ->ArgNames({"lead_ns", "now"})
    ->Iterations(4000)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
