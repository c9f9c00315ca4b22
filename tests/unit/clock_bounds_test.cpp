// The clock error bound of cross-rank metrics, on a hand-made two-iteration, three-rank case
// whose every bound is worked out in the comments.
#include "results/clock_bounds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <vector>

#include "results/statistics.hpp"
#include "tests/unit/matrix_rows.hpp"

namespace papbench::results {
namespace {

// Iteration 0: the extremes lead the others by more than any bound, so each metric's bound is
// that of its two ranks. Iteration 1: rank 1 arrives 50 ns after rank 0 with a 300 ns bound and
// exits 100 ns before it, so its clock could make it the true first arrival and the true last
// exit.
CaseRecord bounded_case() {
  CaseRecord rec;
  rec.collective = "reduce";
  rec.algorithm = "native";
  rec.iterations = 2;
  rec.ranks = 3;
  rec.arrival_ns = rows({{1000, 5000, 9000}, {1000, 1050, 5000}});
  rec.exit_ns = rows({{20000, 21000, 30000}, {20000, 19900, 19950}});
  rec.clock_bound_ns = rows({{0, 100, 200}, {0, 300, 100}});
  rec.clock_slew_ns = rows({{0, 0, 0}, {0, -5, 0}});
  rec.late = {0, 0};
  return rec;
}

TEST(ClockBounds, RunTimeAddsTheBoundsOfLastExitAndFirstArrival) {
  // it 0: last exit rank 2 (200) + first arrival rank 0 (0).
  // it 1: exit: rank 1 may be up to 19900 + 300 = 20200, 200 past the measured 20000; arrival:
  // rank 1 may be as early as 1050 - 300 = 750, 250 before the measured 1000.
  EXPECT_EQ(clock_bound_series(bounded_case(), Metric::kRunTime), (std::vector<double>{200, 450}));
}

TEST(ClockBounds, AfterLastArrivalAddsTheBoundsOfLastExitAndLastArrival) {
  // it 0: rank 2 twice (200 + 200); it 1: 200 + rank 2's 100 (rank 1's 1050 + 300 stays short
  // of 5000).
  EXPECT_EQ(clock_bound_series(bounded_case(), Metric::kAfterLastArrival),
            (std::vector<double>{400, 300}));
}

TEST(ClockBounds, ImbalanceAddsTheBoundsOfLastAndFirstArrival) {
  EXPECT_EQ(clock_bound_series(bounded_case(), Metric::kImbalance),
            (std::vector<double>{200, 350}));
}

TEST(ClockBounds, PlanAndArrivalErrorHaveNone) {
  for (Metric m : {Metric::kPlannedImbalance, Metric::kArrivalError}) {
    EXPECT_FALSE(compares_clocks(m));
    EXPECT_FALSE(has_clock_bound(m));
    EXPECT_TRUE(clock_bound_series(bounded_case(), m).empty());
  }
}

// bounded_case() with the bound a current build records over each call, that of each rank's own
// interval f - a: the exits' bounds are the arrivals' plus it, {0, 110, 260} and {0, 340, 130}.
CaseRecord with_call_bounds() {
  CaseRecord rec = bounded_case();
  rec.clock_elapsed_bound_ns = rows({{0, 10, 60}, {0, 40, 30}});
  return rec;
}

TEST(ClockBounds, ExitsGrowOverTheCallWhenRecorded) {
  EXPECT_EQ(exit_clock_bounds(with_call_bounds(), 1), (std::vector<std::int64_t>{0, 340, 130}));
  EXPECT_EQ(exit_clock_bounds(bounded_case(), 1), (std::vector<std::int64_t>{0, 300, 100}));
  // it 0: last exit rank 2 (260) + first arrival rank 0 (0); it 1: rank 1 may exit up to
  // 19900 + 340 = 20240, 240 past the measured 20000, + the arrival's 250 as before.
  EXPECT_EQ(clock_bound_series(with_call_bounds(), Metric::kRunTime),
            (std::vector<double>{260, 490}));
  // it 0: 260 + rank 2's arrival 200; it 1: 240 + 100.
  EXPECT_EQ(clock_bound_series(with_call_bounds(), Metric::kAfterLastArrival),
            (std::vector<double>{460, 340}));
  // Arrivals only: unchanged.
  EXPECT_EQ(clock_bound_series(with_call_bounds(), Metric::kImbalance),
            (std::vector<double>{200, 350}));
  EXPECT_TRUE(records_call_bounds(with_call_bounds()));
  EXPECT_FALSE(records_call_bounds(bounded_case()));
}

TEST(ClockBounds, ElapsedIsTheMeanOfTheRanksIntervalBounds) {
  EXPECT_TRUE(has_clock_bound(Metric::kElapsed));
  EXPECT_FALSE(compares_clocks(Metric::kElapsed));
  EXPECT_EQ(clock_bound_series(with_call_bounds(), Metric::kElapsed),
            (std::vector<double>{70.0 / 3, 70.0 / 3}));
}

TEST(ClockBounds, ElapsedOfAnOlderFileGetsTheSlewTermOnly) {
  // No bounds over the call: a slew in progress at the arrival (rank 1 in iteration 1, 5 ns left)
  // moves f - a by at most what was left of it, and by at most 1000 ppm of the call's local
  // length (18850 ns on the global clock, at most 18850 / 0.998 local: 19 ns).
  EXPECT_EQ(clock_bound_series(bounded_case(), Metric::kElapsed),
            (std::vector<double>{0, 5.0 / 3}));
  CaseRecord long_slew = bounded_case();
  long_slew.clock_slew_ns = rows({{0, 0, 0}, {0, -50'000, 0}});
  EXPECT_EQ(clock_bound_series(long_slew, Metric::kElapsed), (std::vector<double>{0, 19.0 / 3}));
}

TEST(ClockBounds, SelectionKeepsTheChosenIterations) {
  IterationSelection only_second;
  only_second.kept = {1};
  EXPECT_EQ(clock_bound_series(bounded_case(), Metric::kRunTime, only_second),
            (std::vector<double>{450}));
}

TEST(ClockBounds, SlewingIterationsCountsAnyRankStillSlewing) {
  IterationSelection all;
  all.kept = {0, 1};
  EXPECT_EQ(slewing_iterations(bounded_case(), all), 1);
  IterationSelection first;
  first.kept = {0};
  EXPECT_EQ(slewing_iterations(bounded_case(), first), 0);
}

// The summary's "±" must bound the reported median's own error. A simulation: per-iteration
// bounds that vary (most iterations tight, some far looser, as around a resync or on a busy
// node), true values, and errors anywhere within each bound (uniform or pushed to one side); the
// measured median is never further from the true one than median_error_bound says. The median of
// the per-iteration bounds (the rule before issue 26) is not such a bound: with a third of the
// iterations loose and their errors on one side, the median moves by far more.
TEST(MedianErrorBound, CoversTheMediansErrorWhenEveryErrorIsWithinItsBound) {
  std::mt19937_64 rng(26008);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int median_of_bounds_failed = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t n = 5 + static_cast<std::size_t>(unit(rng) * 60);
    const double loose_share = unit(rng) * 0.5;
    const bool one_sided = trial % 2 == 0;
    std::vector<double> truth(n), bound(n), measured(n);
    for (std::size_t i = 0; i < n; ++i) {
      truth[i] = 10'000 + 1'000 * unit(rng);
      bound[i] = unit(rng) < loose_share ? 2'000 * unit(rng) : 20 * unit(rng);
      const double e =
          one_sided ? bound[i] * (0.5 + 0.5 * unit(rng)) : bound[i] * (2 * unit(rng) - 1);
      measured[i] = truth[i] + e;
    }
    const double error = std::abs(stats::median(measured) - stats::median(truth));
    const double pm = median_error_bound(measured, bound);
    ASSERT_LE(error, pm + 1e-9) << "trial " << trial;
    ASSERT_LE(pm, *std::max_element(bound.begin(), bound.end()) + 1e-9) << "trial " << trial;
    if (error > stats::median(bound)) ++median_of_bounds_failed;
  }
  EXPECT_GT(median_of_bounds_failed, 100);  // the old rule understates it often
}

TEST(MedianErrorBound, EqualBoundsGiveThatBound) {
  const std::vector<double> v{5, 1, 9, 3}, b{7, 7, 7, 7};
  EXPECT_DOUBLE_EQ(median_error_bound(v, b), 7);
  EXPECT_TRUE(std::isnan(median_error_bound({}, {})));
}

TEST(MedianErrorBound, ALooseIterationAtTheMedianCounts) {
  // Bounds 0 but at the middle value: the median of the bounds says 0, yet the middle iteration
  // could truly lie anywhere in [30 - 100, 30 + 100], moving the median to 20 or 40.
  const std::vector<double> v{10, 20, 30, 40, 50}, b{0, 0, 100, 0, 0};
  EXPECT_DOUBLE_EQ(median_error_bound(v, b), 10);
  CaseRecord rec = bounded_case();
  IterationSelection all;
  all.kept = {0, 1};
  // Run time 29000 and 19000 with bounds 200 and 450 (see above): the median (24000) moves by
  // the mean of the two when both move together, at most (200 + 450) / 2.
  EXPECT_DOUBLE_EQ(median_clock_bound(rec, Metric::kRunTime, all), 325);
}

TEST(ClockBounds, OlderFilesRecordNone) {
  CaseRecord rec = bounded_case();
  rec.clock_bound_ns = Matrix();
  rec.clock_slew_ns = Matrix();
  EXPECT_TRUE(clock_bound_series(rec, Metric::kRunTime).empty());
  IterationSelection all;
  all.kept = {0, 1};
  EXPECT_EQ(slewing_iterations(rec, all), -1);
}

TEST(ClockBounds, MisshapenBoundsAreAFormatError) {
  CaseRecord rec = bounded_case();
  rec.clock_bound_ns = rows({{0, 100, 200}});
  EXPECT_THROW(clock_bound_series(rec, Metric::kRunTime), FormatError);
  rec = bounded_case();
  rec.clock_slew_ns = rows({{0, 0}, {0, 0}});
  IterationSelection all;
  all.kept = {0, 1};
  EXPECT_THROW(slewing_iterations(rec, all), FormatError);
}

}  // namespace
}  // namespace papbench::results
