#pragma once
// The kernel's periodic tick, and starts placed clear of it (issue 30, item 1).
//
// A rank that spins towards its planned arrival loses its CPU to every timer tick: on the 2-core
// KVM guest of issue 30 (CONFIG_HZ=250, no skew_tick) a spin reading CLOCK_MONOTONIC stalls
// 230-240 times a second, each stall beginning 0.7-1.2 us before a multiple of 4 ms of
// CLOCK_MONOTONIC and lasting 16-30 us (p5-p50; longer under load, where the tick is also when
// another task takes the CPU). A deadline inside such a stall is missed by up to its length: with
// a stall of ~25 us every 4 ms, 0.6% of a rank's waits, ~1.25% of 2-rank iterations, the "1.5%
// of iterations hit by 5-10 us" that held the arrival error's p99 at 7 us. The tick hrtimer
// expires on the CLOCK_MONOTONIC grid, the same instants on every CPU of a host, so a start can
// be moved off it: measure the grid once, then shift an agreed start that would fall into
// [tick - before, tick + after] to just after the stall.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace papbench {

// The tick as seen from CLOCK_MONOTONIC: a stall begins at phase_ns + k * period_ns.
// period_ns == 0: no tick grid was found (a tickless CPU, or too much other noise).
struct TickGrid {
  std::int64_t period_ns = 0;
  std::int64_t phase_ns = 0;  // in [0, period_ns)
  bool known() const { return period_ns > 0; }
};

// The periods looked for: 1/HZ for HZ = 1000, 300, 250, 100, shortest first. On the issue-30 VM
// two are found: the 4 ms tick, and a source that stalls every CPU at one phase every 10 ms.
inline constexpr std::array<std::int64_t, 4> kTickPeriods{1'000'000, 3'333'333, 4'000'000,
                                                          10'000'000};
inline constexpr std::size_t kMaxTickGrids = kTickPeriods.size();
struct TickGrids {
  // grids[i]: the grid of period kTickPeriods[i], or unknown (period 0) where none was found, so
  // that ranks compare grids by position.
  std::array<TickGrid, kMaxTickGrids> grids{};
};

// The grids in the stalls of a calibration spin that read CLOCK_MONOTONIC from `begin_ns` to
// `end_ns` (gap_starts_ns: the last reading before each gap longer than a microsecond). A period
// of 1/HZ for the usual HZ (100, 250, 300, 1000) is a grid when more than 55% of the periods the
// spin spans began a stall within +-2 us of one phase. A grid does not pass as one of its
// multiples or divisors: shortest first, each grid's stalls are left out of the search for the
// longer ones (a 4 ms tick's stalls fill three of five 10 ms periods in 50 ms), and a 4 ms tick
// lines up with 1 ms only in every fourth.
TickGrids find_tick_grids(std::span<const std::int64_t> gap_starts_ns, std::int64_t begin_ns,
                          std::int64_t end_ns);

// CLOCK_MONOTONIC now, in ns: the clock whose grid the tick's hrtimer follows.
std::int64_t monotonic_now_ns();

// Spins for `duration_ns` reading CLOCK_MONOTONIC and returns find_tick_grids of its stalls.
TickGrids measure_tick_grids(std::int64_t duration_ns);

// The earliest t >= start_ns (both on a clock whose ticks fall at phase_ns + k * period_ns, phase
// known within [phase_lo_ns, phase_hi_ns]) not within [tick - before_ns, tick + after_ns] of any
// tick; start_ns itself for an unknown grid (period_ns <= 0).
std::int64_t clear_of_ticks(std::int64_t start_ns, std::int64_t period_ns, std::int64_t phase_lo_ns,
                            std::int64_t phase_hi_ns, std::int64_t before_ns,
                            std::int64_t after_ns);

// Non-negative x mod period.
inline std::int64_t tick_phase_of(std::int64_t x, std::int64_t period_ns) {
  const std::int64_t r = x % period_ns;
  return r < 0 ? r + period_ns : r;
}

}  // namespace papbench
