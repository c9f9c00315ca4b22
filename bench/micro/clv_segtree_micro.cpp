// Micro-benchmark of the segment-tree Clairvoyant scheduler (segtree_index.hpp): whole schedules
// of `papbench schedgen` uniform and skewed instances on both kernel paths (arg 0: scalar64,
// 1: avx2, skipped without AVX2). docs/SCHEDGEN.md has the profile at P = N = 512.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "bench/commands/schedgen_instance.hpp"
#include "collectives/reduce/clairvoyant/segtree_index.hpp"

namespace {

using papbench::clv::segtree::Path;

bool pick_path(benchmark::State& state, Path& path) {
  path = state.range(0) == 0 ? Path::kScalar : Path::kAvx2;
  if (!papbench::clv::segtree::path_available(path)) {
    state.SkipWithError("no AVX2 on this CPU");
    return false;
  }
  return true;
}

// Whole schedules: arg 0 the path, arg 1 P (= N), arg 2 the pattern (0 uniform, 1 skewed).
void BM_Schedule(benchmark::State& state) {
  Path path{};
  if (!pick_path(state, path)) return;
  const int P = static_cast<int>(state.range(1));
  const auto pattern = state.range(2) == 0 ? papbench::schedgen::Pattern::kUniform
                                           : papbench::schedgen::Pattern::kSkewed;
  const auto in = papbench::schedgen::make_instance(2021, pattern, P, 0);
  state.SetLabel(fmt::format("{} {}", papbench::clv::segtree::path_name(path),
                             papbench::schedgen::pattern_name(pattern)));
  for (auto _ : state) benchmark::DoNotOptimize(papbench::clv::segtree::schedule(in, path));
}

}  // namespace

BENCHMARK(BM_Schedule)
    ->ArgsProduct({{0, 1}, {64, 128, 256, 512}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

namespace {

// The round's sets side by side on the best path: arg 0 P (= N), arg 1 the pattern, arg 2 the sets
// (0 adaptive, the default; 1 counted; 2 checked).
void BM_ScheduleSets(benchmark::State& state) {
  using papbench::clv::segtree::Sets;
  const int P = static_cast<int>(state.range(0));
  const auto pattern = state.range(1) == 0 ? papbench::schedgen::Pattern::kUniform
                                           : papbench::schedgen::Pattern::kSkewed;
  const Sets sets = state.range(2) == 1   ? Sets::kCounted
                    : state.range(2) == 2 ? Sets::kChecked
                                          : Sets::kAdaptive;
  const auto in = papbench::schedgen::make_instance(2021, pattern, P, 0);
  const Path path = papbench::clv::segtree::best_path();
  state.SetLabel(fmt::format("{} {} {}", papbench::clv::segtree::path_name(path),
                             papbench::schedgen::pattern_name(pattern),
                             state.range(2) == 1   ? "counted"
                             : state.range(2) == 2 ? "checked"
                                                   : "adaptive"));
  for (auto _ : state) benchmark::DoNotOptimize(papbench::clv::segtree::schedule(in, path, sets));
}

}  // namespace

BENCHMARK(BM_ScheduleSets)
    ->ArgsProduct({{64, 128, 256, 512}, {0, 1}, {0, 1, 2}})
    ->Unit(benchmark::kMillisecond);
