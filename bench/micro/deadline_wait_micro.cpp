// Deadline-wait accuracy: how late wait_until() returns after its deadline (sleep, then spin
// for the last 200 us), for several lead times. The distribution is reported as counters.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "clocksync/global_clock.hpp"
#include "imbalance/deadline_wait.hpp"

namespace {

void BM_DeadlineWaitOvershoot(benchmark::State& state) {
  const papbench::clocksync::LocalClock clock;
  const std::int64_t lead_ns = state.range(0);
  const std::int64_t spin_ns = state.range(1);
  std::vector<double> overshoot;
  for (auto _ : state) {
    const std::int64_t deadline = clock.now() + lead_ns;
    const papbench::WaitResult r = papbench::wait_until(clock, deadline, spin_ns);
    overshoot.push_back(static_cast<double>(r.overshoot_ns));
  }
  std::sort(overshoot.begin(), overshoot.end());
  auto pct = [&](double p) {
    return overshoot[static_cast<std::size_t>(p * static_cast<double>(overshoot.size() - 1))];
  };
  state.counters["overshoot_p50_ns"] = pct(0.5);
  state.counters["overshoot_p99_ns"] = pct(0.99);
  state.counters["overshoot_max_ns"] = overshoot.back();
}
// Fixed iteration counts: the distribution, not the wall time, is the figure of interest.
BENCHMARK(BM_DeadlineWaitOvershoot)
    ->Args({100'000, 200'000})
    ->Args({1'000'000, 200'000})
    ->Args({10'000'000, 200'000})
    ->Args({1'000'000, 0})
    ->ArgNames({"lead_ns", "spin_ns"})
    ->Iterations(200)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
