// The clock error bound of cross-rank metrics, on a hand-made two-iteration, three-rank case
// whose every bound is worked out in the comments.
#include "results/clock_bounds.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

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

TEST(ClockBounds, MetricsOnOneClockHaveNone) {
  for (Metric m : {Metric::kElapsed, Metric::kPlannedImbalance, Metric::kArrivalError}) {
    EXPECT_FALSE(compares_clocks(m));
    EXPECT_TRUE(clock_bound_series(bounded_case(), m).empty());
  }
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
