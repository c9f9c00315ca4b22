#include "imbalance/tick_grid.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace papbench {
namespace {

// Stalls as a calibration spin sees them: one per tick, beginning `phase` (+-600 ns) after each
// multiple of `period`, plus `noise` stalls at random instants.
std::vector<std::int64_t> stalls(std::int64_t begin, std::int64_t end, std::int64_t period,
                                 std::int64_t phase, int noise) {
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<std::int64_t> jitter(-600, 600), anywhere(begin, end - 1);
  std::vector<std::int64_t> out;
  for (std::int64_t t = begin - tick_phase_of(begin, period) + phase; t < end; t += period) {
    if (t >= begin) out.push_back(t + jitter(rng));
  }
  for (int i = 0; i < noise; ++i) out.push_back(anywhere(rng));
  return out;
}

TEST(TickGrid, FindsTheHz250GridAmongOtherStalls) {
  const std::int64_t begin = 1'000'000'123, end = begin + 50'000'000;
  const TickGrids found = find_tick_grids(stalls(begin, end, 4'000'000, 3'999'100, 40), begin, end);
  const TickGrid& g = found.grids[2];
  EXPECT_EQ(g.period_ns, 4'000'000);
  for (std::size_t i : {0, 1, 3}) EXPECT_FALSE(found.grids[i].known()) << i;
  // The phase just before the grid's multiples, within the jitter.
  EXPECT_NEAR(static_cast<double>(g.phase_ns), 3'999'100.0, 700.0);
}

TEST(TickGrid, TakesThePeriodNotItsMultiplesOrDivisors) {
  const std::int64_t begin = 5'000'000, end = begin + 50'000'000;
  const auto only = [&](std::int64_t period) {
    const TickGrids g = find_tick_grids(stalls(begin, end, period, 1'000, 0), begin, end);
    std::int64_t found = 0;
    for (const TickGrid& grid : g.grids) {
      if (grid.known()) found = found == 0 ? grid.period_ns : -1;
    }
    return found;
  };
  EXPECT_EQ(only(10'000'000), 10'000'000);
  EXPECT_EQ(only(4'000'000), 4'000'000);
  EXPECT_EQ(only(1'000'000), 1'000'000);
}

TEST(TickGrid, FindsTwoGridsAtOnce) {
  const std::int64_t begin = 0, end = 50'000'000;
  std::vector<std::int64_t> both = stalls(begin, end, 4'000'000, 3'999'100, 0);
  const std::vector<std::int64_t> other = stalls(begin, end, 10'000'000, 1'141'000, 0);
  both.insert(both.end(), other.begin(), other.end());
  const TickGrids g = find_tick_grids(both, begin, end);
  EXPECT_FALSE(g.grids[0].known());
  EXPECT_FALSE(g.grids[1].known());
  EXPECT_EQ(g.grids[2].period_ns, 4'000'000);
  EXPECT_EQ(g.grids[3].period_ns, 10'000'000);
  EXPECT_NEAR(static_cast<double>(g.grids[3].phase_ns), 1'141'000.0, 700.0);
}

bool none_known(const TickGrids& g) {
  for (const TickGrid& grid : g.grids) {
    if (grid.known()) return false;
  }
  return true;
}

TEST(TickGrid, NoGridInRandomStallsOrTooFewTicks) {
  const std::int64_t begin = 0, end = 50'000'000;
  EXPECT_TRUE(none_known(find_tick_grids({}, begin, end)));
  std::vector<std::int64_t> noise = stalls(begin, end, 4'000'000, 0, 300);
  noise.erase(noise.begin(), noise.begin() + 12);  // only the random ones are left
  EXPECT_TRUE(none_known(find_tick_grids(noise, begin, end)));
  // A spin of two periods cannot tell a grid from chance.
  EXPECT_TRUE(none_known(find_tick_grids(stalls(0, 8'000'000, 4'000'000, 0, 0), 0, 8'000'000)));
}

TEST(TickGrid, StartsInsideTheStretchMovePastIt) {
  // Ticks at 1000 + k * 4 ms: [995, 1050] (before 5, after 50) around each is avoided.
  const auto clear = [](std::int64_t t) { return clear_of_ticks(t, 4'000, 1'000, 1'000, 5, 50); };
  EXPECT_EQ(clear(994), 994);
  EXPECT_EQ(clear(995), 1'050);
  EXPECT_EQ(clear(1'020), 1'050);
  EXPECT_EQ(clear(1'050), 1'050);
  EXPECT_EQ(clear(4'000'000 + 1'010), 4'000'000 + 1'050);
  EXPECT_EQ(clear(-4'000 + 1'000), -4'000 + 1'050);  // negative times too
}

TEST(TickGrid, ARangeOfPhasesAcrossZeroIsAvoidedWhole) {
  // The ranks' phases lie in [-30, 20] (mod 4000): avoided from -35 to 70.
  EXPECT_EQ(clear_of_ticks(3'970, 4'000, -30, 20, 5, 50), 4'070);
  EXPECT_EQ(clear_of_ticks(4'000, 4'000, 3'970, 4'020, 5, 50), 4'070);
  EXPECT_EQ(clear_of_ticks(4'070, 4'000, -30, 20, 5, 50), 4'070);
  EXPECT_EQ(clear_of_ticks(3'964, 4'000, -30, 20, 5, 50), 3'964);
}

TEST(TickGrid, UnknownOrTooWideGridsLeaveTheStartAlone) {
  EXPECT_EQ(clear_of_ticks(1'020, 0, 1'000, 1'000, 5, 50), 1'020);
  EXPECT_EQ(clear_of_ticks(1'020, 50, 1'000, 1'000, 5, 50), 1'020);
}

}  // namespace
}  // namespace papbench
