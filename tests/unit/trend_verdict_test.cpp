// The trend verdict rule of the paper views (tools/report/core/trend_verdict.hpp, issue 29): our
// direction from compare's CI of new/base, the paper's from its speed-up, and how they combine.
#include "tools/report/core/trend_verdict.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace papbench::report {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(TrendVerdict, OurDirectionIsWhereTheRatioCiLiesAgainstOne) {
  EXPECT_EQ(direction_from_ratio_ci(0.80, 0.95), Direction::kFaster);
  EXPECT_EQ(direction_from_ratio_ci(1.02, 1.30), Direction::kSlower);
  EXPECT_EQ(direction_from_ratio_ci(0.90, 1.10), Direction::kNone);
  EXPECT_EQ(direction_from_ratio_ci(1.0, 1.0), Direction::kNone);   // identical samples
  EXPECT_EQ(direction_from_ratio_ci(0.95, 1.0), Direction::kNone);  // touching 1 is not below
  EXPECT_EQ(direction_from_ratio_ci(kNaN, 0.5), Direction::kNone);  // no comparison
}

TEST(TrendVerdict, ThePapersDirectionIsItsSpeedupOutsideTheFlatBand) {
  EXPECT_EQ(direction_from_speedup(1.15, 0.05), Direction::kFaster);  // [Proficz2020] T3 2048K
  EXPECT_EQ(direction_from_speedup(0.79, 0.05), Direction::kSlower);  // T4 1024K at 0 ms
  EXPECT_EQ(direction_from_speedup(1.03, 0.05), Direction::kNone);
  EXPECT_EQ(direction_from_speedup(0.97, 0.05), Direction::kNone);
  EXPECT_EQ(direction_from_speedup(kNaN, 0.05), Direction::kNone);
  EXPECT_EQ(direction_from_speedup(1.03, 0.0), Direction::kFaster);  // no band: any sign counts
}

TEST(TrendVerdict, VerdictsCombineBothDirections) {
  using enum Direction;
  EXPECT_EQ(trend_verdict(kFaster, kFaster), Verdict::kSameSign);
  EXPECT_EQ(trend_verdict(kSlower, kSlower), Verdict::kSameSign);
  EXPECT_EQ(trend_verdict(kFaster, kSlower), Verdict::kOppositeSign);
  EXPECT_EQ(trend_verdict(kSlower, kFaster), Verdict::kOppositeSign);
  EXPECT_EQ(trend_verdict(kNone, kFaster), Verdict::kNoSignificantDifference);
  EXPECT_EQ(trend_verdict(kNone, kNone), Verdict::kNoSignificantDifference);
  EXPECT_EQ(trend_verdict(kFaster, kNone), Verdict::kEffectPaperLacks);
}

TEST(TrendVerdict, AgreeingInSignMeansTheSameDirectionNoEffectIncluded) {
  using enum Direction;
  EXPECT_TRUE(agrees_in_sign(kFaster, kFaster));
  EXPECT_TRUE(agrees_in_sign(kNone, kNone));
  EXPECT_FALSE(agrees_in_sign(kNone, kFaster));  // the paper's effect did not show here
  EXPECT_FALSE(agrees_in_sign(kSlower, kNone));
  EXPECT_FALSE(agrees_in_sign(kFaster, kSlower));
}

TEST(TrendVerdict, NamesAndTally) {
  EXPECT_EQ(verdict_name(Verdict::kSameSign), "same sign");
  EXPECT_EQ(verdict_name(Verdict::kOppositeSign), "opposite sign");
  EXPECT_EQ(verdict_name(Verdict::kNoSignificantDifference), "no significant difference");
  EXPECT_EQ(direction_name(Direction::kFaster), "faster");
  VerdictTally t;
  t.add(true);
  t.add(false);
  t.add(true);
  EXPECT_EQ(t.agreeing, 2);
  EXPECT_EQ(t.rows, 3);
}

}  // namespace
}  // namespace papbench::report
