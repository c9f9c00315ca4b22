// The MPI-free arithmetic of clock sync: Cristian offsets, estimators, drift fit, mapping, slew.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <span>
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

TEST(EstimateOffset, MinRttAloneIsTheFastestExchangesInterval) {
  const std::vector<PingPong> samples{exchange(10'000, 500, 200, 400)};
  const SyncPoint s = estimate_offset(samples, Estimator::kMinRtt, {0, 0});
  EXPECT_EQ(s.offset_ns, 400);  // the midpoint of [ref - recv, ref - send] = [100, 700]
  EXPECT_EQ(s.width_ns, 600);
  EXPECT_EQ(s.local, 10'300);
}

TEST(EstimateOffset, MinRttIntersectsEveryExchangesInterval) {
  // The first exchange was delayed only on its way out and the last only on its way back: each
  // proves one side of the offset more tightly than the clean exchange does ([400, 5500] and
  // [-7500, 600] against [200, 800]).
  const std::vector<PingPong> samples{exchange(0, 500, 5000, 100),      // queued on the way out
                                      exchange(10'000, 500, 300, 300),  // clean
                                      exchange(20'000, 500, 100, 8000)};
  const SyncPoint s = estimate_offset(samples, Estimator::kMinRtt, {0, 0});
  EXPECT_EQ(s.offset_ns, 500);
  EXPECT_EQ(s.width_ns, 200);
  EXPECT_EQ(s.local, 10'300);  // the fastest exchange's instant
  EXPECT_EQ(s.rtt_min_ns, 600);
}

// Exchanges with the reference whose offset drifts: global = local + offset0 + drift * local.
PingPong drifting_exchange(std::int64_t local_send, double drift, std::int64_t there,
                           std::int64_t back) {
  const std::int64_t read_local = local_send + there;
  const auto ref = read_local + 500 + std::llround(drift * static_cast<double>(read_local));
  return {local_send, ref, local_send + there + back};
}

TEST(EstimateOffset, MinRttIntervalHoldsUnderDrift) {
  // 150 ppm of drift over exchanges 1 ms apart moves the offset by 150 ns between them: the
  // intervals, widened by the drift range, still hold the true offset at the fastest instant.
  const double drift = 150e-6;
  std::vector<PingPong> samples;
  for (int k = 0; k < 8; ++k) {
    samples.push_back(
        drifting_exchange(k * 1'000'000LL, drift, k == 3 ? 150 : 150 + 97 * k, k == 5 ? 160 : 400));
  }
  const SyncPoint s = estimate_offset(samples, Estimator::kMinRtt, {0, kPriorMaxDrift});
  const double truth = 500 + drift * static_cast<double>(s.local);
  // (+1: the reference readings are rounded to the nanosecond.)
  EXPECT_LE(std::abs(static_cast<double>(s.offset_ns) - truth),
            static_cast<double>(s.width_ns) / 2 + 1);
  // With the drift known exactly the intersection narrows below the fastest round trip.
  const SyncPoint known = estimate_offset(samples, Estimator::kMinRtt, {drift, 1e-9});
  EXPECT_LE(std::abs(static_cast<double>(known.offset_ns) - truth),
            static_cast<double>(known.width_ns) / 2 + 1);
  EXPECT_LT(known.width_ns, known.rtt_min_ns);
}

TEST(EstimateOffset, MinRttFallsBackToTheFastestWhenIntervalsDoNotMeet) {
  // 1000 ppm of drift while the range assumed none: the intervals 10 ms apart miss each other
  // by far more than their width, and the fastest exchange's own interval is what remains.
  const std::vector<PingPong> samples{drifting_exchange(0, 1e-3, 300, 300),
                                      drifting_exchange(10'000'000, 1e-3, 400, 400)};
  const SyncPoint s = estimate_offset(samples, Estimator::kMinRtt, {0, 0});
  EXPECT_EQ(s.local, 300);
  EXPECT_EQ(s.width_ns, 600);
  EXPECT_EQ(s.offset_ns, samples[0].offset());
}

TEST(EstimateOffset, MedianIsListing31Element) {
  // Offsets 500 + (there - back)/2: 2950, 500, -3450, 600, 450 -> sorted middle is 500.
  const std::vector<PingPong> samples{exchange(0, 500, 5000, 100), exchange(10'000, 500, 300, 300),
                                      exchange(20'000, 500, 100, 8000),
                                      exchange(30'000, 500, 400, 200),
                                      exchange(40'000, 500, 150, 250)};
  const SyncPoint s = estimate_offset(samples, Estimator::kMedian);
  EXPECT_EQ(s.offset_ns, 500);
  EXPECT_EQ(s.local, 10'300);  // the instant of the median sample
  EXPECT_EQ(s.width_ns, 600);  // the median sample's own round trip bounds its offset
  EXPECT_EQ(s.rtt_min_ns, 400);
}

TEST(EstimateOffset, MedianBoundIsItsOwnSamplesRtt) {
  // The median offset (500) comes from a slow exchange: its bound is that exchange's rtt, not
  // the fastest one's (which would claim 150 ns for an offset known to 2500 ns).
  const std::vector<PingPong> samples{exchange(0, 500, 2500, 2500), exchange(10'000, 500, 1000, 0),
                                      exchange(20'000, 500, 0, 300)};
  const SyncPoint s = estimate_offset(samples, Estimator::kMedian);
  EXPECT_EQ(s.offset_ns, 500);
  EXPECT_EQ(s.width_ns, 5000);
  EXPECT_EQ(s.rtt_min_ns, 300);
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

// Sync points of a clock with offset 1000 + slope * local, each measured with error `err` (within
// its rtt/2) at one-second intervals.
std::vector<SyncPoint> line_points(double slope, std::int64_t rtt, std::vector<std::int64_t> errs) {
  std::vector<SyncPoint> pts;
  for (std::size_t i = 0; i < errs.size(); ++i) {
    const auto local = static_cast<std::int64_t>(i) * 1'000'000'000;
    const auto truth = 1000 + std::llround(slope * static_cast<double>(local));
    pts.push_back({local, truth + errs[i], rtt, rtt});
  }
  return pts;
}

TEST(SlopeRange, HoldsTheTrueDriftWhenEveryOffsetIsWithinItsBound) {
  const auto pts = line_points(3e-6, 1000, {500, -500, 200, -300, 499});
  const SlopeRange r = slope_range(pts, kPriorMaxDrift);
  EXPECT_LE(r.lo, 3e-6);
  EXPECT_GE(r.hi, 3e-6);
  // The widest pair (4 s apart, +-500 ns each) allows at most +-250 ns/s around its slope.
  EXPECT_LE(r.hi - r.lo, 2 * 250e-9 + 1e-12);
}

TEST(SlopeRange, PriorWithoutTwoInstants) {
  const std::vector<SyncPoint> one{{0, 5, 10, 10}};
  const SlopeRange r = slope_range(one, 1e-4);
  EXPECT_EQ(r.lo, -1e-4);
  EXPECT_EQ(r.hi, 1e-4);
}

TEST(LinearSuffix, KeepsEverythingALineExplains) {
  const auto pts = line_points(-7e-6, 2000, {0, 900, -900, 400, 0, -1000});
  EXPECT_EQ(linear_suffix(pts).size(), pts.size());
}

TEST(LinearSuffix, DropsThePointsBeforeADriftStep) {
  // 3 ppm for four seconds, then 13 ppm: no line fits both parts within +-50 ns.
  auto pts = line_points(3e-6, 100, {0, 0, 0, 0});
  const SyncPoint knee = pts.back();
  for (int i = 1; i <= 3; ++i) {
    pts.push_back({knee.local + i * 1'000'000'000LL, knee.offset_ns + i * 13'000LL, 100, 100});
  }
  const auto kept = linear_suffix(pts);
  EXPECT_EQ(kept.size(), 4U);  // the knee and the three after it
  EXPECT_EQ(kept.front().local, knee.local);
}

TEST(LinearSuffix, AtLeastTheNewestPair) {
  // Every point contradicts its neighbours: only the newest pair is left to trust.
  const std::vector<SyncPoint> zigzag{{0, 0, 10, 10}, {1000, 5000, 10, 10}, {2000, 0, 10, 10}};
  EXPECT_EQ(linear_suffix(zigzag).size(), 2U);
  EXPECT_EQ(linear_suffix(std::span<const SyncPoint>(zigzag).first(1)).size(), 1U);
}

TEST(BoundMapping, CoversTheTruthAlongTheExtrapolatedLine) {
  const double slope = 25e-6;
  const auto pts = line_points(slope, 1000, {400, -450, 100, 480});
  const LineFit fit = fit_offset_line(pts);
  const Mapping used{fit.ref_local, fit.offset_at_ref, fit.slope};
  const ErrorBound b = bound_mapping(pts, used);
  EXPECT_EQ(b.ref_local, pts.back().local);
  // At the sync: the newest point's rtt/2 plus the line's distance from that point.
  const std::int64_t from_point = std::llabs(used.offset_ns - pts.back().offset_ns);
  EXPECT_EQ(b.at_sync_ns, from_point + 500);
  for (std::int64_t after = 0; after <= 2'000'000'000; after += 100'000'000) {
    const std::int64_t local = b.ref_local + after;
    const auto truth = 1000 + std::llround(slope * static_cast<double>(local));
    const std::int64_t error = used.apply(local) - local - truth;
    EXPECT_LE(std::llabs(error), b.at(local)) << "at " << after << " ns after the sync";
  }
  EXPECT_GT(b.at(b.ref_local + 1'000'000'000), b.at_sync_ns);  // it grows away from the sync
}

TEST(BoundMapping, WithoutDriftFitTheBoundGrowsByTheAllowedDrift) {
  // A mapping with drift 0 on a clock that drifts 40 ppm: the bound must grow at least that fast.
  const auto pts = line_points(40e-6, 200, {0, 0});
  const Mapping used{pts.back().local, pts.back().offset_ns, 0.0};
  const ErrorBound b = bound_mapping(pts, used);
  EXPECT_GE(b.growth, 40e-6);
  EXPECT_EQ(b.at_sync_ns, 100);
}

TEST(BoundMapping, CoversADriftThatBendsBetweenSyncs) {
  // The offset bends like a 3 us, 4 s sinusoidal wander at its turning point (7.4 ppm/s of
  // curvature), synced every 200 ms with +-1 us round trips: the points fit one line within their
  // bounds, so the fitted drift is a secant over more than a second while the true drift has
  // moved on. (The intersection over all points claimed 2087 ns where the error reached 2089.)
  constexpr double kCurvature = 7.4e-15;  // per ns: 7.4 ppm of drift change per second
  constexpr std::int64_t kStep = 200'000'000;
  const auto truth = [&](std::int64_t local) {
    return std::llround(0.5 * kCurvature * static_cast<double>(local) * static_cast<double>(local));
  };
  std::vector<SyncPoint> pts;
  for (std::int64_t i = 0; i < 8; ++i) {
    const std::int64_t local = i * kStep;
    pts.push_back({local, truth(local), 2000, 2000});
  }
  const auto kept = linear_suffix(pts);
  const LineFit fit = fit_offset_line(kept);
  const Mapping used{fit.ref_local, fit.offset_at_ref, fit.slope};
  const ErrorBound b = bound_mapping(kept, used);
  for (std::int64_t after = 0; after <= kStep; after += kStep / 10) {
    const std::int64_t local = pts.back().local + after;
    const std::int64_t error = used.apply(local) - local - truth(local);
    EXPECT_LE(std::llabs(error), b.at(local)) << "at " << after << " ns after the sync";
  }
}

TEST(BoundMapping, OnePointFallsBackToThePrior) {
  const std::vector<SyncPoint> one{{0, 5, 300, 300}};
  const ErrorBound b = bound_mapping(one, Mapping{0, 5, 0});
  EXPECT_EQ(b.at_sync_ns, 150);
  EXPECT_EQ(b.growth, kPriorMaxDrift);
}

// A clock whose drift the syncs measured only to within +-growth: the exit of a timed call lies
// further from the sync than its arrival, so its bound, the arrival's plus the interval's, grows
// with the call by the drift uncertainty times its length (the harness once stored the arrival's
// bound for the exits too), and it still holds for the true clock.
TEST(IntervalBound, ExitBoundGrowsWithTheCallUnderADriftingClock) {
  const double slope = 40e-6;
  const auto pts = line_points(slope, 1000, {400, -450});
  const Mapping used{pts.back().local, pts.back().offset_ns, 0.0};  // the drift left unfitted
  const ErrorBound b = bound_mapping(pts, used);
  ASSERT_GE(b.growth, slope);
  const auto truth = [&](std::int64_t local) {
    return 1000 + std::llround(slope * static_cast<double>(local));
  };
  const std::int64_t a = b.ref_local + 100'000'000;
  std::int64_t previous = -1;
  for (const std::int64_t call : {0LL, 1'000'000LL, 10'000'000LL, 100'000'000LL}) {
    const std::int64_t f = a + call;
    const std::int64_t interval = interval_bound(b, Slew{}, a, f);
    EXPECT_EQ(interval, std::llround(std::ceil(b.growth * static_cast<double>(call))));
    const std::int64_t exit_bound = b.at(a) + interval;
    EXPECT_GT(exit_bound, previous) << "a call of " << call << " ns";
    previous = exit_bound;
    const std::int64_t exit_error = used.apply(f) - f - truth(f);
    EXPECT_LE(std::llabs(exit_error), exit_bound) << "a call of " << call << " ns";
    const std::int64_t interval_error =
        (used.apply(f) - used.apply(a)) - (f - a) - (truth(f) - truth(a));
    EXPECT_LE(std::llabs(interval_error), interval) << "a call of " << call << " ns";
  }
  // 100 ms on a clock whose drift is unknown by at least 40 ppm: at least 4 us.
  EXPECT_GE(interval_bound(b, Slew{}, a, a + 100'000'000), 4000);
}

// A slew changes the global clock's rate by up to kMaxSlewRate: an interval measured while one is
// in progress is off by what the slew moved over it, even on a clock whose drift is exact.
TEST(IntervalBound, ElapsedDuringASlewGetsTheSlewedPart) {
  const ErrorBound exact{0, 50, 0.0};
  const Slew slew = make_slew(/*current_global=*/1'000'000 + 3000, /*at_local=*/1'000'000,
                              Mapping{}, kMaxSlewRate, 1'000'000, 1'000'000);  // 3 us over 3 ms
  const std::int64_t a = 1'500'000, f = 2'500'000;                             // 1 ms inside it
  const std::int64_t during = interval_bound(exact, slew, a, f);
  EXPECT_EQ(slew.residual(a) - slew.residual(f), 1000);
  EXPECT_EQ(during, 1000);
  // The global clock, identity plus the slew, measures f - a - 1000 for a true f - a.
  const std::int64_t measured = (f + slew.residual(f)) - (a + slew.residual(a));
  EXPECT_LE(std::llabs(measured - (f - a)), during);
  // The same call after the slew has ended has no slew term.
  EXPECT_EQ(interval_bound(exact, slew, a + 10'000'000, f + 10'000'000), 0);
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
