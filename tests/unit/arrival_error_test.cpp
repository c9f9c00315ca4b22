// The arrival rule (results/arrival_error.hpp): the default tolerance from the planned delay
// span, `off`, the boundary, the error distribution the reports print, and compare's warning.

#include "results/arrival_error.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace papbench::results {
namespace {

TEST(ArrivalTolerance, DefaultIsTheLargerOf5usAnd1PercentOfTheSpan) {
  EXPECT_EQ(default_arrival_tolerance_ns(0), 5'000);             // none, compute:XTIME
  EXPECT_EQ(default_arrival_tolerance_ns(400'000), 5'000);       // 1%: 4 us < 5 us
  EXPECT_EQ(default_arrival_tolerance_ns(500'000), 5'000);       // 1%: exactly 5 us
  EXPECT_EQ(default_arrival_tolerance_ns(2'000'000), 20'000);    // 2 ms: 20 us
  EXPECT_EQ(default_arrival_tolerance_ns(50'000'000), 500'000);  // 50 ms: 500 us
  EXPECT_EQ(default_arrival_tolerance_ns(1'000'000'000), 10'000'000);
}

TEST(ArrivalTolerance, ErrorOfExactlyTheToleranceIsKeptEitherSign) {
  const ArrivalTolerance five_us = ArrivalTolerance::of(5'000);
  EXPECT_FALSE(beyond_arrival_tolerance(0, five_us));
  EXPECT_FALSE(beyond_arrival_tolerance(5'000, five_us));
  EXPECT_FALSE(beyond_arrival_tolerance(-5'000, five_us));
  EXPECT_TRUE(beyond_arrival_tolerance(5'001, five_us));
  EXPECT_TRUE(beyond_arrival_tolerance(-5'001, five_us));  // early counts as much as late
  EXPECT_TRUE(beyond_arrival_tolerance(1, ArrivalTolerance::of(0)));  // only a perfect arrival
}

TEST(ArrivalTolerance, OffKeepsEverything) {
  for (std::int64_t e : {std::int64_t{0}, std::int64_t{-1'000'000'000}, std::int64_t{1} << 40}) {
    EXPECT_FALSE(beyond_arrival_tolerance(e, ArrivalTolerance::off())) << e;
  }
}

// The file's encoding: a duration as itself, off as -1, and back (old files hold the same).
TEST(ArrivalTolerance, AttributeEncoding) {
  EXPECT_EQ(arrival_tolerance_attr(ArrivalTolerance::of(5'000)), 5'000);
  EXPECT_EQ(arrival_tolerance_attr(ArrivalTolerance::off()), -1);
  EXPECT_EQ(arrival_tolerance_from_attr(-1), ArrivalTolerance::off());
  EXPECT_EQ(arrival_tolerance_from_attr(0), ArrivalTolerance::of(0));
  EXPECT_EQ(larger_tolerance(ArrivalTolerance::off(), ArrivalTolerance::of(3)),
            ArrivalTolerance::of(3));
  EXPECT_EQ(larger_tolerance(ArrivalTolerance::of(7), ArrivalTolerance::of(3)),
            ArrivalTolerance::of(7));
}

// 2 ranks, errors given per iteration; late flags as the run sets them for `tolerance`.
CaseRecord with_errors(const std::vector<std::vector<std::int64_t>>& errors,
                       ArrivalTolerance tolerance) {
  CaseRecord c;
  const int rows = static_cast<int>(errors.size());
  c.arrival_ns = Matrix(rows, 2);
  c.arrival_error_ns = Matrix(rows, 2);
  c.arrival_tolerance = tolerance;
  for (int i = 0; i < rows; ++i) {
    bool off = false;
    for (int r = 0; r < 2; ++r) {
      c.arrival_error_ns.at(i, r) =
          errors[static_cast<std::size_t>(i)][static_cast<std::size_t>(r)];
      off = off || beyond_arrival_tolerance(c.arrival_error_ns.at(i, r), tolerance);
    }
    c.late.push_back(off ? 1 : 0);
  }
  return c;
}

TEST(ArrivalErrorSummary, MedianAndP99OfAbsoluteErrorsOverEveryRankAndIteration) {
  // |errors|: 0, 1, 2, ..., 99 (signs alternate): median 49.5, p99 the 99th smallest = 98.
  std::vector<std::vector<std::int64_t>> errors;
  for (std::int64_t i = 0; i < 50; ++i) errors.push_back({2 * i, -(2 * i + 1)});
  const ArrivalErrorSummary s =
      summarize_arrival_errors(with_errors(errors, ArrivalTolerance::of(90)));
  ASSERT_TRUE(s.recorded);
  EXPECT_EQ(s.tolerance, ArrivalTolerance::of(90));
  EXPECT_DOUBLE_EQ(s.median_abs_ns, 49.5);
  EXPECT_DOUBLE_EQ(s.p99_abs_ns, 98);
  EXPECT_EQ(s.iterations, 50);
  EXPECT_EQ(s.flagged, 5);  // |errors| 91 .. 99 lie in iterations 45 .. 49
  EXPECT_DOUBLE_EQ(s.dropped_fraction(), 0.1);
}

TEST(ArrivalErrorSummary, LaunchesPoolAndAFileWithoutErrorsSaysSo) {
  const CaseRecord a = with_errors({{0, 10}, {20, 30}}, ArrivalTolerance::of(25));
  const CaseRecord b = with_errors({{0, 0}, {0, 0}}, ArrivalTolerance::off());
  const CaseRecord* both[] = {&a, &b};
  const ArrivalErrorSummary s = summarize_arrival_errors(both);
  EXPECT_TRUE(s.recorded);
  EXPECT_EQ(s.iterations, 4);
  EXPECT_EQ(s.flagged, 1);
  EXPECT_DOUBLE_EQ(s.median_abs_ns, 0);
  EXPECT_DOUBLE_EQ(s.p99_abs_ns, 30);

  CaseRecord old;  // format < 1.8: late flags (a missed start) but no errors
  old.arrival_ns = Matrix(4, 2);
  old.late = {0, 1, 0, 0};
  const ArrivalErrorSummary o = summarize_arrival_errors(old);
  EXPECT_FALSE(o.recorded);
  EXPECT_TRUE(std::isnan(o.median_abs_ns));
  EXPECT_DOUBLE_EQ(o.dropped_fraction(), 0.25);  // still what the late flags dropped
}

// An on-demand reader's case not loaded with its plan (results::CaseParts::planned) holds the
// errors' shape without their values: no summary of zero errors, but "not recorded" here.
TEST(ArrivalErrorSummary, AShapeOnlyMatrixIsNotLoaded) {
  CaseRecord shape = with_errors({{1, 2}, {3, 4}}, ArrivalTolerance::of(25));
  shape.arrival_error_ns.data.clear();
  const ArrivalErrorSummary s = summarize_arrival_errors(shape);
  EXPECT_FALSE(s.recorded);
  EXPECT_TRUE(std::isnan(s.median_abs_ns));
  EXPECT_EQ(s.iterations, 2);
}

TEST(ArrivalErrorSummary, EverythingDroppedAndNothingRunStayReadable) {
  const ArrivalErrorSummary all =
      summarize_arrival_errors(with_errors({{9, 9}, {9, 9}}, ArrivalTolerance::of(1)));
  EXPECT_DOUBLE_EQ(all.dropped_fraction(), 1.0);
  EXPECT_DOUBLE_EQ(all.median_abs_ns, 9);
  const ArrivalErrorSummary none =
      summarize_arrival_errors(with_errors({}, ArrivalTolerance::of(1)));
  EXPECT_EQ(none.iterations, 0);
  EXPECT_TRUE(std::isnan(none.dropped_fraction()));
  EXPECT_TRUE(std::isnan(none.p99_abs_ns));
}

TEST(DroppedFractions, DifferMoreThanFivePointsWarns) {
  ArrivalErrorSummary a, b;
  a.iterations = b.iterations = 100;
  a.flagged = 10;
  b.flagged = 15;  // 5 points: not more than 5
  EXPECT_FALSE(dropped_fractions_differ(a, b));
  b.flagged = 16;
  EXPECT_TRUE(dropped_fractions_differ(a, b));
  EXPECT_TRUE(dropped_fractions_differ(b, a));
  b.iterations = 0;  // a side without iterations has no fraction to compare
  EXPECT_FALSE(dropped_fractions_differ(a, b));
}

}  // namespace
}  // namespace papbench::results
