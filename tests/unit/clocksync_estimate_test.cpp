// The MPI-free arithmetic of clock sync: Cristian offsets, estimators, drift fit, mapping, slew.

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "clocksync/estimate.hpp"
#include "clocksync/global_clock.hpp"

namespace papbench::clocksync {
namespace {

// A synchronizing rank whose clock is `offset` behind the reference (global = local + offset),
// with one-way latencies `there` and `back`.
PingPong exchange(std::int64_t local_send, std::int64_t offset, std::int64_t there,
                  std::int64_t back) {
  const std::int64_t ref = local_send + there + offset;
  return {local_send, ref, local_send + there + back};
}

TEST(PingPong, SymmetricPathsGiveTheExactOffset) {
  const PingPong p = exchange(1'000'000, 12'345, 700, 700);
  EXPECT_EQ(p.rtt(), 1400);
  EXPECT_EQ(p.local_mid(), 1'000'700);
  EXPECT_EQ(p.offset(), 12'345);
  // global = local + offset: the local mid maps onto the reference reading.
  EXPECT_EQ(p.local_mid() + p.offset(), p.ref);
}

TEST(PingPong, NegativeOffsetKeepsItsSign) {
  EXPECT_EQ(exchange(5'000'000, -10'000'000, 400, 400).offset(), -10'000'000);
}

TEST(PingPong, AsymmetryErrorIsBoundedByHalfTheRtt) {
  const PingPong p = exchange(0, 1000, 900, 100);
  EXPECT_EQ(p.offset() - 1000, (900 - 100) / 2);
  EXPECT_LE(p.offset() - 1000, p.rtt() / 2);
}

TEST(EstimateOffset, MinRttPicksTheFastestExchange) {
  const std::vector<PingPong> samples{exchange(0, 500, 5000, 100),      // queued on the way out
                                      exchange(10'000, 500, 300, 300),  // clean
                                      exchange(20'000, 500, 100, 8000)};
  const SyncPoint s = estimate_offset(samples, Estimator::kMinRtt);
  EXPECT_EQ(s.offset_ns, 500);
  EXPECT_EQ(s.rtt_ns, 600);
  EXPECT_EQ(s.local, 10'300);
}

TEST(EstimateOffset, MedianIsListing31Element) {
  // Offsets 500 + (there - back)/2: 2950, 500, -3450, 600, 400 -> sorted middle is 500.
  const std::vector<PingPong> samples{exchange(0, 500, 5000, 100), exchange(10'000, 500, 300, 300),
                                      exchange(20'000, 500, 100, 8000),
                                      exchange(30'000, 500, 400, 200),
                                      exchange(40'000, 500, 200, 400)};
  const SyncPoint s = estimate_offset(samples, Estimator::kMedian);
  EXPECT_EQ(s.offset_ns, 500);
  EXPECT_EQ(s.local, 10'300);  // the instant of the median sample
  EXPECT_EQ(s.rtt_ns, 600);    // the error bound is still the minimum RTT
}

TEST(EstimateOffset, EmptyIsAnError) {
  EXPECT_THROW(estimate_offset({}, Estimator::kMinRtt), std::invalid_argument);
}

TEST(FitOffsetLine, RecoversDriftAndOffset) {
  // 100 ppm relative drift, offset 10 ms at local 1e15 (a realistic raw clock value).
  const std::int64_t t0 = 1'000'000'000'000'000;
  std::vector<SyncPoint> pts;
  for (int i = 0; i < 5; ++i) {
    const std::int64_t t = t0 + i * 1'000'000'000LL;
    pts.push_back({t, 10'000'000 + i * 100'000, 1000});
  }
  const LineFit f = fit_offset_line(pts);
  EXPECT_EQ(f.ref_local, pts.back().local);
  EXPECT_EQ(f.offset_at_ref, 10'400'000);
  EXPECT_NEAR(f.slope, 100e-6, 1e-12);
}

TEST(FitOffsetLine, AveragesNoise) {
  // Alternating +-50 ns around a 20 ppm line: slope and intercept stay close to the truth.
  std::vector<SyncPoint> pts;
  for (int i = 0; i < 8; ++i) {
    const std::int64_t t = i * 1'000'000'000LL;
    pts.push_back({t, -3000 + i * 20'000 + (i % 2 == 0 ? 50 : -50), 1000});
  }
  const LineFit f = fit_offset_line(pts);
  EXPECT_NEAR(f.slope, 20e-6, 0.1e-6);
  EXPECT_NEAR(static_cast<double>(f.offset_at_ref), -3000 + 7 * 20'000, 60);
}

TEST(FitOffsetLine, DiscountsPointsWithLongRoundTrips) {
  // A 10 ppm line measured with 1 us round trips, and one sync taken under load: 200 us round
  // trip and an offset 80 us off. Weighted by 1/rtt^2 it barely moves the fit.
  std::vector<SyncPoint> pts;
  for (int i = 0; i < 6; ++i) {
    const std::int64_t t = i * 1'000'000'000LL;
    pts.push_back({t, i * 10'000 + (i == 3 ? 80'000 : 0), i == 3 ? 200'000 : 1000});
  }
  const LineFit f = fit_offset_line(pts);
  EXPECT_NEAR(f.slope, 10e-6, 0.01e-6);
  EXPECT_NEAR(static_cast<double>(f.offset_at_ref), 50'000, 10);
}

TEST(FitOffsetLine, DegenerateInputs) {
  EXPECT_EQ(fit_offset_line({}).slope, 0);
  const std::vector<SyncPoint> one{{42, 7, 1}};
  const LineFit f = fit_offset_line(one);
  EXPECT_EQ(f.ref_local, 42);
  EXPECT_EQ(f.offset_at_ref, 7);
  EXPECT_EQ(f.slope, 0);
  const std::vector<SyncPoint> same_instant{{42, 7, 1}, {42, 9, 1}};
  EXPECT_EQ(fit_offset_line(same_instant).slope, 0);
}

TEST(Mapping, AppliesOffsetAndDriftAroundTheReference) {
  const Mapping m{1'000'000'000, 250, 50e-6};
  EXPECT_EQ(m.apply(1'000'000'000), 1'000'000'250);
  EXPECT_EQ(m.apply(2'000'000'000), 2'000'000'000 + 250 + 50'000);
  EXPECT_EQ(m.apply(0), 250 - 50'000);
  EXPECT_EQ(Mapping{}.apply(123), 123);
}

TEST(Slew, StartsContinuousAndFadesOut) {
  const Mapping next{0, 0, 0};
  const Slew s = make_slew(/*current_global=*/1'000'000 + 3000, /*at_local=*/1'000'000, next, 1e-3,
                           1'000'000, 1'000'000);
  EXPECT_EQ(s.delta_ns, 3000);
  EXPECT_EQ(s.length_ns, 3'000'000);  // 3 us at 1000 ppm
  EXPECT_EQ(next.apply(1'000'000) + s.residual(1'000'000), 1'003'000);
  EXPECT_EQ(s.residual(1'000'000 + 1'500'000), 1500);
  EXPECT_EQ(s.residual(1'000'000 + 3'000'000), 0);
  EXPECT_EQ(s.residual(0), 3000);
}

TEST(Slew, BackwardCorrectionNeverRunsTheClockBackwards) {
  const Mapping next{0, -20'000, 0};  // the new estimate is 20 us behind the old clock
  const std::int64_t at = 5'000'000;
  const Slew s = make_slew(at, at, next, 1e-3, 1'000'000, 1'000'000);
  std::int64_t previous = next.apply(at - 1000) + s.residual(at - 1000);
  for (std::int64_t t = at - 999; t < at + s.length_ns + 1000; t += 997) {
    const std::int64_t g = next.apply(t) + s.residual(t);
    EXPECT_GE(g, previous) << "at local " << t;
    previous = g;
  }
}

TEST(Slew, MinimumLengthAndHugeSteps) {
  const Mapping next{};
  EXPECT_EQ(make_slew(10, 0, next, 1e-3, 1'000'000, 1'000'000).length_ns, 1'000'000);
  EXPECT_EQ(make_slew(0, 0, next, 1e-3, 1'000'000, 1'000'000).length_ns, 0);
  const Slew huge = make_slew(2'000'000, 0, next, 1e-3, 1'000'000, 1'000'000);
  EXPECT_EQ(huge.length_ns, 0);
  EXPECT_EQ(huge.residual(0), 0);
}

}  // namespace
}  // namespace papbench::clocksync
