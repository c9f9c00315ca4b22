#include "imbalance/tick_grid.hpp"

#include <time.h>

#include <algorithm>
#include <array>
#include <vector>

#include "common/smpi_platform.hpp"

namespace papbench {

namespace {

constexpr std::int64_t kTickSlackNs = 2'000;  // the stalls' start scatters by ~0.6 us
constexpr std::int64_t kStallMinNs = 1'000;   // a read-to-read gap longer than this is a stall
constexpr std::size_t kMaxCalibrationGaps = 4096;

// The most stalls whose phase lies within one 2 * kTickSlackNs window, and that window's middle.
struct Cluster {
  std::size_t count = 0;
  std::int64_t phase = 0;
};
Cluster densest_phase(std::span<const std::int64_t> starts, std::int64_t period) {
  std::vector<std::int64_t> phases;
  phases.reserve(starts.size() * 2);
  for (std::int64_t s : starts) phases.push_back(tick_phase_of(s, period));
  std::sort(phases.begin(), phases.end());
  // Unrolled once more around the circle, so a cluster across phase 0 is one window.
  const std::size_t n = phases.size();
  for (std::size_t i = 0; i < n; ++i) phases.push_back(phases[i] + period);
  Cluster best;
  std::size_t j = 0;
  for (std::size_t i = 0; i < n; ++i) {
    j = std::max(j, i);
    while (j + 1 < i + n && phases[j + 1] - phases[i] <= 2 * kTickSlackNs) ++j;
    const std::size_t count = j - i + 1;
    if (count > best.count) {
      best = {count, tick_phase_of(phases[i + (j - i) / 2], period)};  // the median member
    }
  }
  return best;
}

}  // namespace

std::int64_t monotonic_now_ns() {
  return smpi::clock_ns(CLOCK_MONOTONIC);
}

TickGrids find_tick_grids(std::span<const std::int64_t> gap_starts_ns, std::int64_t begin_ns,
                          std::int64_t end_ns) {
  // Shortest first: a grid's stalls line up with its multiples too (a 1 ms tick looks like a
  // 4 ms one), so each grid found takes its stalls out of the search for the longer ones.
  std::vector<std::int64_t> left(gap_starts_ns.begin(), gap_starts_ns.end());
  TickGrids out;
  for (std::size_t i = 0; i < kTickPeriods.size(); ++i) {
    const std::int64_t period = kTickPeriods[i];
    const std::int64_t ticks = (end_ns - begin_ns) / period;
    if (ticks < 3) continue;
    const Cluster c = densest_phase(left, period);
    if (20 * static_cast<std::int64_t>(c.count) <= 11 * ticks) continue;
    out.grids[i] = {period, c.phase};
    std::erase_if(left, [&](std::int64_t s) {
      return tick_phase_of(s - c.phase + kTickSlackNs, period) <= 2 * kTickSlackNs;
    });
  }
  return out;
}

TickGrids measure_tick_grids(std::int64_t duration_ns) {
  std::vector<std::int64_t> starts;
  starts.reserve(kMaxCalibrationGaps);
  const std::int64_t begin = monotonic_now_ns();
  std::int64_t t = begin;
  while (t - begin < duration_ns && starts.size() < kMaxCalibrationGaps) {
    const std::int64_t next = monotonic_now_ns();
    if (next - t > kStallMinNs) starts.push_back(t);
    t = next;
  }
  return find_tick_grids(starts, begin, t);
}

std::int64_t clear_of_ticks(std::int64_t start_ns, std::int64_t period_ns, std::int64_t phase_lo_ns,
                            std::int64_t phase_hi_ns, std::int64_t before_ns,
                            std::int64_t after_ns) {
  if (period_ns <= 0 || phase_hi_ns - phase_lo_ns + before_ns + after_ns >= period_ns) {
    return start_ns;
  }
  // The forbidden stretch around the tick, as [0, width) after its beginning.
  const std::int64_t width = phase_hi_ns - phase_lo_ns + before_ns + after_ns;
  const std::int64_t into = tick_phase_of(start_ns - (phase_lo_ns - before_ns), period_ns);
  return into < width ? start_ns + (width - into) : start_ns;
}

}  // namespace papbench
