#pragma once
// --warmup-settle: the optional criterion that ends a case's warm-up once its timing has stopped
// drifting (cold caches, the first use of a communicator, a CPU clock ramping up), rather than
// after a fixed --warmup count alone (issue 26 item 7).

#include <span>

namespace papbench {

// The settle rule compares the medians of two windows of this many warm-up iterations.
inline constexpr int kSettleWindow = 5;
// --warmup-settle EPS without :MAX: the most warm-up iterations a case may run.
inline constexpr int kDefaultWarmupMax = 100;

// --warmup-settle EPS[:MAX] (RunOptions::warmup_settle, a Setting: off or this rule).
struct WarmupSettle {
  double eps = 0;  // the fraction the medians must agree within
  int max = 0;     // the most warm-up iterations in all, the fixed --warmup ones included
  bool operator==(const WarmupSettle&) const = default;
};

// Whether the warm-up values so far (the ci_metric of each warm-up iteration, oldest first) have
// settled: the median of the last kSettleWindow lies within `eps` (a fraction) of the median of
// the kSettleWindow before them. Medians, so that one slow iteration neither settles nor unsettles
// it. False while fewer than 2 x kSettleWindow values exist.
bool warmup_settled(std::span<const double> values, double eps);

}  // namespace papbench
