#include "tools/report/core/trend_verdict.hpp"

#include <cmath>

namespace papbench::report {

namespace {

// The one test of "no effect" both sides share.
bool within_band(double speedup, double band) {
  return !std::isfinite(speedup) || std::fabs(speedup - 1) < band;
}

}  // namespace

Direction direction_from_ratio(double ratio, double ratio_ci_low, double ratio_ci_high,
                               double band) {
  if (!std::isfinite(ratio_ci_low) || !std::isfinite(ratio_ci_high)) return Direction::kNone;
  if (!(ratio > 0) || within_band(1 / ratio, band)) return Direction::kNone;
  if (ratio_ci_high < 1) return Direction::kFaster;
  if (ratio_ci_low > 1) return Direction::kSlower;
  return Direction::kNone;
}

Direction direction_from_speedup(double speedup, double band) {
  if (within_band(speedup, band)) return Direction::kNone;
  return speedup > 1 ? Direction::kFaster : Direction::kSlower;
}

Verdict trend_verdict(Direction ours, Direction paper) {
  if (ours == Direction::kNone) return Verdict::kNoSignificantDifference;
  if (paper == Direction::kNone) return Verdict::kEffectPaperLacks;
  return ours == paper ? Verdict::kSameSign : Verdict::kOppositeSign;
}

bool agrees_in_sign(Direction ours, Direction paper) {
  return ours == paper;
}

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kSameSign:
      return "same sign";
    case Verdict::kOppositeSign:
      return "opposite sign";
    case Verdict::kNoSignificantDifference:
      return "no significant difference";
    case Verdict::kEffectPaperLacks:
      return "effect the paper lacks";
  }
  return "?";
}

std::string_view direction_name(Direction d) {
  switch (d) {
    case Direction::kFaster:
      return "faster";
    case Direction::kNone:
      return "no difference";
    case Direction::kSlower:
      return "slower";
  }
  return "?";
}

}  // namespace papbench::report
