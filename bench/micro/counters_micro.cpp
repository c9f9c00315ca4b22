// Cost of counting: one CounterSet start/stop pair, the price every timed call pays when
// --counters is given (it lies outside the timestamps but delays the next arrival).

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "counters/counter_set.hpp"

namespace {

void run_start_stop(benchmark::State& state, const std::vector<std::string>& events) {
  papbench::CounterSet set(events, papbench::CounterDomain::kUser);
  if (set.available().size() != events.size()) {
    state.SkipWithError("event not countable here (see 'papbench counters')");
    return;
  }
  std::vector<std::int64_t> values(events.size());
  for (auto _ : state) {
    set.start();
    set.stop(values);
    benchmark::DoNotOptimize(values.data());
  }
}

void BM_CountersStartStop_None(benchmark::State& state) {
  run_start_stop(state, {});
}
BENCHMARK(BM_CountersStartStop_None);

void BM_CountersStartStop_TaskClock(benchmark::State& state) {
  run_start_stop(state, {"perf::TASK-CLOCK"});
}
BENCHMARK(BM_CountersStartStop_TaskClock);

void BM_CountersStartStop_ThreeSoftware(benchmark::State& state) {
  run_start_stop(state, {"perf::TASK-CLOCK", "perf::CONTEXT-SWITCHES", "perf::PAGE-FAULTS"});
}
BENCHMARK(BM_CountersStartStop_ThreeSoftware);

}  // namespace
