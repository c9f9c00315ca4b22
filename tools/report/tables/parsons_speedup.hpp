#pragma once
// [Parsons2015]'s speed-up aggregation, as pure functions. Tables 3.6-3.8 print "mean latency
// speedups over MPICH, averaged over all buffer sizes and levels of imbalance": for one core
// count, the arithmetic mean over the grid's cells (4 buffer sizes x 6 imbalance levels) of
// T_baseline(cell) / T_candidate(cell). Recomputing Table 3.6 and 3.7 from the appendix tables
// (A.1-A.3, B.1, B.3, B.4) this way reproduces the printed values to +-0.02; a ratio of sums or a
// geometric mean does not. The chapter-3 headlines (18.9x reduce, 5.3x bcast, 6.9x alltoall) are
// the mean of those per-core-count means. Tables 2.1 and 2.2 print the mean and the max over the
// buffer sizes of the same per-cell ratio (one imbalance level: none).

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace papbench::report::parsons {

// The thesis' imbalance level: xtime loop iterations of Listing 3.2 (0, 10000, ..., 160000).
// Cases of other patterns get a level of their own, ordered after the xtime levels.
struct ImbalanceLevel {
  std::int64_t order = 0;  // xtime iterations; other patterns: their maximum delay in ns
  std::string label;       // "xtime 10000", "xtime 10000 (replay)", "uniform 4ms"
  auto operator<=>(const ImbalanceLevel&) const = default;
};

// One cell of a grid: a size (papbench's count, in elements) at one imbalance level.
struct GridCell {
  std::uint64_t count = 0;
  ImbalanceLevel level;
  auto operator<=>(const GridCell&) const = default;
};

// The mean time of one algorithm per cell, in ns.
using CellTimes = std::map<GridCell, double>;

struct Speedup {
  double mean = 0;        // arithmetic mean over the common cells of T_base / T_cand; NaN: no cell
  double max = 0;         // the largest of those ratios; NaN: no cell
  std::size_t cells = 0;  // cells both measured (a candidate time > 0)
  std::size_t baseline_only = 0;   // cells of the baseline the candidate lacks
  std::size_t candidate_only = 0;  // cells of the candidate the baseline lacks
};

// T_base / T_cand per common cell, aggregated as the thesis does.
Speedup speedup_over(const CellTimes& baseline, const CellTimes& candidate);

// The per-cell ratios themselves, for the detail of a report.
std::map<GridCell, double> cell_ratios(const CellTimes& baseline, const CellTimes& candidate);

// The mean of the finite values (NaN when there is none): the headline over core counts.
double mean_of_finite(std::span<const double> values);

// The level of a pattern as papbench records it. `compute:XTIME` is the thesis' level itself;
// `replay:SOURCE` is the level of the recorded case it replays, which `replayed_xtime` looks up
// (nullopt: unknown, the level is then named by the pattern). Other patterns are named with their
// maximum delay.
ImbalanceLevel imbalance_level(std::string_view pattern, std::int64_t maxdelay_ns,
                               const std::optional<std::int64_t>& replayed_xtime = std::nullopt);

}  // namespace papbench::report::parsons
