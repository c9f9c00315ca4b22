// The trend verdict rule of the paper views (tools/report/core/trend_verdict.hpp, issue 29): our
// direction from compare's CI of new/base, the paper's from its speed-up, the no-effect band both
// share (issue 44), and how they combine.
#include "tools/report/core/trend_verdict.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace papbench::report {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(TrendVerdict, OurDirectionIsWhereTheRatioCiLiesAgainstOne) {
  EXPECT_EQ(direction_from_ratio(0.88, 0.80, 0.95, kNoBand), Direction::kFaster);
  EXPECT_EQ(direction_from_ratio(1.10, 1.02, 1.30, kNoBand), Direction::kSlower);
  EXPECT_EQ(direction_from_ratio(1.00, 0.90, 1.10, kNoBand), Direction::kNone);
  EXPECT_EQ(direction_from_ratio(1.0, 1.0, 1.0, kNoBand), Direction::kNone);    // identical
  EXPECT_EQ(direction_from_ratio(0.97, 0.95, 1.0, kNoBand), Direction::kNone);  // touching 1
  EXPECT_EQ(direction_from_ratio(0.7, kNaN, 0.5, kNoBand), Direction::kNone);   // no comparison
  EXPECT_EQ(direction_from_ratio(kNaN, 0.4, 0.5, kNoBand), Direction::kNone);
  // Without a band any significant difference counts, however small.
  EXPECT_EQ(direction_from_ratio(1.0005, 1.0004, 1.0006, kNoBand), Direction::kSlower);
}

// The defect this band fixes: the paper's side had it, ours not, so a noiseless simulation's
// difference under 0.05 ms in 83.4 ms ([Proficz2020] Table 3, 2048K at 0 ms: BSLN/LIN 1.00
// [1.00, 1.00], here 1.0005) was "an effect the paper lacks" where the paper's -1.3 ms (x1.02)
// was no effect.
TEST(TrendVerdict, BothSidesUseTheSameNoEffectBand) {
  constexpr double kBand = 0.05;
  EXPECT_EQ(direction_from_ratio(1.0005, 1.0004, 1.0006, kBand), Direction::kNone);
  EXPECT_EQ(direction_from_speedup(1.02, kBand), Direction::kNone);
  EXPECT_TRUE(agrees_in_sign(direction_from_ratio(1.0005, 1.0004, 1.0006, kBand),
                             direction_from_speedup(1.02, kBand)));
  // The same speed-up is judged alike on both sides: ours is 1 / ratio.
  for (const double speedup : {0.90, 0.96, 1.04, 1.06, 1.25}) {
    const double ratio = 1 / speedup;
    EXPECT_EQ(direction_from_ratio(ratio, ratio * 0.999, ratio * 1.001, kBand),
              direction_from_speedup(speedup, kBand))
        << "speed-up " << speedup;
  }
  // Outside the band significance still decides: a wide CI holding 1 is no difference.
  EXPECT_EQ(direction_from_ratio(0.89, 0.70, 1.10, kBand), Direction::kNone);
  EXPECT_EQ(direction_from_ratio(0.89, 0.87, 0.93, kBand), Direction::kFaster);  // T3 50 ms
  EXPECT_EQ(direction_from_ratio(1.31, 1.20, 1.40, kBand), Direction::kSlower);
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
