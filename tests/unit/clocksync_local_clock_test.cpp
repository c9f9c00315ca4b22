// The raw clock, the distortion test hook, and the deterministic draw of distortions.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "clocksync/global_clock.hpp"
#include "clocksync/sync_check.hpp"

namespace papbench::clocksync {
namespace {

TEST(RawClock, IsMonotonicNanoseconds) {
  const std::int64_t a = raw_now_ns();
  const std::int64_t b = raw_now_ns();
  EXPECT_GT(a, 0);
  EXPECT_GE(b, a);
}

TEST(LocalClock, DefaultIsTheRawClock) {
  const LocalClock c;
  EXPECT_FALSE(c.distortion().active());
  EXPECT_EQ(c.from_raw(123'456'789), 123'456'789);
  const std::int64_t before = raw_now_ns();
  const std::int64_t now = c.now();
  EXPECT_GE(now, before);
  EXPECT_LE(now, raw_now_ns());
}

TEST(LocalClock, OffsetOnly) {
  const LocalClock c(Distortion{-10'000'000, 0}, 1'000);
  EXPECT_TRUE(c.distortion().active());
  EXPECT_EQ(c.from_raw(50'000'000), 40'000'000);
}

TEST(LocalClock, DriftIsRelativeToTheEpoch) {
  const std::int64_t epoch = 1'000'000'000'000'000;  // a realistic raw value
  const LocalClock c(Distortion{500, 100}, epoch);
  EXPECT_EQ(c.epoch_raw(), epoch);
  EXPECT_EQ(c.from_raw(epoch), epoch + 500);
  // 100 ppm over 1 s is 100 us, over -1 s it is -100 us.
  EXPECT_EQ(c.from_raw(epoch + 1'000'000'000), epoch + 1'000'000'000 + 500 + 100'000);
  EXPECT_EQ(c.from_raw(epoch - 1'000'000'000), epoch - 1'000'000'000 + 500 - 100'000);
  // Sub-nanosecond drift rounds to the nearest nanosecond.
  EXPECT_EQ(c.from_raw(epoch + 4'999), epoch + 4'999 + 500 + 0);
  EXPECT_EQ(c.from_raw(epoch + 5'001), epoch + 5'001 + 500 + 1);
}

TEST(LocalClock, NegativeDriftRunsSlow) {
  const LocalClock c(Distortion{0, -250}, 0);
  EXPECT_EQ(c.from_raw(2'000'000'000), 2'000'000'000 - 500'000);
}

TEST(LocalClock, ConstructionSetsTheEpochToNow) {
  const std::int64_t before = raw_now_ns();
  const LocalClock c(Distortion{0, 1000});
  const std::int64_t after = raw_now_ns();
  EXPECT_GE(c.epoch_raw(), before);
  EXPECT_LE(c.epoch_raw(), after);
  // Right after construction the drift has had no time to accumulate.
  EXPECT_LE(std::llabs(c.from_raw(c.epoch_raw()) - c.epoch_raw()), 0);
}

TEST(LocalClock, TwoRanksClocksFromOneRawReading) {
  // What the sync check relies on: with a common epoch the difference of two distorted clocks is
  // known exactly at every raw instant.
  const std::int64_t epoch = 777'000'000'000;
  const LocalClock ref(Distortion{3'000'000, 40}, epoch);
  const LocalClock other(Distortion{-2'000'000, -60}, epoch);
  const std::int64_t raw = epoch + 2'000'000'000;
  EXPECT_EQ(ref.from_raw(raw) - other.from_raw(raw), 5'000'000 + 80'000 + 120'000);
}

TEST(LocalClock, WanderIsASineAroundTheLine) {
  Distortion d;
  d.wander_ns = 2000;
  d.wander_period_ns = 4'000'000'000;
  const LocalClock c(d, 0);
  EXPECT_TRUE(d.active());
  EXPECT_EQ(c.from_raw(0), 0);
  EXPECT_EQ(c.from_raw(1'000'000'000), 1'000'000'000 + 2000);  // a quarter period: the peak
  EXPECT_EQ(c.from_raw(2'000'000'000), 2'000'000'000);
  EXPECT_EQ(c.from_raw(3'000'000'000), 3'000'000'000 - 2000);
}

TEST(LocalClock, DriftStepChangesTheRateAtItsInstant) {
  Distortion d;
  d.drift_ppm = 10;
  d.step_ppm = -30;
  d.step_at_ns = 1'000'000'000;
  const LocalClock c(d, 0);
  EXPECT_EQ(c.from_raw(1'000'000'000), 1'000'000'000 + 10'000);
  // After the step: 10 ppm - 30 ppm = -20 ppm for the second second.
  EXPECT_EQ(c.from_raw(2'000'000'000), 2'000'000'000 + 20'000 - 30'000);
}

TEST(Estimator, Names) {
  EXPECT_EQ(to_string(Estimator::kMinRtt), "min-rtt");
  EXPECT_EQ(to_string(Estimator::kMedian), "median");
}

TEST(DrawDistortion, DeterministicAndWithinBounds) {
  const Distortion max{10'000'000, 100};
  bool any_negative_offset = false, any_positive_drift = false;
  for (int rank = 0; rank < 64; ++rank) {
    const Distortion d = draw_distortion(max, 42, rank);
    const Distortion again = draw_distortion(max, 42, rank);
    EXPECT_EQ(d.offset_ns, again.offset_ns);
    EXPECT_EQ(d.drift_ppm, again.drift_ppm);
    EXPECT_LE(std::llabs(d.offset_ns), max.offset_ns);
    EXPECT_LE(std::abs(d.drift_ppm), max.drift_ppm);
    any_negative_offset |= d.offset_ns < 0;
    any_positive_drift |= d.drift_ppm > 0;
  }
  EXPECT_TRUE(any_negative_offset);
  EXPECT_TRUE(any_positive_drift);
  EXPECT_NE(draw_distortion(max, 1, 3).offset_ns, draw_distortion(max, 2, 3).offset_ns);
  EXPECT_NE(draw_distortion(max, 1, 3).offset_ns, draw_distortion(max, 1, 4).offset_ns);
  EXPECT_FALSE(draw_distortion({}, 1, 3).active());
}

TEST(DrawDistortion, WanderAndStepWithinBoundsAndOffsetsUnchanged) {
  const Distortion linear{10'000'000, 100};
  Distortion max = linear;
  max.wander_ns = 5000;
  max.wander_period_ns = 20'000'000'000;
  max.step_ppm = 30;
  max.step_at_ns = 3'000'000'000;
  bool any_negative_wander = false;
  for (int rank = 0; rank < 64; ++rank) {
    const Distortion d = draw_distortion(max, 42, rank);
    // A seed draws the same offsets and drifts as before wander and step existed.
    EXPECT_EQ(d.offset_ns, draw_distortion(linear, 42, rank).offset_ns);
    EXPECT_EQ(d.drift_ppm, draw_distortion(linear, 42, rank).drift_ppm);
    EXPECT_LE(std::llabs(d.wander_ns), max.wander_ns);
    EXPECT_LE(std::abs(d.step_ppm), max.step_ppm);
    EXPECT_EQ(d.wander_period_ns, max.wander_period_ns);
    EXPECT_EQ(d.step_at_ns, max.step_at_ns);
    any_negative_wander |= d.wander_ns < 0;
  }
  EXPECT_TRUE(any_negative_wander);
}

}  // namespace
}  // namespace papbench::clocksync
