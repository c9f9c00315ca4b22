// Micro-benchmarks of the segment-tree Clairvoyant scheduler (segtree_index.hpp): its
// primitives on a full tree of P = N = 512 random columns (the Table 1 size), each on both
// kernel paths (arg 0: scalar64, 1: avx2, skipped without AVX2), and whole schedules of
// `papbench schedgen` uniform and skewed instances.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <random>

#include "bench/schedgen_instance.hpp"
#include "collectives/reduce/clairvoyant/segtree_index.hpp"

namespace {

using papbench::clv::segtree::ColumnTree;
using papbench::clv::segtree::Path;
using papbench::clv::segtree::WordVector;

constexpr int kP = 512, kN = 512;

bool pick_path(benchmark::State& state, Path& path) {
  path = state.range(0) == 0 ? Path::kScalar : Path::kAvx2;
  if (!papbench::clv::segtree::path_available(path)) {
    state.SkipWithError("no AVX2 on this CPU");
    return false;
  }
  state.SetLabel(std::string(papbench::clv::segtree::path_name(path)));
  return true;
}

// Columns with each bit set with probability 1/8 (a mid-schedule density), all processes in order.
struct Fixture {
  WordVector columns;
  std::vector<int> order;
  Fixture() : columns(static_cast<std::size_t>(kP) * papbench::clv::segtree::column_words(kN)) {
    std::mt19937_64 rng(1);
    for (auto& w : columns) w = rng() & rng() & rng();
    for (int p = 0; p < kP; ++p) order.push_back(p);
  }
};
const Fixture& fixture() {
  static const Fixture f;
  return f;
}

void BM_Build(benchmark::State& state) {
  Path path{};
  if (!pick_path(state, path)) return;
  ColumnTree tree(kN, path);
  for (auto _ : state) {
    tree.build(fixture().order, fixture().columns);
    benchmark::ClobberMemory();
  }
}

void BM_AllExceptOne(benchmark::State& state) {
  Path path{};
  if (!pick_path(state, path)) return;
  ColumnTree tree(kN, path);
  tree.build(fixture().order, fixture().columns);
  std::size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(tree.first_common(k, {}));
    k = (k + 97) % kP;
  }
}

void BM_FindLeftmost(benchmark::State& state) {
  Path path{};
  if (!pick_path(state, path)) return;
  ColumnTree tree(kN, path);
  tree.build(fixture().order, fixture().columns);
  int s = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(tree.find_leftmost(s));
    s = (s + 61) % kN;
  }
}

void BM_FindLeftmostFrom(benchmark::State& state) {
  Path path{};
  if (!pick_path(state, path)) return;
  ColumnTree tree(kN, path);
  tree.build(fixture().order, fixture().columns);
  int s = 0;
  std::size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(tree.find_leftmost_from(k, s));
    s = (s + 61) % kN;
    k = (k + 97) % kP;
  }
}

// Updates: clearing leaves and bits until the tree is empty, then rebuilding (its cost is
// reported by BM_Build and excluded here).
void BM_ClearLeaf(benchmark::State& state) {
  Path path{};
  if (!pick_path(state, path)) return;
  ColumnTree tree(kN, path);
  tree.build(fixture().order, fixture().columns);
  std::size_t k = 0, done = 0;
  for (auto _ : state) {
    tree.clear_leaf(k);
    k = (k + 97) % kP;
    if (++done == kP) {
      state.PauseTiming();
      tree.build(fixture().order, fixture().columns);
      done = 0;
      state.ResumeTiming();
    }
  }
}

void BM_ClearBit(benchmark::State& state) {
  Path path{};
  if (!pick_path(state, path)) return;
  ColumnTree tree(kN, path);
  tree.build(fixture().order, fixture().columns);
  std::size_t k = 0;
  int s = 0;
  for (auto _ : state) {
    tree.clear_bit(k, s);
    k = (k + 97) % kP;
    s = (s + 61) % kN;
  }
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

BENCHMARK(BM_Build)->Arg(0)->Arg(1);
BENCHMARK(BM_AllExceptOne)->Arg(0)->Arg(1);
BENCHMARK(BM_FindLeftmost)->Arg(0)->Arg(1);
BENCHMARK(BM_FindLeftmostFrom)->Arg(0)->Arg(1);
BENCHMARK(BM_ClearLeaf)->Arg(0)->Arg(1);
BENCHMARK(BM_ClearBit)->Arg(0)->Arg(1);
BENCHMARK(BM_Schedule)
    ->ArgsProduct({{0, 1}, {64, 128, 256, 512}, {0, 1}})
    ->Unit(benchmark::kMillisecond);
