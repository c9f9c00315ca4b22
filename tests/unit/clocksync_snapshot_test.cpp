// The inline conversion GlobalClock::now() reads (ClockSnapshot) against the out-of-line
// arithmetic it replaces: the same nanosecond for every mapping, slew and instant.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "clocksync/clock_snapshot.hpp"
#include "clocksync/estimate.hpp"

namespace papbench::clocksync {
namespace {

TEST(ClockSnapshot, RoundHalfAwayIsLlround) {
  for (const double x :
       {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
        4503599627370495.5, -4503599627370495.5, 9007199254740993.0, 1e18, -1e18}) {
    EXPECT_EQ(round_half_away(x), std::llround(x)) << x;
  }
  std::mt19937_64 rng(30);
  std::uniform_real_distribution<double> wide(-1e12, 1e12);
  std::uniform_real_distribution<double> exponent(-4, 18);  // every binade up to 1e18
  for (int i = 0; i < 100000; ++i) {
    const double x = i % 2 == 0 ? wide(rng) : std::pow(10.0, exponent(rng));
    const double half = std::floor(x) + 0.5;  // exact halves, where the rounding rule shows
    ASSERT_EQ(round_half_away(x), std::llround(x)) << x;
    for (const double y : {half, std::nextafter(half, 0.0), std::nextafter(half, 2 * half)}) {
      ASSERT_EQ(round_half_away(y), std::llround(y)) << y;
      ASSERT_EQ(round_half_away(-y), std::llround(-y)) << -y;
    }
  }
}

// The fixed-point drift term is the double product rounded, but for products within a hair of a
// half (where the rounding of either may tip it) and halves of negative products (up, not away).
TEST(ClockSnapshot, FixedPointDriftIsTheRoundedProduct) {
  std::mt19937_64 rng(56);
  std::uniform_int_distribution<std::int64_t> dt(-(std::int64_t{1} << 44), std::int64_t{1} << 44);
  std::uniform_real_distribution<double> drift(-1e-3, 1e-3);
  for (int i = 0; i < 100000; ++i) {
    const std::int64_t t = dt(rng);
    const double d = drift(rng);
    const double exact = d * static_cast<double>(t);
    const std::int64_t fixed = drift_correction(t, drift_fixed(d));
    if (std::abs(std::abs(exact - std::trunc(exact)) - 0.5) < 1e-3) {
      ASSERT_LE(std::llabs(fixed - std::llround(exact)), 1) << d << " x " << t;
    } else {
      ASSERT_EQ(fixed, std::llround(exact)) << d << " x " << t;
    }
  }
  EXPECT_EQ(drift_correction(1'000'000, drift_fixed(0)), 0);
  EXPECT_EQ(drift_correction(-1'000'000'000, drift_fixed(100e-6)), -100'000);
  EXPECT_EQ(drift_correction(10'000'000'000'000, drift_fixed(1e-6)), 10'000'000);  // 2.8 h
}

TEST(ClockSnapshot, ConvertsAsMappingPlusSlew) {
  std::mt19937_64 rng(2);
  std::uniform_int_distribution<std::int64_t> instant(0, std::int64_t{1} << 50);
  std::uniform_int_distribution<std::int64_t> offset(-10'000'000, 10'000'000);
  std::uniform_int_distribution<std::int64_t> length(-5, 5'000'000);
  std::uniform_real_distribution<double> drift(-2e-4, 2e-4);
  ClockSnapshot snapshot;
  for (int i = 0; i < 2000; ++i) {
    const Mapping m{instant(rng), offset(rng), drift(rng)};
    const Slew s{instant(rng), length(rng), offset(rng) / 10};
    snapshot.publish(m, s);
    // Instants around the slew's edges and anywhere.
    for (const std::int64_t local :
         {s.start_local - 1, s.start_local, s.start_local + 1, s.start_local + s.length_ns / 2,
          s.start_local + s.length_ns - 1, s.start_local + s.length_ns, instant(rng)}) {
      ASSERT_EQ(snapshot.to_global(local), m.apply(local) + s.residual(local))
          << "mapping " << m.ref_local << " " << m.offset_ns << " " << m.drift << ", slew "
          << s.start_local << " " << s.length_ns << " " << s.delta_ns << ", at " << local;
    }
  }
}

}  // namespace
}  // namespace papbench::clocksync
